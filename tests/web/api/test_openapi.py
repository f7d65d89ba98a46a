"""The OpenAPI description: a valid 3.1 document that matches what the API really answers."""

import io
import re
from datetime import datetime, timedelta

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_openapi
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from chicago_scorer.extensions import db as database
from chicago_scorer.rules import STANDARD_RULES, Hand, Status, Step
from chicago_scorer.rules.house_rules import PRESETS
from chicago_scorer.services.errors import ImportMustWait
from chicago_scorer.services.transfer import importing as import_service
from chicago_scorer.services.transfer.long_tasks import one_long_task_at_a_time
from chicago_scorer.storage.models import IDEMPOTENCY_KEY_LENGTH
from chicago_scorer.web.platform.client_sockets import RequestArrivedTooSlowly
from chicago_scorer.web.platform.limits import LARGE_BODY_LIMIT, SMALL_BODY_LIMIT
from chicago_scorer.web.platform.unreadable_requests import UNREADABLE_STATUS
from support.api_client import ApiGame, create_api_game

SPEC_URI = "urn:chicago-scorer:openapi"
JSON = "application/json"
FORM = "application/x-www-form-urlencoded"
HTTP_METHODS = {"get", "put", "post", "delete", "patch"}
TOO_LARGE = '{"players": ["' + "x" * SMALL_BODY_LIMIT + '"]}'
TOO_LARGE_TO_IMPORT = '{"games": ["' + "x" * LARGE_BODY_LIMIT + '"]}'
GAME_TO_IMPORT = {
    "players": ["Ann", "Bo"],
    "first_dealer": "Bo",
    "created_at": "2026-11-29T19:02:11+00:00",
    "updated_at": "2026-11-29T20:45:00+01:00",
    "events": [{"round": 1, "step": "phase1", "outcome": "none"}],
}


@pytest.fixture
def spec(client) -> dict:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    return response.get_json()


def pointer(*parts: str) -> str:
    """A JSON pointer to the given keys of the description."""
    return "".join("/" + part.replace("~", "~0").replace("/", "~1") for part in parts)


def resolved(spec: dict, node: dict) -> tuple[dict, tuple[str, ...]]:
    """Follow a local ``$ref`` (as responses use), with the path it leads to."""
    reference = node.get("$ref")
    if reference is None:
        return node, ()
    parts = tuple(part.replace("~1", "/").replace("~0", "~") for part in reference[2:].split("/"))
    target = spec
    for part in parts:
        target = target[part]
    return target, parts


def assert_documented(spec: dict, method: str, path: str, response) -> None:
    """The response's status is documented for the operation, and its body and headers match."""
    responses = spec["paths"][path][method]["responses"]
    status = str(response.status_code)
    assert status in responses, f"{method.upper()} {path} does not document {status}"
    documented, where = resolved(spec, responses[status])
    where = where or ("paths", path, method, "responses", status)
    assert response.mimetype in documented["content"], response.mimetype
    schema = {"$ref": SPEC_URI + "#" + pointer(*where, "content", response.mimetype, "schema")}
    registry = Registry().with_resource(
        SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT202012)
    )
    validator = Draft202012Validator(
        schema, registry=registry, format_checker=Draft202012Validator.FORMAT_CHECKER
    )
    errors = [error.message for error in validator.iter_errors(response.get_json())]
    assert not errors, f"{method.upper()} {path} {status}: {errors}"
    for name, header in documented.get("headers", {}).items():
        if header.get("required"):
            assert name in response.headers, f"{status} lacks the {name} header"
            assert re.search(header["schema"]["pattern"], response.headers[name])


def served_operations(app) -> set[tuple[str, str]]:
    """Every method and path the app answers under /api/, path variables written ``{}``."""
    return {
        (method.lower(), re.sub(r"<[^>]*>", "{}", rule.rule))
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }


def documented_operations(spec: dict) -> set[tuple[str, str]]:
    return {
        (method, re.sub(r"\{[^}]*\}", "{}", path))
        for path, item in spec["paths"].items()
        for method in item
        if method in HTTP_METHODS
    }


