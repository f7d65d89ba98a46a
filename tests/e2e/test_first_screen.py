"""Everything for the next tap is in the first screen of a phone, as the page loads.

After every tap the scorekeeper's page loads at the top; these tests read the bounding
boxes of what the next tap needs and check that each lies inside the viewport, with no
scrolling by the test. A refusal shows there too.
"""

import time
from dataclasses import dataclass

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from chicago_scorer.web.languages.locales import languages_in
from scripts.translations import TRANSLATIONS
from support.phone import Phone
from support.screen_boxes import (
    assert_first_screen_holds_the_next_step,
    needed_outside_the_first_screen,
    outside,
)
from support.seeding import (
    SeededGame,
    hand_win,
    last_trick_to,
    no_hand,
    to_a_tiebreak,
    to_the_exchange_stop,
)

pytestmark = pytest.mark.sqlite_only

SE = {"width": 375, "height": 667}  # iPhone SE and larger
SMALL = {"width": 320, "height": 568}  # the smallest phones still in use

NAMES = {
    2: ["Ann", "Björn"],
    3: ["Ann", "Björn", "Cy"],
    4: ["Anna-Karin Lindqvist-Johansson", "Björn", "Cy", "Dagmar"],
}
# Four names as long as a name may be (40 characters), in three scripts.
LONGEST_NAMES = [
    "Maximiliana Wolfeschlegelsteinhausenberg",
    "Bartholomew Featherstonehaugh-Smythe III",
    "अनिलकुमार श्रीवास्तव अनिलकुमार श्रीवास्त",
    "Ёжик Иванович Туманов-Заречный Ёжиковски",
]
# English, and the two languages whose words run longest on the scoreboard.
LANGUAGES = ["en", "be", "ne"]
EVERY_LANGUAGE = sorted(languages_in(TRANSLATIONS))
STEPS = ["phase1", "phase2", "tricks", "phase3"]
CHICAGO_MINIMUM = 15
DEUCE = {"preset": "deuce_trick"}
BACK_TO_0 = {"preset": "royal_wins"}  # and a royal flush wins at once


@dataclass(frozen=True)
class Play:
    """Scores and step order, played through as the entries are made, to seed a game."""

    players: list[str]

    def to_the_tricks_with_everyone_at(self, minimum: int) -> list[dict]:
        """Entries that bring every player to ``minimum`` points, ending before the tricks.

        At each hand step the player lowest in score wins a straight flush (8); at each
        last trick the lowest takes it (5).
        """
        scores = dict.fromkeys(self.players, 0)
        entries: list[dict] = []
        for number in range(1, 20):
            for step in STEPS:
                if step == "tricks" and min(scores.values()) >= minimum:
                    return entries
                lowest = min(scores, key=scores.get)
                if step == "tricks":
                    entries.append(last_trick_to(number, lowest))
                    scores[lowest] += 5
                else:
                    entries.append(hand_win(number, step, lowest, "straight_flush"))
                    scores[lowest] += 8
        raise AssertionError("no game reaches the minimum in 20 rounds")


def seeded_states(seed_game, count: int) -> dict[str, SeededGame]:
    """A game at every kind of step, for ``count`` players."""
    names = NAMES[count]
    everyone_can_call = Play(names).to_the_tricks_with_everyone_at(CHICAGO_MINIMUM)
    tiebreak = to_a_tiebreak(names) if count > 2 else []
    nobody_can_call = [no_hand(1, "phase1"), no_hand(1, "phase2")]
    only_the_first_can_call = [
        hand_win(1, "phase1", names[0], "straight_flush"),
        hand_win(1, "phase2", names[0], "straight_flush"),
    ]
    games = {
        "phase 1": seed_game(names),
        "phase 2": seed_game(names, hand_win(1, "phase1", names[0], "two_pair")),
        "the tricks, everyone may call Chicago": seed_game(names, *everyone_can_call),
        "phase 3": seed_game(
            names, *everyone_can_call, last_trick_to(everyone_can_call[-1]["round"], names[0])
        ),
        "the tricks with the deuce bonus": seed_game(names, *everyone_can_call, rules=DEUCE),
        "the tricks where a lost Chicago goes back to 0": seed_game(
            names, *everyone_can_call, rules=BACK_TO_0
        ),
        "the first tricks, nobody may call Chicago": seed_game(names, *nobody_can_call),
        "the first tricks with the deuce bonus, nobody may call Chicago": seed_game(
            names, *nobody_can_call, rules=DEUCE
        ),
        "the tricks with the deuce bonus, only one may call Chicago": seed_game(
            names, *only_the_first_can_call, rules=DEUCE
        ),
    }
    if tiebreak:
        games["a tiebreak's hand step"] = seed_game(names, *tiebreak)
        games["a tiebreak's tricks"] = seed_game(
            names, *tiebreak, no_hand(2, "phase1"), no_hand(2, "phase2")
        )
    return games


