"""The tricks step: the last trick, or a Chicago call, and the floor under every score."""

import pytest

from chicago_scorer.rules import (
    HandResult,
    Outcome,
    RuleSet,
    RuleViolation,
    Step,
    apply_event,
    chicago_refusal,
    chicago_shut_out,
)
from support.games import chicago, last_trick, new_game, no_hand, play, win

FORGIVING_CHICAGO = RuleSet(chicago_min_score=0, chicago_penalty=15)


def test_the_last_trick_scores_5_for_its_taker():
    state = play(new_game("Ann", "Bo", "Cy"), no_hand(), no_hand())

    state = play(state, last_trick("Cy"))

    assert state.scores == (0, 0, 5)
    assert state.history[-1].points == {"Cy": 5}


def test_won_chicago_scores_15_and_nobody_gets_the_last_trick():
    state = play(
        new_game("Ann", "Bo", "Cy"),
        win("Bo", "straight_flush"),
        win("Bo", "four_of_a_kind"),
    )
    assert state.scores == (0, 15, 0)

    state = play(state, chicago("Bo", won=True))

    assert state.scores == (0, 30, 0)
    assert state.history[-1].points == {"Bo": 15}


def test_lost_chicago_costs_15_and_gives_nobody_the_last_trick():
    state = play(
        new_game("Ann", "Bo", "Cy"),
        win("Bo", "straight_flush"),
        win("Bo", "four_of_a_kind"),
        last_trick("Ann"),
        win("Bo", "flush"),
        no_hand(),
        no_hand(),
    )
    assert state.scores == (5, 20, 0)

    state = play(state, chicago("Bo", won=False))

    assert state.scores == (5, 5, 0)
    assert state.history[-1].points == {"Bo": -15}


def test_chicago_is_refused_at_14_points():
    state = play(new_game("Ann", "Bo"), win("Ann", "straight_flush"), win("Ann", "full_house"))
    assert state.score_of("Ann") == 14

    assert str(chicago_refusal(state, "Ann")) == "Ann needs 15 points to call Chicago and has 14."
    with pytest.raises(RuleViolation, match="needs 15 points") as refused:
        play(state, chicago("Ann", won=True))
    assert refused.value.field == "chicago"


def test_who_may_not_call_chicago_yet_is_said_in_one_sentence():
    nobody = play(new_game("Ann", "Bo", "Cy"), win("Ann", "straight_flush"), no_hand())
    only_ann = play(
        new_game("Ann", "Bo"), win("Ann", "four_of_a_kind"), win("Ann", "straight_flush")
    )
    everyone = play(
        only_ann, last_trick("Bo"), win("Bo", "straight_flush"), win("Bo", "two_pair"), no_hand()
    )

    assert str(chicago_shut_out(nobody)) == "Ann, Bo and Cy need 15 points to call Chicago."
    assert str(chicago_shut_out(only_ann)) == "Bo needs 15 points to call Chicago."
    assert everyone.scores == (15, 15)
    assert chicago_shut_out(everyone) is None


def test_chicago_is_allowed_at_15_points():
    state = play(
        new_game("Ann", "Bo"),
        win("Ann", "straight_flush"),
        win("Ann", "four_of_a_kind"),
    )
    assert state.score_of("Ann") == 15

    assert chicago_refusal(state, "Ann") is None
    assert play(state, chicago("Ann", won=True)).score_of("Ann") == 30


def test_14_points_from_earlier_rounds_plus_this_rounds_phase1_are_enough_for_chicago():
    at_14 = play(
        new_game("Ann", "Bo"),
        win("Ann", "straight_flush"),
        win("Ann", "full_house"),
        last_trick("Bo"),
        no_hand(),
    )
    assert at_14.score_of("Ann") == 14
    assert chicago_refusal(play(at_14, no_hand(), no_hand()), "Ann") is not None

    at_15 = play(at_14, win("Ann", "one_pair"), no_hand())

    assert at_15.score_of("Ann") == 15
    assert chicago_refusal(at_15, "Ann") is None
    assert play(at_15, chicago("Ann", won=False)).score_of("Ann") == 0


def test_chicago_is_called_only_at_the_tricks_step():
    state = play(new_game("Ann", "Bo"), win("Ann", "royal_flush"))

    refusal = str(chicago_refusal(state, "Ann"))
    assert refusal == "Chicago is called before the tricks, at the tricks step."


def test_chicago_by_someone_not_at_the_table_is_refused():
    state = play(new_game("Ann", "Bo"), no_hand(), no_hand())

    with pytest.raises(RuleViolation, match="no player called 'Zed'") as refused:
        play(state, chicago("Zed", won=True))
    assert refused.value.field == "chicago"


def test_a_lost_chicago_from_4_points_lands_on_the_floor_at_0():
    state = play(
        new_game("Ann", "Bo", rules=FORGIVING_CHICAGO),
        win("Ann", "straight"),
        no_hand(),
    )
    assert state.score_of("Ann") == 4

    state = play(state, chicago("Ann", won=False))

    assert state.score_of("Ann") == 0
    assert state.history[-1].points == {"Ann": -4}


def test_the_floor_applies_at_each_change_so_later_points_count_from_0():
    state = play(
        new_game("Ann", "Bo", rules=FORGIVING_CHICAGO),
        win("Ann", "straight"),
        no_hand(),
        chicago("Ann", won=False),
        win("Ann", "flush"),
    )

    assert state.score_of("Ann") == 5
    assert [scored.points for scored in state.history] == [{"Ann": 4}, {}, {"Ann": -4}, {"Ann": 5}]


def test_a_lost_chicago_at_exactly_15_lands_on_0():
    state = play(
        new_game("Ann", "Bo"),
        win("Ann", "straight_flush"),
        win("Ann", "four_of_a_kind"),
        chicago("Ann", won=False),
    )

    assert state.score_of("Ann") == 0
    assert state.history[-1].points == {"Ann": -15}


def test_the_tricks_step_takes_only_a_last_trick_or_a_chicago_call():
    state = play(new_game("Ann", "Bo"), no_hand(), no_hand())

    with pytest.raises(RuleViolation, match="The tricks step records the last trick") as refused:
        apply_event(state, HandResult(1, Step.TRICKS, Outcome.NONE))
    assert refused.value.field == "step"
