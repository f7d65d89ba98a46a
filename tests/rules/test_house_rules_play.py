"""Each house rule at the table: what it changes in play, and where settings meet."""

import pytest

from chicago_scorer.rules import (
    PRESETS,
    STANDARD_RULES,
    Hand,
    LastTrick,
    OutOfTurn,
    RuleViolation,
    Status,
    Step,
    chicago_refusal,
    event_to_dict,
    players_past_exchange_stop,
    record,
    replay,
    rules_from_settings,
    start_game,
)
from chicago_scorer.rules.ruleset import STANDARD_HAND_POINTS

EXACT_52 = PRESETS["exact_52"].rules
OUT_ON_THE_LAST_TRICK = PRESETS["last_trick_out"].rules
ROYAL_WINS = PRESETS["royal_wins"].rules
DEUCE_TRICK = PRESETS["deuce_trick"].rules
CHICAGO_REQUIRED = rules_from_settings({"chicago_required_to_win": True})


def rules(**settings):
    """A rule set read from house-rule settings, as a new game's would be."""
    return rules_from_settings(settings)


def deuce(body: dict[str, object], with_deuce: object = True) -> dict[str, object]:
    """A last trick entry that says whether the trick was taken with a 2."""
    return body | {"with_deuce": with_deuce}


# The target


def test_a_target_of_30_is_won_by_reaching_30_when_the_round_ends(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", rules=rules(target=30)),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.last_trick("Ann"),
        entry.win("Ann", "straight_flush"),
    )
    assert state.score_of("Ann") == 29
    assert state.winner is None
    assert (state.round, state.next_step) == (2, Step.PHASE1)

    state = play(state, entry.win("Ann", "one_pair"), *entry.quiet_round("Bo")[1:])

    assert state.scores == (30, 5)
    assert state.winner == "Ann"


def test_a_target_of_200_lets_play_go_on_past_52(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", rules=rules(target=200)),
        entry.win("Ann", "royal_flush"),
        entry.win("Ann", "royal_flush"),
        entry.last_trick("Ann"),
        entry.no_hand(),
    )
    assert state.score_of("Ann") == 109
    assert state.status is Status.IN_PROGRESS
    assert state.points_to_target("Ann") == 91

    state = play(
        state,
        entry.win("Ann", "royal_flush"),
        entry.win("Ann", "royal_flush"),
        entry.last_trick("Ann"),
        entry.no_hand(),
    )

    assert state.score_of("Ann") == 218
    assert state.winner == "Ann"


# Exact target


def ann_to_50(entry):
    """Two rounds that take Ann to 50 points and leave Bo on 0."""
    return (
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.last_trick("Ann"),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.last_trick("Ann"),
        entry.no_hand(),
    )


@pytest.fixture
def ann_on_50(new_game, play, entry):
    """Ann on 50 and Bo on 0 at round 3, phase 1, playing to exactly 52."""
    state = play(new_game("Ann", "Bo", rules=EXACT_52), *ann_to_50(entry))
    assert state.scores == (50, 0)
    assert (state.round, state.next_step) == (3, Step.PHASE1)
    return state


def test_with_exact_target_points_that_would_pass_the_target_are_not_scored(
    ann_on_50, play, entry
):
    state = play(ann_on_50, entry.win("Ann", "flush"))

    assert state.score_of("Ann") == 50
    assert state.history[-1].points == {"Ann": 0}


def test_with_exact_target_landing_exactly_on_the_target_wins(ann_on_50, play, entry):
    state = play(ann_on_50, entry.win("Ann", "two_pair"), entry.win("Ann", "flush"))
    assert state.score_of("Ann") == 52
    assert state.history[-1].points == {"Ann": 0}

    state = play(state, entry.last_trick("Ann"), entry.no_hand())

    assert state.history[-2].points == {"Ann": 0}
    assert state.scores == (52, 0)
    assert state.winner == "Ann"


def test_with_exact_target_overshooting_never_wins(ann_on_50, play, entry):
    state = play(
        ann_on_50,
        entry.win("Ann", "flush"),
        entry.win("Ann", "royal_flush"),
        entry.last_trick("Ann"),
        entry.win("Ann", "four_of_a_kind"),
    )

    assert state.scores == (50, 0)
    assert [scored.points for scored in state.history[-4:]] == [{"Ann": 0}] * 4
    assert state.winner is None
    assert state.status is Status.IN_PROGRESS
    assert (state.round, state.next_step) == (4, Step.PHASE1)