def keeper(new_phone, viewport: dict, language: str) -> Phone:
    return new_phone(viewport=viewport, screen=viewport, locale=language)


START = "form[action$='/games'] button[type=submit]"


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
@pytest.mark.parametrize("count", [2, 3, 4], ids=lambda count: f"{count} players")
def test_start_game_is_in_the_first_screen_once_the_names_are_typed(count, language, new_phone):
    phone = keeper(new_phone, SE, language)
    phone.open("/")
    for row, name in enumerate(NAMES[count]):
        phone.page.locator(f"[name=players-{row}]").fill(name)
    phone.page.locator("input[name=dealer]").nth(count - 1).check()

    expect(phone.page.locator("details.house-rules")).not_to_have_attribute("open", "")
    assert phone.page.evaluate("window.scrollY") == 0
    assert outside(phone, START) == []


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
@pytest.mark.parametrize("viewport", [SE, SMALL], ids=["375x667", "320x568"])
def test_a_refused_start_leaves_start_game_in_the_first_screen_below_its_refusals(
    viewport, language, new_phone
):
    phone = keeper(new_phone, viewport, language)
    phone.open("/")
    for row, name in enumerate(["Ann", "ann", "Bo", "B0"]):  # one name twice, two alike
        phone.page.locator(f"[name=players-{row}]").fill(name)

    with phone.page.expect_navigation():
        phone.page.locator(START).tap()

    expect(phone.page.locator(".refusal-summary li")).to_have_count(2)
    assert outside(phone, START) == []
    _, refusals_bottom = top_and_bottom(phone, ".refusal-summary")
    start_top, _ = top_and_bottom(phone, START)
    assert refusals_bottom <= start_top  # it stands over none of them
    if viewport == SE:
        assert outside(phone, ".refusal-summary") == []


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_320_by_568_phone_opens_the_start_page_with_start_game_in_the_first_screen(
    language, new_phone
):
    phone = keeper(new_phone, SMALL, language)
    phone.open("/")

    assert outside(phone, "[name=players-0]") == []
    assert outside(phone, START) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [2, 3, 4], ids=lambda count: f"{count} players")
def test_every_step_fits_the_first_screen_of_a_375_by_667_phone(
    count, language, new_phone, seed_game
):
    phone = keeper(new_phone, SE, language)
    for state, game in seeded_states(seed_game, count).items():
        phone.open(game.keep_score_path)  # the hand-over tap: it lands with a message

        assert phone.page.locator(".flash").count() == 1, state
        if "deuce" in state:
            assert phone.page.locator("button[name=last_trick_deuce]").count() == count
        assert_first_screen_holds_the_next_step(phone, at=state)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [2, 3, 4], ids=lambda count: f"{count} players")
def test_a_320_by_568_phone_shows_the_scores_the_step_and_every_player_choice(
    count, language, new_phone, seed_game
):
    phone = keeper(new_phone, SMALL, language)
    for state, game in seeded_states(seed_game, count).items():
        phone.open(game.keep_score_path)

        assert_first_screen_holds_the_next_step(phone, whole_step=False, at=state)


@pytest.mark.parametrize("language", ["sv", "it", "et", "uz"])
def test_the_longest_step_fits_in_the_other_languages_too(language, new_phone, seed_game):
    phone = keeper(new_phone, SE, language)
    games = seeded_states(seed_game, 4)
    for state in [
        "phase 1",
        "the tricks with the deuce bonus",
        "the tricks with the deuce bonus, only one may call Chicago",
        "a tiebreak's hand step",
    ]:
        phone.open(games[state].keep_score_path)

        assert_first_screen_holds_the_next_step(phone, at=state)


def test_each_tap_of_a_whole_round_lands_with_the_next_step_in_the_first_screen(
    new_phone, seed_game
):
    names = NAMES[4]
    game = seed_game(names, *Play(names).to_the_tricks_with_everyone_at(CHICAGO_MINIMUM))
    phone = keeper(new_phone, SE, "en")
    phone.open(game.keep_score_path)

    last_entry = phone.page.locator(".last-entry")

    phone.chicago("Björn", won=False)
    assert_first_screen_holds_the_next_step(phone)
    expect(last_entry).to_have_text("Last entry: Björn Chicago lost −15.")
    phone.win("Cy", "Flush")
    assert_first_screen_holds_the_next_step(phone)
    expect(last_entry).to_have_text("Last entry: Cy +5 · flush.")
    phone.tie()
    assert_first_screen_holds_the_next_step(phone)
    expect(last_entry).to_have_text("Last entry: Tie · nobody scored.")
    phone.nobody()
    assert_first_screen_holds_the_next_step(phone)
    expect(last_entry).to_have_text("Last entry: Nobody had a hand.")


