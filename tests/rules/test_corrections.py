"""Correcting an earlier entry: the log replayed with it replaced, every later entry checked."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from chicago_scorer.rules import (
    PRESETS,
    STANDARD_RULES,
    RuleError,
    RuleViolation,
    event_to_dict,
    read_event,
    replay,
)
from chicago_scorer.rules.corrections import (
    CorrectionBreaksTheLog,
    NoSuchEntry,
    NothingToCorrect,
    NotThatEntry,
    correct_entry,
    entry_in_place,
    fixed_setup,
    named_player,
    renamed,
    replay_fixed,
    setup_before_fix,
)
from support.games import (
    at_next_step,
    chicago,
    last_trick,
    legal_entries,
    new_game,
    no_hand,
    one_table,
    play,
    played_games,
    player_names,
    quiet_round,
    tie,
    win,
)


def log_of(state):
    return [scored.event for scored in state.history]


def entry(state, number: int, body: dict[str, object]) -> dict[str, object]:
    """``body`` at the round and step of entry ``number`` of ``state``'s log."""
    event = state.history[number - 1].event
    return {"round": event.round, "step": str(event.step)} | body


def test_a_correction_changes_who_scored_and_every_later_score_follows():
    state = play(new_game("Ann", "Bo", "Cy"), win("Ann", "two_pair"), no_hand(), last_trick("Cy"))

    corrected = correct_entry(
        state.setup, log_of(state), 1, entry(state, 1, win("Bo", "two_pair"))
    )

    assert corrected.scores == (0, 2, 5)
    assert corrected.history[0].points == {"Bo": 2}
    assert corrected == replay(state.setup, [corrected.history[0].event, *log_of(state)[1:]])


def test_a_correction_that_leaves_a_chicago_caller_below_15_is_refused_and_names_the_call():
    state = play(
        new_game("Ann", "Bo", "Cy"),
        win("Bo", "straight_flush"),
        win("Bo", "four_of_a_kind"),
        chicago("Bo", won=True),
    )

    with pytest.raises(CorrectionBreaksTheLog) as refused:
        correct_entry(state.setup, log_of(state), 2, entry(state, 2, win("Bo", "one_pair")))

    assert str(refused.value) == (
        "Entry 3 (Round 1 · Tricks) would no longer be legal: "
        "Bo needs 15 points to call Chicago and has 9. Correct or undo that entry first."
    )


def quiet_rounds(taker: str, count: int) -> list[dict[str, object]]:
    return [body for _ in range(count) for body in quiet_round(taker)]


def level_at_50() -> object:
    """Ann and Bo on 50 each after twenty rounds, Cy on nothing."""
    game = new_game("Ann", "Bo", "Cy")
    return play(game, *quiet_rounds("Ann", 10), *quiet_rounds("Bo", 10))


def test_a_correction_that_ends_the_game_earlier_says_how_many_entries_would_have_no_place():
    state = play(new_game("Ann", "Bo"), *quiet_rounds("Ann", 10))
    state = play(state, win("Ann", "one_pair"), no_hand(), last_trick("Bo"), no_hand())
    state = play(state, no_hand(), no_hand())
    assert state.scores == (51, 5) and state.winner is None
    pair = 41

    with pytest.raises(CorrectionBreaksTheLog) as refused:
        correct_entry(state.setup, log_of(state), pair, entry(state, pair, win("Ann", "two_pair")))

    assert str(refused.value) == (
        "The game would end after round 11; 2 later entries would have no place: undo them first."
    )


def test_a_correction_in_the_last_round_played_can_end_a_game_that_was_still_going():
    state = play(level_at_50(), no_hand(), no_hand(), last_trick("Cy"), no_hand())
    assert state.winner is None and state.next_step is not None
    trick = 83

    corrected = correct_entry(
        state.setup, log_of(state), trick, entry(state, trick, last_trick("Ann"))
    )

    assert corrected.winner == "Ann"
    assert corrected.next_step is None
    assert corrected.scores == (55, 50, 0)


def test_a_correction_of_the_last_trick_can_change_the_winner():
    state = play(level_at_50(), no_hand(), no_hand(), last_trick("Ann"), no_hand())
    assert state.winner == "Ann"
    trick = 83

    corrected = correct_entry(
        state.setup, log_of(state), trick, entry(state, trick, last_trick("Bo"))
    )

    assert corrected.winner == "Bo"
    assert corrected.scores == (50, 55, 0)


def test_a_correction_that_levels_the_top_scores_creates_a_tiebreak():
    state = play(level_at_50(), win("Bo", "two_pair"), no_hand(), last_trick("Ann"), no_hand())
    assert (state.winner, state.scores) == ("Ann", (55, 52, 0))
    pair = 81

    corrected = correct_entry(
        state.setup, log_of(state), pair, entry(state, pair, win("Bo", "flush"))
    )

    assert corrected.winner is None
    assert corrected.is_tiebreak
    assert corrected.scores == (55, 55, 0)


