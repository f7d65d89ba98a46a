"""A page's address reads only the form its page sends. JSON, text or anything else is
refused with 415 saying what the address reads (at the import, a form in parts with its
file), before the form or its CSRF token is looked for, and nothing is recorded."""

import io
import json
import re

import pytest

from support.api_client import create_api_game
from support.export_documents import empty_game_export
from support.form_tokens import csrf_token
from support.table_forms import start_game

# Every address a page's form is sent to; {id} is a game's.
PAGE_FORMS = [
    "/games",
    "/games/{id}/entries",
    "/games/{id}/entries/1",
    "/games/{id}/undo",
    "/games/{id}/players",
    "/games/{id}/delete",
    "/games/{id}/revoke",
    "/games/{id}/settle",
    "/settle",
]
NO_FORM = b'{"players": ["Ann", "Bo"]}'
READS_A_FILE = (
    "This address reads only the form on its page, sent as multipart/form-data with its "
    "file in the field &#39;file&#39;; to send JSON, use the API under /api/."
)


@pytest.mark.parametrize("csrf", [False, True], ids=["test settings", "CSRF checked"])
@pytest.mark.parametrize("content_type", ["application/json", "text/plain", "application/xml"])
def test_a_body_that_is_no_form_sent_to_a_page_is_refused_with_415_saying_what_it_reads(
    make_app, csrf, content_type
):
    client = make_app(WTF_CSRF_ENABLED=csrf).test_client()
    game = create_api_game(client)
    game.record({"round": 1, "step": "phase1", "outcome": "none"})
    before = client.get(game.url).get_json()

    for address in PAGE_FORMS:
        path = address.format(id=game.id)
        response = client.post(path, data=NO_FORM, content_type=content_type)

        assert response.status_code == 415, path
        assert (
            "This address reads only the form on its page, sent as "
            "application/x-www-form-urlencoded; to send JSON, use the API under /api/."
        ) in response.get_data(as_text=True), path
    assert client.get(game.url).get_json() == before
    assert client.get("/api/games").get_json()["total"] == 1


@pytest.mark.parametrize("csrf", [False, True], ids=["test settings", "CSRF checked"])
@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (NO_FORM, "application/json"),
        (NO_FORM, "text/plain"),
        (b"file=games.json", "application/x-www-form-urlencoded"),  # no form can carry a file
    ],
    ids=["JSON", "text", "URL-encoded"],
)
def test_the_import_page_refuses_any_body_but_a_form_in_parts_naming_its_file_field(
    make_app, csrf, body, content_type
):
    client = make_app(WTF_CSRF_ENABLED=csrf).test_client()

    response = client.post("/import", data=body, content_type=content_type)

    assert response.status_code == 415
    assert READS_A_FILE in response.get_data(as_text=True)
    assert client.get("/api/games").get_json()["total"] == 0


def test_the_import_page_reads_the_form_its_refusal_names(client):
    document = json.dumps(empty_game_export()).encode()

    response = client.post(
        "/import",
        data={"file": (io.BytesIO(document), "games.json")},
        content_type="multipart/form-data",
    )

    assert response.status_code == 200
    assert client.get("/api/games").get_json()["total"] == 1


@pytest.mark.parametrize("csrf", [False, True], ids=["test settings", "CSRF checked"])
def test_the_forms_of_a_page_are_still_read_whole_or_in_parts(make_app, csrf):
    client = make_app(WTF_CSRF_ENABLED=csrf).test_client()
    token = {}
    if csrf:
        token = {"csrf_token": csrf_token(client.get("/").get_data(as_text=True))}
    form = {"players-0": "Ann", "players-1": "Bo", "dealer": "0"} | token

    urlencoded = client.post("/games", data=form)
    multipart = client.post("/games", data=form, content_type="multipart/form-data")

    for response in (urlencoded, multipart):
        assert response.status_code == 303
        assert re.fullmatch(r"/games/\d+", response.headers["Location"])
    assert client.get("/api/games").get_json()["total"] == 2