def test_the_same_overshooting_round_wins_under_the_standard_rules(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo"),
        *ann_to_50(entry),
        entry.win("Ann", "flush"),
        *entry.quiet_round("Bo")[1:],
    )

    assert state.score_of("Ann") == 55
    assert state.winner == "Ann"


def test_with_exact_target_a_lost_chicago_still_costs_its_penalty(ann_on_50, play, entry):
    state = play(ann_on_50, entry.no_hand(), entry.no_hand(), entry.chicago("Ann", won=False))

    assert state.score_of("Ann") == 35
    assert state.history[-1].points == {"Ann": -15}


def test_with_exact_target_points_count_normally_in_a_tiebreak_round(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", rules=EXACT_52),
        entry.win("Ann", "royal_flush"),
        entry.win("Bo", "royal_flush"),
        entry.last_trick("Ann"),
        entry.no_hand(),
    )
    assert state.scores == (52, 52)
    assert state.status is Status.TIEBREAK

    state = play(state, entry.win("Ann", "flush"), entry.no_hand(), entry.last_trick("Bo"))
    assert state.scores == (57, 57)
    assert [scored.points for scored in state.history[-3:]] == [{"Ann": 5}, {}, {"Bo": 5}]

    state = play(state, entry.win("Bo", "one_pair"))

    assert state.scores == (57, 58)
    assert state.winner == "Bo"


# Hand points


@pytest.mark.parametrize(("index", "hand"), list(enumerate(Hand)))
def test_custom_hand_points_are_scored(new_game, play, entry, index, hand):
    custom = {str(each): 20 + position for position, each in enumerate(Hand)}

    state = play(
        new_game("Ann", "Bo", rules=rules(hand_points=custom)), entry.win("Bo", str(hand))
    )

    assert state.scores == (0, 20 + index)
    assert state.history[-1].points == {"Bo": 20 + index}


@pytest.mark.parametrize("hand", sorted(set(Hand) - {Hand.FLUSH}))
def test_hands_left_out_of_custom_hand_points_score_their_standard_values(
    new_game, play, entry, hand
):
    game = new_game("Ann", "Bo", rules=rules(hand_points={"flush": 9}))

    assert play(game, entry.win("Ann", "flush")).score_of("Ann") == 9
    assert play(game, entry.win("Ann", str(hand))).score_of("Ann") == STANDARD_HAND_POINTS[hand]


def test_a_hand_worth_0_is_recorded_and_scores_nothing(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", rules=rules(hand_points={"one_pair": 0})),
        entry.win("Ann", "one_pair"),
    )

    assert state.scores == (0, 0)
    assert state.history[-1].points == {"Ann": 0}
    assert state.next_step is Step.PHASE2


# Royal flush wins


def test_with_royal_flush_wins_a_royal_flush_in_phase1_ends_the_game_at_once(
    new_game, play, entry
):
    state = play(new_game("Ann", "Bo", "Cy", rules=ROYAL_WINS), entry.win("Bo", "royal_flush"))

    assert state.winner == "Bo"
    assert state.status is Status.FINISHED
    assert state.next_step is None
    assert state.round == 1
    assert len(state.history) == 1
    with pytest.raises(OutOfTurn, match="The game is finished: Bo won"):
        record(state, {"round": 1, "step": "phase2", "outcome": "none"})


def test_with_royal_flush_wins_a_royal_flush_wins_even_if_another_player_has_more(
    new_game, play, entry
):
    state = play(
        new_game(
            "Ann",
            "Bo",
            rules=rules(royal_flush_wins=True, target=200, hand_points={"four_of_a_kind": 60}),
        ),
        entry.win("Bo", "four_of_a_kind"),
        *entry.quiet_round("Bo")[1:],
    )
    assert state.scores == (0, 65)
    assert state.winner is None

    state = play(state, entry.win("Ann", "royal_flush"))

    assert state.scores == (52, 65)
    assert state.winner == "Ann"
    assert (state.round, state.history[-1].event.step) == (2, Step.PHASE1)


