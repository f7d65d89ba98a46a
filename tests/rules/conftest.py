"""Builders that keep the rules tests reading like a score sheet.

Entries are written as the bodies of their JSON form; ``play`` adds the round and the
step the game expects next, so a test lists only what happened at the table.
"""

from types import SimpleNamespace

import pytest

from chicago_scorer.rules import (
    STANDARD_RULES,
    GameState,
    RuleSet,
    new_setup,
    record,
    start_game,
)


def _win(winner: str, hand: str) -> dict[str, object]:
    """A hand step won by ``winner`` with ``hand``."""
    return {"outcome": "win", "winner": winner, "hand": hand}


def _tie() -> dict[str, object]:
    """A hand step where the best hands tied exactly."""
    return {"outcome": "tie"}


def _no_hand() -> dict[str, object]:
    """A hand step where nobody had a scoring hand."""
    return {"outcome": "none"}


def _last_trick(taker: str) -> dict[str, object]:
    """The tricks step without Chicago."""
    return {"last_trick": taker}


def _chicago(caller: str, *, won: bool) -> dict[str, object]:
    """The tricks step with a Chicago call."""
    return {"chicago": caller, "chicago_won": won}


def _quiet_round(taker: str) -> tuple[dict[str, object], ...]:
    """A whole round in which only the last trick scores."""
    return (_no_hand(), _no_hand(), _last_trick(taker), _no_hand())


def _new_game(
    *players: str, dealer: str | None = None, rules: RuleSet = STANDARD_RULES
) -> GameState:
    """A fresh game with these players in seating order."""
    return start_game(new_setup(list(players), dealer, rules))


def _play(state: GameState, *bodies: dict[str, object]) -> GameState:
    """Record each entry at the next round and step, as the scorekeeper would."""
    for body in bodies:
        state = record(state, _at_next_step(state, body))
    return state


def _at_next_step(state: GameState, body: dict[str, object]) -> dict[str, object]:
    """An entry's JSON form, aimed at the step the game expects next."""
    return {"round": state.round, "step": str(state.next_step)} | body


@pytest.fixture
def entry() -> SimpleNamespace:
    """Builders for the body of each kind of entry."""
    return SimpleNamespace(
        win=_win,
        tie=_tie,
        no_hand=_no_hand,
        last_trick=_last_trick,
        chicago=_chicago,
        quiet_round=_quiet_round,
    )


@pytest.fixture
def play():
    """``play(state, *bodies)``: record entries one after another."""
    return _play


@pytest.fixture
def new_game():
    """``new_game(*players, dealer=None, rules=STANDARD_RULES)``: nothing recorded yet."""
    return _new_game
