"""The win is checked when a round ends; a shared top score is settled by tiebreak rounds."""

import pytest

from chicago_scorer.rules import OutOfTurn, RuleViolation, Status, Step, chicago_refusal, record


@pytest.fixture
def tied_at_the_top(new_game, play, entry):
    """Ann and Bo end round 2 on 65 each; Cy is past 52 too, on 57, but lower."""
    state = play(
        new_game("Ann", "Bo", "Cy"),
        entry.win("Ann", "straight_flush"),
        entry.win("Bo", "straight_flush"),
        entry.last_trick("Ann"),
        entry.win("Bo", "flush"),
        entry.win("Ann", "royal_flush"),
        entry.win("Bo", "royal_flush"),
        entry.last_trick("Cy"),
        entry.win("Cy", "royal_flush"),
    )
    assert state.scores == (65, 65, 57)
    return state


def test_a_royal_flush_in_phase1_does_not_end_the_round(new_game, play, entry):
    state = play(new_game("Ann", "Bo"), entry.win("Ann", "royal_flush"))

    assert state.score_of("Ann") == 52
    assert state.status is Status.IN_PROGRESS
    assert state.winner is None
    assert (state.round, state.next_step) == (1, Step.PHASE2)

    state = play(state, entry.win("Bo", "one_pair"), entry.last_trick("Bo"))
    assert state.winner is None

    state = play(state, entry.no_hand())
    assert state.status is Status.FINISHED
    assert state.winner == "Ann"
    assert state.next_step is None


def test_the_game_goes_on_while_everyone_is_below_52(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo"),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.last_trick("Ann"),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.last_trick("Bo"),
        entry.win("Ann", "full_house"),
    )

    assert state.score_of("Ann") == 51
    assert state.status is Status.IN_PROGRESS
    assert (state.round, state.next_step) == (3, Step.PHASE1)


def test_reaching_52_mid_round_wins_only_once_the_round_is_over(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo"),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.last_trick("Ann"),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.win("Ann", "straight_flush"),
        entry.last_trick("Bo"),
        entry.win("Ann", "full_house"),
        entry.win("Ann", "one_pair"),
        entry.no_hand(),
        entry.last_trick("Bo"),
    )
    assert state.score_of("Ann") == 52
    assert state.winner is None

    state = play(state, entry.no_hand())

    assert state.winner == "Ann"


def test_the_highest_score_wins_when_more_than_one_player_passes_52(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", "Cy"),
        entry.win("Ann", "royal_flush"),
        entry.win("Bo", "royal_flush"),
        entry.last_trick("Bo"),
        entry.no_hand(),
    )

    assert state.scores == (52, 57, 0)
    assert state.winner == "Bo"
    assert state.status is Status.FINISHED


def test_nothing_more_can_be_recorded_once_the_game_is_finished(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo"),
        entry.win("Ann", "royal_flush"),
        entry.no_hand(),
        entry.last_trick("Ann"),
        entry.no_hand(),
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
def test_a_lower_scorer_over_52_is_left_out_of_the_tiebreak(tied_at_the_top, play, entry, body):
    state = tied_at_the_top
    if "outcome" not in body:
        state = play(state, entry.no_hand(), entry.no_hand())

    with pytest.raises(RuleViolation, match="Cy is not playing this tiebreak round"):
        play(state, body)


def test_a_player_left_out_of_the_tiebreak_may_not_call_chicago(tied_at_the_top, play, entry):
    state = play(tied_at_the_top, entry.no_hand(), entry.no_hand())

    assert str(chicago_refusal(state, "Cy")) == "Cy is not playing this tiebreak round."
    assert chicago_refusal(state, "Ann") is None


def test_a_tiebreak_round_is_won_by_the_top_scorer_among_its_players(tied_at_the_top, play, entry):
    state = play(
        tied_at_the_top,
        entry.win("Ann", "one_pair"),
        entry.no_hand(),
        entry.last_trick("Bo"),
        entry.no_hand(),
    )

    assert state.scores == (66, 70, 57)
    assert state.winner == "Bo"
    assert state.status is Status.FINISHED
    assert state.tiebreak_players == ()


def test_a_royal_flush_does_not_end_a_tiebreak_round_early(tied_at_the_top, play, entry):
    state = play(tied_at_the_top, entry.win("Ann", "royal_flush"))

    assert state.winner is None
    assert state.status is Status.TIEBREAK


def test_a_tiebreak_that_ends_level_is_followed_by_another(tied_at_the_top, play, entry):
    state = play(
        tied_at_the_top,
        entry.tie(),
        entry.no_hand(),
        entry.last_trick("Ann"),
        entry.win("Bo", "flush"),
    )

    assert state.scores == (70, 70, 57)
    assert state.status is Status.TIEBREAK
    assert state.tiebreak_players == ("Ann", "Bo")
    assert (state.round, state.next_step) == (4, Step.PHASE1)

    state = play(
        state, entry.win("Bo", "one_pair"), entry.no_hand(), entry.chicago("Bo", won=True)
    )
    state = play(state, entry.no_hand())

    assert state.winner == "Bo"
    assert state.scores == (70, 86, 57)


def test_a_lost_chicago_in_a_tiebreak_hands_the_win_to_the_other_tied_player(
    tied_at_the_top, play, entry
):
    state = play(
        tied_at_the_top,
        entry.no_hand(),
        entry.no_hand(),
        entry.chicago("Ann", won=False),
        entry.no_hand(),
    )

    assert state.scores == (50, 65, 57)
    assert state.winner == "Bo"


def test_a_new_tiebreak_is_only_among_those_still_tied(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", "Cy"),
        entry.win("Bo", "flush"),
        entry.no_hand(),
        entry.last_trick("Cy"),
        entry.no_hand(),
        entry.win("Ann", "royal_flush"),
        entry.win("Bo", "royal_flush"),
        entry.last_trick("Ann"),
        entry.win("Cy", "royal_flush"),
    )
    assert state.scores == (57, 57, 57)
    assert state.tiebreak_players == ("Ann", "Bo", "Cy")

    state = play(
        state,
        entry.win("Ann", "one_pair"),
        entry.win("Bo", "one_pair"),
        entry.last_trick("Ann"),
        entry.win("Bo", "flush"),
    )
    assert state.scores == (63, 63, 57)
    assert state.status is Status.TIEBREAK
    assert state.tiebreak_players == ("Ann", "Bo")
    with pytest.raises(RuleViolation, match="Cy is not playing"):
        play(state, entry.win("Cy", "royal_flush"))

    state = play(state, *entry.quiet_round("Bo"))

    assert state.winner == "Bo"
