"""Correcting an earlier entry on a phone: tapped in the round log, answered again on the
step card, saved; the card, its refusal and the confirmation all in the first screen."""

import re

import pytest
from playwright.sync_api import expect

from support.phone import Phone
from support.screen_boxes import outside, overlapping
from support.seeding import SeededGame, hand_win, last_trick_to, no_hand

SE = {"width": 375, "height": 667}
SMALL = {"width": 320, "height": 568}  # the smallest phones still in use
# app.js polls the version every 2 s; a watcher must see a correction within 3 s.
WATCHER_DELAY_MS = 3_000
LONG_NAMES = ["Anna-Karin Lindqvist-Johansson", "Björn", "Cy", "Dagmar"]
ALL_LANGUAGES = ["en", "be", "ne", "sv", "it", "et", "uz"]


def keeper_of(game: SeededGame, new_phone, language: str = "en", screen=SE) -> Phone:
    phone = new_phone(viewport=screen, screen=screen, locale=language)
    phone.open(game.keep_score_path)
    return phone


def assert_in_the_first_screen(phone: Phone, what: dict[str, str]) -> None:
    """Each selector matches something, and all it matches is in the unscrolled viewport."""
    assert phone.page.evaluate("window.scrollY") == 0
    missing = [name for name, selector in what.items() if not phone.page.locator(selector).count()]
    assert not missing, f"nothing is {missing}"
    misplaced = {
        name: found for name, selector in what.items() if (found := outside(phone, selector))
    }
    assert not misplaced, f"not in the first screen: {misplaced}"


CARD = {
    "scores": ".scores .score",
    "card heading": "#correct-step",
    "choices": ".step-card .tile",
    "save and cancel": ".correction-actions button, .correction-actions a",
}


def open_entry(phone: Phone, text: str) -> None:
    """Tap an entry of the round log, far down the page, to open it on the card."""
    with phone.page.expect_navigation():
        phone.page.locator(".log-entry a", has_text=re.compile(rf"^{re.escape(text)}$")).tap()
    expect(phone.page).to_have_url(re.compile(r"/games/\d+/entries/\d+$"))


def save(phone: Phone) -> None:
    with phone.page.expect_navigation():
        phone.page.get_by_role("button", name="Save correction").tap()


def chart_line(phone: Phone, name: str) -> str | None:
    return phone.page.locator(f".chart-card polyline[data-player='{name}']").get_attribute(
        "points"
    )


def entries_of(game: SeededGame) -> list[dict]:
    return game.api.get(f"/api{game.path}").json()["events"]


def test_an_entry_corrected_from_the_round_log_moves_the_scores_the_chart_and_the_log(
    new_phone, seed_game
):
    game = seed_game(
        ["Ann", "Björn", "Cy"],
        hand_win(1, "phase1", "Ann", "two_pair"),
        no_hand(1, "phase2"),
        last_trick_to(1, "Cy"),
    )
    phone = keeper_of(game, new_phone)
    watcher = new_phone(viewport=SE, screen=SE)
    watcher.open(game.path)
    line_before = chart_line(phone, "Björn")
    link_heights = phone.page.eval_on_selector_all(
        ".log-entry a", "(links) => links.map((link) => link.getBoundingClientRect().height)"
    )
    assert len(link_heights) == 3 and min(link_heights) >= 44  # a finger's width

    open_entry(phone, "Ann +2 · two pair")

    assert_in_the_first_screen(phone, CARD)
    expect(phone.page.locator("#correct-step")).to_have_text("Correct Round 1 · Phase 1")
    expect(phone.page.get_by_role("radio", name="Ann", exact=True)).to_be_checked()
    expect(phone.page.get_by_role("radio", name="Two pair +2")).to_be_checked()

    phone.page.get_by_role("radio", name="Björn", exact=True).tap()
    save(phone)

    assert phone.page.url.endswith(game.path)
    flash = phone.page.locator(".flash")
    expect(flash).to_have_text(
        "Corrected Round 1 · Phase 1: Björn +2 · two pair, was Ann +2 · two pair"
    )
    assert_in_the_first_screen(
        phone, {"confirmation": ".flash", "step heading": "#next-step", "scores": ".scores .score"}
    )
    phone.expect_scores({"Ann": 0, "Björn": 2, "Cy": 5})
    assert chart_line(phone, "Björn") != line_before
    expect(phone.page.locator(".chart-legend li").nth(1)).to_have_text("Björn 2")
    corrected = phone.round_log.last
    expect(corrected.locator(".log-entry a")).to_have_text("Björn +2 · two pair")
    expect(corrected.locator(".corrected")).to_have_text("corrected, was Ann · two pair")
    # The watcher's page follows, mark and all, as it does for new entries.
    watcher.expect_scores({"Ann": 0, "Björn": 2, "Cy": 5}, timeout=WATCHER_DELAY_MS)
    expect(watcher.round_log.last).to_have_text(
        re.compile(r"Björn \+2 · two pair\s+corrected, was Ann · two pair")
    )
    expect(watcher.page.locator(".log-entry a")).to_have_count(0)


