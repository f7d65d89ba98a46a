"""A round's four steps, and what the hand steps score."""

import pytest

from chicago_scorer.rules import (
    STANDARD_RULES,
    STEP_ORDER,
    Hand,
    OutOfTurn,
    Status,
    Step,
    record,
)
from support.games import last_trick, new_game, no_hand, play, quiet_round, tie, win

HAND_POINTS = [
    ("one_pair", 1),
    ("two_pair", 2),
    ("three_of_a_kind", 3),
    ("straight", 4),
    ("flush", 5),
    ("full_house", 6),
    ("four_of_a_kind", 7),
    ("straight_flush", 8),
    ("royal_flush", 52),
]


def test_the_hand_table_lists_every_scoring_hand():
    assert {hand for hand, _ in HAND_POINTS} == set(Hand)


@pytest.mark.parametrize(("hand", "points"), HAND_POINTS)
def test_the_standard_rules_score_each_hand_by_the_table(hand, points):
    assert STANDARD_RULES.points_for(Hand(hand)) == points


@pytest.mark.parametrize(("hand", "points"), HAND_POINTS)
def test_winning_a_hand_step_scores_the_hands_points_for_the_winner_only(hand, points):
    state = play(new_game("Ann", "Bo", "Cy"), win("Bo", hand))

    assert state.scores == (0, points, 0)
    assert state.history[-1].points == {"Bo": points}


def _steps_before(step):
    """Quiet entries that bring a fresh round up to ``step``."""
    return quiet_round("Ann")[: STEP_ORDER.index(Step(step))]


@pytest.mark.parametrize("step", ["phase1", "phase2", "phase3"])
def test_each_hand_step_can_be_won(step):
    state = play(new_game("Ann", "Bo"), *_steps_before(step))
    assert state.next_step == step
    before = state.score_of("Bo")

    state = play(state, win("Bo", "flush"))

    assert state.score_of("Bo") == before + 5


@pytest.mark.parametrize("outcome", ["tie", "none"])
@pytest.mark.parametrize("step", ["phase1", "phase2", "phase3"])
def test_a_tie_or_no_hand_scores_nobody(step, outcome):
    state = play(new_game("Ann", "Bo"), *quiet_round("Bo"), *_steps_before(step))
    assert state.next_step == step
    before = state.scores

    state = play(state, {"outcome": outcome})

    assert state.scores == before
    assert state.history[-1].points == {}


def test_a_round_is_phase1_phase2_tricks_phase3_in_that_order():
    state = new_game("Ann", "Bo")
    seen = []
    for body in quiet_round("Ann") + (no_hand(),):
        seen.append((state.round, state.next_step))
        state = play(state, body)

    assert seen == [
        (1, Step.PHASE1),
        (1, Step.PHASE2),
        (1, Step.TRICKS),
        (1, Step.PHASE3),
        (2, Step.PHASE1),
    ]


def test_a_step_cannot_be_skipped():
    with pytest.raises(OutOfTurn, match="Round 1 · Phase 1 is"):
        record(new_game("Ann", "Bo"), {"round": 1, "step": "phase2", "outcome": "tie"})


def test_hand_steps_add_up_across_rounds():
    state = play(
        new_game("Ann", "Bo"),
        win("Ann", "flush"),
        win("Bo", "straight"),
        last_trick("Ann"),
        win("Ann", "one_pair"),
        win("Ann", "full_house"),
        tie(),
        last_trick("Bo"),
        no_hand(),
    )

    assert state.scores == (5 + 5 + 1 + 6, 4 + 5)
    assert state.round == 3
    assert state.status is Status.IN_PROGRESS
