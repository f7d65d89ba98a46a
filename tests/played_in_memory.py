"""Games played in memory through the rules, for tests that only need their states."""

from chicago_scorer.rules import new_setup, record, start_game

NOBODY, TIE = {"outcome": "none"}, {"outcome": "tie"}


def played(players, *entries):
    """A game played in memory through the rules, each entry at the next step."""
    state = start_game(new_setup(list(players)))
    for body in entries:
        state = record(state, {"round": state.round, "step": str(state.next_step)} | body)
    return state


def win(winner, hand):
    """A hand step's entry: ``winner`` had the best hand, ``hand``."""
    return {"outcome": "win", "winner": winner, "hand": hand}
