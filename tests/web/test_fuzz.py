"""Bounded fuzzing: whatever arrives, the app does the job or refuses it cleanly.

Arbitrary JSON goes to every API endpoint (with the right edit key, a wrong one, none, or
a garbled header), arbitrary form data to every form, and Schemathesis generates requests
from the OpenAPI description. Each answer must be below 500; a refusal must be a 4xx with
``{"error": "..."}`` on /api/ paths or an HTML page for a form; and a refusal must leave
the database exactly as it was.

The apps here are module-scoped, on one database for the module. Each example takes a
game that no earlier example changed (a game is reused only after a refusal left it as
it was) and compares its own before-and-after snapshot, so examples stay independent
without a fresh database, or a function-scoped fixture, for each.
"""

import io
import json
import string
from html.parser import HTMLParser
from urllib.parse import quote_from_bytes

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import checks as schemathesis_checks
from schemathesis.config import SchemathesisConfig
from sqlalchemy import func, select
from werkzeug.datastructures import FileStorage
from werkzeug.test import EnvironBuilder, encode_multipart, run_wsgi_app
from werkzeug.wrappers import Response

from chicago_scorer import create_app
from chicago_scorer.extensions import db as database
from chicago_scorer.rules import PRESETS, STANDARD_RULES, Hand
from chicago_scorer.web.api.description import openapi_description
from chicago_scorer.web.platform.limits import LARGE_BODY_LIMIT, SMALL_BODY_LIMIT
from support.api_client import ApiGame, create_api_game
from support.settings import settings_for
from support.table_forms import refused_by_redirect

