"""Entries in their JSON form: what is recorded, and what is refused with which message."""

import pytest

from chicago_scorer.rules import (
    ChicagoCall,
    Hand,
    HandResult,
    LastTrick,
    Outcome,
    OutOfTurn,
    RuleViolation,
    Step,
    event_to_dict,
    read_event,
    record,
)
from support.games import new_game, play, win

THE_FOUR_FORMS = [
    (
        {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "two_pair"},
        HandResult(1, Step.PHASE1, Outcome.WIN, "Ann", Hand.TWO_PAIR),
    ),
    ({"round": 1, "step": "phase2", "outcome": "tie"}, HandResult(1, Step.PHASE2, Outcome.TIE)),
    ({"round": 1, "step": "phase3", "outcome": "none"}, HandResult(1, Step.PHASE3, Outcome.NONE)),
    ({"round": 1, "step": "tricks", "last_trick": "Cy"}, LastTrick(1, "Cy")),
    (
        {"round": 1, "step": "tricks", "chicago": "Bo", "chicago_won": False},
        ChicagoCall(1, "Bo", False),
    ),
]


@pytest.fixture
def at_phase1():
    """Ann, Bo and Cy at round 1, phase 1."""
    return new_game("Ann", "Bo", "Cy")


@pytest.fixture
def at_tricks():
    """Ann, Bo and Cy at round 1's tricks step, Bo on 15 points."""
    return play(
        new_game("Ann", "Bo", "Cy"),
        win("Bo", "straight_flush"),
        win("Bo", "four_of_a_kind"),
    )


@pytest.mark.parametrize(("data", "event"), THE_FOUR_FORMS)
def test_each_json_form_reads_as_its_event_and_writes_back_the_same(data, event):
    assert read_event(data) == event
    assert event_to_dict(event) == data


def test_the_example_entries_record_a_whole_round(at_phase1):
    state = at_phase1
    for data in (
        {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "two_pair"},
        {"round": 1, "step": "phase2", "outcome": "tie"},
        {"round": 1, "step": "tricks", "last_trick": "Cy"},
        {"round": 1, "step": "phase3", "outcome": "none"},
    ):
        state = record(state, data)

    assert state.scores == (2, 0, 5)
    assert [event_to_dict(scored.event)["step"] for scored in state.history] == [
        "phase1",
        "phase2",
        "tricks",
        "phase3",
    ]


def test_the_chicago_example_records_a_lost_call(at_tricks):
    state = record(
        at_tricks, {"round": 1, "step": "tricks", "chicago": "Bo", "chicago_won": False}
    )

    assert state.score_of("Bo") == 0
    assert state.history[-1].event == ChicagoCall(1, "Bo", False)