def tapped_and_loaded(phone: Phone, *buttons: str) -> None:
    """Tap each of ``buttons`` (selectors, the last one sending the step), as a person
    who looks at what each tap did, and wait for the next page."""
    *choices, sending = buttons
    for choice in choices:
        phone.tap_after_a_look(phone.page.locator(choice))
    with phone.page.expect_navigation():
        phone.tap_after_a_look(phone.page.locator(sending))


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_each_tap_of_a_round_is_said_as_the_last_entry_under_the_next_step_in_the_first_screen(
    language, new_phone, seed_game
):
    """Under the step, so that no button of the step moves from tap to tap."""
    names = NAMES[4]
    game = seed_game(names, *Play(names).to_the_tricks_with_everyone_at(CHICAGO_MINIMUM))
    phone = keeper(new_phone, SE, language)
    phone.open(game.keep_score_path)
    phone.open(game.path)  # without the hand-over's message
    last_entry = phone.page.locator(".last-entry")
    longest = names[0]
    longest_player = f"label:has(input[name=winner][value='{longest}'])"

    for buttons, named in [
        (["button[name=chicago][value='lost:Björn']"], "Björn"),
        ([longest_player, "button[name=hand][value=flush]"], longest),
        (["button[name=outcome][value=tie]"], None),
        (["button[name=outcome][value=none]"], None),
        (["button[name=last_trick][value=Cy]"], "Cy"),
    ]:
        heading, said_before = phone.step_heading.text_content(), last_entry.text_content()
        tapped_and_loaded(phone, *buttons)

        expect(phone.step_heading).not_to_have_text(heading)
        assert_first_screen_holds_the_next_step(phone, at=f"the step after {buttons[-1]}")
        expect(last_entry).to_have_count(1)
        expect(last_entry).not_to_have_text(said_before)
        if named is not None:
            expect(last_entry).to_contain_text(named[:10])
        assert outside(phone, ".last-entry") == [], buttons
        step_box = phone.step_card.bounding_box()
        said_box = last_entry.bounding_box()
        assert said_box["y"] >= step_box["y"] + step_box["height"], "said above the step"


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_who_may_no_longer_exchange_is_said_in_the_first_screen_after_each_tap(
    language, new_phone, seed_game
):
    names = NAMES[4]
    game = seed_game(names, *to_the_exchange_stop(names, names[0], names[1]), rules=DEUCE)
    phone = keeper(new_phone, SE, language)
    phone.open(game.keep_score_path)
    phone.page.reload()  # as after a tap: no hand-over message above the step
    reminder = phone.step_card.locator(".step-note")
    nobody = phone.page.locator("button[name=outcome][value=none]")

    for tap in [None, nobody, nobody]:  # the next round's phase 1, phase 2, the tricks
        if tap is not None:
            with phone.page.expect_navigation():
                phone.tap_after_a_look(tap)
        expect(reminder).to_contain_text(names[0])
        expect(reminder).to_contain_text(names[1])
        assert_first_screen_holds_the_next_step(phone, at=phone.step_heading.inner_text())
    assert phone.page.locator("button[name=last_trick_deuce]").count() == 4


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
@pytest.mark.parametrize("count", [3, 4], ids=lambda count: f"{count} players")
def test_the_tap_that_ties_the_top_lands_on_the_whole_tiebreak_and_what_it_is(
    count, language, new_phone, seed_game
):
    names = NAMES[count]
    *first_round, last_step = to_a_tiebreak(names)
    game = seed_game(names, *first_round)
    phone = keeper(new_phone, SE, language)
    phone.open(game.keep_score_path)

    assert last_step == no_hand(1, "phase3")
    with phone.page.expect_navigation():
        phone.page.locator("button[name=outcome][value=none]").tap()

    expect(phone.step_card.locator(".step-note")).to_contain_text(names[1])
    assert_first_screen_holds_the_next_step(phone, at="the tiebreak's first step")
    assert outside(phone, ".step-card") == []


