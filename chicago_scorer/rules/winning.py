"""When a game is won, when a tiebreak is played, and who deals next."""

from dataclasses import replace

from .events import ChicagoCall, Event, HandResult, LastTrick, Step
from .ruleset import Hand
from .state import GameState, next_seat_in


def instant_winner(state: GameState, event: Event) -> int | None:
    """A player who wins at once, in the middle of a round, if the rules allow it."""
    rules = state.setup.rules
    if rules.royal_flush_wins and isinstance(event, HandResult):
        if event.hand is Hand.ROYAL_FLUSH:
            return state.setup.seat_of(event.winner)
    if rules.must_win_on_last_trick and event.step is Step.TRICKS:
        taker = _last_trick_winner(state, event)
        if taker is not None and state.has_reached_target(taker) and state.may_win(taker):
            return taker
    return None


def _last_trick_winner(state: GameState, event: Event) -> int | None:
    """Who took the tricks that count: the last trick's taker, or a Chicago winner."""
    match event:
        case LastTrick(taker=taker):
            return state.setup.seat_of(taker)
        case ChicagoCall(caller=caller, won=True):
            return state.setup.seat_of(caller)
    return None


def end_round(state: GameState) -> GameState:
    """Decide the game at a round's end: a winner, a tiebreak, or the next round."""
    if state.setup.rules.must_win_on_last_trick:
        # Only the tricks step decides such a game; every round is played out.
        return _next_round(state, state.round_seats, is_tiebreak=state.is_tiebreak)
    if state.is_tiebreak:
        contenders = state.round_seats
    else:
        contenders = tuple(
            seat
            for seat in range(len(state.players))
            if state.has_reached_target(seat) and state.may_win(seat)
        )
    if not contenders:
        return _next_round(state, state.round_seats, is_tiebreak=False)
    top = max(state.scores[seat] for seat in contenders)
    leaders = tuple(seat for seat in contenders if state.scores[seat] == top)
    if len(leaders) == 1:
        return replace(state, winner_seat=leaders[0])
    return _next_round(state, leaders, is_tiebreak=True)


def _next_round(state: GameState, seats: tuple[int, ...], *, is_tiebreak: bool) -> GameState:
    return replace(
        state,
        round=state.round + 1,
        step_index=0,
        dealer=next_seat_in(state.dealer, seats, len(state.players)),
        round_seats=seats,
        is_tiebreak=is_tiebreak,
    )