# A failing example tens of KB long is still worth seeing; printing it is not an error.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Generating overly large repr:hypothesis.errors.HypothesisWarning"
)
FUZZ = settings(
    max_examples=30,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NAMES = ["Ann", "Bo", "Cy"]
UNKNOWN_GAME = 10**6
HEADER_CHARACTERS = st.characters(codec="latin-1", exclude_categories=["Cc"])
FORM_CHARACTERS = st.characters(exclude_categories=["Cs"])


# --- the apps and what a refusal must leave alone ---


@pytest.fixture(scope="module")
def fuzz_database_url(databases):
    with databases.fresh() as url:
        yield url


@pytest.fixture(scope="module")
def fuzz_app(fuzz_database_url):
    """The test app (CSRF off), shared by the module's examples."""
    app = create_app(settings_for(fuzz_database_url))
    yield app
    with app.app_context():
        database.engine.dispose()


@pytest.fixture(scope="module")
def csrf_app(fuzz_database_url):
    """The same database behind an app that checks CSRF tokens, as in production."""
    app = create_app(settings_for(fuzz_database_url, WTF_CSRF_ENABLED=True))
    yield app
    with app.app_context():
        database.engine.dispose()


def snapshot(app, game_id: int | None = None) -> tuple:
    """Every table's row count, the game's rows in each table, and the game as the API shows it."""
    with app.app_context():
        tables = database.metadata.sorted_tables
        counted = [select(func.count()).select_from(table).scalar_subquery() for table in tables]
        counts = tuple(database.session.execute(select(*counted)).one())
        rows = {}
        for table in tables if game_id is not None else ():
            column = table.c.id if table.name == "games" else table.c.get("game_id")
            if column is not None:
                query = select(table).where(column == game_id).order_by(*table.primary_key)
                rows[table.name] = [tuple(row) for row in database.session.execute(query)]
    shown = None if game_id is None else app.test_client().get(f"/api/games/{game_id}")
    return counts, rows, None if shown is None else (shown.status_code, shown.get_json())


def assert_api_answer(response, before, after) -> None:
    """Below 500; a refusal is ``{"error": "<sentence>"}`` and changed nothing."""
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if response.status_code >= 400:
        assert response.mimetype == "application/json"
        body = response.get_json()
        assert isinstance(body, dict) and set(body) == {"error"}, body
        assert isinstance(body["error"], str) and body["error"].strip()
        assert after == before


def assert_page_answer(client, response, before, after) -> None:
    """Below 500; a refusal (a 4xx page, or a redirect back to the form's page with the
    reason waiting there) changed nothing."""
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if refused_by_redirect(client, response):
        assert after == before
    if response.status_code >= 400:
        assert response.mimetype == "text/html"
        assert "<html" in response.get_data(as_text=True)
        assert after == before


# --- games to aim at: fresh, at the tricks step (Chicago possible, or a deuce bonus by
# house rules), and finished ---


def won(step: str, winner: str, hand: str) -> dict:
    return {"round": 1, "step": step, "outcome": "win", "winner": winner, "hand": hand}


SETUPS = {
    "fresh": (None, []),
    "at tricks": (None, [won("phase1", "Ann", "flush"), won("phase2", "Ann", "flush")]),
    "at tricks by house rules": (
        {"preset": "deuce_trick"},
        [
            {"round": 1, "step": "phase1", "outcome": "none"},
            {"round": 1, "step": "phase2", "outcome": "tie"},
        ],
    ),
    "finished": (
        None,
        [
            won("phase1", "Bo", "flush"),
            won("phase2", "Bo", "royal_flush"),
            {"round": 1, "step": "tricks", "last_trick": "Cy"},
            {"round": 1, "step": "phase3", "outcome": "tie"},
        ],
    ),
}


def set_up_game(client, setup: str) -> ApiGame:
    rules, entries = SETUPS[setup]
    game = create_api_game(client, NAMES, rules=rules)
    for entry in entries:
        game.record(entry)
    return game


class GamePool:
    """Games ready in each setup. A refusal leaves its game as it was (each example checks
    that it does), so the game can serve the next example; a game that changed is dropped."""

    def __init__(self, app) -> None:
        self.client = app.test_client()
        self.ready: dict[str, list[ApiGame]] = {setup: [] for setup in SETUPS}

    def take(self, setup: str) -> ApiGame:
        return self.ready[setup].pop() if self.ready[setup] else set_up_game(self.client, setup)

    def put_back(self, setup: str, game: ApiGame, response) -> None:
        if response.status_code >= 400:
            self.ready[setup].append(game)


@pytest.fixture(scope="module")
def games(fuzz_app) -> GamePool:
    return GamePool(fuzz_app)


@pytest.fixture(scope="module")
def finished_game(games) -> ApiGame:
    """A finished game that no example changes, so that statistics have a game to read."""
    return games.take("finished")


# --- arbitrary JSON ---


def repeated(unit: st.SearchStrategy[str], low: int, high: int) -> st.SearchStrategy[str]:
    """A long string (``low`` to ``high`` characters) made cheaply by repeating a unit."""
    return st.tuples(unit, st.integers(low, high)).map(
        lambda drawn: (drawn[0] * (drawn[1] // len(drawn[0]) + 1))[: drawn[1]]
    )


odd_text = st.one_of(
    st.text(max_size=30),
    st.text(st.characters(categories=["Cc", "Cf", "Zl", "Zp", "Zs"]), max_size=10),
    st.text(st.characters(categories=["Cs"]), min_size=1, max_size=4),  # lone surrogates
    st.sampled_from(["", " ", "²", "٣", "\x00", "\ufeff", "A♠\ufe0f", "ANN", " bo "]),
)
huge_strings = repeated(st.text(min_size=1, max_size=4), 60_000, 70_000)
json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.integers(),
    st.integers(min_value=2**63 - 2, max_value=2**70),
    st.floats(),
    odd_text,
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(odd_text, inner, max_size=4),
    max_leaves=10,
)


def encoded(value: object, ensure_ascii: bool) -> bytes:
    """JSON text as bytes; a lone surrogate goes out as invalid UTF-8 unless escaped."""
    return json.dumps(value, ensure_ascii=ensure_ascii).encode("utf-8", "surrogatepass")


def as_json_bodies(values: st.SearchStrategy) -> st.SearchStrategy[bytes]:
    return st.builds(encoded, values, st.booleans())


raw_bodies = st.one_of(
    st.binary(max_size=100),
    st.text(max_size=50).map(str.encode),
    st.integers(1, 30_000).map(lambda depth: ("[" * depth + "]" * depth).encode()),
    st.integers(1, 10_000).map(lambda depth: ('{"a":' * depth + "0" + "}" * depth).encode()),
    st.integers(4000, 60_000).map(lambda digits: ('{"round": ' + "9" * digits + "}").encode()),
    st.sampled_from([b"NaN", b'{"round": Infinity}', b'{"round": 1e999999}', b"\xef\xbb\xbf{}"]),
    huge_strings.map(lambda text: json.dumps({"players": [text, "Bo"]}).encode()),
)


def shaped(fields: dict[str, st.SearchStrategy]) -> st.SearchStrategy[dict]:
    """Objects with some of the expected fields, each plausible or anything at all, and extras."""
    expected = st.fixed_dictionaries(
        {}, optional={name: values | json_values for name, values in fields.items()}
    )
    extras = st.dictionaries(odd_text, json_values, max_size=2)
    return st.builds(lambda known, extra: extra | known, expected, extras | st.just({}))


# Names that lie, each seen by the security probe: a direction override, blanks that are
# no spaces, look-alikes of "Ann", a decomposed "Åsa", and a tower of combining marks.
HOSTILE_NAMES = [
    "\u202eAnn",
    "\u200b\u200b",
    "\u3164",
    "\u2800",
    "An\u200bn",
    "\ufeffAnn",
    "\u0410nn",
    "\uff21\uff4e\uff4e",
    "A\u030asa",
    "Z" + "\u0301" * 39,
]
names = st.sampled_from([*NAMES, "ann", " Bo ", "Dee", "", "x" * 41, *HOSTILE_NAMES]) | odd_text
cards = st.sampled_from(
    ["As Ks Qs Js 10s", "A♠ K♠ Q♠ J♠ T♠", "9h 9d 9c 2s 2d", "As As Ks Qs Js", "1s", ""]
) | st.lists(st.sampled_from(["As", "Kd", "10h", "2c", "Zz", ""]), max_size=6)
entry_fields = {
    "round": st.integers(0, 3),
    "step": st.sampled_from(["phase1", "phase2", "tricks", "phase3", "phase4"]),
    "outcome": st.sampled_from(["win", "tie", "none", "maybe"]),
    "winner": names,
    "hand": st.sampled_from([*Hand, "high_card"]),
    "cards": cards,
    "last_trick": names,
    "chicago": names,
    "chicago_won": st.booleans(),
    "with_deuce": st.booleans(),
}
setting_values = st.one_of(
    st.booleans(), st.none(), st.sampled_from([-1, 0, 15, 30, 52, 200, 201])
)
house_rules = st.one_of(
    st.fixed_dictionaries({"preset": st.sampled_from([*PRESETS, "house"]) | json_values}),
    shaped(
        {name: setting_values for name in STANDARD_RULES.settings()}
        | {"hand_points": st.dictionaries(st.sampled_from(list(Hand)) | odd_text, setting_values)}
    ),
)
times = st.sampled_from(
    ["2026-11-29T19:02:11+00:00", "2026-11-29T19:30:00+00:00", "2026-11-29", "", "now"]
)
# An exported entry may carry its earlier versions, and a game its fixes (its trail).
exported_entry_fields = entry_fields | {
    "corrections": st.lists(shaped({"was": shaped(entry_fields), "at": times}), max_size=2)
}
change_fields = {
    "what": st.sampled_from(["name", "first_dealer", "rules"]),
    "was": names,
    "now": names,
    "at": times,
}
game_fields = {
    "players": st.lists(names, max_size=5),
    "first_dealer": names,
    "rules": house_rules,
    "created_at": times,
    "updated_at": st.sampled_from(["2026-11-29T20:00:00+01:00", "2020-01-01T00:00:00Z"]),
    "events": st.lists(shaped(exported_entry_fields), max_size=4),
    "changes": st.lists(shaped(change_fields), max_size=3),
}
BODIES = {
    "create": shaped(
        {"players": st.lists(names, max_size=5), "dealer": names, "rules": house_rules}
    ),
    "entry": shaped(entry_fields),
    "fix": shaped({"players": st.lists(names, max_size=5), "dealer": names}),
    "settle": shaped({"hands": st.dictionaries(names, cards, max_size=5)}),
    "import": shaped(
        {
            "format": st.sampled_from(["chicago-scorer/1", "chicago-scorer/2"]),
            "games": st.lists(shaped(game_fields), max_size=3),
        }
    ),
}


def bodies(shape: str) -> st.SearchStrategy[bytes]:
    return st.one_of(raw_bodies, as_json_bodies(json_values), as_json_bodies(BODIES[shape]))


JSON_TYPES = ["application/json", "application/json; charset=utf-8", "application/vnd.a+json"]
content_types = st.sampled_from(
    [
        None,
        *JSON_TYPES,
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/jsonx",
        "text/json",
    ]
)
authorizations = st.one_of(
    st.sampled_from(["right", "another game's", "none"]),
    st.tuples(
        st.sampled_from(["Bearer ", "bearer  ", "Basic ", ""]), st.text(HEADER_CHARACTERS)
    ).map("".join),
)


def authorization_header(choice: str, game: ApiGame, other: ApiGame) -> dict[str, str]:
    if choice == "right":
        return game.auth()
    if choice == "another game's":
        return game.auth(other.edit_key)
    if choice == "none":
        return {}
    return {"Authorization": choice}


def body_limit(path: str) -> int:
    """How large a body the address takes: more for an import."""
    return LARGE_BODY_LIMIT if path == "/api/import" else SMALL_BODY_LIMIT


def too_large(path: str, body: bytes) -> bool:
    return len(body) > body_limit(path)


def reads_json(content_type: str | None) -> bool:
    return content_type is not None and content_type.split(";")[0].strip() in {
        "application/json",
        "application/vnd.a+json",
    }


# (method, path, body shape or None): every API endpoint; {id} is the example's game.
API_ENDPOINTS = [
    ("post", "/api/games", "create"),
    ("get", "/api/games/{id}", None),
    ("post", "/api/games/{id}/events", "entry"),
    ("delete", "/api/games/{id}/events/last", "entry"),
    ("post", "/api/games/{id}/edit-key", "entry"),
    ("put", "/api/games/{id}/events/1", "entry"),
    ("put", "/api/games/{id}/events/2", "entry"),
    ("patch", "/api/games/{id}", "fix"),
    ("delete", "/api/games/{id}", "entry"),
    ("post", "/api/settle", "settle"),
    ("post", "/api/import", "import"),
    ("get", "/api/export", None),
    ("get", "/api/openapi.json", None),
]


@pytest.mark.parametrize(("method", "path", "shape"), API_ENDPOINTS)
def test_arbitrary_json_is_recorded_or_refused_with_an_error_that_changes_nothing(
    fuzz_app, games, method, path, shape
):
    client = fuzz_app.test_client()
    other = create_api_game(client, ["Dee", "Eve"])

    @FUZZ
    @given(
        setup=st.sampled_from(list(SETUPS)),
        body=bodies(shape or "entry"),
        content_type=content_types,
        authorization=authorizations,
    )
    def check(setup, body, content_type, authorization):
        game = games.take(setup)
        before = snapshot(fuzz_app, game.id)

        response = getattr(client, method)(
            path.replace("{id}", str(game.id)),
            data=body,
            content_type=content_type,
            headers=authorization_header(authorization, game, other),
        )

        assert_api_answer(response, before, snapshot(fuzz_app, game.id))
        if (method, path) in READ_JSON and not reads_json(content_type):
            # A body that does not say it is JSON is not read, whatever it holds (a form
            # over the limit is refused for its size as it is parsed).
            refusals = {415 if content_type or body else 400}
            assert response.status_code in refusals | ({413} if too_large(path, body) else set())
        games.put_back(setup, game, response)

    check()


# The addresses that read a JSON body; the others take no body.
READ_JSON = {
    ("post", "/api/games"),
    ("post", "/api/games/{id}/events"),
    ("put", "/api/games/{id}/events/1"),
    ("put", "/api/games/{id}/events/2"),
    ("patch", "/api/games/{id}"),
    ("post", "/api/settle"),
    ("post", "/api/import"),
}
INVALID_UTF8 = st.sampled_from(
    [b"\xff", b"\xfe", b"\xc3", b"\xc3\x28", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80"]
)


@pytest.mark.parametrize(("method", "path"), sorted(READ_JSON))
def test_invalid_utf8_anywhere_in_a_json_body_is_refused_with_400_that_changes_nothing(
    fuzz_app, games, method, path
):
    client = fuzz_app.test_client()
    shape = next(
        shape for verb, address, shape in API_ENDPOINTS if (verb, address) == (method, path)
    )

    @FUZZ
    @given(
        setup=st.sampled_from(list(SETUPS)),
        body=as_json_bodies(BODIES[shape]).filter(lambda body: len(body) < 30_000),
        invalid=INVALID_UTF8,
        where=st.floats(0, 1),
        content_type=st.sampled_from(JSON_TYPES),
    )
    def check(setup, body, invalid, where, content_type):
        game = games.take(setup)
        before = snapshot(fuzz_app, game.id)
        cut = round(where * len(body))
        # Between two whole characters, so the byte cannot complete one it follows.
        while cut < len(body) and 0x80 <= body[cut] < 0xC0:
            cut += 1

        response = getattr(client, method)(
            path.replace("{id}", str(game.id)),
            data=body[:cut] + invalid + body[cut:],
            content_type=content_type,
            headers=game.auth(),
        )

        assert response.status_code == 400, response.get_json()
        assert "not valid UTF-8" in response.get_json()["error"]
        assert_api_answer(response, before, snapshot(fuzz_app, game.id))
        games.put_back(setup, game, response)

    check()


@pytest.mark.parametrize(("method", "path"), sorted(READ_JSON))
def test_a_chunked_body_over_the_limit_is_refused_with_413_and_one_within_it_is_read(
    fuzz_app, games, method, path
):
    client = fuzz_app.test_client()
    shape = next(
        shape for verb, address, shape in API_ENDPOINTS if (verb, address) == (method, path)
    )
    limit = body_limit(path)

    @settings(FUZZ, max_examples=10)
    @given(
        setup=st.sampled_from(list(SETUPS)),
        body=as_json_bodies(BODIES[shape]).filter(lambda body: len(body) < 30_000),
        size=st.sampled_from([limit - 1, limit, limit + 1, limit + 4096, 3 * limit]),
    )
    def check(setup, body, size):
        game = games.take(setup)
        before = snapshot(fuzz_app, game.id)
        padded = body + b" " * (size - len(body))

        # The test client passes a body without Content-Length on as gunicorn does only
        # when told the server ends the stream (wsgi.input_terminated).
        response = getattr(client, method)(
            path.replace("{id}", str(game.id)),
            input_stream=io.BytesIO(padded),
            content_type="application/json",
            headers=game.auth() | {"Transfer-Encoding": "chunked"},
            environ_overrides={"wsgi.input_terminated": True},
        )

        if size > limit:
            assert response.status_code == 413
        assert_api_answer(response, before, snapshot(fuzz_app, game.id))
        games.put_back(setup, game, response)

    check()


# Past 4,300 digits Python's int() refuses to read a number at all.
TOO_LONG_TO_READ = "1" * 4301
game_ids = st.one_of(
    st.sampled_from(
        ["{id}", "0", str(UNKNOWN_GAME), "9223372036854775808", "1" * 40, TOO_LONG_TO_READ]
    ),
    st.text(st.sampled_from(string.digits + "-+ x%2F²"), min_size=1, max_size=25),
)


@FUZZ
@given(
    game_id=game_ids,
    tail=st.sampled_from(
        ["", "/events", "/events/last", "/events/1", "/events/0", "/events/-1", "/edit-key"]
        + ["/events/99999999999999999999", f"/events/{TOO_LONG_TO_READ}", "/nothing"]
    ),
    method=st.sampled_from(["get", "post", "delete", "put", "patch"]),
)
def test_any_game_address_is_answered_in_json_below_500(fuzz_app, games, game_id, tail, method):
    client = fuzz_app.test_client()
    game = games.take("at tricks")
    before = snapshot(fuzz_app, game.id)

    response = getattr(client, method)(
        "/api/games/" + game_id.replace("{id}", str(game.id)) + tail,
        json={"round": 1, "step": "tricks", "last_trick": "Ann"},
        headers=game.auth(),
    )

    if response.status_code >= 400:
        assert_api_answer(response, before, snapshot(fuzz_app, game.id))
    games.put_back("at tricks", game, response)


@FUZZ
@given(
    query=st.dictionaries(
        st.sampled_from(["limit", "offset", "page", ""]),
        st.one_of(
            st.integers(-3, 120).map(str),
            st.sampled_from(["²", "٣", "1" * 5000, " 5", "+5", "0x10", "1e3", ""]),
            st.text(FORM_CHARACTERS, max_size=10),
        ),
        max_size=3,
    )
)
def test_any_page_of_the_game_list_is_answered_below_500(fuzz_app, query):
    response = fuzz_app.test_client().get("/api/games", query_string=query)

    assert_api_answer(response, None, None)


@FUZZ
@given(
    name=st.one_of(
        st.text(FORM_CHARACTERS, min_size=1, max_size=60),
        st.sampled_from(["ann", " ANN ", "\x00", "Ann\x00", " ", "a/b", "../stats", "%"]),
        repeated(st.text(FORM_CHARACTERS, min_size=1, max_size=4), 1, 5000),
    )
)
def test_any_players_statistics_are_answered_below_500(fuzz_app, finished_game, name):
    client = fuzz_app.test_client()

    response = client.get("/api/players/" + quote_from_bytes(name.encode(), safe="") + "/stats")

    assert_api_answer(response, None, None)


# Names, ports and brackets as a Host holds them, labels over 63 characters and empty ones,
# and Punycode that decodes to nothing.
host_labels = st.one_of(
    st.text(st.sampled_from("ab1-_é "), max_size=70),
    st.sampled_from(["", "a" * 63, "a" * 64, "xn--", "xn--zz", "xn--bjrn-kua", "[::1]", "["]),
)
hosts = st.builds(
    lambda labels, port: ".".join(labels) + port,
    st.lists(host_labels, min_size=1, max_size=4),
    st.sampled_from(["", ":5000", ":", ":99999", ":x"]),
)


@FUZZ
@given(host=hosts, path=st.sampled_from(["/", "/history", "/api/games"]))
def test_any_host_is_answered_below_500(fuzz_app, host, path):
    # Straight to the app: the test client reads the address back to keep cookies, and
    # cannot for some of these names (xn--zz), which never reach it from a browser.
    environ = EnvironBuilder(path=path, headers={"Host": host}).get_environ()
    response = Response(*run_wsgi_app(fuzz_app, environ, buffered=True))

    if path.startswith("/api/"):
        assert_api_answer(response, None, None)
    else:
        assert response.status_code < 500, response.get_data(as_text=True)[:500]
        assert "<html" in response.get_data(as_text=True)


# --- arbitrary form data at every form ---

form_text = st.one_of(
    st.text(FORM_CHARACTERS, max_size=30),
    st.sampled_from(["", "0", "1", "3", "4", "-1", "²", "٣", "1" * 5000, "won:Ann", "lost:"]),
    repeated(st.text(FORM_CHARACTERS, min_size=1, max_size=3), 60_000, 70_000),
)
form_names = st.sampled_from([*NAMES, "ann", " Bo ", "Dee", "", "x" * 41, *HOSTILE_NAMES])
form_numbers = st.integers(-1, 210).map(str)
# Values a field of this name expects, tried beside anything at all.
PLAUSIBLE = {
    "players-0": form_names,
    "players-1": form_names,
    "round": st.integers(0, 2).map(str),
    "step": entry_fields["step"],
    "outcome": entry_fields["outcome"],
    "winner": form_names,
    "hand": entry_fields["hand"].map(str),
    "last_trick": form_names,
    "last_trick_deuce": form_names,
    "chicago": st.sampled_from(["won:Ann", "lost:Ann", "won:", "Ann"]),
    "answer": st.sampled_from(
        ["hand=flush", "outcome=tie", "outcome=none", "last_trick=Cy", "chicago=won:Bo", "hand="]
    ),
    "players-2": form_names,
    "dealer": st.integers(-1, 4).map(str),
    "hands-0": cards.filter(lambda drawn: isinstance(drawn, str)),
    "hands-1": st.sampled_from(["9h 9d 9c 2s 2d", "Kh Qd 9d 6s 3c"]),
    "rules-preset": st.sampled_from([*PRESETS, "custom", "house"]),
    "rules-target": form_numbers,
    "rules-chicago_min_score": form_numbers,
    "rules-deuce_last_trick_points": form_numbers,
    "rules-exact_target": st.sampled_from(["y", "on", ""]),
}
# Every form that posts, by the address it posts to; the pages are read to check the list.
FORM_PATHS = [
    "/games",
    "/games/{id}/entries",
    "/games/{id}/undo",
    "/games/{id}/revoke",
    "/games/{id}/entries/1",
    "/games/{id}/players",
    "/games/{id}/delete",
    "/settle",
    "/games/{id}/settle",
    "/import",
]


class PostForms(HTMLParser):
    """The names of the fields of each form on a page that posts, by its action."""

    def __init__(self, page_path: str) -> None:
        super().__init__()
        self.page_path = page_path
        self.forms: dict[str, set[str]] = {}
        self.fields: set[str] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            posts = (attributes.get("method") or "get").lower() == "post"
            action = (attributes.get("action") or self.page_path).partition("?")[0]
            self.fields = self.forms.setdefault(action, set()) if posts else None
        elif self.fields is not None and tag in {"input", "select", "textarea", "button"}:
            if attributes.get("name") and attributes["name"] != "csrf_token":
                self.fields.add(attributes["name"])

    def handle_endtag(self, tag):
        if tag == "form":
            self.fields = None


@pytest.fixture(scope="module")
def form_fields(fuzz_app, games) -> dict[str, set[str]]:
    """Every form that posts, read from the pages a scorekeeper sees (a watcher sees fewer)."""
    found: dict[str, set[str]] = {}
    pages = ["/", "/settle", "/import", "/history", "/players"]
    for setup in SETUPS:
        game = games.take(setup)
        client = fuzz_app.test_client()
        scorekeeper(client, game, "scorekeeper")
        game_pages = [f"/games/{game.id}{tail}" for tail in ("", "/settle", "/entries/1")]
        for page in [*pages, *game_pages]:
            response = client.get(page, follow_redirects=True)
            reader = PostForms(response.request.path)
            reader.feed(response.get_data(as_text=True))
            for action, fields in reader.forms.items():
                found.setdefault(action.replace(f"/games/{game.id}", "/games/{id}"), set()).update(
                    fields
                )
    return found


def test_every_form_the_pages_show_is_fuzzed(form_fields):
    assert sorted(form_fields) == sorted(FORM_PATHS)


def form_data(fields: set[str]) -> st.SearchStrategy[dict]:
    """Some of the form's fields, each plausible or anything, and a few unknown ones."""
    values = {name: PLAUSIBLE.get(name, form_text) | form_text for name in sorted(fields)}
    return st.fixed_dictionaries({}, optional=values).flatmap(
        lambda known: st.dictionaries(form_text, form_text, max_size=2).map(
            lambda extra: extra | known
        )
    )


def raw_form_body(pairs: list[tuple[bytes, bytes]]) -> bytes:
    """An urlencoded body that may carry invalid UTF-8."""
    return b"&".join(
        quote_from_bytes(key).encode() + b"=" + quote_from_bytes(value).encode()
        for key, value in pairs
    )


def send_form(client, path: str, fields, raw: bytes | None):
    if raw is not None:
        return client.post(path, data=raw, content_type="application/x-www-form-urlencoded")
    if path == "/import" and "file" in fields:
        # Encoded here: the test client spools a body over 500 KB to a temporary file that
        # it never closes, which would fail a later test with a ResourceWarning.
        upload = FileStorage(io.BytesIO(fields["file"].encode("utf-8")), "games.json")
        boundary, body = encode_multipart(fields | {"file": upload})
        content_type = f"multipart/form-data; boundary={boundary}"
        return client.post(path, data=body, content_type=content_type)
    return client.post(path, data=fields)


def scorekeeper(client, game: ApiGame, role: str) -> None:
    """Make the client this game's scorekeeper, a phone with a stale key, or a watcher."""
    keys = {"scorekeeper": game.edit_key, "stale key": "not-the-key", "watcher": None}
    with client.session_transaction() as session:
        session["edit_keys"] = {str(game.id): keys[role]} if keys[role] else {}


raw_form_bodies = st.lists(
    st.tuples(st.binary(max_size=10), st.binary(max_size=20)), max_size=4
).map(raw_form_body)


@pytest.mark.parametrize("path", FORM_PATHS)
def test_arbitrary_form_data_is_recorded_or_refused_with_a_page_that_changes_nothing(
    fuzz_app, games, form_fields, path
):
    @FUZZ
    @given(
        setup=st.sampled_from(list(SETUPS)),
        role=st.sampled_from(["scorekeeper", "stale key", "watcher"]),
        game_id=st.sampled_from(["{id}", "{id}", "0", str(UNKNOWN_GAME), "1" * 30]),
        fields=form_data(form_fields.get(path, set())),
        raw=st.none() | raw_form_bodies,
    )
    def check(setup, role, game_id, fields, raw):
        client = fuzz_app.test_client()
        game = games.take(setup)
        scorekeeper(client, game, role)
        before = snapshot(fuzz_app, game.id)

        address = path.replace("{id}", game_id.replace("{id}", str(game.id)))
        response = send_form(client, address, fields, raw)

        assert_page_answer(client, response, before, snapshot(fuzz_app, game.id))
        games.put_back(setup, game, response)

    check()


def test_a_form_without_a_valid_csrf_token_changes_nothing(csrf_app, games, form_fields):
    @FUZZ
    @given(
        path=st.sampled_from(FORM_PATHS),
        game_id=st.sampled_from(["{id}", str(UNKNOWN_GAME)]),
        data=st.data(),
        token=st.none() | st.text(HEADER_CHARACTERS, max_size=100),
    )
    def check(path, game_id, data, token):
        client = csrf_app.test_client()
        game = games.take("at tricks")
        scorekeeper(client, game, "scorekeeper")
        before = snapshot(csrf_app, game.id)
        fields = data.draw(form_data(form_fields.get(path, set())))
        if token is not None:
            fields = fields | {"csrf_token": token}

        address = path.replace("{id}", game_id.replace("{id}", str(game.id)))
        response = send_form(client, address, fields, None)

        refused = refused_by_redirect(client, response) or 400 <= response.status_code < 500
        assert refused, response.status_code
        assert_page_answer(client, response, before, snapshot(csrf_app, game.id))
        games.put_back("at tricks", game, response)

    check()


# --- Schemathesis: requests generated from the OpenAPI description ---

CHECKS = [
    schemathesis_checks.not_a_server_error,
    schemathesis_checks.status_code_conformance,
    schemathesis_checks.content_type_conformance,
    schemathesis_checks.response_headers_conformance,
    schemathesis_checks.response_schema_conformance,
]
POSITIVE, NEGATIVE = schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE


def takes_input(operation: dict) -> bool:
    """Whether an operation has a body or a query that negative cases can break."""
    parameters = [resolved(parameter) for parameter in operation.get("parameters", [])]
    return "requestBody" in operation or any(p["in"] == "query" for p in parameters)


def resolved(parameter: dict) -> dict:
    """A parameter, or the one of the description's components that it refers to."""
    if "$ref" not in parameter:
        return parameter
    name = parameter["$ref"].removeprefix("#/components/parameters/")
    return openapi_description()["components"]["parameters"][name]


# Every operation with valid input, and those that take input with invalid input too.
GENERATED = [
    (method.upper(), path, mode)
    for path, item in openapi_description()["paths"].items()
    for method, operation in item.items()
    if method in {"get", "post", "delete", "put", "patch"}
    for mode in ([POSITIVE, NEGATIVE] if takes_input(operation) else [POSITIVE])
]


# What answers a refusal of invalid input: schemathesis's list, and 413, since a generated
# body can outgrow the size an address takes (the import's does, now and then) and be
# refused for that before anything reads it.
REJECTIONS = "400 401 403 404 405 406 409 413 415 422 428 429 5xx".split()


@pytest.fixture(scope="module")
def api_schema(fuzz_app):
    config = SchemathesisConfig.from_dict(
        {"checks": {"negative_data_rejection": {"expected-statuses": REJECTIONS}}}
    )
    return schemathesis.openapi.from_wsgi("/api/openapi.json", fuzz_app, config=config)


@pytest.mark.parametrize(("method", "path", "mode"), GENERATED)
def test_requests_generated_from_the_description_get_documented_answers(
    fuzz_app, games, api_schema, method, path, mode
):
    operation = api_schema[path][method]
    negative = mode is NEGATIVE
    checks = CHECKS + ([schemathesis_checks.negative_data_rejection] if negative else [])

    @settings(FUZZ, max_examples=12)
    @given(data=st.data())
    def check(data):
        setup = data.draw(st.sampled_from(list(SETUPS)))
        game = games.take(setup)
        fixed = {}
        if "{id}" in path and data.draw(st.booleans()):
            fixed["path_parameters"] = {"id": game.id}
        if data.draw(st.booleans()):
            fixed["headers"] = game.auth()
        case = data.draw(operation.as_strategy(generation_mode=mode, **fixed))

        # Called through WSGI, with no HTTP client to undo a gzipped answer (the export
        # is gzipped for a client that takes it): so this one does not take it.
        response = case.call(headers={"Accept-Encoding": "identity"})
        case.validate_response(response, checks=checks)
        games.put_back(setup, game, response)

    check()