def test_a_post_without_a_body_is_no_body_of_the_wrong_type(client):
    response = client.post("/games")

    assert response.status_code == 303  # the form's own refusal, shown on the page
    assert "reads only the form" not in client.get("/").get_data(as_text=True)


def in_parts(*fields: tuple[str, bytes], charset: str | None = None) -> bytes:
    """A multipart/form-data body (boundary XX) of text parts, each naming ``charset``."""
    part_type = f"Content-Type: text/plain; charset={charset}\r\n" if charset else ""
    parts = (
        f'--XX\r\nContent-Disposition: form-data; name="{name}"\r\n{part_type}\r\n'.encode()
        + value
        + b"\r\n"
        for name, value in fields
    )
    return b"".join(parts) + b"--XX--\r\n"


URL_ENCODED = "application/x-www-form-urlencoded"
IN_PARTS = "multipart/form-data; boundary=XX"


@pytest.mark.parametrize(
    ("form", "content_type"),
    [
        (b"players-0=Bj%F6rn&players-1=Bo&dealer=0", URL_ENCODED),  # a Latin-1 escape
        (b"players-0=Bj\xf6rn&players-1=Bo&dealer=0", URL_ENCODED),  # a Latin-1 byte
        (b"players-0=Ann&players-1=B%C3&dealer=0", URL_ENCODED),  # half a UTF-8 character
        *(
            (in_parts(("players-0", name), ("players-1", b"Bo"), ("dealer", b"0")), IN_PARTS)
            for name in [b"Bj\xf6rn", b"B\xc3", b"\xff\xfe"]
        ),
    ],
    ids=[
        "escape",
        "byte",
        "half a character",
        "a part's Latin-1 byte",
        "a part's half a UTF-8 character",
        "a part of bytes of no text",
    ],
)
def test_a_form_that_is_not_utf8_is_refused_with_400_rather_than_kept_with_u_fffd(
    client, form, content_type
):
    response = client.post("/games", data=form, content_type=content_type)

    assert response.status_code == 400
    assert (
        "The form is not UTF-8 text, as its page sends it: send it again from the page."
    ) in response.get_data(as_text=True)
    assert client.get("/api/games").get_json()["total"] == 0


def test_a_form_in_utf8_keeps_its_escapes_and_spaces(client):
    form = b"players-0=Bj%C3%B6rn&players-1=Bo+Ek&players-2=100%25&dealer=0"

    response = client.post("/games", data=form, content_type="application/x-www-form-urlencoded")

    assert response.status_code == 303
    game = client.get("/api/games").get_json()["games"][0]
    assert [player["name"] for player in game["players"]] == ["Björn", "Bo Ek", "100%"]


@pytest.mark.parametrize(
    ("name", "charset"),
    [
        ("Björn".encode(), None),
        ("Björn".encode(), "utf-8"),
        ("Björn".encode("iso-8859-1"), "iso-8859-1"),  # a charset Werkzeug reads
        ("Bj\ufffdrn".encode(), None),  # the replacement character, typed: text like any
    ],
    ids=["UTF-8", "UTF-8 named", "ISO-8859-1 named", "U+FFFD in UTF-8"],
)
def test_a_form_in_parts_whose_text_can_be_read_starts_its_game(client, name, charset):
    form = in_parts(("players-0", name), ("players-1", b"Bo"), ("dealer", b"0"), charset=charset)

    response = client.post("/games", data=form, content_type="multipart/form-data; boundary=XX")

    assert response.status_code == 303
    game = client.get("/api/games").get_json()["games"][0]
    assert [player["name"] for player in game["players"]] == [
        name.decode(charset or "utf-8"),
        "Bo",
    ]