def test_a_correction_that_removes_a_tiebreak_leaves_its_entries_no_place():
    state = play(level_at_50(), win("Bo", "flush"), no_hand(), last_trick("Ann"), no_hand())
    state = play(state, win("Ann", "one_pair"))
    assert state.is_tiebreak
    flush = 81

    with pytest.raises(CorrectionBreaksTheLog) as refused:
        correct_entry(
            state.setup, log_of(state), flush, entry(state, flush, win("Bo", "two_pair"))
        )

    assert str(refused.value) == (
        "The game would end after round 21; 1 later entry would have no place: undo it first."
    )


def test_a_correction_that_says_what_the_entry_already_says_is_refused():
    state = play(new_game("Ann", "Bo"), win("Ann", "flush"))

    with pytest.raises(NothingToCorrect, match="Entry 1 already says that"):
        correct_entry(state.setup, log_of(state), 1, entry(state, 1, win("Ann", "flush")))


def test_the_same_cards_in_another_order_are_no_correction():
    spades = win("Ann", "flush") | {"cards": "As Ks 9s 5s 2s"}
    state = play(new_game("Ann", "Bo"), spades)
    reordered = spades | {"cards": "2s 5s 9s Ks As"}

    with pytest.raises(NothingToCorrect, match="Entry 1 already says that"):
        correct_entry(state.setup, log_of(state), 1, entry(state, 1, reordered))


def test_a_correction_keeps_the_round_and_step_of_the_entry_it_replaces():
    state = play(new_game("Ann", "Bo"), win("Ann", "flush"), no_hand())

    with pytest.raises(NotThatEntry, match="Entry 2 is Round 1 · Phase 2"):
        correct_entry(state.setup, log_of(state), 2, entry(state, 1, win("Bo", "flush")))


@pytest.mark.parametrize("number", [0, 3, -1])
def test_there_is_no_entry_outside_the_log(number):
    state = play(new_game("Ann", "Bo"), win("Ann", "flush"), no_hand())

    with pytest.raises(NoSuchEntry):
        correct_entry(state.setup, log_of(state), number, at_next_step(state, no_hand()))


@pytest.mark.parametrize("number", [0, 3, -1])
def test_an_entry_outside_the_log_has_no_place(number):
    state = play(new_game("Ann", "Bo"), win("Ann", "flush"), no_hand())

    with pytest.raises(NoSuchEntry):
        entry_in_place(state.setup, log_of(state), number)


RULE_SETS = st.sampled_from([STANDARD_RULES, *(preset.rules for preset in PRESETS.values())])


@settings(max_examples=150)
@given(played_games(RULE_SETS, max_events=80), st.data())
def test_an_accepted_correction_is_the_replay_of_the_corrected_log(game, data):
    """An oracle that does not use corrections: replay the corrected log whole."""
    assume(game.final.history)
    number = data.draw(st.integers(min_value=1, max_value=len(game.final.history)))
    replacement = data.draw(legal_entries(game.states[number - 1]))
    replaced = game.events[number - 1]
    corrected_log = list(game.events)
    corrected_log[number - 1] = play(game.states[number - 1], replacement).history[-1].event
    try:
        expected = replay(game.setup, corrected_log)
    except RuleError:
        expected = None

    if corrected_log[number - 1] == replaced:
        with pytest.raises(NothingToCorrect):
            correct_entry(game.setup, game.events, number, replacement)
    elif expected is None:
        with pytest.raises(CorrectionBreaksTheLog):
            correct_entry(game.setup, game.events, number, replacement)
    else:
        assert correct_entry(game.setup, game.events, number, replacement) == expected
        assert event_to_dict(expected.history[number - 1].event) == event_to_dict(
            corrected_log[number - 1]
        )


@settings(max_examples=100)
@given(played_games(RULE_SETS, max_events=80), st.data())
def test_an_entry_in_place_is_scored_as_the_log_scored_it_after_the_game_before_it(game, data):
    assume(game.final.history)
    number = data.draw(st.integers(min_value=1, max_value=len(game.final.history)))

    place = entry_in_place(game.setup, game.events, number)

    assert place.before == game.states[number - 1]
    assert place.scored == game.final.history[number - 1]


# --- fixing the names and the first dealer ---


def test_a_rename_that_collides_with_another_name_ignoring_case_is_refused():
    state = play(new_game("Ann", "Bo", "Cy"), win("Bo", "flush"))

    with pytest.raises(RuleViolation, match="'Bo' and 'bo' are the same name"):
        fixed_setup(state.setup, ["Ann", "Bo", "bo"])


def test_a_player_may_fix_the_case_of_their_own_name():
    state = play(new_game("ann", "Bo", "Cy"), win("ann", "flush"))

    fixed = fixed_setup(state.setup, ["Ann", "Bo", "Cy"])
    replayed = replay_fixed(fixed, [renamed(event, {"ann": "Ann"}) for event in log_of(state)])

    assert replayed.players == ("Ann", "Bo", "Cy")
    assert replayed.scores == state.scores
    assert replayed.history[0].event.winner == "Ann"