def test_a_refused_correction_is_shown_on_the_card_in_the_first_screen(new_phone, seed_game):
    game = seed_game(
        ["Ann", "Björn"],
        hand_win(1, "phase1", "Björn", "straight_flush"),
        hand_win(1, "phase2", "Björn", "four_of_a_kind"),
        {"round": 1, "step": "tricks", "chicago": "Björn", "chicago_won": True},
    )
    before = entries_of(game)
    phone = keeper_of(game, new_phone)
    open_entry(phone, "Björn +7 · four of a kind")

    phone.page.get_by_role("radio", name="One pair +1").tap()
    save(phone)

    assert phone.page.url.endswith(f"{game.path}/entries/2")  # back on the card
    refusal = phone.page.locator(".step-card .form-error, .step-card .field-error")
    expect(refusal).to_have_text(
        "Entry 3 (Round 1 · Tricks) would no longer be legal: "
        "Björn needs 15 points to call Chicago and has 9. Correct or undo that entry first."
    )
    assert_in_the_first_screen(phone, CARD | {"refusal": ".form-error, .field-error"})
    expect(phone.page.get_by_role("radio", name="One pair +1")).to_be_checked()
    assert entries_of(game) == before

    with phone.page.expect_navigation():
        phone.page.get_by_role("link", name="Cancel").tap()
    assert phone.page.url.endswith(game.path)
    expect(phone.step_heading).to_have_text("Round 1 · Phase 3: best hand after the tricks?")
    assert entries_of(game) == before


def test_a_correction_that_changes_nothing_says_so_in_the_first_screen(new_phone, seed_game):
    game = seed_game(["Ann", "Björn"], hand_win(1, "phase1", "Ann", "flush"))
    phone = keeper_of(game, new_phone)
    open_entry(phone, "Ann +5 · flush")

    save(phone)

    assert phone.page.url.endswith(game.path)
    expect(phone.page.locator(".step-card .form-error")).to_have_text(
        "Round 1 · Phase 1 already says that, so nothing was changed."
    )
    assert_in_the_first_screen(
        phone,
        {"message": ".form-error", "step heading": "#next-step", "hands": "button[name=hand]"},
    )


def four_at_the_tricks_with_a_deuce_bonus(seed_game) -> SeededGame:
    """The tallest card: four long names, the deuce bonus's row, the Chicago calls and why
    one player may not call."""
    names = LONG_NAMES
    entries = []
    for round_number in (1, 2):
        entries += [
            hand_win(round_number, "phase1", names[0], "straight_flush"),
            hand_win(round_number, "phase2", names[1], "straight_flush"),
            last_trick_to(round_number, names[2]),
            hand_win(round_number, "phase3", names[3], "straight_flush"),
        ]
    return seed_game(names, *entries, rules={"preset": "deuce_trick"})


@pytest.mark.parametrize("language", ["en", "be", "ne"])
def test_the_tallest_correction_card_fits_the_first_screen(language, new_phone, seed_game):
    game = four_at_the_tricks_with_a_deuce_bonus(seed_game)
    phone = keeper_of(game, new_phone, language)

    phone.open(f"{game.path}/entries/7")  # round 2's tricks: Cy may not call Chicago, and why

    assert phone.page.locator(".step-card .tile").count() == 4 * 4  # last trick, 2, won, lost
    assert_in_the_first_screen(phone, CARD)
    assert overlapping(phone, ".step-card .tile > span") == []


# As for the next step on the smallest phones, the tallest card needs a scroll; Save and
# Cancel stay at the screen's foot while its lower choices are out of view.
SMALL_CARD = {
    "scores": ".scores .score",
    "card heading": "#correct-step",
    "player choices": ".step-card fieldset:first-of-type .tile",
    "save and cancel": CARD["save and cancel"],
}


