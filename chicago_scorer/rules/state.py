"""What the fold carries from one event to the next: a game's derived state."""

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from .events import STEP_ORDER, Event, Step
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


def next_seat_in(seat: int, seats: tuple[int, ...], player_count: int) -> int:
    """The next seat clockwise from ``seat`` that is among ``seats``."""
    for step in range(1, player_count + 1):
        candidate = (seat + step) % player_count
        if candidate in seats:
            return candidate
    raise ValueError("no seats to pass to")


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
    chicago_callers: frozenset[int] = frozenset()

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
        return self.players[next_seat_in(self.dealer, self.round_seats, len(self.players))]

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

    def has_reached_target(self, seat: int) -> bool:
        """Whether a player's score counts as reaching the target (exactly, if the rules say)."""
        rules = self.setup.rules
        score = self.scores[seat]
        return score == rules.target if rules.exact_target else score >= rules.target

    def may_win(self, seat: int) -> bool:
        """Whether the rules let this player win at all (some tables require a Chicago call)."""
        return not self.setup.rules.chicago_required_to_win or seat in self.chicago_callers


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
