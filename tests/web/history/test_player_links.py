"""Every link to a player's page opens that player's page, followed as a browser follows
it, whatever signs the name holds."""

import re
from html import unescape
from urllib.parse import quote, urljoin, urlsplit

import pytest
from markupsafe import escape

from chicago_scorer.services.transfer.importing import import_games
from support.export_documents import export_document
from support.games import last_trick, new_game, no_hand, play, win

# Each was a link to another page: Bo's, the start page, "x" (not found), and Ann's.
NAMES = ["Ann/../Bo", "..", "./x", "/Ann", "a%2Fb", "50% ?#x", "."]
PAGE = "http://localhost{}"


@pytest.fixture
def games_against_bo(app):
    """A finished game against Bo for each name, won by that name, and one for Ann."""
    won = [
        play(new_game(name, "Bo"), win(name, "royal_flush"), no_hand(), last_trick("Bo"))
        for name in [*NAMES, "Ann"]
    ]
    games = [play(game, no_hand()) for game in won]
    with app.app_context():
        import_games(export_document(*games))


def browser_path(page: str, href: str) -> str:
    """The path and query a browser asks for on following ``href`` from the address
    ``page``: joined to it, then without dot segments, which a browser also knows by
    their escaped dots (WHATWG URL standard), as urljoin does not."""
    joined = urlsplit(urljoin(page, unescape(href)))
    segments: list[str] = []
    parts = joined.path.split("/")[1:]
    for number, segment in enumerate(parts, start=1):
        dots = segment.lower().replace("%2e", ".")
        if dots in {".", ".."}:
            if dots == ".." and segments:
                segments.pop()
            if number == len(parts):
                segments.append("")
        else:
            segments.append(segment)
    path = "/" + "/".join(segments)
    return f"{path}?{joined.query}" if joined.query else path


def link_to(page: str, name: str) -> str:
    """The href of the link that shows ``name`` on ``page``."""
    found = re.search(rf'<a href="([^"]+)"><bdi>{re.escape(escape(name))}</bdi></a>', page)
    assert found, name
    return found.group(1)


def heading(page: str) -> str:
    return re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S).group(1)


def assert_page_of(response, name: str) -> None:
    assert response.status_code == 200, response.request.path
    assert heading(response.text) == f"<bdi>{escape(name)}</bdi>"


def follow(client, page: str, href: str):
    """What a browser shows on following ``href`` from ``page``, and each redirect after
    it as a browser follows one (the test client asks for a Location as it reads)."""
    address = browser_path(PAGE.format(page), href)
    response = client.get(address)
    while response.status_code in {301, 302, 303, 307, 308}:
        address = browser_path(PAGE.format(address), response.headers["Location"])
        response = client.get(address)
    return response


@pytest.mark.parametrize("name", NAMES)
def test_the_players_list_links_each_name_to_its_own_page(games_against_bo, client, name):
    listing = client.get("/players").text

    assert_page_of(follow(client, "/players", link_to(listing, name)), name)


@pytest.mark.parametrize("name", NAMES)
def test_an_opponents_page_links_each_name_to_its_own_page(games_against_bo, client, name):
    opponent = client.get("/players/Bo").text

    assert_page_of(follow(client, "/players/Bo", link_to(opponent, name)), name)


@pytest.mark.parametrize("name", NAMES)
def test_the_language_switcher_comes_back_to_the_same_players_page(games_against_bo, client, name):
    address = browser_path(PAGE.format("/players"), link_to(client.get("/players").text, name))
    switcher = re.search(r'<a href="([^"]+)" lang="sv"', client.get(address).text).group(1)
    chosen = follow(client, address, switcher)

    assert_page_of(chosen, name)
    assert '<html lang="sv"' in chosen.text


@pytest.mark.parametrize("name", NAMES)
def test_the_api_finds_a_name_with_its_slashes_escaped_and_dots_followed_by_a_space(
    games_against_bo, client, name
):
    segment = quote(name, safe="") + ("%20" if name in {".", ".."} else "")

    stats = client.get(browser_path(PAGE.format("/"), f"/api/players/{segment}/stats"))

    assert stats.status_code == 200
    assert stats.get_json()["name"] == name


def test_an_old_link_with_a_plain_name_still_opens_its_page(games_against_bo, client):
    assert_page_of(client.get("/players/ann"), "Ann")
    assert_page_of(client.get("/players/50%25%20%3F%23x"), "50% ?#x")
    assert client.get("/api/players/ann/stats").get_json()["name"] == "Ann"