# The longest names a table is likely to type, two of them tied at the top.
LONG_TIED = ["Bartholomew Fitzgerald-Worthington", "Åsa-Britt Lindqvist Östergren", "Maximiliana"]


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_tiebreak_of_two_long_names_is_marked_in_the_first_screen_with_its_whole_step(
    language, new_phone, seed_game
):
    """The note that names who plays, the step's Tiebreak mark, the strip's Sits out, and
    a button for each player who plays and no other, all in the first screen."""
    game = seed_game(LONG_TIED, *to_a_tiebreak(LONG_TIED))
    phone = keeper(new_phone, SE, language)
    phone.open(game.keep_score_path)

    expect(phone.step_card.locator(".step-note")).to_contain_text(LONG_TIED[1])
    assert_first_screen_holds_the_next_step(phone, at="a tiebreak of long names")
    marks = ".step-card h2 .badge, .strip .sits-out .badge.muted"
    expect(phone.page.locator(marks)).to_have_count(2)
    assert outside(phone, marks) == []
    players = phone.step_card.locator("input[name=winner]")
    expect(players).to_have_count(2)
    assert [players.nth(seat).get_attribute("value") for seat in (0, 1)] == LONG_TIED[:2]


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_who_plays_the_tiebreak_stays_in_the_first_screen_through_its_round(
    language, new_phone, seed_game
):
    names = NAMES[4]
    phone = keeper(new_phone, SE, language)
    to_the_tricks = [no_hand(2, "phase1"), no_hand(2, "phase2")]
    for state, entries in {
        "the tiebreak's tricks": to_the_tricks,
        "the tiebreak's phase 3": [*to_the_tricks, last_trick_to(2, names[0])],
    }.items():
        game = seed_game(names, *to_a_tiebreak(names), *entries)
        phone.open(game.keep_score_path)
        phone.page.reload()  # as after a tap: no hand-over message above the step

        expect(phone.step_card.locator(".step-note")).to_contain_text(names[1])
        assert_first_screen_holds_the_next_step(phone, at=state)


# Ordinary names, long enough that four of them share a row of buttons tightly.
TABLE = ["Christoffer", "Margareta", "Johannes", "Kristina"]


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_tiebreak_past_the_exchange_stop_keeps_its_notes_and_step_in_the_first_screen(
    language, new_phone, seed_game
):
    """Both notes at once (who plays, who may no longer exchange), under every message a
    tap can bring above or into the card: the hand-over's, a refusal's, an undo's."""
    game = seed_game(TABLE, *to_a_tiebreak(TABLE), rules=DEUCE)
    phone = keeper(new_phone, SE, language)
    phone.open(game.keep_score_path)  # lands with the hand-over message above the card
    notes = phone.step_card.locator(".step-note")

    expect(phone.page.locator(".flash")).to_have_count(1)
    assert_first_screen_holds_the_next_step(phone, at="the tiebreak, handed over")
    tap_refused(phone, phone.step_card.locator("button[name=hand]").first)  # nobody chosen
    said = notes.inner_text()  # who plays, and who may no longer exchange: the two tied
    assert [said.count(name) for name in TABLE] == [2, 2, 0, 0], said
    with phone.page.expect_navigation():
        phone.tap_after_a_look(phone.page.locator("button[name=outcome][value=none]"))
    assert_first_screen_holds_the_next_step(phone, at="the tiebreak's phase 2")
    phone.page.locator("details.undo > summary").tap()
    with phone.page.expect_navigation():
        phone.page.locator("details.undo button.danger").tap()
    expect(phone.page.locator(".flash")).to_have_count(1)
    assert_first_screen_holds_the_next_step(phone, at="the tiebreak's phase 1, undone")
    expect(notes).to_contain_text(TABLE[1])


# Refusals ---------------------------------------------------------------------------


def tap_refused(phone: Phone, button, *, whole_step: bool = True) -> str:
    """Tap, let the page load, and return the message it shows in the first screen."""
    address = phone.page.url
    with phone.page.expect_navigation():
        button.tap()
    assert phone.page.url == address  # back at the scoreboard, not at the form's address
    message = phone.page.locator(".step-card .form-error, .step-card .field-error")
    expect(message).to_have_count(1)
    assert_first_screen_holds_the_next_step(phone, whole_step=whole_step)
    return message.inner_text()


def entries_of(game: SeededGame) -> list[dict]:
    return game.api.get(f"/api{game.path}").json()["events"]


@pytest.mark.parametrize("viewport", [SE, SMALL], ids=["375x667", "320x568"])
def test_a_hand_tapped_before_a_player_is_refused_in_the_first_screen(
    viewport, new_phone, seed_game
):
    game = seed_game(NAMES[4])
    phone = keeper(new_phone, viewport, "en")
    phone.open(game.keep_score_path)

    message = tap_refused(phone, phone.hand_button("Flush"), whole_step=viewport == SE)

    assert message == "First tap who had the best hand, then the hand."
    assert entries_of(game) == []


