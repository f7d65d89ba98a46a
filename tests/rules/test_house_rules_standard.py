"""The standard preset plays the foundation's rules unchanged."""

import pytest

from chicago_scorer.rules import (
    STANDARD_RULES,
    Hand,
    Status,
    Step,
    chicago_refusal,
    rules_from_settings,
)
from chicago_scorer.rules.ruleset import STANDARD_HAND_POINTS
from support.games import chicago, last_trick, new_game, no_hand, play, quiet_round, tie, win

# The standard preset plays the foundation's rules unchanged


@pytest.fixture(
    params=["STANDARD_RULES", {"preset": "standard"}, {}, None],
    ids=["STANDARD_RULES", "preset standard", "no settings", "null rules"],
)
def standard(request):
    """The standard rules, however a table asked for them."""
    if request.param == "STANDARD_RULES":
        return STANDARD_RULES
    return rules_from_settings(request.param)


@pytest.mark.parametrize("hand", list(Hand))
def test_the_standard_rules_score_the_standard_hand_table(standard, hand):
    state = play(new_game("Ann", "Bo", rules=standard), win("Ann", str(hand)))

    assert state.history[-1].points == {"Ann": STANDARD_HAND_POINTS[hand]}


def test_the_standard_rules_let_the_highest_score_past_52_win_when_the_round_ends(standard):
    state = play(new_game("Ann", "Bo", "Cy", rules=standard), win("Ann", "royal_flush"))
    assert state.winner is None

    state = play(state, win("Bo", "royal_flush"), last_trick("Bo"), no_hand())

    assert state.scores == (52, 57, 0)
    assert state.winner == "Bo"


def test_the_standard_rules_give_5_for_the_last_trick_and_15_either_way_for_chicago_from_15(
    standard,
):
    state = play(
        new_game("Ann", "Bo", rules=standard),
        win("Bo", "straight_flush"),
        win("Bo", "four_of_a_kind"),
    )
    assert str(chicago_refusal(state, "Ann")) == "Ann needs 15 points to call Chicago and has 0."

    state = play(
        state,
        chicago("Bo", won=True),
        no_hand(),
        no_hand(),
        no_hand(),
        chicago("Bo", won=False),
        no_hand(),
        *quiet_round("Ann"),
    )

    assert [scored.points for scored in state.history if scored.event.step is Step.TRICKS] == [
        {"Bo": 15},
        {"Bo": -15},
        {"Ann": 5},
    ]
    assert state.scores == (5, 15)


def test_the_standard_rules_send_a_shared_top_score_to_a_tiebreak(standard):
    state = play(
        new_game("Ann", "Bo", "Cy", rules=standard),
        win("Ann", "royal_flush"),
        win("Bo", "royal_flush"),
        last_trick("Cy"),
        no_hand(),
    )
    assert state.status is Status.TIEBREAK
    assert state.tiebreak_players == ("Ann", "Bo")

    state = play(state, win("Ann", "royal_flush"))
    assert state.winner is None

    state = play(state, no_hand(), last_trick("Bo"), no_hand())

    assert state.scores == (104, 57, 5)
    assert state.winner == "Ann"


def test_a_game_under_the_standard_preset_equals_the_same_game_under_standard_rules(standard):
    log = (
        win("Bo", "straight_flush"),
        win("Bo", "four_of_a_kind"),
        chicago("Bo", won=False),
        tie(),
        win("Ann", "royal_flush"),
        no_hand(),
        last_trick("Ann"),
        win("Bo", "flush"),
    )

    assert play(new_game("Ann", "Bo", rules=standard), *log) == play(new_game("Ann", "Bo"), *log)