def test_names_match_ignoring_case_and_spaces_and_are_logged_as_seated(at_phase1):
    state = record(
        at_phase1,
        {"round": 1, "step": "phase1", "outcome": "win", "winner": " aNN ", "hand": "flush"},
    )

    assert state.history[-1].event.winner == "Ann"
    assert state.history[-1].points == {"Ann": 5}


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            {"round": 1, "step": "phase1", "outcome": "win", "winner": "Zed", "hand": "flush"},
            "winner",
            "There is no player called 'Zed' in this game; the players are Ann, Bo and Cy.",
        ),
        (
            {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "five_aces"},
            "hand",
            "Unknown hand 'five_aces': use one of one_pair, two_pair,",
        ),
        (
            {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann"},
            "hand",
            "Say which hand 'Ann' won with: 'hand' is missing.",
        ),
        (
            {"round": 1, "step": "phase1", "outcome": "win", "hand": "flush"},
            "winner",
            "'winner' must be a player's name.",
        ),
        (
            {"round": 1, "step": "phase1"},
            "outcome",
            "'outcome' must be one of win, tie, none",
        ),
        (
            {"round": 1, "step": "phase1", "outcome": "draw"},
            "outcome",
            "'outcome' must be one of win, tie, none",
        ),
        (
            {"round": 1, "step": "phase1", "outcome": "tie", "winner": "Ann"},
            "winner",
            "A 'tie' outcome scores nobody: leave out winner.",
        ),
        (
            {"step": "phase1", "outcome": "tie"},
            "round",
            "Say which round this is for: 'round' is missing.",
        ),
        (
            {"round": 1, "outcome": "tie"},
            "step",
            "Say which step this is for: 'step' is missing.",
        ),
        (
            {"round": 1, "step": "phase4", "outcome": "tie"},
            "step",
            "'step' must be one of phase1, phase2, tricks, phase3.",
        ),
        (
            {"round": 1, "step": "phase1", "outcome": "tie", "last_trick": "Ann"},
            None,
            "The phase1 step does not take 'last_trick'",
        ),
    ],
    ids=[
        "unknown player",
        "unknown hand",
        "missing hand",
        "missing winner",
        "missing outcome",
        "unknown outcome",
        "a tie with a winner",
        "missing round",
        "missing step",
        "unknown step",
        "a tricks field at a hand step",
    ],
)
def test_a_bad_hand_step_entry_is_refused_with_a_message(at_phase1, data, field, message):
    with pytest.raises(RuleViolation) as refused:
        record(at_phase1, data)

    assert refused.value.message.startswith(message)
    assert refused.value.field == field


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            {"round": 1, "step": "tricks", "last_trick": "Zed"},
            "last_trick",
            "There is no player called 'Zed' in this game",
        ),
        (
            {"round": 1, "step": "tricks", "last_trick": "Cy", "chicago": "Bo"},
            "chicago",
            "Record either the last trick or a Chicago call, not both",
        ),
        (
            {"round": 1, "step": "tricks", "chicago": "Bo", "chicago_won": "false"},
            "chicago_won",
            "'chicago_won' must be true or false",
        ),
        (
            {"round": 1, "step": "tricks", "chicago": "Bo", "chicago_won": 0},
            "chicago_won",
            "'chicago_won' must be true or false",
        ),
        (
            {"round": 1, "step": "tricks", "chicago": "Bo"},
            "chicago_won",
            "'chicago_won' must be true or false",
        ),
        (
            {"round": 1, "step": "tricks", "last_trick": "Cy", "chicago_won": True},
            "chicago_won",
            "'chicago_won' goes with a Chicago call only.",
        ),
        (
            {"round": 1, "step": "tricks"},
            "last_trick",
            "Say who took the last trick ('last_trick'), or who called Chicago ('chicago').",
        ),
        (
            {"round": 1, "step": "tricks", "last_trick": "  "},
            "last_trick",
            "'last_trick' must be a player's name.",
        ),
        (
            {"round": 1, "step": "tricks", "outcome": "none"},
            None,
            "The tricks step does not take 'outcome'",
        ),
    ],
    ids=[
        "unknown player",
        "both last trick and chicago",
        "chicago_won as text",
        "chicago_won as a number",
        "chicago_won missing",
        "chicago_won without a call",
        "neither last trick nor chicago",
        "a blank name",
        "a hand outcome at the tricks step",
    ],
)
def test_a_bad_tricks_entry_is_refused_with_a_message(at_tricks, data, field, message):
    with pytest.raises(RuleViolation) as refused:
        record(at_tricks, data)

    assert refused.value.message.startswith(message)
    assert refused.value.field == field


@pytest.mark.parametrize("round_number", [0, -1, "1", 1.0, True, None])
def test_round_must_be_a_whole_number_from_1(at_phase1, round_number):
    data = {"round": round_number, "step": "phase1", "outcome": "tie"}

    with pytest.raises(RuleViolation) as refused:
        record(at_phase1, data)
    assert refused.value.field == "round"


@pytest.mark.parametrize(
    "data",
    [
        {"round": 1, "step": "phase2", "outcome": "tie"},
        {"round": 1, "step": "tricks", "last_trick": "Ann"},
        {"round": 2, "step": "phase1", "outcome": "tie"},
        {"round": 1, "step": "phase2", "outcome": "win", "winner": "Zed", "hand": "five_aces"},
        {"round": 1, "step": "tricks", "chicago": "Bo", "chicago_won": "maybe"},
    ],
    ids=[
        "a later step",
        "the tricks step",
        "the next round",
        "a later step with a bad body",
        "the tricks step with a bad body",
    ],
)
def test_an_entry_for_any_step_but_the_next_is_out_of_turn(at_phase1, data):
    with pytest.raises(OutOfTurn, match="is not the next step: Round 1 · Phase 1 is"):
        record(at_phase1, data)


def test_an_entry_out_of_turn_names_the_rule_it_breaks_apart_from_the_advice_to_refresh(
    at_phase1,
):
    with pytest.raises(OutOfTurn) as refused:
        record(at_phase1, {"round": 1, "step": "tricks", "last_trick": "Ann"})

    rule = "Round 1 · Tricks is not the next step: Round 1 · Phase 1 is."
    assert str(refused.value.rule) == rule
    assert refused.value.message == f"{rule} It may already be recorded; refresh to see the game."


def test_a_step_already_recorded_is_out_of_turn(at_tricks):
    with pytest.raises(OutOfTurn, match="Round 1 · Phase 2 is not the next step"):
        record(at_tricks, {"round": 1, "step": "phase2", "outcome": "tie"})
