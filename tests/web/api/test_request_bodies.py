"""Bodies the API does not read: not sent as JSON (415), sent compressed (415), not UTF-8
(400), naming a field twice (400), or over the limit however they are sent (413). Each
refusal leaves every game as it was."""

import gzip
import io
import json
from collections.abc import Iterator

import pytest
from werkzeug.test import TestResponse

from chicago_scorer.services.json_documents import JSON_FAULTS
from chicago_scorer.web.platform.limits import SMALL_BODY_LIMIT
from support.api_client import ApiGame, create_api_game

JSON = "application/json"
NEW_GAME = json.dumps({"players": ["Ann", "Bo"]}).encode()
NO_HAND = {"round": 1, "step": "phase1", "outcome": "none"}
IMPORT = json.dumps({"format": "chicago-scorer/2", "games": []}).encode()


@pytest.fixture
def game(client) -> ApiGame:
    return create_api_game(client)


def listed(client) -> list[dict]:
    """Every game as the API lists it, with its events."""
    games = client.get("/api/games?limit=100").get_json()["games"]
    return [client.get(f"/api/games/{listing['id']}").get_json() for listing in games]


def json_addresses(game: ApiGame) -> list[tuple[str, str, bytes, dict]]:
    """(method, path, a body the address takes, headers) for every address reading JSON."""
    entry = json.dumps(NO_HAND).encode()
    return [
        ("post", "/api/games", NEW_GAME, {}),
        ("post", f"{game.url}/events", entry, game.auth()),
        ("put", f"{game.url}/events/1", entry, game.auth()),
        ("patch", game.url, b'{"dealer": "Bo"}', game.auth()),
        ("post", "/api/settle", b'{"hands": {"Ann": "As Ks Qs Js 10s"}}', {}),
        ("post", "/api/import", IMPORT, {}),
    ]


def answers_at_every_json_address(
    client, game: ApiGame, content_type: str | None, *, encode=None, headers=None
) -> Iterator[tuple[str, TestResponse]]:
    """Each address reading JSON with its answer to a body it takes, sent as
    ``content_type``, turned into bytes by ``encode``, with ``headers`` beside its own."""
    for method, path, body, own_headers in json_addresses(game):
        response = getattr(client, method)(
            path,
            data=encode(body) if encode else body,
            content_type=content_type,
            headers=own_headers | (headers or {}),
        )
        yield path, response