def test_an_import_whose_text_part_is_not_utf8_is_refused_and_imports_nothing(client):
    document = json.dumps(empty_game_export()).encode()
    form = (
        in_parts(("note", b"Bj\xf6rn")).removesuffix(b"--XX--\r\n")
        + b'--XX\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n'
        + b"Content-Type: application/json\r\n\r\n"
        + document
        + b"\r\n--XX--\r\n"
    )

    response = client.post("/import", data=form, content_type="multipart/form-data; boundary=XX")

    assert response.status_code == 400
    assert "The form is not UTF-8 text" in response.get_data(as_text=True)
    assert client.get("/api/games").get_json()["total"] == 0
    # The same file with its note in UTF-8 is imported.
    again = form.replace(b"Bj\xf6rn", "Björn".encode())
    imported = client.post("/import", data=again, content_type="multipart/form-data; boundary=XX")
    assert imported.status_code == 200
    assert client.get("/api/games").get_json()["total"] == 1


@pytest.mark.parametrize(
    ("form", "content_type"),
    [
        (b"players-0=Ann&players-1=Bo&dealer=0", "multipart/form-data"),  # no boundary
        (
            b'--XX\r\nContent-Disposition: form-data; name="players-0"\r\n\r\nAnn',
            "multipart/form-data; boundary=XX",
        ),  # a part cut off
        (b"--XX\r\nbroken", "multipart/form-data; boundary=XX"),  # a part without headers
        (
            b"--XX\r\nContent-Disposition: form-data\r\n\r\nAnn\r\n--XX--\r\n",
            "multipart/form-data; boundary=XX",
        ),  # a part without a name
    ],
    ids=["no boundary", "cut off", "no headers", "no name"],
)
def test_a_form_in_broken_parts_is_refused_with_400_rather_than_read_as_empty(
    client, form, content_type
):
    response = client.post("/games", data=form, content_type=content_type)

    assert response.status_code == 400
    assert (
        "The form&#39;s parts could not be read, so nothing was recorded: "
        "send it again from the page."
    ) in response.get_data(as_text=True)
    assert client.get("/api/games").get_json()["total"] == 0


def test_a_form_in_broken_parts_sent_to_the_api_is_refused_for_not_being_json(client):
    response = client.post(
        "/api/games", data=b"--XX\r\nbroken", content_type="multipart/form-data; boundary=XX"
    )

    assert response.status_code == 415
    assert "reads only JSON" in response.get_json()["error"]


def test_a_form_that_gives_a_field_twice_is_refused_with_400_naming_it(client):
    game_url = start_game(client, "Ann", "Bo")
    before = client.get(f"/api{game_url}").get_json()
    step_card = "round=1&step=phase1&hand=flush"

    response = client.post(
        f"{game_url}/entries",
        data=f"{step_card}&winner=Ann&winner=Bo",
        content_type="application/x-www-form-urlencoded",
    )

    assert response.status_code == 400
    assert "The form gives &#39;winner&#39; twice: send it again from the page." in response.text
    assert client.get(f"/api{game_url}").get_json() == before
    # The same form with one winner is the tap it seemed to be.
    once = client.post(
        f"{game_url}/entries",
        data=f"{step_card}&winner=Bo",
        content_type="application/x-www-form-urlencoded",
    )
    assert once.status_code == 303
    scores = {p["name"]: p["score"] for p in client.get(f"/api{game_url}").get_json()["players"]}
    assert scores == {"Ann": 0, "Bo": 5}


def test_a_new_game_form_that_gives_a_seat_twice_is_refused_and_starts_no_game(client):
    response = client.post(
        "/games",
        data="players-0=Ann&players-0=Bo&players-1=Cy&dealer=0",
        content_type="application/x-www-form-urlencoded",
    )

    assert response.status_code == 400
    assert "The form gives &#39;players-0&#39; twice" in response.text
    assert client.get("/api/games").get_json()["total"] == 0


def test_an_import_that_sends_two_files_is_refused_and_imports_neither(client):
    document = b'{"format": "chicago-scorer", "version": 1, "games": []}'
    response = client.post(
        "/import",
        data={"file": [(io.BytesIO(document), "a.json"), (io.BytesIO(document), "b.json")]},
        content_type="multipart/form-data",
    )

    assert response.status_code == 400
    assert "The form gives &#39;file&#39; twice" in response.text