def test_with_royal_flush_wins_a_royal_flush_in_phase3_wins_before_the_round_end_is_checked(
    new_game, play, entry
):
    state = play(
        new_game("Ann", "Bo", rules=rules(royal_flush_wins=True, hand_points={"flush": 60})),
        entry.win("Bo", "flush"),
        entry.no_hand(),
        entry.last_trick("Bo"),
        entry.win("Ann", "royal_flush"),
    )

    assert state.scores == (52, 65)
    assert state.winner == "Ann"


def test_with_royal_flush_wins_a_royal_flush_ends_a_tiebreak_round_at_once(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", "Cy", rules=rules(royal_flush_wins=True, hand_points={"flush": 60})),
        entry.win("Ann", "flush"),
        entry.win("Bo", "flush"),
        entry.last_trick("Cy"),
        entry.no_hand(),
    )
    assert state.status is Status.TIEBREAK
    assert state.tiebreak_players == ("Ann", "Bo")

    state = play(state, entry.win("Bo", "royal_flush"))

    assert state.scores == (60, 112, 5)
    assert state.winner == "Bo"
    assert state.history[-1].in_tiebreak
    assert state.next_step is None


def test_with_royal_flush_wins_a_royal_flush_wins_though_chicago_is_required_to_win(
    new_game, play, entry
):
    settings = {"royal_flush_wins": True, "chicago_required_to_win": True}

    state = play(new_game("Ann", "Bo", rules=rules(**settings)), entry.win("Ann", "royal_flush"))

    assert state.winner == "Ann"
    assert state.chicago_callers == frozenset()


def test_without_royal_flush_wins_chicago_required_to_win_stops_a_royal_flush(
    new_game, play, entry
):
    state = play(
        new_game("Ann", "Bo", rules=CHICAGO_REQUIRED),
        entry.win("Ann", "royal_flush"),
        *entry.quiet_round("Ann")[1:],
    )

    assert state.score_of("Ann") == 57
    assert state.winner is None
    assert (state.round, state.status) == (2, Status.IN_PROGRESS)


def test_with_royal_flush_wins_a_royal_flush_wins_even_when_exact_target_leaves_it_unscored(
    new_game, play, entry
):
    settings = {"royal_flush_wins": True, "exact_target": True, "target": 30}

    state = play(new_game("Ann", "Bo", rules=rules(**settings)), entry.win("Ann", "royal_flush"))

    assert state.history[-1].points == {"Ann": 0}
    assert state.winner == "Ann"


# The last trick and the deuce


@pytest.mark.parametrize("points", [0, 2, 10])
def test_the_last_trick_scores_the_points_set_for_it(new_game, play, entry, points):
    state = play(
        new_game("Ann", "Bo", "Cy", rules=rules(last_trick_points=points)),
        entry.no_hand(),
        entry.no_hand(),
        entry.last_trick("Cy"),
    )

    assert state.scores == (0, 0, points)
    assert state.history[-1].points == {"Cy": points}


def test_a_last_trick_taken_with_a_deuce_scores_the_deuce_value(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", rules=DEUCE_TRICK),
        entry.no_hand(),
        entry.no_hand(),
        deuce(entry.last_trick("Ann")),
    )

    assert state.scores == (4, 0)
    assert state.history[-1].event == LastTrick(1, "Ann", with_deuce=True)
    assert state.history[-1].points == {"Ann": 4}


@pytest.mark.parametrize("with_deuce", [False, None], ids=["with_deuce false", "left out"])
def test_a_last_trick_taken_without_a_deuce_scores_the_normal_value(
    new_game, play, entry, with_deuce
):
    body = entry.last_trick("Ann") if with_deuce is None else deuce(entry.last_trick("Ann"), False)

    state = play(new_game("Ann", "Bo", rules=DEUCE_TRICK), entry.no_hand(), entry.no_hand(), body)

    assert state.scores == (2, 0)
    assert state.history[-1].event == LastTrick(1, "Ann", with_deuce=False)


def test_a_deuce_bonus_may_be_worth_more_than_the_standard_last_trick(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", rules=rules(deuce_last_trick_points=10)),
        entry.no_hand(),
        entry.no_hand(),
        deuce(entry.last_trick("Bo")),
        entry.no_hand(),
        entry.no_hand(),
        entry.no_hand(),
        entry.last_trick("Bo"),
    )

    assert state.scores == (0, 15)


