"""House rules that change what a step scores: targets, hand points, last trick, Chicago."""

import pytest

from chicago_scorer.rules import (
    STANDARD_RULES,
    ChicagoCall,
    Hand,
    LastTrick,
    RuleViolation,
    Status,
    Step,
    chicago_refusal,
    event_to_dict,
    record,
    replay,
    start_game,
)
from chicago_scorer.rules.ruleset import STANDARD_HAND_POINTS
from support.games import chicago, deuce, last_trick, new_game, no_hand, play, quiet_round, win
from support.rule_sets import DEUCE_TRICK, EXACT_52, ROYAL_WINS, rules

# The target


def test_a_target_of_30_is_won_by_reaching_30_when_the_round_ends():
    state = play(
        new_game("Ann", "Bo", rules=rules(target=30)),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        last_trick("Ann"),
        win("Ann", "straight_flush"),
    )
    assert state.score_of("Ann") == 29
    assert state.winner is None
    assert (state.round, state.next_step) == (2, Step.PHASE1)

    state = play(state, win("Ann", "one_pair"), *quiet_round("Bo")[1:])

    assert state.scores == (30, 5)
    assert state.winner == "Ann"


def test_a_target_of_200_lets_play_go_on_past_52():
    state = play(
        new_game("Ann", "Bo", rules=rules(target=200)),
        win("Ann", "royal_flush"),
        win("Ann", "royal_flush"),
        last_trick("Ann"),
        no_hand(),
    )
    assert state.score_of("Ann") == 109
    assert state.status is Status.IN_PROGRESS
    assert state.points_to_target("Ann") == 91

    state = play(
        state,
        win("Ann", "royal_flush"),
        win("Ann", "royal_flush"),
        last_trick("Ann"),
        no_hand(),
    )

    assert state.score_of("Ann") == 218
    assert state.winner == "Ann"


# Exact target


def ann_to_50():
    """Two rounds that take Ann to 50 points and leave Bo on 0."""
    return (
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        last_trick("Ann"),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        last_trick("Ann"),
        no_hand(),
    )


@pytest.fixture
def ann_on_50():
    """Ann on 50 and Bo on 0 at round 3, phase 1, playing to exactly 52."""
    state = play(new_game("Ann", "Bo", rules=EXACT_52), *ann_to_50())
    assert state.scores == (50, 0)
    assert (state.round, state.next_step) == (3, Step.PHASE1)
    return state


def test_with_exact_target_points_that_would_pass_the_target_are_not_scored(ann_on_50):
    state = play(ann_on_50, win("Ann", "flush"))

    assert state.score_of("Ann") == 50
    assert state.history[-1].points == {"Ann": 0}


def test_with_exact_target_landing_exactly_on_the_target_wins(ann_on_50):
    state = play(ann_on_50, win("Ann", "two_pair"), win("Ann", "flush"))
    assert state.score_of("Ann") == 52
    assert state.history[-1].points == {"Ann": 0}

    state = play(state, last_trick("Ann"), no_hand())

    assert state.history[-2].points == {"Ann": 0}
    assert state.scores == (52, 0)
    assert state.winner == "Ann"


def test_with_exact_target_overshooting_never_wins(ann_on_50):
    state = play(
        ann_on_50,
        win("Ann", "flush"),
        win("Ann", "royal_flush"),
        last_trick("Ann"),
        win("Ann", "four_of_a_kind"),
    )

    assert state.scores == (50, 0)
    assert [scored.points for scored in state.history[-4:]] == [{"Ann": 0}] * 4
    assert state.winner is None
    assert state.status is Status.IN_PROGRESS
    assert (state.round, state.next_step) == (4, Step.PHASE1)


def test_the_same_overshooting_round_wins_under_the_standard_rules():
    state = play(
        new_game("Ann", "Bo"),
        *ann_to_50(),
        win("Ann", "flush"),
        *quiet_round("Bo")[1:],
    )

    assert state.score_of("Ann") == 55
    assert state.winner == "Ann"


def test_with_exact_target_a_lost_chicago_still_costs_its_penalty(ann_on_50):
    state = play(ann_on_50, no_hand(), no_hand(), chicago("Ann", won=False))

    assert state.score_of("Ann") == 35
    assert state.history[-1].points == {"Ann": -15}


def test_with_exact_target_points_count_normally_in_a_tiebreak_round():
    state = play(
        new_game("Ann", "Bo", rules=EXACT_52),
        win("Ann", "royal_flush"),
        win("Bo", "royal_flush"),
        last_trick("Ann"),
        no_hand(),
    )
    assert state.scores == (52, 52)
    assert state.status is Status.TIEBREAK

    state = play(state, win("Ann", "flush"), no_hand(), last_trick("Bo"))
    assert state.scores == (57, 57)
    assert [scored.points for scored in state.history[-3:]] == [{"Ann": 5}, {}, {"Bo": 5}]

    state = play(state, win("Bo", "one_pair"))

    assert state.scores == (57, 58)
    assert state.winner == "Bo"


