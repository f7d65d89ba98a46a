"""The win is checked when a round ends; a shared top score is settled by tiebreak rounds."""

import pytest

from chicago_scorer.rules import OutOfTurn, RuleViolation, Status, Step, chicago_refusal, record
from support.games import chicago, last_trick, new_game, no_hand, play, quiet_round, tie, win


@pytest.fixture
def tied_at_the_top():
    """Ann and Bo end round 2 on 65 each; Cy is past 52 too, on 57, but lower."""
    state = play(
        new_game("Ann", "Bo", "Cy"),
        win("Ann", "straight_flush"),
        win("Bo", "straight_flush"),
        last_trick("Ann"),
        win("Bo", "flush"),
        win("Ann", "royal_flush"),
        win("Bo", "royal_flush"),
        last_trick("Cy"),
        win("Cy", "royal_flush"),
    )
    assert state.scores == (65, 65, 57)
    return state


def test_a_royal_flush_in_phase1_does_not_end_the_round():
    state = play(new_game("Ann", "Bo"), win("Ann", "royal_flush"))

    assert state.score_of("Ann") == 52
    assert state.status is Status.IN_PROGRESS
    assert state.winner is None
    assert (state.round, state.next_step) == (1, Step.PHASE2)

    state = play(state, win("Bo", "one_pair"), last_trick("Bo"))
    assert state.winner is None

    state = play(state, no_hand())
    assert state.status is Status.FINISHED
    assert state.winner == "Ann"
    assert state.next_step is None


def test_the_game_goes_on_while_everyone_is_below_52():
    state = play(
        new_game("Ann", "Bo"),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        last_trick("Ann"),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        last_trick("Bo"),
        win("Ann", "full_house"),
    )

    assert state.score_of("Ann") == 51
    assert state.status is Status.IN_PROGRESS
    assert (state.round, state.next_step) == (3, Step.PHASE1)


def test_reaching_52_mid_round_wins_only_once_the_round_is_over():
    state = play(
        new_game("Ann", "Bo"),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        last_trick("Ann"),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        win("Ann", "straight_flush"),
        last_trick("Bo"),
        win("Ann", "full_house"),
        win("Ann", "one_pair"),
        no_hand(),
        last_trick("Bo"),
    )
    assert state.score_of("Ann") == 52
    assert state.winner is None

    state = play(state, no_hand())

    assert state.winner == "Ann"


def test_the_highest_score_wins_when_more_than_one_player_passes_52():
    state = play(
        new_game("Ann", "Bo", "Cy"),
        win("Ann", "royal_flush"),
        win("Bo", "royal_flush"),
        last_trick("Bo"),
        no_hand(),
    )

    assert state.scores == (52, 57, 0)
    assert state.winner == "Bo"
    assert state.status is Status.FINISHED


def test_nothing_more_can_be_recorded_once_the_game_is_finished():
    state = play(
        new_game("Ann", "Bo"),
        win("Ann", "royal_flush"),
        no_hand(),
        last_trick("Ann"),
        no_hand(),
    )
    assert state.winner == "Ann"

    for late in (
        {"round": 2, "step": "phase1", "outcome": "tie"},
        {"round": 1, "step": "phase3", "outcome": "none"},
    ):
        with pytest.raises(OutOfTurn, match="The game is finished: Ann won"):
            record(state, late)


def test_a_shared_top_score_sends_only_the_tied_players_into_a_tiebreak(tied_at_the_top):
    state = tied_at_the_top

    assert state.status is Status.TIEBREAK
    assert state.winner is None
    assert state.tiebreak_players == ("Ann", "Bo")
    assert (state.round, state.next_step) == (3, Step.PHASE1)


@pytest.mark.parametrize(
    "body",
    [
        {"outcome": "win", "winner": "Cy", "hand": "one_pair"},
        {"last_trick": "Cy"},
        {"chicago": "Cy", "chicago_won": True},
    ],
    ids=["winning a hand", "taking the last trick", "calling chicago"],
)
def test_a_lower_scorer_over_52_is_left_out_of_the_tiebreak(tied_at_the_top, body):
    state = tied_at_the_top
    if "outcome" not in body:
        state = play(state, no_hand(), no_hand())

    with pytest.raises(RuleViolation, match="Cy is not playing this tiebreak round"):
        play(state, body)


def test_a_player_left_out_of_the_tiebreak_may_not_call_chicago(tied_at_the_top):
    state = play(tied_at_the_top, no_hand(), no_hand())

    assert str(chicago_refusal(state, "Cy")) == "Cy is not playing this tiebreak round."
    assert chicago_refusal(state, "Ann") is None


def test_a_tiebreak_round_is_won_by_the_top_scorer_among_its_players(tied_at_the_top):
    state = play(
        tied_at_the_top,
        win("Ann", "one_pair"),
        no_hand(),
        last_trick("Bo"),
        no_hand(),
    )

    assert state.scores == (66, 70, 57)
    assert state.winner == "Bo"
    assert state.status is Status.FINISHED
    assert state.tiebreak_players == ()


def test_a_royal_flush_does_not_end_a_tiebreak_round_early(tied_at_the_top):
    state = play(tied_at_the_top, win("Ann", "royal_flush"))

    assert state.winner is None
    assert state.status is Status.TIEBREAK


def test_a_tiebreak_that_ends_level_is_followed_by_another(tied_at_the_top):
    state = play(
        tied_at_the_top,
        tie(),
        no_hand(),
        last_trick("Ann"),
        win("Bo", "flush"),
    )

    assert state.scores == (70, 70, 57)
    assert state.status is Status.TIEBREAK
    assert state.tiebreak_players == ("Ann", "Bo")
    assert (state.round, state.next_step) == (4, Step.PHASE1)

    state = play(state, win("Bo", "one_pair"), no_hand(), chicago("Bo", won=True))
    state = play(state, no_hand())

    assert state.winner == "Bo"
    assert state.scores == (70, 86, 57)


def test_a_lost_chicago_in_a_tiebreak_hands_the_win_to_the_other_tied_player(tied_at_the_top):
    state = play(
        tied_at_the_top,
        no_hand(),
        no_hand(),
        chicago("Ann", won=False),
        no_hand(),
    )

    assert state.scores == (50, 65, 57)
    assert state.winner == "Bo"


def test_a_new_tiebreak_is_only_among_those_still_tied():
    state = play(
        new_game("Ann", "Bo", "Cy"),
        win("Bo", "flush"),
        no_hand(),
        last_trick("Cy"),
        no_hand(),
        win("Ann", "royal_flush"),
        win("Bo", "royal_flush"),
        last_trick("Ann"),
        win("Cy", "royal_flush"),
    )
    assert state.scores == (57, 57, 57)
    assert state.tiebreak_players == ("Ann", "Bo", "Cy")

    state = play(
        state,
        win("Ann", "one_pair"),
        win("Bo", "one_pair"),
        last_trick("Ann"),
        win("Bo", "flush"),
    )
    assert state.scores == (63, 63, 57)
    assert state.status is Status.TIEBREAK
    assert state.tiebreak_players == ("Ann", "Bo")
    with pytest.raises(RuleViolation, match="Cy is not playing"):
        play(state, win("Cy", "royal_flush"))

    state = play(state, *quiet_round("Bo"))

    assert state.winner == "Bo"