def test_with_deuce_is_refused_when_the_rules_give_no_deuce_bonus(new_game, play, entry):
    at_tricks = play(new_game("Ann", "Bo"), entry.no_hand(), entry.no_hand())

    with pytest.raises(RuleViolation, match="no bonus for a last trick taken with a 2") as refused:
        play(at_tricks, deuce(entry.last_trick("Ann")))

    assert refused.value.field == "with_deuce"
    assert at_tricks.next_step is Step.TRICKS
    assert play(at_tricks, deuce(entry.last_trick("Ann"), False)).scores == (5, 0)


@pytest.mark.parametrize("with_deuce", ["yes", "true", 1, 0, None, [True]])
def test_with_deuce_that_is_not_true_or_false_is_refused(new_game, play, entry, with_deuce):
    at_tricks = play(new_game("Ann", "Bo", rules=DEUCE_TRICK), entry.no_hand(), entry.no_hand())

    with pytest.raises(RuleViolation, match="'with_deuce' must be true or false") as refused:
        play(at_tricks, deuce(entry.last_trick("Ann"), with_deuce))

    assert refused.value.field == "with_deuce"


def test_with_deuce_goes_with_the_last_trick_and_not_with_a_chicago_call(new_game, play, entry):
    at_tricks = play(
        new_game("Ann", "Bo", rules=DEUCE_TRICK),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "four_of_a_kind"),
    )

    with pytest.raises(RuleViolation, match="'with_deuce' goes with the last trick only"):
        play(at_tricks, entry.chicago("Ann", won=True) | {"with_deuce": True})