# Hand points


@pytest.mark.parametrize(("index", "hand"), list(enumerate(Hand)))
def test_custom_hand_points_are_scored(index, hand):
    custom = {str(each): 20 + position for position, each in enumerate(Hand)}

    state = play(new_game("Ann", "Bo", rules=rules(hand_points=custom)), win("Bo", str(hand)))

    assert state.scores == (0, 20 + index)
    assert state.history[-1].points == {"Bo": 20 + index}


@pytest.mark.parametrize("hand", sorted(set(Hand) - {Hand.FLUSH}))
def test_hands_left_out_of_custom_hand_points_score_their_standard_values(hand):
    game = new_game("Ann", "Bo", rules=rules(hand_points={"flush": 9}))

    assert play(game, win("Ann", "flush")).score_of("Ann") == 9
    assert play(game, win("Ann", str(hand))).score_of("Ann") == STANDARD_HAND_POINTS[hand]


def test_a_hand_worth_0_is_recorded_and_scores_nothing():
    state = play(
        new_game("Ann", "Bo", rules=rules(hand_points={"one_pair": 0})),
        win("Ann", "one_pair"),
    )

    assert state.scores == (0, 0)
    assert state.history[-1].points == {"Ann": 0}
    assert state.next_step is Step.PHASE2


# The last trick and the deuce


@pytest.mark.parametrize("points", [0, 2, 10])
def test_the_last_trick_scores_the_points_set_for_it(points):
    state = play(
        new_game("Ann", "Bo", "Cy", rules=rules(last_trick_points=points)),
        no_hand(),
        no_hand(),
        last_trick("Cy"),
    )

    assert state.scores == (0, 0, points)
    assert state.history[-1].points == {"Cy": points}


def test_a_last_trick_taken_with_a_deuce_scores_the_deuce_value():
    state = play(
        new_game("Ann", "Bo", rules=DEUCE_TRICK),
        no_hand(),
        no_hand(),
        deuce(last_trick("Ann")),
    )

    assert state.scores == (4, 0)
    assert state.history[-1].event == LastTrick(1, "Ann", with_deuce=True)
    assert state.history[-1].points == {"Ann": 4}


@pytest.mark.parametrize("with_deuce", [False, None], ids=["with_deuce false", "left out"])
def test_a_last_trick_taken_without_a_deuce_scores_the_normal_value(with_deuce):
    body = last_trick("Ann") if with_deuce is None else deuce(last_trick("Ann"), False)

    state = play(new_game("Ann", "Bo", rules=DEUCE_TRICK), no_hand(), no_hand(), body)

    assert state.scores == (2, 0)
    assert state.history[-1].event == LastTrick(1, "Ann", with_deuce=False)


def test_a_deuce_bonus_may_be_worth_more_than_the_standard_last_trick():
    state = play(
        new_game("Ann", "Bo", rules=rules(deuce_last_trick_points=10)),
        no_hand(),
        no_hand(),
        deuce(last_trick("Bo")),
        no_hand(),
        no_hand(),
        no_hand(),
        last_trick("Bo"),
    )

    assert state.scores == (0, 15)


def test_with_deuce_is_refused_when_the_rules_give_no_deuce_bonus():
    at_tricks = play(new_game("Ann", "Bo"), no_hand(), no_hand())

    with pytest.raises(RuleViolation, match="no bonus for a last trick taken with a 2") as refused:
        play(at_tricks, deuce(last_trick("Ann")))

    assert refused.value.field == "with_deuce"
    assert at_tricks.next_step is Step.TRICKS
    assert play(at_tricks, deuce(last_trick("Ann"), False)).scores == (5, 0)


@pytest.mark.parametrize("with_deuce", ["yes", "true", 1, 0, None, [True]])
def test_with_deuce_that_is_not_true_or_false_is_refused(with_deuce):
    at_tricks = play(new_game("Ann", "Bo", rules=DEUCE_TRICK), no_hand(), no_hand())

    with pytest.raises(RuleViolation, match="'with_deuce' must be true or false") as refused:
        play(at_tricks, deuce(last_trick("Ann"), with_deuce))

    assert refused.value.field == "with_deuce"


def test_with_deuce_goes_with_the_last_trick_and_not_with_a_chicago_call():
    at_tricks = play(
        new_game("Ann", "Bo", rules=DEUCE_TRICK),
        win("Ann", "straight_flush"),
        win("Ann", "four_of_a_kind"),
    )

    with pytest.raises(RuleViolation, match="'with_deuce' goes with the last trick only"):
        play(at_tricks, chicago("Ann", won=True) | {"with_deuce": True})


@pytest.mark.parametrize("rules", [STANDARD_RULES, DEUCE_TRICK], ids=["standard", "deuce"])
def test_a_chicago_call_may_say_it_was_not_taken_with_a_2(rules):
    at_tricks = play(
        new_game("Ann", "Bo", rules=rules),
        win("Ann", "straight_flush"),
        win("Ann", "four_of_a_kind"),
    )

    state = play(at_tricks, chicago("Ann", won=True) | {"with_deuce": False})

    assert state.history[-1].event == ChicagoCall(1, "Ann", won=True)
    assert state.scores == (30, 0)