@pytest.mark.parametrize(
    "content_type",
    [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"],
)
def test_a_body_not_sent_as_json_is_refused_with_415_saying_what_to_send(
    client, game, content_type
):
    game.record(NO_HAND)
    before = listed(client)

    for path, response in answers_at_every_json_address(client, game, content_type):
        assert response.status_code == 415, (path, response.get_json())
        assert "send Content-Type: application/json" in response.get_json()["error"]
    assert listed(client) == before


@pytest.mark.parametrize("content_type", ["multipart/form-data; boundary=x", "text/plain"])
def test_a_body_under_the_imports_limit_not_sent_as_json_is_refused_as_such_whatever_its_size(
    client, content_type
):
    body = b'{"players": ["' + b"A" * 600_000 + b'", "Bo"]}'  # over half the limit

    response = client.post("/api/import", data=body, content_type=content_type)

    assert response.status_code == 415, response.get_json()
    assert client.get("/api/games").get_json()["total"] == 0


@pytest.mark.parametrize("in_chunks", [False, True], ids=["with its length", "in chunks"])
@pytest.mark.parametrize("csrf", [False, True], ids=["test settings", "CSRF checked"])
def test_a_form_of_more_fields_than_are_read_is_refused_saying_so_not_that_it_is_too_large(
    make_app, csrf, in_chunks
):
    # With CSRF checked, as served, the form is read before its token is looked for.
    client = make_app(WTF_CSRF_ENABLED=csrf).test_client()
    field = b'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n'
    body = field * 1001 + b"--x--\r\n"  # 51 KB: within the limit of every address
    assert len(body) < SMALL_BODY_LIMIT
    form = "multipart/form-data; boundary=x"

    def send(path):
        if in_chunks:
            return chunked(client, path, body, content_type=form)
        return client.post(path, data=body, content_type=form)

    for path in ("/games", "/import"):
        response = send(path)
        assert response.status_code == 413, path
        assert "more than 1,000 fields, more than this address reads: send fewer." in (
            response.get_data(as_text=True)
        )
    # The API's addresses read no form at all: they say what they read instead.
    for path in ("/api/games", "/api/import"):
        response = send(path)
        assert response.status_code == 415, path
        assert "send Content-Type: application/json" in response.get_json()["error"]
    assert client.get("/api/games").get_json()["total"] == 0


@pytest.mark.parametrize("in_chunks", [False, True], ids=["with its length", "in chunks"])
@pytest.mark.parametrize("csrf", [False, True], ids=["test settings", "CSRF checked"])
def test_a_url_encoded_form_of_more_fields_than_are_read_is_refused_as_one_in_parts_is(
    make_app, csrf, in_chunks
):
    client = make_app(WTF_CSRF_ENABLED=csrf).test_client()
    new_game = "players-0=Ann&players-1=Bo&dealer=0"
    extra = "&".join(f"x{n}=1" for n in range(998))  # 1,001 fields in all: 11 KB
    form = "application/x-www-form-urlencoded"

    def send(body: str):
        if in_chunks:
            return chunked(client, "/games", body.encode(), content_type=form)
        return client.post("/games", data=body, content_type=form)

    response = send(f"{new_game}&{extra}")

    assert response.status_code == 413
    assert (
        "The form has more than 1,000 fields, more than this address reads: send fewer."
    ) in response.get_data(as_text=True)
    assert client.get("/api/games").get_json()["total"] == 0
    # With one field fewer the form is read: it starts its game, or, with CSRF checked,
    # goes back to its page for the token it lacks.
    within = send(f"{new_game}&{extra.rpartition('&')[0]}")
    assert within.status_code == 303
    assert client.get("/api/games").get_json()["total"] == (0 if csrf else 1)


def test_curl_d_sends_a_form_and_is_told_to_send_json_not_that_the_body_is_no_object(client):
    response = client.post(
        "/api/games", data=NEW_GAME, content_type="application/x-www-form-urlencoded"
    )

    assert response.status_code == 415
    assert "JSON object" not in response.get_json()["error"]


@pytest.mark.parametrize(
    "content_type", [JSON, "application/json; charset=utf-8", "application/vnd.game+json"]
)
def test_json_and_any_json_type_are_read(client, content_type):
    response = client.post("/api/games", data=NEW_GAME, content_type=content_type)

    assert response.status_code == 201


def test_a_request_with_no_body_and_no_type_is_refused_as_no_json_object(client):
    response = client.post("/api/games")

    assert response.status_code == 400
    assert "JSON object" in response.get_json()["error"]


def bodyless_writes(game: ApiGame) -> list[tuple[str, str]]:
    """(method, path) of every API write that reads nothing from a body."""
    return [
        ("post", f"{game.url}/edit-key"),
        ("delete", f"{game.url}/events/last"),
        ("delete", game.url),
    ]


def send_to_each_bodyless_write(client, game: ApiGame, **request) -> list[TestResponse]:
    """Send ``request`` to each write that reads no body, in turn, with the game's key,
    the key the rotation gives, if it gives one, for the writes after it."""
    answers = []
    for method, path in bodyless_writes(game):
        answers.append(getattr(client, method)(path, headers=game.auth(), **request))
        if path.endswith("/edit-key") and answers[-1].status_code == 200:
            game.edit_key = answers[-1].get_json()["edit_key"]
    return answers


@pytest.mark.parametrize("content_type", [None, "text/plain", JSON])
def test_addresses_that_read_no_body_take_a_request_without_one_whatever_its_type(
    client, game, content_type
):
    game.record(NO_HAND)

    answers = send_to_each_bodyless_write(client, game, content_type=content_type)

    assert [answer.status_code for answer in answers] == [200, 200, 204]


@pytest.mark.parametrize("body", [b"{}", b" {} ", b"\xef\xbb\xbf{}", b'{"edit_key": "mine"}'])
def test_addresses_that_read_no_body_take_a_json_object_and_use_nothing_in_it(client, game, body):
    game.record(NO_HAND)

    answers = send_to_each_bodyless_write(client, game, data=body, content_type=JSON)

    assert [answer.status_code for answer in answers] == [200, 200, 204]
    assert answers[0].get_json()["edit_key"] != "mine"


READS_ONLY_JSON = (
    "This address reads only JSON: send Content-Type: application/json with the body."
)
LARGER_THAN_64_KB = b'{"x": "' + b"x" * 70_000 + b'"}'


@pytest.mark.parametrize(
    ("body", "content_type", "status", "error"),
    [
        (b"x" * 70_000, "text/plain", 415, READS_ONLY_JSON),
        (b"x", None, 415, READS_ONLY_JSON),
        (
            LARGER_THAN_64_KB,
            JSON,
            413,
            "The request is too large: this address takes at most 64 KB.",
        ),
        (b"[]", JSON, 400, "The body must be a JSON object, like {}."),
        (
            b"\xff{}",
            JSON,
            400,
            "The body is not UTF-8 text: byte 1 is not valid UTF-8. "
            "Send the JSON encoded as UTF-8.",
        ),
    ],
    ids=["text of 70 KB", "text without a type", "JSON of 70 KB", "a list", "not UTF-8"],
)
def test_addresses_that_read_no_body_refuse_one_as_every_address_does_and_change_nothing(
    client, body, content_type, status, error
):
    game = create_api_game(client)
    game.record(NO_HAND)
    before = listed(client)

    for method, path in bodyless_writes(game):
        response = getattr(client, method)(
            path, data=body, content_type=content_type, headers=game.auth()
        )
        assert (response.status_code, response.get_json()) == (status, {"error": error}), path

    assert listed(client) == before
    assert client.post(f"{game.url}/edit-key", headers=game.auth()).status_code == 200


@pytest.mark.parametrize("coding", ["gzip", "br", "deflate", "identity, gzip"])
def test_a_compressed_body_is_refused_with_415_saying_to_send_it_uncompressed(
    client, game, coding
):
    game.record(NO_HAND)
    before = listed(client)

    answers = answers_at_every_json_address(
        client, game, JSON, encode=gzip.compress, headers={"Content-Encoding": coding}
    )
    for path, response in answers:
        assert response.status_code == 415, (path, response.get_json())
        assert response.get_json()["error"] == (
            f"The body was sent with Content-Encoding '{coding.split(', ')[-1]}', which this "
            "address does not read: send it again uncompressed."
        )
    assert listed(client) == before


def test_a_body_in_a_transfer_coding_other_than_chunked_is_refused_with_415(client):
    response = chunked(
        client, "/api/games", gzip.compress(NEW_GAME), {"Transfer-Encoding": "gzip, chunked"}
    )

    assert response.status_code == 415
    assert "Transfer-Encoding 'gzip'" in response.get_json()["error"]
    assert client.get("/api/games").get_json()["total"] == 0


def test_a_body_said_to_be_in_no_coding_is_read(client):
    response = client.post(
        "/api/games", data=NEW_GAME, content_type=JSON, headers={"Content-Encoding": "identity"}
    )

    assert response.status_code == 201


def test_a_request_without_a_body_is_answered_whatever_coding_it_names(client, game):
    response = client.get(game.url, headers={"Content-Encoding": "gzip"})

    assert response.status_code == 200


def test_invalid_utf8_is_refused_with_400_at_every_address_and_changes_nothing(client, game):
    game.record(NO_HAND)
    before = listed(client)
    invalid = {
        "/api/games": b'{"players": ["A\xff\xfeB", "Bo"]}',
        "/api/settle": b'{"hands": {"A\xffB": "As Ks Qs Js 10s"}}',
        "/api/import": b'{"format": "chicago-scorer/2", "games": [], "\xff": 1}',
    }

    for method, path, _body, headers in json_addresses(game):
        body = invalid.get(path, b'{"round": 1, "step": "phase1", "outcome": "n\xffne"}')
        if method == "patch":
            body = b'{"players": ["A\xffB", "Bo", "Cy"]}'

        response = getattr(client, method)(path, data=body, content_type=JSON, headers=headers)

        assert response.status_code == 400, (path, response.get_json())
        assert "not valid UTF-8" in response.get_json()["error"]
    assert listed(client) == before


def with_first_member_twice(body: bytes) -> bytes:
    """The JSON object ``body`` with its first member given again, another value after it."""
    members = json.loads(body)
    name, value = next(iter(members.items()))
    rest = json.dumps(members)[1:]
    return f"{{{json.dumps(name)}: {json.dumps(value)}, {rest}".encode()


def test_a_field_given_twice_is_refused_with_400_at_every_address_and_changes_nothing(
    client, game
):
    game.record(NO_HAND)
    before = listed(client)

    for method, path, body, headers in json_addresses(game):
        twice = with_first_member_twice(body)
        name = next(iter(json.loads(body)))

        response = getattr(client, method)(path, data=twice, content_type=JSON, headers=headers)

        assert response.status_code == 400, (path, response.get_json())
        assert f"'{name}' " in response.get_json()["error"]
        assert "twice in one object" in response.get_json()["error"]
    assert listed(client) == before


def test_the_last_of_two_winners_is_not_recorded_silently(client, game):
    body = b'{"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush", '
    body += b'"winner": "Bo"}'

    response = client.post(f"{game.url}/events", data=body, content_type=JSON, headers=game.auth())

    assert response.status_code == 400
    assert response.get_json()["error"] == (
        "The body gives 'winner' twice in one object: send each field once."
    )
    assert client.get(game.url).get_json()["events"] == []


@pytest.mark.parametrize("written", ["NaN", "Infinity", "-Infinity"])
def test_a_number_json_does_not_have_is_refused_with_400_at_every_address(client, game, written):
    # Python's parser reads these as numbers; JSON has none of them (RFC 8259).
    game.record(NO_HAND)
    before = listed(client)

    for method, path, body, headers in json_addresses(game):
        members = json.loads(body)
        name = next(iter(members))
        sent = json.dumps(members | {name: "?"}).replace('"?"', written).encode()

        response = getattr(client, method)(path, data=sent, content_type=JSON, headers=headers)

        assert response.status_code == 400, (path, response.get_json())
        assert response.get_json()["error"] == (
            f"The file holds {written}, which JSON has no number for: import the file as it "
            "was exported."
            if path == "/api/import"  # an import reads a file
            else f"The body holds {written}, which is not JSON: send each value as JSON writes it."
        )
    assert listed(client) == before


# Each of the parser's common complaints: a body it makes it of, where, and what a
# refusal says is wrong there.
JSON_MISTAKES = {
    "a missing comma": (
        b'{"players": ["Ann" "Bo"]}',
        (1, 20),
        "a comma or a closing bracket was expected",
    ),
    "no closing bracket": (
        b'{"players": ["Ann", "Bo"]',
        (1, 26),
        "a comma or a closing bracket was expected",
    ),
    "a missing value": (b'{"players": ["Ann", ]}', (1, 21), "a value was expected"),
    "single quotes": (
        b"{'players': ['Ann', 'Bo']}",
        (1, 2),
        "a name in double quotes was expected",
    ),
    "a missing colon": (
        b'{"players" ["Ann", "Bo"]}',
        (1, 12),
        "a colon was expected after the name",
    ),
    "text left open": (
        b'{"players": ["Ann", "Bo',
        (1, 21),
        "the text that starts here has no closing quote",
    ),
    "a tab in text": (
        b'{"players": ["Ann\tBo", "Cy"]}',
        (1, 18),
        "a line break or tab inside text must be written as \\n or \\t",
    ),
    "a lone backslash": (
        b'{"players": ["Ann\\Bo", "Cy"]}',
        (1, 18),
        "a backslash inside text must be written as \\\\",
    ),
    "a short escape": (
        b'{"players": ["\\u00e", "Bo"]}',
        (1, 16),
        "\\u must be followed by four hexadecimal digits",
    ),
    "more after the end": (
        b'{"players": ["Ann", "Bo"]}}',
        (1, 27),
        "there is more after the end of the JSON",
    ),
    "a later line": (
        b'{\n  "players": [\n    "Ann"\n    "Bo"\n  ]\n}',
        (4, 5),
        "a comma or a closing bracket was expected",
    ),
}


@pytest.mark.parametrize(
    ("body", "position", "fault"), JSON_MISTAKES.values(), ids=JSON_MISTAKES.keys()
)
def test_a_body_that_is_not_json_is_refused_saying_where_and_what_is_wrong_there(
    client, body, position, fault
):
    response = client.post("/api/games", data=body, content_type=JSON)

    line, column = position
    assert response.status_code == 400
    assert response.get_json()["error"] == (
        f"The body is not valid JSON at line {line}, column {column}: {fault}."
    )


def test_a_complaint_of_the_parser_the_app_has_no_words_for_still_says_where(client, monkeypatch):
    monkeypatch.delitem(JSON_FAULTS, "Expecting ',' delimiter")

    response = client.post("/api/games", data=b'{"players": ["Ann" "Bo"]}', content_type=JSON)

    assert response.status_code == 400
    assert response.get_json()["error"] == "The body is not valid JSON at line 1, column 20."


@pytest.mark.parametrize(
    ("address", "example"),
    [
        ("/api/games", '{"players": ["Ann", "Bo"]}'),
        ("{game}/events", '{"round": 1, "step": "phase1", "outcome": "none"}'),
        ("/api/settle", '{"hands": {"Ann": "As Ks Qs Js Ts", "Bo": "9h 9d 9c 2s 2d"}}'),
    ],
)
def test_a_body_that_is_no_object_is_shown_one_its_address_takes(client, game, address, example):
    response = client.post(
        address.format(game=game.url), data=b"[]", content_type=JSON, headers=game.auth()
    )

    assert response.status_code == 400
    assert response.get_json()["error"] == f"The body must be a JSON object, like {example}."


def test_a_byte_order_mark_before_the_json_is_allowed(client):
    response = client.post("/api/games", data=b"\xef\xbb\xbf" + NEW_GAME, content_type=JSON)

    assert response.status_code == 201


def chunked(client, path: str, body: bytes, headers: dict | None = None, content_type: str = JSON):
    """A body sent in chunks, with no Content-Length, as gunicorn hands it to the app."""
    return client.post(
        path,
        input_stream=io.BytesIO(body),
        content_type=content_type,
        headers={"Transfer-Encoding": "chunked"} | (headers or {}),
        environ_overrides={"wsgi.input_terminated": True},
    )


def test_a_chunked_body_over_the_limit_is_refused_with_413_not_cut_and_read(client, game):
    before = listed(client)
    padded = NEW_GAME + b" " * (5 * 1024 * 1024) + b"garbage"

    response = chunked(client, "/api/games", padded)

    assert response.status_code == 413
    assert "at most 64 KB" in response.get_json()["error"]
    assert listed(client) == before


def test_a_chunked_form_over_the_limit_is_refused_as_too_large_not_as_too_many_fields(client):
    field = b'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n'
    body = field + b"1" * SMALL_BODY_LIMIT + b"\r\n--x--\r\n"

    # A page's address, which reads forms (the API's leave a form unread: 415).
    response = chunked(client, "/games", body, content_type="multipart/form-data; boundary=x")

    assert response.status_code == 413
    assert "at most 64 KB" in response.get_data(as_text=True)
    assert "fields" not in response.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/api/games", "/games"])
def test_a_body_that_ends_before_its_stated_length_is_refused_with_400(client, path):
    # As a server that ends the body itself (gunicorn) hands it over: it is for the app
    # to notice that fewer bytes came than the Content-Length said.
    body = NEW_GAME if path.startswith("/api/") else b"players=Ann&players=Bo"
    response = client.post(
        path,
        input_stream=io.BytesIO(body),
        content_type=JSON if path.startswith("/api/") else "application/x-www-form-urlencoded",
        environ_overrides={"CONTENT_LENGTH": str(len(body) + 26), "wsgi.input_terminated": True},
    )

    assert response.status_code == 400
    assert "The body ended before its stated length, so nothing was recorded: send it again." in (
        response.get_data(as_text=True)
    )
    assert client.get("/api/games").get_json()["total"] == 0


def test_a_chunked_body_of_exactly_the_limit_is_read(client):
    body = NEW_GAME + b" " * (SMALL_BODY_LIMIT - len(NEW_GAME))

    assert chunked(client, "/api/games", body).status_code == 201


def test_a_chunked_entry_over_the_limit_is_not_recorded(client, game):
    entry = json.dumps(NO_HAND).encode() + b" " * SMALL_BODY_LIMIT

    response = chunked(client, f"{game.url}/events", entry, game.auth())

    assert response.status_code == 413
    assert game.state()["events"] == []


def test_a_chunked_import_over_its_larger_limit_is_refused(client):
    response = chunked(client, "/api/import", IMPORT + b" " * (1024 * 1024))

    assert response.status_code == 413
    assert client.get("/api/games").get_json()["total"] == 0