def test_a_rename_gives_a_name_for_every_seat():
    state = new_game("Ann", "Bo", "Cy")

    with pytest.raises(RuleViolation, match="This game has 3 players; give a name for each seat"):
        fixed_setup(state.setup, ["Ann", "Bo"])


@pytest.mark.parametrize("blank", ["", "   ", "\t"])
def test_a_rename_that_blanks_a_seat_asks_for_its_name_for_a_game_keeps_its_players(blank):
    state = new_game("Ann", "Bo", "Cy")

    with pytest.raises(RuleViolation) as refused:
        fixed_setup(state.setup, ["Ann", "Bo", blank])

    assert str(refused.value) == "Player 3's name is blank: type a name for every seat."
    assert refused.value.field == "players.2"


def test_without_a_new_dealer_the_same_seat_deals_first_whatever_its_name():
    state = new_game("Ann", "Bo", "Cy", dealer="Bo")

    fixed = fixed_setup(state.setup, ["Cy", "Ann", "Bo"])

    assert fixed.first_dealer == 1
    assert fixed_setup(state.setup, dealer="cy").first_dealer == 2


@settings(max_examples=150)
@given(played_games(st.just(STANDARD_RULES), max_events=80), st.data())
def test_renames_and_a_new_first_dealer_change_no_score_under_standard_rules(game, data):
    seats = len(game.setup.players)
    names = data.draw(st.lists(player_names, min_size=seats, max_size=seats).filter(one_table))
    fixed = fixed_setup(game.setup, names, data.draw(st.sampled_from(names)))
    by_new_name = dict(zip(game.setup.players, fixed.players, strict=True))

    state = replay_fixed(fixed, [renamed(event, by_new_name) for event in game.events])

    assert state.scores == game.final.scores
    assert state.status == game.final.status
    assert [scored.points for scored in state.history] == [
        {by_new_name[name]: points for name, points in scored.points.items()}
        for scored in game.final.history
    ]
    assert state.winner == (game.final.winner and by_new_name[game.final.winner])
    assert state.tiebreak_players == tuple(
        by_new_name[name] for name in game.final.tiebreak_players
    )


# --- undoing a fix, as the import checks a game's trail ---


def test_undoing_a_fix_gives_the_names_and_first_dealer_from_before_it():
    after = new_game("Ann", "Björn", "Cy", dealer="Cy").setup

    before = setup_before_fix(after, [("name", "Bo", "Björn"), ("first_dealer", "Ann", "Cy")])

    assert before.players == ("Ann", "Bo", "Cy")
    assert before.first_dealer == 0


def test_undoing_a_fix_in_which_two_players_traded_names():
    after = new_game("Bo", "Ann", dealer="Ann").setup

    before = setup_before_fix(after, [("name", "Ann", "Bo"), ("name", "Bo", "Ann")])

    assert before.players == ("Ann", "Bo")
    assert before.first_dealer == 1


FIXES_THAT_DO_NOT_FIT = {
    "a rename to a name nobody has": (
        [("name", "Bo", "Bert")],
        "It renames 'Bo' to 'Bert', but no player is called 'Bert' after it.",
    ),
    "one seat renamed twice": (
        [("name", "Bo", "Björn"), ("name", "Bert", "Björn")],
        "It renames 'Björn' twice.",
    ),
    "a first dealer who does not deal first": (
        [("first_dealer", "Ann", "Björn")],
        "It makes 'Björn' the first dealer, but 'Cy' deals first after it.",
    ),
    "a first deal moved from nobody": (
        [("first_dealer", "Dee", "Cy")],
        "It moves the first deal from 'Dee', but no player is called 'Dee' after it.",
    ),
    "the first dealer changed twice": (
        [("first_dealer", "Ann", "Cy"), ("first_dealer", "Björn", "Cy")],
        "It changes the first dealer twice.",
    ),
    "names before it that are the same ignoring case": (
        [("name", "cy", "Björn")],
        "'cy' and 'Cy' are the same name; give each player a different one.",
    ),
}


@pytest.mark.parametrize(
    ("changes", "message"), FIXES_THAT_DO_NOT_FIT.values(), ids=FIXES_THAT_DO_NOT_FIT.keys()
)
def test_a_fix_that_does_not_fit_the_setup_after_it_cannot_be_undone(changes, message):
    after = new_game("Ann", "Björn", "Cy", dealer="Cy").setup

    with pytest.raises(RuleViolation) as refused:
        setup_before_fix(after, changes)

    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("entry", "named"),
    [
        ({"round": 1, "step": "phase1"} | win("Bo", "flush"), "Bo"),
        ({"round": 1, "step": "tricks"} | last_trick("Cy"), "Cy"),
        ({"round": 2, "step": "tricks"} | chicago("Ann", won=False), "Ann"),
        ({"round": 1, "step": "phase2"} | tie(), None),
    ],
)
def test_an_entry_names_its_winner_its_taker_or_its_caller(entry, named):
    assert named_player(read_event(entry)) == named
