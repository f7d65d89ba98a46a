"""When a game started: the server writes it in UTC, marked so, for app.js to make local."""

import json
import re
from datetime import UTC, datetime

import pytest

from chicago_scorer.services.transfer.importing import import_games
from support.api_client import create_api_game
from support.export_documents import game_entry
from support.games import last_trick, new_game, no_hand, play, win

# Half past eleven at night in UTC is already the next day in Stockholm.
STARTED = datetime(2026, 11, 30, 23, 30, tzinfo=UTC)
PAGES_SHOWING_THE_START = ["/", "/history", "/games/1/review"]


@pytest.fixture
def game_started_late(app):
    """One finished game, started at ``STARTED``; its id is 1."""
    state = play(
        new_game("Ann", "Bo"), win("Ann", "royal_flush"), no_hand(), last_trick("Bo"), no_hand()
    )
    document = {"format": "chicago-scorer/1", "games": [game_entry(state, STARTED)]}
    with app.app_context():
        import_games(json.dumps(document).encode())


def times_in(page: str) -> list[tuple[str, str]]:
    return re.findall(r'<time datetime="([^"]+)">([^<]+)</time>', page)


@pytest.mark.parametrize("path", PAGES_SHOWING_THE_START)
def test_the_start_of_a_game_is_a_time_element_with_its_utc_offset_and_utc_text(
    game_started_late, client, path
):
    page = client.get(path).text

    assert times_in(page) == [("2026-11-30T23:30:00+00:00", "Nov 30, 2026, 11:30\u202fPM UTC")]


@pytest.mark.parametrize("path", PAGES_SHOWING_THE_START)
def test_a_nepali_page_writes_the_utc_time_in_devanagari_digits(game_started_late, client, path):
    page = client.get(path, headers={"Accept-Language": "ne"}).text

    ((moment, text),) = times_in(page)
    assert moment == "2026-11-30T23:30:00+00:00"
    assert "२०२६" in text and "२३:३०" in text
    assert text.endswith(" UTC")


def test_a_game_started_now_gives_its_start_to_the_second_as_html_allows(client):
    game = create_api_game(client, ["Ann", "Bo"])

    page = client.get(f"/games/{game.id}/review").text

    ((moment, text),) = times_in(page)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", moment)
    assert text.endswith(" UTC")