def assert_save_sits_under_the_last_choices_at_the_card_s_foot(phone: Phone) -> None:
    phone.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert overlapping(phone, ".step-card .tile > span, .correction-actions > *") == []


@pytest.mark.parametrize("language", ALL_LANGUAGES)
def test_a_320_by_568_phone_shows_the_scores_the_card_s_heading_every_player_and_save(
    language, new_phone, seed_game
):
    game = four_at_the_tricks_with_a_deuce_bonus(seed_game)
    phone = keeper_of(game, new_phone, language, screen=SMALL)

    phone.open(f"{game.path}/entries/7")

    assert_in_the_first_screen(phone, SMALL_CARD)
    assert overlapping(phone, ".step-card .tile > span") == []
    assert_save_sits_under_the_last_choices_at_the_card_s_foot(phone)


def test_a_finished_game_s_entry_opens_with_its_card_in_the_first_screen(new_phone, seed_game):
    game = seed_game(
        ["Ann", "Björn", "Cy"],
        hand_win(1, "phase1", "Ann", "royal_flush"),
        no_hand(1, "phase2"),
        last_trick_to(1, "Cy"),
        no_hand(1, "phase3"),
    )
    phone = keeper_of(game, new_phone)
    expect(phone.page.locator(".banner.winner")).to_be_visible()

    open_entry(phone, "Cy +5 · last trick")

    assert_in_the_first_screen(phone, CARD | {"winner": ".banner.winner"})


# What must be in the first screen once a correction of the tallest card is refused. On
# the smallest phones a refusal of six lines, in Belarusian or Uzbek, leaves no room for
# the choices: the refusal, and Save and Cancel, come first.
AFTER_A_REFUSAL = {
    "375x667": CARD | {"refusal": ".form-error", "why some may not call": ".why-not"},
    "320x568": {
        "scores": ".scores .score",
        "card heading": "#correct-step",
        "refusal": ".form-error",
        "save and cancel": CARD["save and cancel"],
    },
}


@pytest.mark.parametrize("screen", [SE, SMALL], ids=AFTER_A_REFUSAL)
@pytest.mark.parametrize("language", ALL_LANGUAGES)
def test_a_refusal_on_the_tallest_correction_card_leaves_save_in_the_first_screen(
    language, screen, new_phone, seed_game
):
    names = LONG_NAMES
    game = seed_game(
        names,
        hand_win(1, "phase1", names[0], "straight_flush"),
        hand_win(1, "phase2", names[0], "straight_flush"),
        {"round": 1, "step": "tricks", "last_trick": names[1], "with_deuce": True},
        no_hand(1, "phase3"),
        no_hand(2, "phase1"),
        no_hand(2, "phase2"),
        {"round": 2, "step": "tricks", "chicago": names[0], "chicago_won": True},
        rules={"preset": "deuce_trick"},
    )
    before = entries_of(game)
    phone = keeper_of(game, new_phone, language, screen)
    phone.open(f"{game.path}/entries/3")
    lost = phone.page.locator(f'input[value="chicago=lost:{names[0]}"]')
    lost.check()  # a loss there would leave the long name 1 point for round 2's call

    with phone.page.expect_navigation():
        phone.page.locator(".correction-actions button").tap()  # Save, in every language

    assert phone.page.url.endswith(f"{game.path}/entries/3")  # back on the card
    expect(phone.page.locator(".step-card .form-error")).to_have_count(1)
    assert_in_the_first_screen(phone, AFTER_A_REFUSAL[f"{screen['width']}x{screen['height']}"])
    expect(lost).to_be_checked()
    assert entries_of(game) == before


def test_save_and_cancel_stand_clear_of_the_choices_above_them(new_phone, seed_game):
    game = seed_game(["Ann", "Björn", "Cy"], hand_win(1, "phase1", "Ann", "two_pair"))
    phone = keeper_of(game, new_phone)
    open_entry(phone, "Ann +2 · two pair")

    actions = phone.page.locator(".correction-actions")
    shadow = actions.evaluate("(row) => getComputedStyle(row).boxShadow")
    spread = float(re.findall(r"(-?[\d.]+)px", shadow)[-1])  # its fourth length
    above = phone.step_card.locator(".choice-grid.pair").first.bounding_box()
    gap = actions.bounding_box()["y"] - (above["y"] + above["height"])
    assert spread > 0 and gap >= spread, (gap, shadow)
