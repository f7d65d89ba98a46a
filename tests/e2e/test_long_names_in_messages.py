"""A message with the step keeps the step in the first screen, however long the names:
four names as long as a name may be, in every language, with each message that names
them, online and drawn on the phone offline, and under the offline banner."""

import time

import pytest
from playwright.sync_api import expect

from support.phone import Phone
from support.screen_boxes import (
    assert_first_screen_holds_the_next_step,
    needed_outside_the_first_screen,
    outside,
)
from support.seeding import SeededGame, hand_win, to_a_tiebreak, to_the_exchange_stop

pytestmark = pytest.mark.sqlite_only

SE = {"width": 375, "height": 667}
SMALL = {"width": 320, "height": 568}  # the smallest phones still in use
# Four names as long as a name may be (40 characters), in three scripts.
LONGEST_NAMES = [
    "Maximiliana Wolfeschlegelsteinhausenberg",
    "Bartholomew Featherstonehaugh-Smythe III",
    "अनिलकुमार श्रीवास्तव अनिलकुमार श्रीवास्त",
    "Ёжик Иванович Туманов-Заречный Ёжиковски",
]
MAXI, BART = LONGEST_NAMES[:2]
EVERY_LANGUAGE = ["en", "be", "ne", "sv", "it", "et", "uz"]


def keeper_of(game: SeededGame, new_phone, language: str) -> Phone:
    phone = new_phone(viewport=SE, screen=SE, locale=language)
    phone.open(game.keep_score_path)
    return phone


def entries_of(game: SeededGame) -> list[dict]:
    return game.api.get(f"/api{game.path}").json()["events"]


def names_as_drawn(phone: Phone, selector: str) -> list[tuple[str, str]]:
    """Each name in the messages ``selector`` matches, with how it is drawn."""
    drawn = phone.page.eval_on_selector_all(
        f"{selector} bdi",
        """(names) => names.map((name) => [
            name.textContent,
            name.offsetHeight < 2 * parseFloat(getComputedStyle(name).fontSize),
            name.scrollWidth > name.clientWidth,
        ])""",
    )
    return [
        (text, ("one line" if one_line else "wrapped") + (", cut" if cut else ""))
        for text, one_line, cut in drawn
    ]


def underlined(phone: Phone, selector: str) -> list[bool]:
    """Whether each name in what ``selector`` matches is drawn underlined."""
    return phone.page.eval_on_selector_all(
        f"{selector} bdi",
        "(names) => names.map((name) => "
        "getComputedStyle(name).textDecorationLine === 'underline')",
    )