def test_the_description_is_a_valid_openapi_3_1_document(spec):
    assert spec["openapi"].startswith("3.1.")
    validate_openapi(spec)
    for schema in spec["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)


def test_every_api_route_is_documented_and_every_documented_route_is_served(app, spec):
    assert documented_operations(spec) == served_operations(app)


def test_the_names_the_description_lists_are_the_rules_own(spec):
    schemas = spec["components"]["schemas"]

    assert schemas["Hand"]["enum"] == list(Hand)
    assert schemas["Step"]["enum"] == list(Step)
    assert schemas["Status"]["enum"] == list(Status)
    assert schemas["RulePreset"]["properties"]["preset"]["enum"] == list(PRESETS)
    assert list(schemas["Rules"]["properties"]) == list(STANDARD_RULES.settings())
    assert schemas["HouseRules"]["properties"] == schemas["Rules"]["properties"] | {
        "hand_points": schemas["HouseRules"]["properties"]["hand_points"]
    }


def test_every_operation_says_what_its_refusals_look_like(spec):
    for path, item in spec["paths"].items():
        for method in HTTP_METHODS & set(item):
            for status, response in item[method]["responses"].items():
                if status.startswith("4") or status.startswith("5"):
                    documented, _ = resolved(spec, response)
                    schema = documented["content"]["application/json"]["schema"]
                    if (method, path, status) == ("post", "/api/import", "503"):
                        # Stopped part way, it also lists what it stored: the keys are
                        # given nowhere else.
                        assert schema["oneOf"][0] == {"$ref": "#/components/schemas/Error"}
                        continue
                    assert schema == {"$ref": "#/components/schemas/Error"}, (method, path)


def test_the_edit_key_is_a_bearer_scheme_on_every_change_to_a_game(spec):
    scheme = spec["components"]["securitySchemes"]["editKey"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    for path, item in spec["paths"].items():
        for method in HTTP_METHODS & set(item):
            changes_a_game = path.startswith("/api/games/{id}/") or path == "/api/games/{id}"
            needs_key = changes_a_game and method != "get"
            assert (item[method].get("security") == [{"editKey": []}]) == needs_key, path


# Besides the keyless writes, the one read that is rate-limited: it reads every game.
LIMITED_READS = {("get", "/api/export")}


def test_every_body_documents_415_and_every_keyless_write_403_and_429(spec):
    for path, item in spec["paths"].items():
        for method in HTTP_METHODS & set(item):
            operation = item[method]
            statuses = set(operation["responses"])
            if "requestBody" in operation:
                assert "415" in statuses, (method, path)
            keyless_write = method != "get" and "security" not in operation
            limited = keyless_write or (method, path) in LIMITED_READS
            assert {"403", "429"} <= statuses or not keyless_write, (method, path)
            assert ("429" in statuses) == limited, (method, path)


# --- real answers from played games, each checked against the description ---


def play_to_the_end(game: ApiGame) -> dict:
    """Every kind of entry: wins with and without cards, a tie, no hand, Chicago, last trick."""
    game.record(
        {
            "round": 1,
            "step": "phase1",
            "outcome": "win",
            "winner": "Ann",
            "hand": "four_of_a_kind",
            "cards": "Ks Kd Kc Kh 2s",
        }
    )
    game.win(1, "phase2", "Ann", "straight_flush")
    game.record({"round": 1, "step": "tricks", "chicago": "Ann", "chicago_won": True})
    game.record({"round": 1, "step": "phase3", "outcome": "tie"})
    game.nobody(2, "phase1")
    game.win(2, "phase2", "Bo", "royal_flush")
    game.last_trick(2, "Cy")
    return game.win(2, "phase3", "Ann", "royal_flush")


@pytest.fixture
def finished(client) -> ApiGame:
    game = create_api_game(client, dealer="Bo")
    assert play_to_the_end(game)["status"] == "finished"
    return game


@pytest.fixture
def in_tiebreak(client) -> ApiGame:
    game = create_api_game(client, ["Dee", "Eve", "Fay"])
    game.win(1, "phase1", "Dee", "royal_flush")
    game.win(1, "phase2", "Eve", "royal_flush")
    game.last_trick(1, "Fay")
    assert game.nobody(1, "phase3")["status"] == "tiebreak"
    return game


def test_created_games_match_the_description(client, spec):
    response = client.post("/api/games", json={"players": ["Ann", "Bo"], "dealer": None})

    assert response.status_code == 201
    assert_documented(spec, "post", "/api/games", response)


def test_finished_and_tiebreak_games_match_the_description(client, spec, finished, in_tiebreak):
    for game in (finished, in_tiebreak):
        assert_documented(spec, "get", "/api/games/{id}", client.get(game.url))
    listing = client.get("/api/games?limit=5")

    assert listing.get_json()["total"] == 2
    assert_documented(spec, "get", "/api/games", listing)


@pytest.mark.parametrize(
    "rules",
    [
        {"preset": "deuce_trick"},
        {"target": 60, "hand_points": {"royal_flush": 60}, "deuce_last_trick_points": 7},
    ],
)
def test_games_by_house_rules_match_the_description(client, spec, rules):
    game = create_api_game(client, ["Ann", "Bo"], rules=rules)
    game.nobody(1, "phase1")
    game.nobody(1, "phase2")
    game.record({"round": 1, "step": "tricks", "last_trick": "Bo", "with_deuce": True})

    assert_documented(spec, "get", "/api/games/{id}", client.get(game.url))


def test_recording_and_undoing_match_the_description(client, spec, in_tiebreak):
    recorded = in_tiebreak.post({"round": 2, "step": "phase1", "outcome": "none"})
    undone = in_tiebreak.undo()

    assert recorded.status_code == 201
    assert undone.status_code == 200
    assert_documented(spec, "post", "/api/games/{id}/events", recorded)
    assert_documented(spec, "delete", "/api/games/{id}/events/last", undone)


def test_an_entry_sent_again_with_its_idempotency_key_matches_the_description(client, spec):
    game = create_api_game(client)
    entry = {"round": 1, "step": "phase1", "outcome": "none"}

    recorded = game.post(entry, idempotency_key="entry-1")
    again = game.post(entry, idempotency_key="entry-1")

    assert (recorded.status_code, again.status_code) == (201, 200)
    assert_documented(spec, "post", "/api/games/{id}/events", recorded)
    assert_documented(spec, "post", "/api/games/{id}/events", again)


def test_the_idempotency_key_is_described_as_the_api_takes_it(spec):
    parameters = spec["paths"]["/api/games/{id}/events"]["post"]["parameters"]
    (described,) = [
        described
        for described, _ in (resolved(spec, parameter) for parameter in parameters)
        if described["name"] == "Idempotency-Key"
    ]

    assert (described["name"], described["in"]) == ("Idempotency-Key", "header")
    assert described["schema"]["maxLength"] == IDEMPOTENCY_KEY_LENGTH
    assert re.fullmatch(described["schema"]["pattern"], "~ !" + "x" * 61)
    assert not re.fullmatch(described["schema"]["pattern"], "caf\xe9")
    assert not re.fullmatch(described["schema"]["pattern"], "entry-1, entry-2")  # two, joined


def test_a_rotated_edit_key_matches_the_description(client, spec, finished):
    response = client.post(f"{finished.url}/edit-key", headers=finished.auth())

    assert response.status_code == 200
    assert_documented(spec, "post", "/api/games/{id}/edit-key", response)


@pytest.mark.parametrize(
    "hands",
    [
        {"Ann": "As Ks Qs Js 10s", "Bo": "9h 9d 9c 2s 2d"},
        {"Ann": "Ks Kd 5c 5h 9s", "Bo": "Kh Kc 5s 5d 9d"},
        {"Ann": ["As", "Jd", "9c", "6h", "2s"], "Bo": "Kh Qd 9d 6s 3c"},
    ],
)
def test_verdicts_match_the_description(client, spec, hands):
    response = client.post("/api/settle", json={"hands": hands})

    assert response.status_code == 200
    assert_documented(spec, "post", "/api/settle", response)


def test_the_description_describes_itself(client, spec):
    assert_documented(spec, "get", "/api/openapi.json", client.get("/api/openapi.json"))


def test_player_statistics_match_the_description(client, spec, finished):
    response = client.get("/api/players/ann/stats")

    assert response.get_json()["games"] == 1
    assert_documented(spec, "get", "/api/players/{name}/stats", response)


def test_an_export_and_its_import_match_the_description(client, spec, finished, in_tiebreak):
    exported = client.get("/api/export")
    document = exported.get_json()
    document["games"].append(GAME_TO_IMPORT)
    imported = client.post("/api/import", json=document)
    again = client.post("/api/import", json=document)
    nothing = client.post("/api/import", json={"format": "chicago-scorer/1", "games": []})

    assert len(document["games"]) == 3
    assert imported.status_code == 201
    assert len(imported.get_json()["games"]) == 1
    assert len(imported.get_json()["already_here"]) == 2
    assert again.status_code == 200
    assert len(again.get_json()["already_here"]) == 3
    assert nothing.status_code == 200
    assert_documented(spec, "get", "/api/export", exported)
    assert_documented(spec, "post", "/api/import", imported)
    assert_documented(spec, "post", "/api/import", again)
    assert_documented(spec, "post", "/api/import", nothing)
    request_validator(spec, "ImportDocument").validate(document)


def test_an_export_with_a_trail_and_its_import_match_the_description(client, spec, finished):
    phase3 = {"round": 1, "step": "phase3", "outcome": "none"}
    assert correct(finished, 4, phase3).status_code == 200
    renamed = {"players": ["Ann", "Björn", "Cy"], "dealer": "Cy"}
    assert client.patch(finished.url, json=renamed, headers=finished.auth()).status_code == 200
    exported = client.get("/api/export")
    document = exported.get_json()
    (game,) = document["games"]
    begun = datetime.fromisoformat(game["created_at"]) - timedelta(microseconds=1)
    document["games"][0] = game | {"created_at": begun.isoformat()}  # another game, so added

    imported = client.post("/api/import", json=document)

    assert [len(game["events"][3]["corrections"]), len(game["changes"])] == [1, 2]
    assert imported.status_code == 201, imported.get_json()
    assert_documented(spec, "get", "/api/export", exported)
    assert_documented(spec, "post", "/api/import", imported)
    request_validator(spec, "ImportDocument").validate(document)


def importing(**changes) -> dict:
    """An import document holding one game, changed as given."""
    return {"format": "chicago-scorer/1", "games": [GAME_TO_IMPORT | changes]}


NO_HAND = {"round": 1, "step": "phase1", "outcome": "none"}


def correct(game: ApiGame, number: int, entry: dict, headers: dict | None = None):
    """Send a correction of entry ``number`` with the game's key."""
    return game.client.put(
        f"{game.url}/events/{number}", json=entry, headers=game.auth() | (headers or {})
    )


def reuse_a_key(fresh: ApiGame):
    """Send a second entry with the Idempotency-Key of the first."""
    assert fresh.post(NO_HAND, idempotency_key="entry-1").status_code == 201
    return fresh.post(NO_HAND | {"step": "phase2"}, idempotency_key="entry-1")


# Each documented refusal of the core operations, provoked for real: (method, path, status,
# how to send it). ``game`` is a finished game; ``fresh`` has nothing recorded yet.
CROSS_SITE = {"Sec-Fetch-Site": "cross-site"}
REFUSALS = [
    *(
        ("post", path, 403, lambda c, game, fresh, path=path: c.post(path, headers=CROSS_SITE))
        for path in ("/api/games", "/api/settle", "/api/import")
    ),
    (
        "post",
        "/api/games",
        400,
        lambda c, game, fresh: c.post("/api/games", data="{oops", content_type=JSON),
    ),
    (
        "post",
        "/api/games",
        413,
        lambda c, game, fresh: c.post("/api/games", data=TOO_LARGE, content_type=JSON),
    ),
    (
        "post",
        "/api/games",
        415,
        lambda c, game, fresh: c.post("/api/games", data='{"players": ["Ann", "Bo"]}'),
    ),
    ("post", "/api/games", 422, lambda c, game, fresh: c.post("/api/games", json={"players": []})),
    ("get", "/api/games", 400, lambda c, game, fresh: c.get("/api/games?limit=101")),
    ("get", "/api/games/{id}", 404, lambda c, game, fresh: c.get("/api/games/404")),
    ("post", "/api/games/{id}/events", 400, lambda c, game, fresh: fresh.post(["round", 1])),
    (
        "post",
        "/api/games/{id}/events",
        400,
        lambda c, game, fresh: fresh.post(NO_HAND, idempotency_key="x" * 65),
    ),
    (
        "post",
        "/api/games/{id}/events",
        400,
        lambda c, game, fresh: c.post(
            f"{fresh.url}/events",
            json=NO_HAND,
            headers=[*fresh.auth().items(), ("Idempotency-Key", "a"), ("Idempotency-Key", "b")],
        ),
    ),
    (
        "post",
        "/api/games/{id}/events",
        403,
        lambda c, game, fresh: c.post(f"{fresh.url}/events", json={"round": 1}),
    ),
    (
        "post",
        "/api/games/{id}/events",
        404,
        lambda c, game, fresh: c.post("/api/games/404/events", json={}, headers=fresh.auth()),
    ),
    (
        "post",
        "/api/games/{id}/events",
        409,
        lambda c, game, fresh: game.post({"round": 3, "step": "phase1", "outcome": "none"}),
    ),
    (
        "post",
        "/api/games/{id}/events",
        413,
        lambda c, game, fresh: c.post(
            f"{fresh.url}/events", data=TOO_LARGE, content_type=JSON, headers=fresh.auth()
        ),
    ),
    (
        "post",
        "/api/games/{id}/events",
        415,
        lambda c, game, fresh: c.post(
            f"{fresh.url}/events", data=TOO_LARGE, content_type="text/plain", headers=fresh.auth()
        ),
    ),
    (
        "post",
        "/api/games/{id}/events",
        422,
        lambda c, game, fresh: fresh.post({"round": 1, "step": "phase1", "outcome": "maybe"}),
    ),
    ("post", "/api/games/{id}/events", 422, lambda c, game, fresh: reuse_a_key(fresh)),
    *(
        ("post", "/api/games/{id}/events", status, send)
        for status, send in [
            (
                400,
                lambda c, game, fresh: c.post(
                    f"{fresh.url}/events", json=NO_HAND, headers=fresh.auth() | {"If-Match": "0-0"}
                ),
            ),
            (
                412,
                lambda c, game, fresh: c.post(
                    f"{fresh.url}/events",
                    json=NO_HAND,
                    headers=fresh.auth() | {"If-Match": '"0-0"'},
                ),
            ),
        ]
    ),
    (
        "delete",
        "/api/games/{id}/events/last",
        403,
        lambda c, game, fresh: fresh.undo(key=game.edit_key),
    ),
    (
        "delete",
        "/api/games/{id}/events/last",
        404,
        lambda c, game, fresh: c.delete("/api/games/404/events/last", headers=fresh.auth()),
    ),
    ("delete", "/api/games/{id}/events/last", 409, lambda c, game, fresh: fresh.undo()),
    (
        "delete",
        "/api/games/{id}/events/last",
        400,
        lambda c, game, fresh: c.delete(
            f"{game.url}/events/last", headers=game.auth() | {"If-Match": "0-0"}
        ),
    ),
    (
        "delete",
        "/api/games/{id}/events/last",
        412,
        lambda c, game, fresh: c.delete(
            f"{game.url}/events/last", headers=game.auth() | {"If-Match": '"0-0"'}
        ),
    ),
    (
        "post",
        "/api/games/{id}/edit-key",
        403,
        lambda c, game, fresh: c.post(f"{fresh.url}/edit-key"),
    ),
    (
        "post",
        "/api/games/{id}/edit-key",
        404,
        lambda c, game, fresh: c.post("/api/games/404/edit-key", headers=fresh.auth()),
    ),
    (
        "post",
        "/api/games/{id}/edit-key",
        412,
        lambda c, game, fresh: c.post(
            f"{fresh.url}/edit-key", headers=fresh.auth() | {"If-Match": '"0-0"'}
        ),
    ),
    *(
        (method, path, status, send)
        for method, path, address in [
            ("post", "/api/games/{id}/edit-key", lambda game: f"{game.url}/edit-key"),
            ("delete", "/api/games/{id}/events/last", lambda game: f"{game.url}/events/last"),
            ("delete", "/api/games/{id}", lambda game: game.url),
        ]
        for status, send in [
            (
                413,
                lambda c, game, fresh, method=method, address=address: getattr(c, method)(
                    address(fresh), data=TOO_LARGE, content_type=JSON, headers=fresh.auth()
                ),
            ),
            (
                415,
                lambda c, game, fresh, method=method, address=address: getattr(c, method)(
                    address(fresh), data="{}", content_type="text/plain", headers=fresh.auth()
                ),
            ),
        ]
    ),
    (
        "post",
        "/api/games/{id}/edit-key",
        400,
        lambda c, game, fresh: c.post(
            f"{fresh.url}/edit-key", data="[1]", content_type=JSON, headers=fresh.auth()
        ),
    ),
    *(
        ("put", "/api/games/{id}/events/{n}", status, send)
        for status, send in [
            (
                400,
                lambda c, game, fresh: c.put(
                    f"{game.url}/events/1", data="{oops", content_type=JSON, headers=game.auth()
                ),
            ),
            (403, lambda c, game, fresh: c.put(f"{game.url}/events/1", json=NO_HAND)),
            (404, lambda c, game, fresh: correct(game, 99, NO_HAND)),
            (409, lambda c, game, fresh: correct(game, 2, NO_HAND)),
            (400, lambda c, game, fresh: correct(game, 1, NO_HAND, {"If-Match": 'W/"0-0"'})),
            (412, lambda c, game, fresh: correct(game, 1, NO_HAND, {"If-Match": '"0-0"'})),
            (
                413,
                lambda c, game, fresh: c.put(
                    f"{game.url}/events/1", data=TOO_LARGE, content_type=JSON, headers=game.auth()
                ),
            ),
            (
                415,
                lambda c, game, fresh: c.put(
                    f"{game.url}/events/1", data="{}", content_type=FORM, headers=game.auth()
                ),
            ),
            (422, lambda c, game, fresh: correct(game, 1, NO_HAND | {"outcome": "maybe"})),
        ]
    ),
    *(
        ("patch", "/api/games/{id}", status, send)
        for status, send in [
            (
                400,
                lambda c, game, fresh: c.patch(
                    game.url, data="[1]", content_type=JSON, headers=game.auth()
                ),
            ),
            (
                400,
                lambda c, game, fresh: c.patch(
                    game.url, json={"dealer": "Ann"}, headers=game.auth() | {"If-Match": ""}
                ),
            ),
            (403, lambda c, game, fresh: c.patch(game.url, json={"dealer": "Ann"})),
            (404, lambda c, game, fresh: c.patch("/api/games/404", json={}, headers=game.auth())),
            (409, lambda c, game, fresh: c.patch(game.url, json={}, headers=game.auth())),
            (
                412,
                lambda c, game, fresh: c.patch(
                    game.url, json={"dealer": "Ann"}, headers=game.auth() | {"If-Match": '"0"'}
                ),
            ),
            (
                413,
                lambda c, game, fresh: c.patch(
                    game.url, data=TOO_LARGE, content_type=JSON, headers=game.auth()
                ),
            ),
            (
                415,
                lambda c, game, fresh: c.patch(
                    game.url, data='{"dealer": "Bo"}', content_type=FORM, headers=game.auth()
                ),
            ),
            (
                422,
                lambda c, game, fresh: c.patch(
                    game.url, json={"players": ["Ann", "ANN", "Cy"]}, headers=game.auth()
                ),
            ),
        ]
    ),
    (
        "delete",
        "/api/games/{id}",
        400,
        lambda c, game, fresh: c.delete(game.url, headers=game.auth() | {"If-Match": '"0'}),
    ),
    ("delete", "/api/games/{id}", 403, lambda c, game, fresh: c.delete(game.url)),
    (
        "delete",
        "/api/games/{id}",
        404,
        lambda c, game, fresh: c.delete("/api/games/404", headers=game.auth()),
    ),
    (
        "delete",
        "/api/games/{id}",
        412,
        lambda c, game, fresh: c.delete(game.url, headers=game.auth() | {"If-Match": '"0"'}),
    ),
    ("post", "/api/settle", 400, lambda c, game, fresh: c.post("/api/settle", json="As Ks")),
    (
        "post",
        "/api/settle",
        413,
        lambda c, game, fresh: c.post("/api/settle", data=TOO_LARGE, content_type=JSON),
    ),
    (
        "post",
        "/api/settle",
        415,
        lambda c, game, fresh: c.post("/api/settle", data="{}", content_type="text/plain"),
    ),
    ("post", "/api/settle", 422, lambda c, game, fresh: c.post("/api/settle", json={"hands": {}})),
    (
        "get",
        "/api/players/{name}/stats",
        400,
        lambda c, game, fresh: c.get(
            "/api/players/Bj%F6rn/stats",
            environ_overrides={"PATH_INFO": "/api/players/Bj\xf6rn/stats"},  # as served
        ),
    ),
    (
        "get",
        "/api/players/{name}/stats",
        404,
        lambda c, game, fresh: c.get("/api/players/Nobody/stats"),
    ),
    ("post", "/api/import", 400, lambda c, game, fresh: c.post("/api/import", json={"games": []})),
    (
        "post",
        "/api/import",
        413,
        lambda c, game, fresh: c.post("/api/import", data=TOO_LARGE_TO_IMPORT, content_type=JSON),
    ),
    (
        "post",
        "/api/import",
        415,
        lambda c, game, fresh: c.post("/api/import", data="{}", content_type="text/plain"),
    ),
    (
        "post",
        "/api/import",
        422,
        lambda c, game, fresh: c.post("/api/import", json=importing(first_dealer="Nobody")),
    ),
]


@pytest.mark.parametrize(
    ("method", "path", "status", "send"),
    REFUSALS,
    ids=[f"{method} {path} {status}" for method, path, status, _ in REFUSALS],
)
def test_refusals_match_the_description(client, spec, finished, method, path, status, send):
    fresh = create_api_game(client, ["Gil", "Hal"])

    response = send(client, finished, fresh)

    assert response.status_code == status, response.get_json()
    assert_documented(spec, method, path, response)


# The database is made busy for these requests: every operation that reads or writes
# the database documents a 503 with Retry-After.
BUSY_REQUESTS = [
    ("post", "/api/games", {"json": {"players": ["Ann", "Bo"]}}),
    ("get", "/api/games", {}),
    ("get", "/api/games/{id}", {}),
    ("post", "/api/games/{id}/events", {"json": {"round": 1, "step": "phase1", "outcome": "tie"}}),
    ("delete", "/api/games/{id}/events/last", {}),
    ("post", "/api/games/{id}/edit-key", {}),
    ("put", "/api/games/{id}/events/{n}", {"json": NO_HAND}),
    ("patch", "/api/games/{id}", {"json": {"dealer": "Bo"}}),
    ("delete", "/api/games/{id}", {}),
    ("get", "/api/players/{name}/stats", {}),
    ("post", "/api/import", {"json": importing()}),
]


@pytest.mark.parametrize(("method", "path", "send"), BUSY_REQUESTS)
def test_a_busy_database_is_a_503_as_described(app, client, spec, method, path, send):
    game = create_api_game(client)
    with app.app_context():
        engine = database.engine

    def locked(*_args):
        """What the driver raises when another writer holds the database too long."""
        raise engine.dialect.loaded_dbapi.OperationalError("database is locked")

    event.listen(engine, "before_cursor_execute", locked)
    try:
        response = getattr(client, method)(
            path.replace("{id}", str(game.id)).replace("{name}", "Ann").replace("{n}", "1"),
            headers=game.auth(),
            **send,
        )
    finally:
        event.remove(engine, "before_cursor_execute", locked)

    assert response.status_code == 503
    assert_documented(spec, method, path, response)


# Sent by one client until the rate limit refuses it (the test app has the limit off).
RATE_LIMITED = [
    ("post", "/api/games", {"json": {"players": ["Ann", "Bo"]}}),
    (
        "post",
        "/api/settle",
        {"json": {"hands": {"Ann": "As Ks Qs Js 10s", "Bo": "2c 3d 4h 5s 7c"}}},
    ),
    ("post", "/api/import", {"json": {"format": "chicago-scorer/2", "games": []}}),
    ("get", "/api/export", {}),
]


@pytest.mark.parametrize(("method", "path", "send"), RATE_LIMITED)
def test_too_many_requests_are_a_429_with_retry_after_as_described(
    make_app, spec, method, path, send
):
    client = make_app(RATE_LIMIT="2/minute").test_client()
    for _ in range(2):
        assert getattr(client, method)(path, **send).status_code < 400

    response = getattr(client, method)(path, **send)

    assert response.status_code == 429
    assert_documented(spec, method, path, response)


def test_an_import_stopped_part_way_is_a_503_as_described(client, spec, monkeypatch):
    monkeypatch.setattr(import_service, "IMPORT_BATCH_GAMES", 1)
    store = import_service._store_batch
    stored = []

    def locked_after_the_first(batch, here):
        if stored:
            raise OperationalError("INSERT", {}, Exception("database is locked"))
        stored.append(batch)
        return store(batch, here)

    monkeypatch.setattr(import_service, "_store_batch", locked_after_the_first)
    later = GAME_TO_IMPORT | {"created_at": "2026-03-02T19:00:00+00:00"}
    document = {"format": "chicago-scorer/1", "games": [GAME_TO_IMPORT, later]}

    response = client.post("/api/import", json=document)

    assert response.status_code == 503
    assert len(response.get_json()["games"]) == 1
    assert_documented(spec, "post", "/api/import", response)


# Asked for while another long task holds the turn (services/transfer/long_tasks.py).
WAITING_REQUESTS = [
    ("get", "/api/export", {}),
    ("post", "/api/import", {"json": importing()}),
]


@pytest.mark.parametrize(("method", "path", "send"), WAITING_REQUESTS)
def test_a_long_task_asked_for_while_another_runs_is_a_503_as_described(
    app, client, spec, method, path, send
):
    with app.app_context(), one_long_task_at_a_time(ImportMustWait):
        response = getattr(client, method)(path, **send)

    assert response.status_code == 503
    assert_documented(spec, method, path, response)


# What the server refuses before the app reads anything of a request, at any address: an
# address (414) or headers (431) over its limits. The worker hands such a request to the
# app as a GET at the address, carrying only the status (web/platform/unreadable_requests.py;
# test_unreadable_requests_through_gunicorn.py sends them to gunicorn itself).
UNREADABLE_HEADS = (414, 417, 431)


def every_operation(spec: dict) -> list[tuple[str, str]]:
    """The method and path of every operation the description lists."""
    return [
        (method, path)
        for path, item in spec["paths"].items()
        for method in sorted(HTTP_METHODS & set(item))
    ]


@pytest.mark.parametrize("status", UNREADABLE_HEADS)
def test_a_request_the_server_could_not_read_is_refused_as_described_everywhere(
    client, spec, status
):
    for method, path in every_operation(spec):
        address = re.sub(r"\{[^}]*\}", "1", path)

        response = client.get(address, environ_overrides={UNREADABLE_STATUS: status})

        assert response.status_code == status, (method, path)
        assert_documented(spec, method, path, response)


def test_a_method_an_address_does_not_take_is_refused_as_described_at_each_operation(client, spec):
    for path, item in spec["paths"].items():
        taken = HTTP_METHODS & set(item)
        other = sorted(HTTP_METHODS - taken)[0]

        response = getattr(client, other)(re.sub(r"\{[^}]*\}", "1", path))

        assert response.status_code == 405, (other, path)
        assert {method.upper() for method in taken} <= set(response.headers["Allow"].split(", "))
        for method in taken:
            assert_documented(spec, method, path, response)


class BodyStoppedArriving(io.BytesIO):
    """A body of 100 bytes that a phone leaving the Wi-Fi stopped sending: the server's
    worker gives up on it at its deadline while the app reads it
    (platform/client_sockets.py; test_slow_clients_through_gunicorn.py lets it run out)."""

    def __init__(self) -> None:
        super().__init__(b"{" + b" " * 99)

    def read(self, size: int | None = -1) -> bytes:
        raise RequestArrivedTooSlowly()

    def readinto(self, buffer) -> int:
        raise RequestArrivedTooSlowly()


# Every operation that reads a body, or holds one sent to it to the rules of bodies.
BODY_READERS = [
    ("post", "/api/games"),
    ("patch", "/api/games/{id}"),
    ("delete", "/api/games/{id}"),
    ("post", "/api/games/{id}/events"),
    ("put", "/api/games/{id}/events/{n}"),
    ("delete", "/api/games/{id}/events/last"),
    ("post", "/api/games/{id}/edit-key"),
    ("post", "/api/settle"),
    ("post", "/api/import"),
]


@pytest.mark.parametrize(("method", "path"), BODY_READERS)
def test_a_body_that_stops_arriving_is_a_408_as_described(client, spec, method, path):
    game = create_api_game(client)
    game.nobody(1, "phase1")
    before = client.get(game.url).get_json()

    response = getattr(client, method)(
        path.replace("{id}", str(game.id)).replace("{n}", "1"),
        input_stream=BodyStoppedArriving(),
        content_type=JSON,
        headers=game.auth(),
    )

    assert response.status_code == 408, response.get_json()
    assert_documented(spec, method, path, response)
    assert client.get(game.url).get_json() == before
    assert client.get("/api/games").get_json()["total"] == 1


def test_every_refusal_the_description_lists_is_provoked_above(spec):
    documented = {
        (method, path, int(status))
        for path, item in spec["paths"].items()
        for method in HTTP_METHODS & set(item)
        for status in item[method]["responses"]
        if status[0] in "45"  # a refusal; a 304 is no refusal (test_api.py reads one)
    }
    provoked = (
        {(method, path, status) for method, path, status, _ in REFUSALS}
        | {(method, path, 503) for method, path, _ in BUSY_REQUESTS + WAITING_REQUESTS}
        | {(method, path, 429) for method, path, _ in RATE_LIMITED}
        | {(method, path, 408) for method, path in BODY_READERS}
        | {(method, path, 405) for method, path in every_operation(spec)}
        | {
            (method, path, status)
            for method, path in every_operation(spec)
            for status in UNREADABLE_HEADS
        }
    )
    assert documented == provoked


# --- requests: what the API accepts fits the request schemas, and a misfit is refused ---


def request_validator(spec: dict, name: str) -> Draft202012Validator:
    schema = {"$ref": f"{SPEC_URI}#/components/schemas/{name}"}
    registry = Registry().with_resource(
        SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT202012)
    )
    return Draft202012Validator(schema, registry=registry)


def test_the_examples_in_the_description_fit_their_schemas(spec):
    without_examples = set()
    for path, item in spec["paths"].items():
        for method in HTTP_METHODS & set(item):
            body = item[method].get("requestBody", {}).get("content", {}).get("application/json")
            if body is None:
                continue
            examples = [body["example"]] if "example" in body else []
            examples += [example["value"] for example in body.get("examples", {}).values()]
            if not examples:
                without_examples.add(f"{method.upper()} {path}")
            name = body["schema"]["$ref"].rpartition("/")[2]
            for example in examples:
                request_validator(spec, name).validate(example)

    # Every body is shown by example, but an import's: an export file, given whole elsewhere.
    assert without_examples == {"POST /api/import"}


@pytest.mark.parametrize(
    "entry",
    [
        {"round": 1, "step": "phase1", "outcome": "win", "winner": " ann ", "hand": "flush"},
        {
            "round": 1,
            "step": "phase1",
            "outcome": "win",
            "winner": "Ann",
            "hand": "royal_flush",
            "cards": ["A♠", "K♠", "Q♠", "J♠", "T♠"],
        },
        {"round": 1, "step": "phase1", "outcome": "tie", "winner": None, "cards": None},
        {"round": 1, "step": "phase1", "outcome": "none"},
    ],
)
def test_entries_the_api_accepts_fit_the_entry_schema(client, spec, entry):
    game = create_api_game(client)

    assert game.post(entry).status_code == 201
    request_validator(spec, "Entry").validate(entry)


@pytest.mark.parametrize(
    "entry",
    [
        {"round": 1, "step": "phase1", "outcome": "tie", "winner": "Ann"},
        {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann"},
        {"round": 1, "step": "phase1", "outcome": "none", "colour": "red"},
        {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "high_card"},
        {"round": 1, "step": "phase1", "last_trick": "Ann"},
        {"round": 0, "step": "phase1", "outcome": "none"},
        {"step": "phase1", "outcome": "none"},
    ],
)
def test_entries_that_do_not_fit_the_entry_schema_are_refused(client, spec, entry):
    game = create_api_game(client)

    assert not request_validator(spec, "Entry").is_valid(entry)
    assert game.post(entry).status_code == 422


@pytest.mark.parametrize(
    "body",
    [
        {"players": ["Ann", "Bo"], "colour": "red"},
        {"players": ["Ann"]},
        {"players": ["Ann", "Bo", "Cy", "Dee", "Eve"]},
        {"players": ["Ann", ""]},
        {"players": ["Ann", 7]},
        {"players": ["Ann", "Bo"], "dealer": 1},
    ],
)
def test_new_games_that_do_not_fit_the_schema_are_refused(client, spec, body):
    assert not request_validator(spec, "NewGame").is_valid(body)
    assert client.post("/api/games", json=body).status_code == 422


def test_corrections_fixes_and_deletion_match_the_description(client, spec, finished):
    corrected = correct(finished, 5, NO_HAND | {"round": 2, "outcome": "tie"})
    fixed = client.patch(
        finished.url,
        json={"players": ["Ann", "Björn", "Cy"], "dealer": "Cy"},
        headers=finished.auth(),
    )
    read = client.get(finished.url)
    deleted = client.delete(
        finished.url, headers=finished.auth() | {"If-Match": read.headers["ETag"]}
    )

    assert (corrected.status_code, fixed.status_code, deleted.status_code) == (200, 200, 204)
    assert read.get_json()["events"][4]["corrections"]
    assert len(read.get_json()["changes"]) == 2
    assert_documented(spec, "put", "/api/games/{id}/events/{n}", corrected)
    assert_documented(spec, "patch", "/api/games/{id}", fixed)
    assert_documented(spec, "get", "/api/games/{id}", read)
    assert "204" in spec["paths"]["/api/games/{id}"]["delete"]["responses"]
    assert deleted.get_data() == b""
