"""A game's state as a fold of its setup and its ordered events through the rules.

Order of play, as the fold applies it:

1. Each round is four steps: ``phase1``, ``phase2``, ``tricks``, ``phase3``.
2. Every change of score is clamped to the rule set's floor at once.
3. Only when a round ends (after ``phase3``) is the win checked. If the highest
   score has reached the target, a single top scorer wins; a shared top score
   sends only the tied players into a tiebreak round. After a tiebreak round the
   top scorer among its players wins, or those still tied play another.
4. The deal passes to the next player in seating order who plays the next round.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from .errors import OutOfTurn, RuleViolation
from .events import STEP_ORDER, ChicagoCall, Event, HandResult, LastTrick, Outcome, Step
from .events import read_event as _read_event
from .events import read_position as _read_position
from .setup import GameSetup


class Status(StrEnum):
    """Where a game stands."""

    IN_PROGRESS = "in_progress"
    TIEBREAK = "tiebreak"
    FINISHED = "finished"


@dataclass(frozen=True)
class ScoredEvent:
    """A recorded event, its player names made canonical, with the points it moved."""

    event: Event
    points: Mapping[str, int]
    in_tiebreak: bool = False


@dataclass(frozen=True)
class GameState:
    """Everything derived from a game's log: scores, dealer, next step, status, winner."""

    setup: GameSetup
    scores: tuple[int, ...]
    round: int
    step_index: int
    dealer: int
    round_seats: tuple[int, ...]
    is_tiebreak: bool
    winner_seat: int | None
    history: tuple[ScoredEvent, ...]

    @property
    def players(self) -> tuple[str, ...]:
        """Names in seating order."""
        return self.setup.players

    @property
    def status(self) -> Status:
        """In progress, in a tiebreak round, or finished."""
        if self.winner_seat is not None:
            return Status.FINISHED
        return Status.TIEBREAK if self.is_tiebreak else Status.IN_PROGRESS

    @property
    def next_step(self) -> Step | None:
        """The step to record next, or None once the game is finished."""
        if self.winner_seat is not None:
            return None
        return STEP_ORDER[self.step_index]

    @property
    def winner(self) -> str | None:
        """The winner's name, once there is one."""
        return None if self.winner_seat is None else self.players[self.winner_seat]

    @property
    def dealer_name(self) -> str:
        """Who deals the current round (or dealt the last one)."""
        return self.players[self.dealer]

    @property
    def leader_name(self) -> str:
        """The player left of the dealer, who leads the current round."""
        return self.players[_next_seat_in(self.dealer, self.round_seats, len(self.players))]

    @property
    def tiebreak_players(self) -> tuple[str, ...]:
        """Who plays the current tiebreak round; empty outside one."""
        if not self.is_tiebreak or self.winner_seat is not None:
            return ()
        return tuple(self.players[seat] for seat in self.round_seats)

    def score_of(self, name: str) -> int:
        """A player's current score."""
        return self.scores[self.setup.seat_of(name)]

    def points_to_target(self, name: str) -> int:
        """How many points a player still needs to reach the target."""
        return max(0, self.setup.rules.target - self.score_of(name))


def start_game(setup: GameSetup) -> GameState:
    """The state of a game before anything is recorded."""
    return GameState(
        setup=setup,
        scores=(0,) * len(setup.players),
        round=1,
        step_index=0,
        dealer=setup.first_dealer,
        round_seats=tuple(range(len(setup.players))),
        is_tiebreak=False,
        winner_seat=None,
        history=(),
    )


def replay(setup: GameSetup, events: Iterable[Event]) -> GameState:
    """Fold a whole log through the rules."""
    state = start_game(setup)
    for event in events:
        state = apply_event(state, event)
    return state


def record(state: GameState, data: Mapping[str, object]) -> GameState:
    """Check and apply one entry in its JSON form; a wrong step is refused first."""
    _check_position(state, *_read_position(data))
    return apply_event(state, _read_event(data))


def apply_event(state: GameState, event: Event) -> GameState:
    """The state after one more event; refuses anything the rules do not allow."""
    _check_position(state, event.round, event.step)
    event, requested = _score_event(state, event)
    rules = state.setup.rules
    scores = list(state.scores)
    applied: dict[str, int] = {}
    for seat, change in requested.items():
        new_score = rules.floored(scores[seat] + change)
        applied[state.players[seat]] = new_score - scores[seat]
        scores[seat] = new_score
    state = replace(
        state,
        scores=tuple(scores),
        history=state.history + (ScoredEvent(event, applied, state.is_tiebreak),),
    )
    if event.step is Step.PHASE3:
        return _end_round(state)
    return replace(state, step_index=state.step_index + 1)


