"""House rules that change who wins and when: royal flush, last trick, Chicago, exchanges."""

import pytest

from chicago_scorer.rules import (
    OutOfTurn,
    Status,
    Step,
    players_past_exchange_stop,
    record,
)
from support.games import chicago, deuce, last_trick, new_game, no_hand, play, quiet_round, win
from support.rule_sets import (
    CHICAGO_REQUIRED,
    DEUCE_TRICK,
    OUT_ON_THE_LAST_TRICK,
    ROYAL_WINS,
    rules,
)

# Royal flush wins


def test_with_royal_flush_wins_a_royal_flush_in_phase1_ends_the_game_at_once():
    state = play(new_game("Ann", "Bo", "Cy", rules=ROYAL_WINS), win("Bo", "royal_flush"))

    assert state.winner == "Bo"
    assert state.status is Status.FINISHED
    assert state.next_step is None
    assert state.round == 1
    assert len(state.history) == 1
    with pytest.raises(OutOfTurn, match="The game is finished: Bo won"):
        record(state, {"round": 1, "step": "phase2", "outcome": "none"})


def test_with_royal_flush_wins_a_royal_flush_wins_even_if_another_player_has_more():
    state = play(
        new_game(
            "Ann",
            "Bo",
            rules=rules(royal_flush_wins=True, target=200, hand_points={"four_of_a_kind": 60}),
        ),
        win("Bo", "four_of_a_kind"),
        *quiet_round("Bo")[1:],
    )
    assert state.scores == (0, 65)
    assert state.winner is None

    state = play(state, win("Ann", "royal_flush"))

    assert state.scores == (52, 65)
    assert state.winner == "Ann"
    assert (state.round, state.history[-1].event.step) == (2, Step.PHASE1)


def test_with_royal_flush_wins_a_royal_flush_in_phase3_wins_before_the_round_end_is_checked():
    state = play(
        new_game("Ann", "Bo", rules=rules(royal_flush_wins=True, hand_points={"flush": 60})),
        win("Bo", "flush"),
        no_hand(),
        last_trick("Bo"),
        win("Ann", "royal_flush"),
    )

    assert state.scores == (52, 65)
    assert state.winner == "Ann"


def test_with_royal_flush_wins_a_royal_flush_ends_a_tiebreak_round_at_once():
    state = play(
        new_game("Ann", "Bo", "Cy", rules=rules(royal_flush_wins=True, hand_points={"flush": 60})),
        win("Ann", "flush"),
        win("Bo", "flush"),
        last_trick("Cy"),
        no_hand(),
    )
    assert state.status is Status.TIEBREAK
    assert state.tiebreak_players == ("Ann", "Bo")

    state = play(state, win("Bo", "royal_flush"))

    assert state.scores == (60, 112, 5)
    assert state.winner == "Bo"
    assert state.history[-1].in_tiebreak
    assert state.next_step is None


def test_with_royal_flush_wins_a_royal_flush_wins_though_chicago_is_required_to_win():
    settings = {"royal_flush_wins": True, "chicago_required_to_win": True}

    state = play(new_game("Ann", "Bo", rules=rules(**settings)), win("Ann", "royal_flush"))

    assert state.winner == "Ann"
    assert state.chicago_callers == frozenset()


def test_without_royal_flush_wins_chicago_required_to_win_stops_a_royal_flush():
    state = play(
        new_game("Ann", "Bo", rules=CHICAGO_REQUIRED),
        win("Ann", "royal_flush"),
        *quiet_round("Ann")[1:],
    )

    assert state.score_of("Ann") == 57
    assert state.winner is None
    assert (state.round, state.status) == (2, Status.IN_PROGRESS)


def test_with_royal_flush_wins_a_royal_flush_wins_even_when_exact_target_leaves_it_unscored():
    settings = {"royal_flush_wins": True, "exact_target": True, "target": 30}

    state = play(new_game("Ann", "Bo", rules=rules(**settings)), win("Ann", "royal_flush"))

    assert state.history[-1].points == {"Ann": 0}
    assert state.winner == "Ann"


# Out on the last trick


def test_out_on_the_last_trick_a_player_past_the_target_from_hands_does_not_win_at_round_end():
    state = play(
        new_game("Ann", "Bo", rules=OUT_ON_THE_LAST_TRICK),
        win("Ann", "royal_flush"),
        *quiet_round("Bo")[1:],
    )

    assert state.scores == (52, 5)
    assert state.winner is None
    assert (state.round, state.next_step, state.status) == (2, Step.PHASE1, Status.IN_PROGRESS)