def test_a_deuce_last_trick_is_written_with_with_deuce_and_replays_the_same():
    state = play(
        new_game("Ann", "Bo", rules=DEUCE_TRICK),
        no_hand(),
        no_hand(),
        deuce(last_trick("Ann")),
        no_hand(),
        *quiet_round("Bo"),
    )
    logged = [event_to_dict(scored.event) for scored in state.history]

    assert logged[2] == {"round": 1, "step": "tricks", "last_trick": "Ann", "with_deuce": True}
    assert logged[6] == {"round": 2, "step": "tricks", "last_trick": "Bo"}
    replayed = start_game(state.setup)
    for data in logged:
        replayed = record(replayed, data)
    assert replayed == state
    assert replay(state.setup, [scored.event for scored in state.history]) == state


# Chicago: points, penalty, failure to zero, minimum score


@pytest.fixture
def bo_on_15():
    """Ann, Bo and Cy at round 1's tricks step, Bo on 15; the rules are given."""

    def at_tricks(house_rules):
        return play(
            new_game("Ann", "Bo", "Cy", rules=house_rules),
            win("Bo", "straight_flush"),
            win("Bo", "four_of_a_kind"),
        )

    return at_tricks


def test_a_won_chicago_scores_the_chicago_points_set(bo_on_15):
    state = play(bo_on_15(rules(chicago_points=25)), chicago("Bo", won=True))

    assert state.scores == (0, 40, 0)
    assert state.history[-1].points == {"Bo": 25}


def test_a_lost_chicago_costs_the_chicago_penalty_set(bo_on_15):
    state = play(bo_on_15(rules(chicago_penalty=10)), chicago("Bo", won=False))

    assert state.scores == (0, 5, 0)
    assert state.history[-1].points == {"Bo": -10}


def test_a_chicago_penalty_larger_than_the_score_stops_at_the_floor(bo_on_15):
    state = play(bo_on_15(rules(chicago_penalty=40)), chicago("Bo", won=False))

    assert state.scores == (0, 0, 0)
    assert state.history[-1].points == {"Bo": -15}


@pytest.mark.parametrize(
    "house_rules", [rules(chicago_failure_to_zero=True), ROYAL_WINS], ids=["setting", "preset"]
)
def test_with_failure_to_zero_a_lost_chicago_puts_the_caller_at_exactly_0(house_rules):
    state = play(
        new_game("Ann", "Bo", rules=house_rules),
        win("Bo", "straight_flush"),
        win("Bo", "straight_flush"),
        last_trick("Bo"),
        win("Bo", "straight_flush"),
        win("Bo", "straight_flush"),
        win("Bo", "straight_flush"),
    )
    assert state.score_of("Bo") == 45

    state = play(state, chicago("Bo", won=False))

    assert state.scores == (0, 0)
    assert state.history[-1].points == {"Bo": -45}


def test_with_failure_to_zero_a_won_chicago_still_scores_its_points(bo_on_15):
    state = play(bo_on_15(rules(chicago_failure_to_zero=True)), chicago("Bo", won=True))

    assert state.scores == (0, 30, 0)


@pytest.fixture
def ann_before_the_tricks():
    """Ann at round 2's tricks step with 16 points plus what ``hand`` scored in phase 2."""

    def at_tricks(house_rules, hand):
        return play(
            new_game("Ann", "Bo", rules=house_rules),
            win("Ann", "straight_flush"),
            *quiet_round("Bo")[1:],
            win("Ann", "straight_flush"),
            win("Ann", hand),
        )

    return at_tricks


def test_chicago_is_refused_below_the_minimum_score_set(ann_before_the_tricks):
    state = ann_before_the_tricks(rules(chicago_min_score=20), "three_of_a_kind")
    assert state.score_of("Ann") == 19

    assert str(chicago_refusal(state, "Ann")) == "Ann needs 20 points to call Chicago and has 19."
    with pytest.raises(RuleViolation, match="needs 20 points") as refused:
        play(state, chicago("Ann", won=True))
    assert refused.value.field == "chicago"


def test_chicago_is_allowed_at_the_minimum_score_set(ann_before_the_tricks):
    state = ann_before_the_tricks(rules(chicago_min_score=20), "straight")
    assert state.score_of("Ann") == 20

    assert chicago_refusal(state, "Ann") is None
    assert play(state, chicago("Ann", won=True)).score_of("Ann") == 35


def test_with_a_minimum_of_0_chicago_may_be_called_from_the_first_round():
    state = play(new_game("Ann", "Bo", rules=rules(chicago_min_score=0)), no_hand(), no_hand())

    assert chicago_refusal(state, "Bo") is None
    assert play(state, chicago("Bo", won=False)).history[-1].points == {"Bo": 0}