def test_a_refused_tap_keeps_the_player_and_a_reload_sends_nothing(new_phone, seed_game):
    game = seed_game(NAMES[3])
    phone = keeper(new_phone, SE, "en")
    phone.open(game.keep_score_path)
    phone.page.get_by_role("radio", name="Björn", exact=True).tap()
    phone.page.evaluate(
        "document.querySelector('button[name=hand]').value = 'five_aces'"
    )  # a hand this app does not know, as an old copy of the page might send

    tap_refused(phone, phone.hand_button("One pair"))
    expect(phone.page.get_by_role("radio", name="Björn", exact=True)).to_be_checked()
    requests = []
    phone.page.on("request", lambda request: requests.append(request.method))
    phone.page.reload()
    phone.page.go_back()

    assert "POST" not in requests
    assert entries_of(game) == []
    expect(phone.page.locator(".form-error, .field-error")).to_have_count(0)


def test_a_stale_tab_says_what_someone_recorded_in_the_first_screen(new_phone, seed_game):
    game = seed_game(NAMES[4])
    phone = keeper(new_phone, SE, "en")
    phone.open(game.keep_score_path)
    phone.hears_of_no_change()
    game.record(no_hand(1, "phase1"))  # another phone records the step meanwhile

    message = tap_refused(phone, phone.page.get_by_role("button", name="Tie: nobody scores"))

    assert message == "Someone recorded Round 1 · Phase 1 a moment ago; here is the game now."
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")


@pytest.mark.parametrize("names", [NAMES[4], LONGEST_NAMES], ids=["names", "longest names"])
@pytest.mark.parametrize("viewport", [SE, SMALL], ids=["375x667", "320x568"])
@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_tap_on_a_phone_that_no_longer_keeps_score_says_so_in_the_first_screen(
    language, viewport, names, new_phone, seed_game
):
    game = seed_game(names, hand_win(1, "phase1", names[0], "flush"))
    phone = keeper(new_phone, viewport, language)
    phone.open(game.keep_score_path)
    phone.hears_of_no_change()
    rotated = game.api.post(
        f"/api{game.path}/edit-key", headers={"Authorization": f"Bearer {game.edit_key}"}
    )
    assert rotated.status == 200  # the scorekeeper revoked other phones meanwhile

    with phone.page.expect_navigation():
        phone.page.locator("button[name=outcome][value=none]").tap()

    expect(phone.page.locator(".form-error")).to_have_count(1)
    expect(phone.step_card).to_have_count(0)  # a watcher's page now
    assert phone.page.evaluate("window.scrollY") == 0
    assert outside(phone, ".form-error") == []
    if viewport == SE:  # on the smallest phones the last score cards may need a scroll
        assert outside(phone, ".scores .score") == []
    assert len(entries_of(game)) == 1


@pytest.mark.parametrize("names", [NAMES[4], LONGEST_NAMES], ids=["names", "longest names"])
@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_watcher_reads_the_scores_the_last_entry_and_the_next_step_in_the_first_screen(
    language, names, new_phone, seed_game
):
    game = seed_game(
        names,
        hand_win(1, "phase1", names[1], "flush"),
        no_hand(1, "phase2"),
        last_trick_to(1, names[2]),
    )
    watcher = keeper(new_phone, SE, language)
    watcher.open(game.path)

    expect(watcher.page.locator(".last-entry")).to_contain_text(names[2][:8])
    assert watcher.page.evaluate("window.scrollY") == 0
    assert outside(watcher, ".scores .score, .last-entry, .next-step") == []
    scores_bottom = max(
        box["y"] + box["height"]
        for box in (card.bounding_box() for card in watcher.page.locator(".score-card").all())
    )
    last_entry_top, _ = top_and_bottom(watcher, ".last-entry")
    next_step_top, _ = top_and_bottom(watcher, ".next-step")
    assert scores_bottom <= last_entry_top < next_step_top  # read in the order they came


@pytest.mark.parametrize("language", LANGUAGES + ["sv", "it", "et", "uz"])
def test_a_refusal_that_lands_on_the_tallest_step_leaves_it_in_the_first_screen(
    language, new_phone, seed_game
):
    names = NAMES[4]
    game = seed_game(names, hand_win(1, "phase1", names[0], "straight_flush"), rules=DEUCE)
    phone = keeper(new_phone, SE, language)
    phone.open(game.keep_score_path)
    phone.hears_of_no_change()
    game.record(hand_win(1, "phase2", names[0], "straight_flush"))  # another phone, meanwhile

    tap_refused(phone, phone.page.locator("button[name=outcome][value=tie]"))

    # The tricks with the deuce bonus, where only the first player may call Chicago.
    assert phone.page.locator("button[name=last_trick_deuce]").count() == 4
    expect(phone.page.locator(".why-not")).to_be_visible()
    assert len(entries_of(game)) == 2


