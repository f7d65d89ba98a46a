"""A fold's position: its state without the history, to store and to resume from.

Recording the next event needs only where the fold stands, not every event before it,
so a stored position lets a write skip the replay. ``resume(setup, position_of(state))``
equals ``state`` in everything but ``history``, which comes back empty.
"""

from collections.abc import Mapping

from .setup import GameSetup
from .state import GameState


def position_of(state: GameState) -> dict[str, object]:
    """The state without its history, in a JSON form."""
    return {
        "scores": list(state.scores),
        "round": state.round,
        "step_index": state.step_index,
        "dealer": state.dealer,
        "round_seats": list(state.round_seats),
        "is_tiebreak": state.is_tiebreak,
        "winner_seat": state.winner_seat,
        "chicago_callers": sorted(state.chicago_callers),
    }


def resume(setup: GameSetup, position: Mapping[str, object]) -> GameState:
    """The state a stored position describes, with an empty history."""
    return GameState(
        setup=setup,
        scores=tuple(position["scores"]),
        round=position["round"],
        step_index=position["step_index"],
        dealer=position["dealer"],
        round_seats=tuple(position["round_seats"]),
        is_tiebreak=position["is_tiebreak"],
        winner_seat=position["winner_seat"],
        history=(),
        chicago_callers=frozenset(position["chicago_callers"]),
    )