def chicago_refusal(state: GameState, name: str) -> str | None:
    """Why this player may not call Chicago now, or None if they may."""
    seat = state.setup.seat_of(name)
    if state.next_step is not Step.TRICKS:
        return "Chicago is called before the tricks, at the tricks step."
    if seat not in state.round_seats:
        return f"{state.players[seat]} is not playing this tiebreak round."
    needed = state.setup.rules.chicago_min_score
    if state.scores[seat] < needed:
        return (
            f"{state.players[seat]} needs {needed} points to call Chicago "
            f"and has {state.scores[seat]}."
        )
    return None


def _check_position(state: GameState, round_number: int, step: Step) -> None:
    if state.next_step is None:
        raise OutOfTurn(
            f"The game is finished: {state.winner} won. Undo the last entry to reopen it."
        )
    if (round_number, step) != (state.round, state.next_step):
        raise OutOfTurn(
            f"Round {round_number} {step} is not the next step: round {state.round} "
            f"{state.next_step} is. It may already be recorded; refresh to see the game."
        )


def _playing_seat(state: GameState, name: str, field_name: str) -> int:
    seat = state.setup.seat_of(name, field_name)
    if seat not in state.round_seats:
        raise RuleViolation(
            f"{state.players[seat]} is not playing this tiebreak round; only "
            f"{', '.join(state.tiebreak_players)} may score in it.",
            field_name,
        )
    return seat


def _score_event(state: GameState, event: Event) -> tuple[Event, dict[int, int]]:
    """The event with canonical names, and the score change it asks for, by seat."""
    rules = state.setup.rules
    if isinstance(event, HandResult) is (event.step is Step.TRICKS):
        raise RuleViolation(
            "The tricks step records the last trick or a Chicago call; "
            "phases 1, 2 and 3 record the best hand.",
            "step",
        )
    match event:
        case HandResult(outcome=Outcome.WIN, winner=str(name), hand=hand) if hand is not None:
            seat = _playing_seat(state, name, "winner")
            return replace(event, winner=state.players[seat]), {seat: rules.points_for(hand)}
        case HandResult(outcome=Outcome.WIN):
            raise RuleViolation("A win needs both a winner and a hand.", "winner")
        case HandResult():
            return event, {}
        case LastTrick(taker=name):
            seat = _playing_seat(state, name, "last_trick")
            return replace(event, taker=state.players[seat]), {seat: rules.last_trick_points}
        case ChicagoCall(caller=name, won=won):
            seat = _playing_seat(state, name, "chicago")
            refusal = chicago_refusal(state, state.players[seat])
            if refusal is not None:
                raise RuleViolation(refusal, "chicago")
            change = rules.chicago_points if won else -rules.chicago_penalty
            return replace(event, caller=state.players[seat]), {seat: change}
    raise TypeError(f"not an event: {event!r}")


def _next_seat_in(seat: int, seats: tuple[int, ...], player_count: int) -> int:
    """The next seat clockwise from ``seat`` that is among ``seats``."""
    for step in range(1, player_count + 1):
        candidate = (seat + step) % player_count
        if candidate in seats:
            return candidate
    raise ValueError("no seats to pass to")


def _end_round(state: GameState) -> GameState:
    contenders = state.round_seats if state.is_tiebreak else tuple(range(len(state.players)))
    top = max(state.scores[seat] for seat in contenders)
    if state.is_tiebreak or top >= state.setup.rules.target:
        leaders = tuple(seat for seat in contenders if state.scores[seat] == top)
        if len(leaders) == 1:
            return replace(state, winner_seat=leaders[0])
        return _next_round(state, leaders, is_tiebreak=True)
    return _next_round(state, state.round_seats, is_tiebreak=False)


def _next_round(state: GameState, seats: tuple[int, ...], *, is_tiebreak: bool) -> GameState:
    return replace(
        state,
        round=state.round + 1,
        step_index=0,
        dealer=_next_seat_in(state.dealer, seats, len(state.players)),
        round_seats=seats,
        is_tiebreak=is_tiebreak,
    )
