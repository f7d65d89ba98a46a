"""A game's figures per player, and its score progression, derived from the fold."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_scorer.rules import Hand, Status, event_to_dict
from chicago_scorer.rules.names import same_name_key
from chicago_scorer.rules.statistics import (
    best_hand,
    score_progression,
    scores_before,
    summarize,
    tiebreak_seats,
)
from chicago_scorer.services.demo_games import random_game
from support.games import chicago, last_trick, new_game, no_hand, play, tie, win


def no_wins_but(**wins: int) -> dict[Hand, int]:
    return {hand: wins.get(hand.value, 0) for hand in Hand}


def tiebreak_won_by_bos_chicago():
    """Ann and Bo reach 52 together in round 1; Bo wins the tiebreak with a Chicago."""
    return play(
        new_game("Ann", "Bo", "Cy"),
        win("Ann", "royal_flush"),
        win("Bo", "royal_flush"),
        last_trick("Cy"),
        no_hand(),
        win("Ann", "one_pair"),
        tie(),
        chicago("Bo", won=True),
        win("Ann", "flush"),
    )


def test_every_figure_of_a_game_with_a_tiebreak():
    summary = summarize(tiebreak_won_by_bos_chicago())

    assert summary.status is Status.FINISHED
    assert summary.rounds == 2
    ann, bo, cy = summary.players
    assert (ann.name, ann.score, ann.is_winner, ann.played_tiebreak) == ("Ann", 58, False, True)
    assert (ann.chicago_called, ann.chicago_won, ann.last_tricks) == (0, 0, 0)
    assert ann.hand_wins == no_wins_but(royal_flush=1, one_pair=1, flush=1)
    assert ann.best_hand is Hand.ROYAL_FLUSH
    assert (bo.name, bo.score, bo.is_winner, bo.played_tiebreak) == ("Bo", 67, True, True)
    assert (bo.chicago_called, bo.chicago_won, bo.last_tricks) == (1, 1, 0)
    assert bo.hand_wins == no_wins_but(royal_flush=1)
    assert (cy.name, cy.score, cy.is_winner, cy.played_tiebreak) == ("Cy", 5, False, False)
    assert (cy.chicago_called, cy.chicago_won, cy.last_tricks) == (0, 0, 1)
    assert cy.hand_wins == no_wins_but()
    assert cy.best_hand is None


def test_a_lost_chicago_counts_as_called_and_not_won():
    state = play(
        new_game("Ann", "Cy"),
        win("Ann", "straight_flush"),
        win("Ann", "four_of_a_kind"),
        chicago("Ann", won=False),
        win("Cy", "three_of_a_kind"),
        win("Cy", "full_house"),
    )

    ann, cy = summarize(state).players

    assert summarize(state).status is Status.IN_PROGRESS
    assert summarize(state).rounds == 2
    assert (ann.score, ann.chicago_called, ann.chicago_won) == (0, 1, 0)
    assert ann.hand_wins == no_wins_but(straight_flush=1, four_of_a_kind=1)
    assert (cy.score, cy.is_winner) == (9, False)
    assert cy.best_hand is Hand.FULL_HOUSE


def test_a_game_with_nothing_recorded_has_no_rounds_and_empty_figures():
    summary = summarize(new_game("Ann", "Bo"))

    assert (summary.status, summary.rounds) == (Status.IN_PROGRESS, 0)
    assert all(player.hand_wins == no_wins_but() for player in summary.players)


def test_players_waiting_for_a_tiebreak_round_are_already_in_it():
    state = play(
        new_game("Ann", "Bo", "Cy"),
        win("Ann", "royal_flush"),
        win("Bo", "royal_flush"),
        last_trick("Cy"),
        no_hand(),
    )

    assert state.status is Status.TIEBREAK
    assert tiebreak_seats(state) == {0, 1}


def test_the_score_progression_starts_at_zero_and_follows_every_entry():
    state = tiebreak_won_by_bos_chicago()

    progression = score_progression(state)

    assert progression[0] == (0, 0, 0)
    assert progression[1] == (52, 0, 0)
    assert progression[3] == (52, 52, 5)
    assert progression[-1] == state.scores
    assert len(progression) == len(state.history) + 1


def test_a_player_is_the_same_whatever_the_case_of_the_name():
    assert same_name_key(" ANN ") == same_name_key("ann") == same_name_key("Ann")
    assert same_name_key("STRASSE") == same_name_key("straße")


def test_the_best_hand_is_the_strongest_hand_won_at_least_once():
    assert best_hand(no_wins_but(one_pair=5, flush=1)) is Hand.FLUSH
    assert best_hand(no_wins_but()) is None


def direct_counts(state):
    """The figures counted straight from the JSON form of the log."""
    logged = [event_to_dict(scored.event) for scored in state.history]
    return {
        "hands": Counter((e["winner"], e["hand"]) for e in logged if e.get("outcome") == "win"),
        "last_tricks": Counter(e["last_trick"] for e in logged if "last_trick" in e),
        "called": Counter(e["chicago"] for e in logged if "chicago" in e),
        "won": Counter(e["chicago"] for e in logged if e.get("chicago_won") is True),
    }


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.integers(min_value=1, max_value=150))
def test_the_figures_equal_a_direct_count_over_random_legal_games(rng: random.Random, limit):
    players = rng.sample(["Ann", "Bo", "Cy", "Dee"], rng.randint(2, 4))
    state = random_game(rng, players, max_events=limit, levelling=0.5)

    summary = summarize(state)
    counted = direct_counts(state)

    assert summary.status is state.status
    assert summary.rounds == (state.history[-1].event.round if state.history else 0)
    for seat, figures in enumerate(summary.players):
        name = state.players[seat]
        assert figures.score == state.scores[seat]
        assert figures.is_winner == (name == state.winner)
        assert figures.last_tricks == counted["last_tricks"][name]
        assert figures.chicago_called == counted["called"][name]
        assert figures.chicago_won == counted["won"][name]
        assert figures.hand_wins == {hand: counted["hands"][name, hand.value] for hand in Hand}
        scored_in_tiebreak = any(
            scored.in_tiebreak and name in scored.points for scored in state.history
        )
        if scored_in_tiebreak:
            assert figures.played_tiebreak
        if figures.played_tiebreak:
            assert state.is_tiebreak


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.integers(min_value=0, max_value=150))
def test_taking_back_the_newest_entries_gives_the_scores_before_them(rng: random.Random, limit):
    players = rng.sample(["Ann", "Bo", "Cy", "Dee"], rng.randint(2, 4))
    state = random_game(rng, players, max_events=limit, levelling=0.5)
    progression = score_progression(state)  # the floor at 0 included: a lost Chicago at 3
    kept = rng.randint(0, len(state.history))

    newest = state.history[len(state.history) - kept :]
    assert scores_before(state.scores, state.setup, newest) == progression[-1 - kept]