WHO_WINS = ".card form button[type=submit].primary"


def on_the_picker(new_phone, game: SeededGame, viewport: dict, language: str) -> Phone:
    """The scorekeeper's phone on the game's settle picker, from its hand step."""
    phone = keeper(new_phone, viewport, language)
    phone.open(game.keep_score_path)
    phone.open(f"{game.path}/settle")
    return phone


def top_and_bottom(phone: Phone, selector: str) -> tuple[float, float]:
    box = phone.page.locator(selector).first.bounding_box()
    return box["y"], box["y"] + box["height"]


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_the_settle_picker_opens_with_every_box_the_aces_and_who_wins_in_the_first_screen(
    language, new_phone, seed_game
):
    phone = on_the_picker(new_phone, seed_game(NAMES[4]), SE, language)

    assert outside(phone, "[data-hand-input]") == []
    assert outside(phone, "[data-card^=A]") == []
    assert outside(phone, WHO_WINS) == []
    _, aces_bottom = top_and_bottom(phone, "[data-card^=A]")
    who_wins_top, _ = top_and_bottom(phone, WHO_WINS)
    assert aces_bottom <= who_wins_top  # the button stands below the aces, not over them


@pytest.mark.parametrize("viewport", [SE, SMALL], ids=["375x667", "320x568"])
def test_who_wins_stays_in_the_first_screen_while_cards_are_picked_down_the_grid(
    viewport, new_phone, seed_game
):
    phone = on_the_picker(new_phone, seed_game(NAMES[2]), viewport, "en")

    for card in ["As", "Ks", "Qs", "Js", "9s", "2h", "3d", "5c", "7h", "9d"]:
        phone.page.locator(f"[data-card='{card}']").tap()
        assert outside(phone, WHO_WINS) == [], f"after {card}"
    assert phone.page.evaluate("window.scrollY") > 0  # the last cards were further down

    with phone.page.expect_navigation():
        phone.page.locator(WHO_WINS).tap()
    expect(phone.page.locator("#verdict-title")).to_have_text("Ann wins +5")
    assert outside(phone, ".verdict button[name=hand]") == []


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_refused_hand_on_the_settle_picker_is_said_in_the_first_screen(
    language, new_phone, seed_game
):
    phone = on_the_picker(new_phone, seed_game(NAMES[4]), SE, language)
    boxes = phone.page.locator("[data-hand-input]")
    boxes.nth(0).fill("As Ks Qs Js 10s")
    boxes.nth(3).fill("2c 3d 4h 5s")  # the last player's hand, a card short

    with phone.page.expect_navigation():
        phone.page.locator(".card form button[type=submit].primary").tap()

    assert phone.page.evaluate("window.scrollY") == 0
    expect(phone.page.locator(".refusal-summary li")).to_have_count(1)
    assert outside(phone, ".refusal-summary") == []
    expect(boxes.nth(3)).to_have_value("2c 3d 4h 5s")


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
@pytest.mark.parametrize("viewport", [SE, SMALL], ids=["375x667", "320x568"])
def test_every_hand_refused_on_the_settle_picker_is_said_above_who_wins(
    viewport, language, new_phone, seed_game
):
    phone = on_the_picker(new_phone, seed_game(NAMES[4]), viewport, language)
    boxes = phone.page.locator("[data-hand-input]")
    for box, cards in enumerate(["As Ks Qs Js", "As 9d 9c 2s 2d", "Xx Yy Zz Ww Vv", "2c 3d 4h"]):
        boxes.nth(box).fill(cards)  # a card short, the ace again, no cards, two short

    with phone.page.expect_navigation():
        phone.page.locator(WHO_WINS).tap()

    expect(phone.page.locator(".refusal-summary li")).to_have_count(4)
    _, refusals_bottom = top_and_bottom(phone, ".refusal-summary")
    who_wins_top, _ = top_and_bottom(phone, WHO_WINS)
    assert refusals_bottom <= who_wins_top  # the sticky button covers none of them
    if viewport == SE:
        assert outside(phone, ".refusal-summary") == []
    else:  # four refusals, long names among them: the first ones, and a scroll to the rest
        assert outside(phone, ".refusal-summary li:first-child") == []