def test_a_deuce_last_trick_is_written_with_with_deuce_and_replays_the_same(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", rules=DEUCE_TRICK),
        entry.no_hand(),
        entry.no_hand(),
        deuce(entry.last_trick("Ann")),
        entry.no_hand(),
        *entry.quiet_round("Bo"),
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
def bo_on_15(new_game, play, entry):
    """Ann, Bo and Cy at round 1's tricks step, Bo on 15; the rules are given."""

    def at_tricks(house_rules):
        return play(
            new_game("Ann", "Bo", "Cy", rules=house_rules),
            entry.win("Bo", "straight_flush"),
            entry.win("Bo", "four_of_a_kind"),
        )

    return at_tricks


def test_a_won_chicago_scores_the_chicago_points_set(bo_on_15, play, entry):
    state = play(bo_on_15(rules(chicago_points=25)), entry.chicago("Bo", won=True))

    assert state.scores == (0, 40, 0)
    assert state.history[-1].points == {"Bo": 25}


def test_a_lost_chicago_costs_the_chicago_penalty_set(bo_on_15, play, entry):
    state = play(bo_on_15(rules(chicago_penalty=10)), entry.chicago("Bo", won=False))

    assert state.scores == (0, 5, 0)
    assert state.history[-1].points == {"Bo": -10}


def test_a_chicago_penalty_larger_than_the_score_stops_at_the_floor(bo_on_15, play, entry):
    state = play(bo_on_15(rules(chicago_penalty=40)), entry.chicago("Bo", won=False))

    assert state.scores == (0, 0, 0)
    assert state.history[-1].points == {"Bo": -15}


@pytest.mark.parametrize(
    "house_rules", [rules(chicago_failure_to_zero=True), ROYAL_WINS], ids=["setting", "preset"]
)
def test_with_failure_to_zero_a_lost_chicago_puts_the_caller_at_exactly_0(
    new_game, play, entry, house_rules
):
    state = play(
        new_game("Ann", "Bo", rules=house_rules),
        entry.win("Bo", "straight_flush"),
        entry.win("Bo", "straight_flush"),
        entry.last_trick("Bo"),
        entry.win("Bo", "straight_flush"),
        entry.win("Bo", "straight_flush"),
        entry.win("Bo", "straight_flush"),
    )
    assert state.score_of("Bo") == 45

    state = play(state, entry.chicago("Bo", won=False))

    assert state.scores == (0, 0)
    assert state.history[-1].points == {"Bo": -45}


def test_with_failure_to_zero_a_won_chicago_still_scores_its_points(bo_on_15, play, entry):
    state = play(bo_on_15(rules(chicago_failure_to_zero=True)), entry.chicago("Bo", won=True))

    assert state.scores == (0, 30, 0)


@pytest.fixture
def ann_before_the_tricks(new_game, play, entry):
    """Ann at round 2's tricks step with 16 points plus what ``hand`` scored in phase 2."""

    def at_tricks(house_rules, hand):
        return play(
            new_game("Ann", "Bo", rules=house_rules),
            entry.win("Ann", "straight_flush"),
            *entry.quiet_round("Bo")[1:],
            entry.win("Ann", "straight_flush"),
            entry.win("Ann", hand),
        )

    return at_tricks


def test_chicago_is_refused_below_the_minimum_score_set(ann_before_the_tricks, play, entry):
    state = ann_before_the_tricks(rules(chicago_min_score=20), "three_of_a_kind")
    assert state.score_of("Ann") == 19

    assert chicago_refusal(state, "Ann") == "Ann needs 20 points to call Chicago and has 19."
    with pytest.raises(RuleViolation, match="needs 20 points") as refused:
        play(state, entry.chicago("Ann", won=True))
    assert refused.value.field == "chicago"


def test_chicago_is_allowed_at_the_minimum_score_set(ann_before_the_tricks, play, entry):
    state = ann_before_the_tricks(rules(chicago_min_score=20), "straight")
    assert state.score_of("Ann") == 20

    assert chicago_refusal(state, "Ann") is None
    assert play(state, entry.chicago("Ann", won=True)).score_of("Ann") == 35


def test_with_a_minimum_of_0_chicago_may_be_called_from_the_first_round(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", rules=rules(chicago_min_score=0)), entry.no_hand(), entry.no_hand()
    )

    assert chicago_refusal(state, "Bo") is None
    assert play(state, entry.chicago("Bo", won=False)).history[-1].points == {"Bo": 0}


# Out on the last trick


def test_out_on_the_last_trick_a_player_past_the_target_from_hands_does_not_win_at_round_end(
    new_game, play, entry
):
    state = play(
        new_game("Ann", "Bo", rules=OUT_ON_THE_LAST_TRICK),
        entry.win("Ann", "royal_flush"),
        *entry.quiet_round("Bo")[1:],
    )

    assert state.scores == (52, 5)
    assert state.winner is None
    assert (state.round, state.next_step, state.status) == (2, Step.PHASE1, Status.IN_PROGRESS)


def test_out_on_the_last_trick_its_taker_past_the_target_wins_at_once_and_phase3_is_not_played(
    new_game, play, entry
):
    state = play(
        new_game("Ann", "Bo", rules=OUT_ON_THE_LAST_TRICK),
        entry.win("Ann", "royal_flush"),
        entry.no_hand(),
        entry.last_trick("Ann"),
    )

    assert state.winner == "Ann"
    assert state.score_of("Ann") == 57
    assert state.next_step is None
    assert [scored.event.step for scored in state.history] == [
        Step.PHASE1,
        Step.PHASE2,
        Step.TRICKS,
    ]
    with pytest.raises(OutOfTurn, match="The game is finished: Ann won"):
        record(state, {"round": 1, "step": "phase3", "outcome": "none"})


def test_out_on_the_last_trick_its_taker_wins_though_another_player_has_more(
    new_game, play, entry
):
    state = play(
        new_game("Ann", "Bo", "Cy", rules=OUT_ON_THE_LAST_TRICK),
        entry.win("Bo", "royal_flush"),
        entry.win("Bo", "straight_flush"),
        entry.last_trick("Cy"),
        entry.no_hand(),
        entry.win("Ann", "royal_flush"),
        entry.no_hand(),
        entry.last_trick("Ann"),
    )

    assert state.scores == (57, 60, 5)
    assert state.winner == "Ann"


def test_out_on_the_last_trick_a_won_chicago_that_reaches_the_target_wins(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", rules=OUT_ON_THE_LAST_TRICK),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.last_trick("Ann"),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.no_hand(),
    )
    assert state.score_of("Ann") == 37

    state = play(state, entry.chicago("Ann", won=True))

    assert state.score_of("Ann") == 52
    assert state.winner == "Ann"
    assert state.history[-1].event.step is Step.TRICKS


def test_out_on_the_last_trick_a_lost_chicago_does_not_win(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", rules=OUT_ON_THE_LAST_TRICK),
        entry.win("Ann", "royal_flush"),
        *entry.quiet_round("Bo")[1:],
        entry.no_hand(),
        entry.no_hand(),
        entry.chicago("Ann", won=False),
    )

    assert state.score_of("Ann") == 37
    assert state.winner is None
    assert state.next_step is Step.PHASE3


def test_out_on_the_last_trick_a_shared_top_score_brings_no_tiebreak(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", "Cy", rules=OUT_ON_THE_LAST_TRICK),
        entry.win("Ann", "royal_flush"),
        entry.win("Bo", "royal_flush"),
        entry.last_trick("Cy"),
        entry.no_hand(),
    )

    assert state.scores == (52, 52, 5)
    assert state.status is Status.IN_PROGRESS
    assert state.tiebreak_players == ()
    assert state.round_seats == (0, 1, 2)

    state = play(state, entry.win("Cy", "one_pair"), entry.no_hand(), entry.last_trick("Bo"))

    assert state.scores == (52, 57, 6)
    assert state.winner == "Bo"


def test_out_on_the_last_trick_a_deuce_last_trick_counts_as_the_last_trick(new_game, play, entry):
    house_rules = rules(must_win_on_last_trick=True, deuce_last_trick_points=10)
    state = play(
        new_game("Ann", "Bo", rules=house_rules),
        entry.win("Ann", "royal_flush"),
        entry.no_hand(),
        deuce(entry.last_trick("Ann")),
    )

    assert state.score_of("Ann") == 62
    assert state.winner == "Ann"


# Chicago required to win


def test_with_chicago_required_a_top_scorer_who_never_called_chicago_does_not_win(
    new_game, play, entry
):
    state = play(
        new_game("Ann", "Bo", rules=CHICAGO_REQUIRED),
        entry.win("Ann", "royal_flush"),
        entry.win("Ann", "royal_flush"),
        entry.last_trick("Ann"),
        entry.no_hand(),
    )

    assert state.scores == (109, 0)
    assert state.winner is None
    assert state.status is Status.IN_PROGRESS


def test_with_chicago_required_a_player_who_called_wins_even_with_a_lower_score(
    new_game, play, entry
):
    state = play(
        new_game("Ann", "Bo", rules=CHICAGO_REQUIRED),
        entry.win("Bo", "straight_flush"),
        entry.win("Bo", "four_of_a_kind"),
        entry.chicago("Bo", won=True),
        entry.win("Ann", "royal_flush"),
    )
    assert state.scores == (52, 30)
    assert state.winner is None

    state = play(
        state,
        entry.win("Bo", "royal_flush"),
        entry.win("Ann", "royal_flush"),
        entry.last_trick("Ann"),
        entry.no_hand(),
    )

    assert state.scores == (109, 82)
    assert state.winner == "Bo"


def test_with_chicago_required_a_lost_chicago_call_still_counts_as_having_called(
    new_game, play, entry
):
    state = play(
        new_game("Ann", "Bo", rules=CHICAGO_REQUIRED),
        entry.win("Bo", "straight_flush"),
        entry.win("Bo", "four_of_a_kind"),
        entry.chicago("Bo", won=False),
        entry.win("Bo", "royal_flush"),
    )

    assert state.chicago_callers == frozenset({1})
    assert state.scores == (0, 52)
    assert state.winner == "Bo"


def test_with_chicago_required_and_out_on_the_last_trick_a_won_chicago_wins_at_once(
    new_game, play, entry
):
    house_rules = rules(chicago_required_to_win=True, must_win_on_last_trick=True)
    state = play(
        new_game("Ann", "Bo", rules=house_rules),
        entry.win("Ann", "royal_flush"),
        entry.no_hand(),
        entry.last_trick("Ann"),
    )
    assert state.winner is None

    state = play(state, entry.no_hand(), entry.no_hand(), entry.no_hand())
    state = play(state, entry.chicago("Ann", won=True))

    assert state.score_of("Ann") == 72
    assert state.winner == "Ann"


# The exchange stop


def test_players_at_or_above_the_exchange_stop_are_listed(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", "Cy", rules=rules(exchange_stop=8)),
        entry.win("Ann", "straight_flush"),
    )
    assert players_past_exchange_stop(state) == ("Ann",)

    state = play(state, entry.win("Bo", "four_of_a_kind"))
    assert state.scores == (8, 7, 0)
    assert players_past_exchange_stop(state) == ("Ann",)

    state = play(state, entry.last_trick("Bo"))
    assert players_past_exchange_stop(state) == ("Ann", "Bo")


def test_without_an_exchange_stop_nobody_is_listed(new_game, play, entry):
    state = play(new_game("Ann", "Bo"), entry.win("Ann", "royal_flush"))

    assert players_past_exchange_stop(state) == ()


def test_only_the_players_of_a_tiebreak_round_are_listed_past_the_exchange_stop(
    new_game, play, entry
):
    state = play(
        new_game("Ann", "Bo", "Cy", rules=rules(exchange_stop=40)),
        entry.win("Ann", "royal_flush"),
        entry.win("Bo", "royal_flush"),
        entry.last_trick("Cy"),
        entry.win("Cy", "flush"),
    )
    assert state.scores == (52, 52, 10)
    assert state.status is Status.TIEBREAK

    assert players_past_exchange_stop(state) == ("Ann", "Bo")


def test_the_deuce_trick_preset_reminds_players_from_45(new_game, play, entry):
    state = play(new_game("Ann", "Bo", rules=DEUCE_TRICK), entry.win("Ann", "royal_flush"))

    assert players_past_exchange_stop(state) == ("Ann",)


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
def test_the_standard_rules_score_the_standard_hand_table(standard, new_game, play, entry, hand):
    state = play(new_game("Ann", "Bo", rules=standard), entry.win("Ann", str(hand)))

    assert state.history[-1].points == {"Ann": STANDARD_HAND_POINTS[hand]}


def test_the_standard_rules_let_the_highest_score_past_52_win_when_the_round_ends(
    standard, new_game, play, entry
):
    state = play(new_game("Ann", "Bo", "Cy", rules=standard), entry.win("Ann", "royal_flush"))
    assert state.winner is None

    state = play(state, entry.win("Bo", "royal_flush"), entry.last_trick("Bo"), entry.no_hand())

    assert state.scores == (52, 57, 0)
    assert state.winner == "Bo"


def test_the_standard_rules_give_5_for_the_last_trick_and_15_either_way_for_chicago_from_15(
    standard, new_game, play, entry
):
    state = play(
        new_game("Ann", "Bo", rules=standard),
        entry.win("Bo", "straight_flush"),
        entry.win("Bo", "four_of_a_kind"),
    )
    assert chicago_refusal(state, "Ann") == "Ann needs 15 points to call Chicago and has 0."

    state = play(
        state,
        entry.chicago("Bo", won=True),
        entry.no_hand(),
        entry.no_hand(),
        entry.no_hand(),
        entry.chicago("Bo", won=False),
        entry.no_hand(),
        *entry.quiet_round("Ann"),
    )

    assert [scored.points for scored in state.history if scored.event.step is Step.TRICKS] == [
        {"Bo": 15},
        {"Bo": -15},
        {"Ann": 5},
    ]
    assert state.scores == (5, 15)


def test_the_standard_rules_send_a_shared_top_score_to_a_tiebreak(standard, new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", "Cy", rules=standard),
        entry.win("Ann", "royal_flush"),
        entry.win("Bo", "royal_flush"),
        entry.last_trick("Cy"),
        entry.no_hand(),
    )
    assert state.status is Status.TIEBREAK
    assert state.tiebreak_players == ("Ann", "Bo")

    state = play(state, entry.win("Ann", "royal_flush"))
    assert state.winner is None

    state = play(state, entry.no_hand(), entry.last_trick("Bo"), entry.no_hand())

    assert state.scores == (104, 57, 5)
    assert state.winner == "Ann"


def test_a_game_under_the_standard_preset_equals_the_same_game_under_standard_rules(
    standard, new_game, play, entry
):
    log = (
        entry.win("Bo", "straight_flush"),
        entry.win("Bo", "four_of_a_kind"),
        entry.chicago("Bo", won=False),
        entry.tie(),
        entry.win("Ann", "royal_flush"),
        entry.no_hand(),
        entry.last_trick("Ann"),
        entry.win("Bo", "flush"),
    )

    assert play(new_game("Ann", "Bo", rules=standard), *log) == play(new_game("Ann", "Bo"), *log)