def names_as_drawn_once_settled(
    phone: Phone, selector: str, expected: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """``names_as_drawn`` once it is ``expected``, or as it is after 5 s: a card just drawn
    by the phone is laid out in the frames after it is put in the page."""
    deadline = time.monotonic() + 5
    while (drawn := names_as_drawn(phone, selector)) != expected and time.monotonic() < deadline:
        phone.page.wait_for_timeout(100)
    return drawn


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_saved_correction_between_two_long_names_leaves_the_next_step_in_the_first_screen(
    language, new_phone, seed_game
):
    game = seed_game(LONGEST_NAMES, hand_win(1, "phase1", MAXI, "two_pair"))
    phone = keeper_of(game, new_phone, language)
    phone.open(f"{game.path}/entries/1")
    phone.page.locator(f".step-card input[name=winner][value='{BART}']").check()

    with phone.page.expect_navigation():
        phone.page.locator(".correction-actions button[type=submit]").tap()

    # The message names both players, each cut to one line to the eye and whole to a
    # screen reader.
    expect(phone.page.locator(".flash")).to_contain_text(BART)
    expect(phone.page.locator(".flash")).to_contain_text(MAXI)
    assert names_as_drawn(phone, ".flash") == [(BART, "one line, cut"), (MAXI, "one line, cut")]
    assert_first_screen_holds_the_next_step(phone, at="the correction's message")
    assert [entry["winner"] for entry in entries_of(game)] == [BART]


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_an_undo_of_a_long_names_entry_leaves_the_step_in_the_first_screen(
    language, new_phone, seed_game
):
    game = seed_game(
        LONGEST_NAMES,
        hand_win(1, "phase1", MAXI, "two_pair"),
        hand_win(1, "phase2", BART, "flush"),
    )
    phone = keeper_of(game, new_phone, language)
    phone.page.locator("details.undo summary").tap()
    with phone.page.expect_navigation():
        phone.page.locator("form[action$='/undo'] button[type=submit]").tap()

    expect(phone.page.locator(".flash")).to_contain_text(BART)
    assert_first_screen_holds_the_next_step(phone, at="the undo's message")
    assert len(entries_of(game)) == 1


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_fix_that_makes_two_long_names_one_is_refused_with_the_step_in_the_first_screen(
    language, new_phone, seed_game
):
    game = seed_game(LONGEST_NAMES, hand_win(1, "phase1", MAXI, "two_pair"))
    phone = keeper_of(game, new_phone, language)
    phone.page.locator(".fix-players summary").tap()
    phone.page.locator(".fix-players [name=players-1]").fill(MAXI.upper())

    with phone.page.expect_navigation():
        phone.page.locator(".fix-players button[type=submit]").tap()

    # The summary, with the step, names both spellings; the refusal beside the box it is
    # about, far down the form, is what its link leads to.
    summary = phone.page.locator(".step-card .refusal-summary")
    expect(summary).to_contain_text(MAXI)
    expect(summary).to_contain_text(MAXI.upper())
    assert underlined(phone, ".step-card .refusal-summary") == [True, True]
    assert outside(phone, ".step-card .refusal-summary") == []
    assert needed_outside_the_first_screen(phone, whole_step=True) == {}
    assert [entry["winner"] for entry in entries_of(game)] == [MAXI]


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_who_plays_a_tiebreak_drawn_offline_cuts_long_names_as_the_page_does(
    language, new_phone, seed_game
):
    game = seed_game(LONGEST_NAMES, *to_a_tiebreak(LONGEST_NAMES))
    phone = keeper_of(game, new_phone, language)
    online_note = names_as_drawn(phone, ".step-note")
    phone.page.wait_for_selector("html.queues-entries", state="attached")
    phone.page.context.set_offline(True)
    status = phone.page.locator("[data-queue-status]")

    phone.page.locator("button[name=outcome][value=none]").tap()

    expect(status).to_be_visible()  # the entry is kept on the phone, the next card drawn
    drawn_note = ".step-card[data-drawn] .step-note"
    expect(phone.page.locator(f"{drawn_note} .name-in-message bdi")).to_have_count(2)
    assert online_note == [(MAXI, "one line, cut"), (BART, "one line, cut")]
    assert names_as_drawn_once_settled(phone, drawn_note, online_note) == online_note
    assert_first_screen_holds_the_next_step(phone, at="the tiebreak's next step, offline")


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_hand_tapped_before_a_player_offline_is_refused_with_the_step_in_the_first_screen(
    language, new_phone, seed_game
):
    game = seed_game(LONGEST_NAMES, hand_win(1, "phase1", MAXI, "two_pair"))
    phone = keeper_of(game, new_phone, language)
    phone.open(game.path)  # the keeper's page without the message of the hand-over
    phone.page.wait_for_selector("html.queues-entries", state="attached")
    phone.page.context.set_offline(True)

    phone.page.locator("button[name=hand][value=flush]").tap()

    expect(phone.page.locator(".step-card .form-error")).to_be_visible()
    expect(phone.page.locator("[data-queue-status]")).to_be_visible()
    assert_first_screen_holds_the_next_step(phone, at="a refused tap, offline")
    assert [entry["winner"] for entry in entries_of(game)] == [MAXI]


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_long_name_in_a_message_keeps_its_punctuation_on_its_line_at_every_width(
    language, new_phone, seed_game
):
    # "No more exchanges for Maximiliana … and Bartholomew …: 45 points or more."
    stopped = to_the_exchange_stop(LONGEST_NAMES, MAXI, BART)
    game = seed_game(LONGEST_NAMES, *stopped, rules={"preset": "deuce_trick"})
    phone = keeper_of(game, new_phone, language)
    expect(phone.page.locator(".step-note .name-in-message")).to_have_count(2)

    split = {}
    for width in range(320, 431, 6):
        phone.page.set_viewport_size({"width": width, "height": 667})
        lines = phone.page.eval_on_selector_all(
            ".step-note .name-in-message",
            "(names) => names.map((name) => new Set("
            "Array.from(name.getClientRects(), (box) => Math.round(box.top))).size)",
        )
        if lines != [1, 1]:
            split[width] = lines
    assert split == {}


# A refusal of a form of names, at its top, each linking to the box it is about: on the start
# page and on the settle picker, each long name in it is cut to one line as in the messages
# with the step, and underlined, as the rest of the link is. English, and the two languages
# whose words run longest, on both phones.
ON_BOTH_PHONES = pytest.mark.parametrize(
    ("language", "viewport"),
    [(language, size) for language in ["en", "be", "ne"] for size in (SE, SMALL)],
    ids=lambda value: value if isinstance(value, str) else f"{value['width']}x{value['height']}",
)


@ON_BOTH_PHONES
def test_a_refused_start_cuts_each_long_name_in_its_refusal_to_one_line(
    language, viewport, new_phone
):
    phone = new_phone(viewport=viewport, screen=viewport, locale=language)
    phone.open("/")
    for row, name in enumerate([MAXI, MAXI.upper(), *LONGEST_NAMES[2:]]):
        phone.page.locator(f"[name=players-{row}]").fill(name)
    start = "form[action$='/games'] button[type=submit]"

    with phone.page.expect_navigation():
        phone.page.locator(start).tap()

    cut = [(MAXI, "one line, cut"), (MAXI.upper(), "one line, cut")]
    assert names_as_drawn(phone, ".refusal-summary") == cut
    assert underlined(phone, ".refusal-summary") == [True, True]
    assert names_as_drawn(phone, ".player-row .field-error") == cut
    assert outside(phone, ".refusal-summary") == []
    assert outside(phone, start) == []
    summary = phone.page.locator(".refusal-summary").bounding_box()
    assert summary["y"] + summary["height"] <= phone.page.locator(start).bounding_box()["y"]
    assert phone.page.locator("[name=players-1]").input_value() == MAXI.upper()


@ON_BOTH_PHONES
def test_a_refused_showdown_cuts_each_long_name_in_its_refusal_to_one_line(
    language, viewport, new_phone
):
    phone = new_phone(viewport=viewport, screen=viewport, locale=language)
    phone.open("/settle")
    for row, (name, cards) in enumerate([(MAXI, "As Ks Qs Js 9s"), (BART, "As Kh Qh Jh 9h")]):
        phone.page.locator(f"[name=names-{row}]").fill(name)
        phone.page.locator(f"[name=hands-{row}]").fill(cards)
    who_wins = ".settle-submit"

    with phone.page.expect_navigation():
        phone.page.locator(who_wins).tap()

    # "As is in both Maximiliana …'s and Bartholomew …'s hands; a deck has one As."
    cut = [(MAXI, "one line, cut"), (BART, "one line, cut")]
    assert names_as_drawn(phone, ".refusal-summary") == cut
    assert underlined(phone, ".refusal-summary") == [True, True]
    assert outside(phone, ".refusal-summary") == []
    assert outside(phone, who_wins) == []
    expect(phone.page.locator(".verdict")).to_have_count(0)