@pytest.mark.parametrize("gap_ms", [0, 30])
def test_a_double_tap_records_the_step_once_and_blames_nobody(gap_ms, new_phone, seed_game):
    game = seed_game(NAMES[4])
    phone = keeper(new_phone, SE, "en")
    phone.open(game.keep_score_path)
    phone.page.get_by_role("radio", name="Björn", exact=True).tap()

    with phone.page.expect_navigation():
        phone.page.evaluate(
            """(gap) => {
                const flush = document.querySelector("button[name=hand][value=flush]");
                flush.click();
                setTimeout(() => flush.click(), gap);  // the finger again, before the page
            }""",
            gap_ms,
        )
    phone.page.wait_for_load_state()

    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    expect(phone.page.locator(".form-error, .field-error")).to_have_count(0)
    assert [entry["winner"] for entry in entries_of(game)] == ["Björn"]


def test_a_double_tap_whose_second_touch_lands_on_the_next_page_records_one_step(
    new_phone, seed_game
):
    game = seed_game(NAMES[4])
    phone = keeper(new_phone, SE, "en")
    phone.open(game.keep_score_path)
    # The pages' clock stands still, so the second touch comes within a double tap's time
    # however long this machine takes to bring the next page.
    first = time.time()
    phone.page.clock.set_fixed_time(first)
    phone.open(game.path)  # without the hand-over's message: each step's "Tie" at one spot
    tie = phone.page.get_by_role("button", name="Tie: nobody scores").bounding_box()
    spot = (tie["x"] + tie["width"] / 2, tie["y"] + tie["height"] / 2)

    with phone.page.expect_navigation():
        phone.page.touchscreen.tap(*spot)
    phone.page.touchscreen.tap(*spot)  # the finger again, on the next page's "Tie" now
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")

    # A deliberate tap once a double tap's time is over counts, at the same spot too.
    phone.page.clock.set_fixed_time(first + 0.6)
    with phone.page.expect_navigation():
        phone.page.touchscreen.tap(*spot)
    expect(phone.step_heading).to_have_text("Round 1 · Tricks: last trick or Chicago?")
    assert [(entry["step"], entry["outcome"]) for entry in entries_of(game)] == [
        ("phase1", "tie"),
        ("phase2", "tie"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_fix_of_the_names_is_shown_above_the_tallest_step(
    language, new_phone, seed_game
):
    names = NAMES[4]
    at_16 = [hand_win(1, step, names[0], "straight_flush") for step in ("phase1", "phase2")]
    game = seed_game(names, *at_16, rules=DEUCE)
    phone = keeper(new_phone, SE, language)
    phone.open(game.keep_score_path)
    phone.page.locator(".fix-players summary").tap()
    phone.page.locator(".fix-players [name=players-1]").fill(names[0].lower())

    with phone.page.expect_navigation():
        phone.page.locator(".fix-players button[type=submit]").tap()

    # The reason, a link to the name it is about, is with the step; the step stays whole.
    expect(phone.page.locator(".step-card .refusal-summary a")).to_have_attribute(
        "href", "#players-1"
    )
    assert outside(phone, ".step-card .refusal-summary") == []
    assert needed_outside_the_first_screen(phone, whole_step=True) == {}
    assert phone.page.locator(".fix-players [name=players-1]").input_value() == names[0].lower()
    assert [entry["winner"] for entry in entries_of(game)] == [names[0]] * 2


def test_an_expired_form_is_refused_in_the_first_screen(new_phone, seed_game):
    game = seed_game(NAMES[4])
    phone = keeper(new_phone, SE, "en")
    phone.open(game.keep_score_path)
    phone.page.evaluate("document.querySelector('[name=csrf_token]').value = 'expired'")

    message = tap_refused(phone, phone.page.get_by_role("button", name="Nobody had a hand"))

    assert message.startswith("This page was out of date, so nothing was recorded.")
    assert entries_of(game) == []


def test_a_chicago_call_the_rules_refuse_is_shown_in_the_first_screen(new_phone, seed_game):
    ann_at_16 = [
        hand_win(1, "phase1", "Ann", "straight_flush"),
        hand_win(1, "phase2", "Ann", "straight_flush"),
    ]
    game = seed_game(NAMES[4][1:] + ["Ann"], *ann_at_16)
    phone = keeper(new_phone, SE, "en")
    phone.open(game.keep_score_path)
    button = phone.chicago_button("Ann", won=True)
    button.evaluate("(button) => { button.value = 'won:Björn'; }")  # as a stale page might

    message = tap_refused(phone, phone.chicago_button("Ann", won=True))

    assert message == "Björn needs 15 points to call Chicago and has 0."
    assert len(entries_of(game)) == len(ann_at_16)


def test_an_undo_says_what_it_removed_in_the_first_screen(new_phone, seed_game):
    game = seed_game(NAMES[4], hand_win(1, "phase1", "Björn", "flush"))
    phone = keeper(new_phone, SE, "en")
    phone.open(game.keep_score_path)
    phone.page.get_by_text("Undo last entry", exact=True).tap()
    with phone.page.expect_navigation():
        phone.page.get_by_role("button", name="Yes, undo it").tap()

    flash = phone.page.locator(".flash")
    expect(flash).to_have_text("Removed: Round 1 · Phase 1, Björn +5 · flush.")
    assert_first_screen_holds_the_next_step(phone)
    assert entries_of(game) == []


def test_an_undo_that_names_no_entry_is_refused_in_the_first_screen(new_phone, seed_game):
    game = seed_game(NAMES[4], hand_win(1, "phase1", "Björn", "flush"))
    phone = keeper(new_phone, SE, "en")
    phone.open(game.keep_score_path)
    phone.page.get_by_text("Undo last entry", exact=True).tap()
    phone.page.evaluate(
        "document.querySelector('form[action$=\"/undo\"] [name=version]').remove()"
    )
    with phone.page.expect_navigation():
        phone.page.get_by_role("button", name="Yes, undo it").tap()

    message = phone.page.locator(".form-error, .field-error, .flash")
    expect(message).to_have_text(
        "This undo did not say which entry the page showed, so nothing was undone. "
        "Reload the scoreboard and tap Undo again."
    )
    assert_first_screen_holds_the_next_step(phone)
    assert len(entries_of(game)) == 1


@pytest.mark.parametrize("viewport", [SE, SMALL], ids=["375x667", "320x568"])
def test_a_name_that_passes_for_another_is_refused_in_the_first_screen(viewport, new_phone):
    phone = keeper(new_phone, viewport, "en")
    phone.open("/")
    phone.page.get_by_label("Player 1", exact=True).fill("Ann")
    phone.page.get_by_label("Player 2", exact=True).fill("\u0410nn")  # a Cyrillic A
    with phone.page.expect_navigation():
        phone.page.get_by_role("button", name="Start game").tap()

    # The long form's summary, at its top, names the refusal and links to the box.
    summary = phone.page.locator(".refusal-summary")
    expect(summary).to_contain_text("'Ann' and '\u0410nn' look alike")
    expect(summary.get_by_role("link")).to_have_attribute("href", "#players-1")
    assert phone.page.evaluate("window.scrollY") == 0
    assert outside(phone, ".refusal-summary") == []
    assert phone.page.get_by_label("Player 2", exact=True).input_value() == "\u0410nn"


def test_switching_language_after_a_refusal_shows_the_game_in_that_language(new_phone, seed_game):
    game = seed_game(NAMES[3])
    phone = keeper(new_phone, SE, "en")
    phone.open(game.keep_score_path)
    tap_refused(phone, phone.hand_button("Flush"))

    phone.page.locator(".language-menu summary").tap()
    with phone.page.expect_navigation():
        phone.page.get_by_role("link", name="Svenska").tap()

    assert phone.page.url.endswith(game.path)
    expect(phone.page.locator("html")).to_have_attribute("lang", "sv")
    expect(phone.step_heading).to_be_visible()
    assert entries_of(game) == []


IN_SIGHT = """(selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
}"""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("viewport", [SE, SMALL], ids=["375x667", "320x568"])
@pytest.mark.parametrize(
    ("summary", "last_control"),
    [
        (".delete-game > summary", ".delete-game button[type=submit]"),
        (".undo > summary", ".undo button[type=submit]"),
        (".revoke > summary", ".revoke button[type=submit]"),
    ],
    ids=["delete", "undo", "revoke"],
)
def test_a_folded_section_opened_by_a_tap_shows_its_last_button(
    summary, last_control, viewport, language, new_phone, seed_game
):
    names = NAMES[4]
    game = seed_game(names, hand_win(1, "phase1", names[0], "flush"))
    phone = keeper(new_phone, viewport, language)
    phone.open(game.keep_score_path)
    if summary.startswith(".revoke"):
        phone.page.locator(".share > summary").tap()

    phone.page.locator(summary).tap()

    expect(phone.page.locator(last_control)).to_be_visible()
    try:  # the page scrolls once the tap has opened the section
        phone.page.wait_for_function(IN_SIGHT, arg=last_control, timeout=2000)
    except PlaywrightTimeoutError:
        pass  # said below
    assert outside(phone, last_control) == []
    assert outside(phone, summary) == []  # and the line tapped stays in sight
