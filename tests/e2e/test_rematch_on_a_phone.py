"""After a game is won, the same table starts the next one in two taps."""

import re

import pytest
from playwright.sync_api import expect

from chicago_scorer.web.languages.locales import languages_in
from scripts.translations import TRANSLATIONS
from support.screen_boxes import outside
from support.seeding import SeededGame, hand_win

SE = {"width": 375, "height": 667}  # iPhone SE and larger
TABLES = {
    2: ["Ann", "Björn"],
    3: ["Ann", "Björn", "Cy"],
    4: ["Anna-Karin Lindqvist-Johansson", "Björn", "Cy", "Dagmar"],
}
START = "form[action$='/games'] button[type=submit]"


def test_new_game_same_players_fills_the_table_moves_the_deal_on_and_starts(scorekeeper, api):
    created = api.post(
        "/api/games",
        data={"players": ["Ann", "Bo", "Cy"], "dealer": "Bo", "rules": {"preset": "royal_wins"}},
    ).json()
    game = SeededGame(api, created["id"], created["edit_key"])
    game.record(hand_win(1, "phase1", "Cy", "royal_flush"))  # wins at once under these rules
    page = scorekeeper.page

    scorekeeper.open(game.keep_score_path)
    expect(page.locator(".banner.winner")).to_contain_text("Cy wins")
    with page.expect_navigation():
        page.get_by_role("link", name="New game, same players").tap()

    for seat, name in enumerate(["Ann", "Bo", "Cy", ""], start=1):
        expect(page.get_by_label(f"Player {seat}", exact=True)).to_have_value(name)
    deals_first = page.get_by_role("radio", name="Deals first")
    expect(deals_first.nth(2)).to_be_checked()  # Bo dealt first last time; Cy sits next
    expect(page.locator("input[name='rules-preset'][value='royal_wins']")).to_be_checked()
    expect(page.locator("details.house-rules")).to_have_attribute("open", "")
    with page.expect_navigation():
        page.get_by_role("button", name="Start game").tap()

    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    new_id = int(page.url.rsplit("/", 1)[1])
    assert new_id != game.id
    expect(page.locator(".round-info")).to_contain_text("Cy deals")
    rematch = api.get(f"/api/games/{new_id}").json()
    assert [player["name"] for player in rematch["players"]] == ["Ann", "Bo", "Cy"]
    assert rematch["rules"] == created["rules"]
    assert rematch["events"] == []


@pytest.mark.sqlite_only
@pytest.mark.parametrize("language", sorted(languages_in(TRANSLATIONS)))
@pytest.mark.parametrize("count", [2, 3, 4], ids=lambda count: f"{count} players")
def test_the_one_tap_a_rematch_needs_is_in_the_first_screen(count, language, new_phone, seed_game):
    names = TABLES[count]
    game = seed_game(names, hand_win(1, "phase1", names[0], "two_pair"))
    phone = new_phone(viewport=SE, screen=SE, locale=language)

    phone.open(f"/?rematch={game.id}")

    seats = [phone.page.locator(f"[name=players-{row}]") for row in range(count)]
    assert [seat.input_value() for seat in seats] == names
    expect(phone.page.locator("details.house-rules")).not_to_have_attribute("open", "")
    assert phone.page.evaluate("window.scrollY") == 0
    assert outside(phone, START) == []
    with phone.page.expect_navigation():
        phone.page.locator(START).tap()
    expect(phone.page).to_have_url(re.compile(r"/games/\d+$"))
