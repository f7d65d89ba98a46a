"""An address is read one way or refused. A query field given twice, a path or query that
is not UTF-8 text, or a query field holding a control character or line break (which no
name may hold) gets 400 that says so (in JSON at the API's addresses) before any view
reads it, where it was read by its first value, with U+FFFD for the bad bytes, or written
into the page as it came."""

from urllib.parse import unquote_to_bytes

import pytest

from support.api_client import create_api_game

ENTRY = {"round": 1, "step": "phase1", "outcome": "none"}

# Addresses that give a field twice, and the field.
REPEATED = {
    "/history?player=Ann&player=Bo": "player",
    "/history?status=finished&page=1&page=2": "page",
    "/players?page=1&page=2": "page",
    "/api/games?limit=5&limit=6": "limit",
}
NOT_UTF8 = [
    "/history?player=Bj%F6rn",  # Latin-1's ö
    "/history?Bj%F6rn=1",
    "/players?page=%FF",
    "/api/games?limit=%FF",
]
PATH_NOT_UTF8 = "The address is not UTF-8 text: check the link, or send it in UTF-8."
PATHS_NOT_UTF8 = [
    "/api/players/Bj%F6rn/stats",  # Latin-1's ö
    "/players/Bj%F6rn",
    "/players/%FF",
    "/players/Bj%C3",  # half a UTF-8 character
    "/games/%FF",
]


# Addresses whose query holds a control character or line break: the field, the character.
BREAKING = {
    "/history?player=A%00B": ("player", "U+0000"),  # NUL
    "/history?player=Ann%0A": ("player", "U+000A"),  # a line break
    "/history?player=Ann%09Bo": ("player", "U+0009"),  # a tab
    "/history?player=A%E2%80%A8B": ("player", "U+2028 LINE SEPARATOR"),
    "/history?player=A%C2%85B": ("player", "U+0085"),  # the next line
    "/players?page=1%0D": ("page", "U+000D"),
    "/history?sta%7Ftus=finished": (r"sta\x7ftus", "U+007F"),  # DEL, in the field's name
    "/api/games?limit=5%00": ("limit", "U+0000"),
}


def get_as_served(client, address: str):
    """GET ``address`` with its path's escapes undone as a server undoes them: each byte a
    Latin-1 character of ``PATH_INFO`` (the test client would put U+FFFD for a bad one)."""
    path = unquote_to_bytes(address).decode("latin-1")
    return client.get(address, environ_overrides={"PATH_INFO": path})


def refusal_in(response) -> str:
    if response.is_json:
        return response.get_json()["error"]
    return response.get_data(as_text=True).replace("&#39;", "'")


@pytest.mark.parametrize("address", REPEATED)
def test_an_address_that_gives_a_field_twice_is_refused_naming_the_field(client, address):
    response = client.get(address)

    assert response.status_code == 400
    assert response.is_json == address.startswith("/api/")
    assert f"The address gives '{REPEATED[address]}' twice: give it once." in refusal_in(response)


@pytest.mark.parametrize("address", NOT_UTF8)
def test_an_address_whose_query_is_not_utf8_is_refused_saying_so(client, address):
    response = client.get(address)

    assert response.status_code == 400
    assert response.is_json == address.startswith("/api/")
    assert (
        "The address's query is not UTF-8 text: check the link, or send it in UTF-8."
        in refusal_in(response)
    )


@pytest.mark.parametrize("address", BREAKING)
def test_an_address_whose_query_holds_a_control_character_is_refused_naming_field_and_character(
    client, address
):
    field, character = BREAKING[address]

    response = client.get(address)

    assert response.status_code == 400
    assert response.is_json == address.startswith("/api/")
    assert (
        f"The address gives '{field}' with a control character or line break ({character}): "
        "check the link, or type it again without one."
    ) in refusal_in(response)


def test_a_nul_in_the_history_search_never_reaches_the_page(client):
    create_api_game(client, players=("Ann", "Bo"))

    response = client.get("/history?player=A%00B")

    assert response.status_code == 400
    assert "\x00" not in response.get_data(as_text=True)
    assert "&#39;player&#39;" in response.get_data(as_text=True)


@pytest.mark.parametrize("address", PATHS_NOT_UTF8)
def test_an_address_whose_path_is_not_utf8_is_refused_saying_so(client, address):
    response = get_as_served(client, address)

    assert response.status_code == 400
    assert response.is_json == address.startswith("/api/")
    assert PATH_NOT_UTF8 in refusal_in(response)


def test_a_path_not_in_utf8_is_not_read_as_the_player_called_u_fffd(client):
    create_api_game(client, players=("\ufffd", "Bo"))

    refused = get_as_served(client, "/players/%FF")
    found = get_as_served(client, "/players/%EF%BF%BD")  # U+FFFD itself, in UTF-8

    assert refused.status_code == 400
    assert found.status_code == 200
    assert get_as_served(client, "/api/players/%EF%BF%BD/stats").get_json()["games"] == 1


def test_a_path_in_utf8_finds_its_player_escaped_or_not(client):
    create_api_game(client, players=("Björn", "Bo"))

    for address in ("/players/Bj%C3%B6rn", "/players/Björn"):
        response = get_as_served(client, address)
        assert response.status_code == 200, address
        assert "Björn" in response.get_data(as_text=True)
    stats = get_as_served(client, "/api/players/Bj%C3%B6rn/stats")
    assert stats.status_code == 200
    assert stats.get_json()["name"] == "Björn"


def test_a_write_to_an_address_that_gives_a_field_twice_records_nothing(client):
    game = create_api_game(client)
    before = game.state()

    response = client.post(f"{game.url}/events?note=a&note=b", json=ENTRY, headers=game.auth())

    assert response.status_code == 400
    assert game.state() == before


def test_the_same_addresses_giving_each_field_once_in_utf8_are_read(client):
    create_api_game(client, players=("Björn", "Bo"))

    found = client.get("/history?player=Bj%C3%B6rn&status=in_progress&page=1")
    listed = client.get("/api/games?limit=5")

    assert found.status_code == 200
    assert "1 game with <bdi>Björn</bdi>" in found.get_data(as_text=True)
    assert listed.status_code == 200
    assert listed.get_json()["total"] == 1
