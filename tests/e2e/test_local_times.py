"""A phone shows when games started in its own time zone, in the page's language."""

import json
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from chicago_scorer.web.languages.locales import languages_in
from scripts.translations import TRANSLATIONS
from support.seeding import hand_win, last_trick_to, no_hand

STOCKHOLM = "Europe/Stockholm"
# Half past eleven at night in UTC is already half past midnight, the next day, in Stockholm.
STARTED = "2026-11-30T23:30:00+00:00"
A_GAME = [
    hand_win(1, "phase1", "Lena", "royal_flush"),
    no_hand(1, "phase2"),
    last_trick_to(1, "Lena"),
    no_hand(1, "phase3"),
]


def export_of(players: list[str], created_at: str) -> str:
    """An export file holding one finished game that started at ``created_at``."""
    game = {
        "players": players,
        "first_dealer": players[0],
        "created_at": created_at,
        "updated_at": created_at,
        "events": A_GAME,
    }
    return json.dumps({"format": "chicago-scorer/1", "games": [game]})


@pytest.fixture(scope="module")
def late_game(api) -> int:
    """The id of a game of Lena and Mats, started at ``STARTED``."""
    response = api.post(
        "/api/import",
        data=export_of(["Lena", "Mats"], STARTED),
        headers={"Content-Type": "application/json"},
    )
    assert response.status == 201, response.text()
    return response.json()["games"][0]["id"]


def start_on(phone, path: str):
    """The ``<time>`` of the game on ``path``, the only one on that page."""
    phone.open(path)
    return phone.page.locator("main time")


@pytest.mark.parametrize(
    ("locale", "local_text"),
    [
        pytest.param("en", "Dec 1, 2026, 12:30 AM", id="English"),
        pytest.param("sv", "1 dec. 2026 00:30", id="Swedish"),
    ],
)
@pytest.mark.parametrize("page", ["history", "review"])
def test_a_game_started_late_in_utc_shows_the_next_day_in_stockholm(
    new_phone, late_game, page, locale, local_text
):
    phone = new_phone(timezone_id=STOCKHOLM, locale=locale)
    path = "/history?player=Lena" if page == "history" else f"/games/{late_game}/review"

    time = start_on(phone, path)

    expect(time).to_have_count(1)
    expect(time).to_have_text(local_text)
    expect(time).to_have_attribute("datetime", STARTED)


def test_a_new_game_on_the_home_page_shows_the_phones_local_time(new_phone, seed_game, api):
    game = seed_game(["Nils", "Olle"])
    created_at = datetime.fromisoformat(api.get(f"/api/games/{game.id}").json()["created_at"])
    local = created_at.astimezone(ZoneInfo(STOCKHOLM))
    hour = local.hour % 12 or 12
    expected = f"{local:%b} {local.day}, {local.year}, {hour}:{local:%M} {local:%p}"
    phone = new_phone(timezone_id=STOCKHOLM)

    phone.open("/")
    time = phone.page.locator(f'a[href="{game.path}"] time')

    expect(time).to_have_text(expected)


def test_a_phone_without_the_pages_date_words_keeps_the_utc_time_rather_than_mix_languages(
    new_phone, late_game
):
    phone = new_phone(timezone_id=STOCKHOLM, locale="ne")
    time = start_on(phone, "/history?player=Lena")
    knows_nepali = phone.page.evaluate("Intl.DateTimeFormat.supportedLocalesOf(['ne']).length > 0")

    written = time.text_content()

    if knows_nepali:  # a phone with Nepali dates: local time, in Devanagari digits
        assert "००:३०" in written or "१२:३०" in written
        assert "UTC" not in written
    else:  # the server's Nepali text, still in UTC and marked so
        assert "२३:३०" in written and written.endswith("UTC")


# What the page's worker (static/local-times.js) writes for one moment in a language: a
# list of texts, or null where the page is to keep the server's text.
ASK_THE_WORKER = """([language, moment]) => new Promise((answered) => {
  const worker = new Worker(document.documentElement.dataset.localTimes);
  worker.onmessage = (event) => { worker.terminate(); answered(event.data); };
  worker.postMessage({language: language, moments: [moment]});
})"""
# ICU's root locale names months M01 to M12: a browser lacking a language's date words
# writes "2026 M12 1 00:30" in it.
NAMELESS_MONTH = re.compile(r"\bM\d{1,2}\b")


@pytest.mark.parametrize("code", list(languages_in(TRANSLATIONS)))
def test_a_time_is_written_with_the_languages_month_words_or_left_as_the_server_wrote_it(
    new_phone, code
):
    phone = new_phone(timezone_id=STOCKHOLM)
    phone.open("/")

    written = phone.page.evaluate(ASK_THE_WORKER, [code, STARTED])

    if written is not None:  # this browser has the language's date words
        assert len(written) == 1
        assert written[0] and not NAMELESS_MONTH.search(written[0])