def test_out_on_the_last_trick_its_taker_past_the_target_wins_at_once_and_phase3_is_not_played():
    state = play(
        new_game("Ann", "Bo", rules=OUT_ON_THE_LAST_TRICK),
        win("Ann", "royal_flush"),
        no_hand(),
        last_trick("Ann"),
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


def test_out_on_the_last_trick_its_taker_wins_though_another_player_has_more():
    state = play(
        new_game("Ann", "Bo", "Cy", rules=OUT_ON_THE_LAST_TRICK),
        win("Bo", "royal_flush"),
        win("Bo", "straight_flush"),
        last_trick("Cy"),
        no_hand(),
        win("Ann", "royal_flush"),
        no_hand(),
        last_trick("Ann"),
    )

    assert state.scores == (57, 60, 5)
    assert state.winner == "Ann"


def test_out_on_the_last_trick_a_won_chicago_that_reaches_the_target_wins():
    state = play(
        new_game("Ann", "Bo", rules=OUT_ON_THE_LAST_TRICK),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        last_trick("Ann"),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        no_hand(),
    )
    assert state.score_of("Ann") == 37

    state = play(state, chicago("Ann", won=True))

    assert state.score_of("Ann") == 52
    assert state.winner == "Ann"
    assert state.history[-1].event.step is Step.TRICKS


def test_out_on_the_last_trick_a_lost_chicago_does_not_win():
    state = play(
        new_game("Ann", "Bo", rules=OUT_ON_THE_LAST_TRICK),
        win("Ann", "royal_flush"),
        *quiet_round("Bo")[1:],
        no_hand(),
        no_hand(),
        chicago("Ann", won=False),
    )

    assert state.score_of("Ann") == 37
    assert state.winner is None
    assert state.next_step is Step.PHASE3


def test_out_on_the_last_trick_a_shared_top_score_brings_no_tiebreak():
    state = play(
        new_game("Ann", "Bo", "Cy", rules=OUT_ON_THE_LAST_TRICK),
        win("Ann", "royal_flush"),
        win("Bo", "royal_flush"),
        last_trick("Cy"),
        no_hand(),
    )

    assert state.scores == (52, 52, 5)
    assert state.status is Status.IN_PROGRESS
    assert state.tiebreak_players == ()
    assert state.round_seats == (0, 1, 2)

    state = play(state, win("Cy", "one_pair"), no_hand(), last_trick("Bo"))

    assert state.scores == (52, 57, 6)
    assert state.winner == "Bo"


def test_out_on_the_last_trick_a_deuce_last_trick_counts_as_the_last_trick():
    house_rules = rules(must_win_on_last_trick=True, deuce_last_trick_points=10)
    state = play(
        new_game("Ann", "Bo", rules=house_rules),
        win("Ann", "royal_flush"),
        no_hand(),
        deuce(last_trick("Ann")),
    )

    assert state.score_of("Ann") == 62
    assert state.winner == "Ann"


# Chicago required to win


def test_with_chicago_required_a_top_scorer_who_never_called_chicago_does_not_win():
    state = play(
        new_game("Ann", "Bo", rules=CHICAGO_REQUIRED),
        win("Ann", "royal_flush"),
        win("Ann", "royal_flush"),
        last_trick("Ann"),
        no_hand(),
    )

    assert state.scores == (109, 0)
    assert state.winner is None
    assert state.status is Status.IN_PROGRESS


def test_with_chicago_required_a_player_who_called_wins_even_with_a_lower_score():
    state = play(
        new_game("Ann", "Bo", rules=CHICAGO_REQUIRED),
        win("Bo", "straight_flush"),
        win("Bo", "four_of_a_kind"),
        chicago("Bo", won=True),
        win("Ann", "royal_flush"),
    )
    assert state.scores == (52, 30)
    assert state.winner is None

    state = play(
        state,
        win("Bo", "royal_flush"),
        win("Ann", "royal_flush"),
        last_trick("Ann"),
        no_hand(),
    )

    assert state.scores == (109, 82)
    assert state.winner == "Bo"


def test_with_chicago_required_a_lost_chicago_call_still_counts_as_having_called():
    state = play(
        new_game("Ann", "Bo", rules=CHICAGO_REQUIRED),
        win("Bo", "straight_flush"),
        win("Bo", "four_of_a_kind"),
        chicago("Bo", won=False),
        win("Bo", "royal_flush"),
    )

    assert state.chicago_callers == frozenset({1})
    assert state.scores == (0, 52)
    assert state.winner == "Bo"


def test_with_chicago_required_and_out_on_the_last_trick_a_won_chicago_wins_at_once():
    house_rules = rules(chicago_required_to_win=True, must_win_on_last_trick=True)
    state = play(
        new_game("Ann", "Bo", rules=house_rules),
        win("Ann", "royal_flush"),
        no_hand(),
        last_trick("Ann"),
    )
    assert state.winner is None

    state = play(state, no_hand(), no_hand(), no_hand())
    state = play(state, chicago("Ann", won=True))

    assert state.score_of("Ann") == 72
    assert state.winner == "Ann"


# The exchange stop


def test_players_at_or_above_the_exchange_stop_are_listed():
    state = play(
        new_game("Ann", "Bo", "Cy", rules=rules(exchange_stop=8)),
        win("Ann", "straight_flush"),
    )
    assert players_past_exchange_stop(state) == ("Ann",)

    state = play(state, win("Bo", "four_of_a_kind"))
    assert state.scores == (8, 7, 0)
    assert players_past_exchange_stop(state) == ("Ann",)

    # Bo reaches it with the last trick; the round's last showdown has no exchange before it.
    state = play(state, last_trick("Bo"))
    assert players_past_exchange_stop(state) == ()

    state = play(state, no_hand())
    assert players_past_exchange_stop(state) == ("Ann", "Bo")


def test_without_an_exchange_stop_nobody_is_listed():
    state = play(new_game("Ann", "Bo"), win("Ann", "royal_flush"))

    assert players_past_exchange_stop(state) == ()


def test_only_the_players_of_a_tiebreak_round_are_listed_past_the_exchange_stop():
    state = play(
        new_game("Ann", "Bo", "Cy", rules=rules(exchange_stop=40)),
        win("Ann", "royal_flush"),
        win("Bo", "royal_flush"),
        last_trick("Cy"),
        win("Cy", "flush"),
    )
    assert state.scores == (52, 52, 10)
    assert state.status is Status.TIEBREAK

    assert players_past_exchange_stop(state) == ("Ann", "Bo")


def test_the_deuce_trick_preset_reminds_players_from_45():
    state = play(new_game("Ann", "Bo", rules=DEUCE_TRICK), win("Ann", "royal_flush"))

    assert players_past_exchange_stop(state) == ("Ann",)
