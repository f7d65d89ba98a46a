"""What a game says about each player, and how the scores moved: derived from the fold.

Everything here is a pure function of a replayed ``GameState``, so a stored copy of it
can always be checked against the replay of the log.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from .events import ChicagoCall, HandResult, LastTrick, Outcome
from .game import GameState, ScoredEvent, Status, apply_event, start_game
from .ruleset import Hand
from .setup import GameSetup


@dataclass(frozen=True)
class PlayerGameStats:
    """One player's figures in one game."""

    name: str
    score: int
    is_winner: bool
    played_tiebreak: bool
    chicago_called: int
    chicago_won: int
    last_tricks: int
    hand_wins: Mapping[Hand, int]

    @property
    def best_hand(self) -> Hand | None:
        """The strongest hand this player won a step with, if any."""
        return best_hand(self.hand_wins)


@dataclass(frozen=True)
class GameSummary:
    """A game in figures: where it stands, how many rounds, and each player's stats."""

    status: Status
    rounds: int
    players: tuple[PlayerGameStats, ...]


def best_hand(hand_wins: Mapping[Hand, int]) -> Hand | None:
    """The strongest hand with at least one win."""
    won = [hand for hand in Hand if hand_wins.get(hand, 0) > 0]
    return won[-1] if won else None


def no_hand_wins() -> dict[Hand, int]:
    """Every hand, with no wins yet."""
    return dict.fromkeys(Hand, 0)


def summarize(state: GameState) -> GameSummary:
    """The figures of a game, from its replayed state."""
    history = state.history
    return GameSummary(
        status=state.status,
        rounds=history[-1].event.round if history else 0,
        players=player_game_stats(state),
    )


def player_game_stats(state: GameState) -> tuple[PlayerGameStats, ...]:
    """Each player's figures in seating order."""
    players = state.players
    tallies = [_Tally() for _ in players]
    for scored in state.history:
        _count_event(tallies, state, scored)
    in_tiebreak = tiebreak_seats(state)
    return tuple(
        tallies[seat].stats(state, seat, name, seat in in_tiebreak)
        for seat, name in enumerate(players)
    )


def summarize_next(
    before: tuple[PlayerGameStats, ...], after: GameState, scored: ScoredEvent
) -> GameSummary:
    """The summary after one more event, from the players' figures before it.

    ``after`` is the state that event led to; its history may hold that event alone.
    Equals ``summarize`` of the whole replay (tests check that it does).
    """
    tallies = [_Tally.of(stats) for stats in before]
    _count_event(tallies, after, scored)
    in_tiebreak = after.round_seats if after.is_tiebreak else ()
    return GameSummary(
        status=after.status,
        rounds=scored.event.round,
        players=tuple(
            tallies[seat].stats(
                after, seat, name, before[seat].played_tiebreak or seat in in_tiebreak
            )
            for seat, name in enumerate(after.players)
        ),
    )


@dataclass
class _Tally:
    """One player's counts, added up event by event."""

    chicago_called: int = 0
    chicago_won: int = 0
    last_tricks: int = 0
    hand_wins: dict[Hand, int] = field(default_factory=no_hand_wins)

    @classmethod
    def of(cls, stats: PlayerGameStats) -> "_Tally":
        return cls(
            stats.chicago_called, stats.chicago_won, stats.last_tricks, dict(stats.hand_wins)
        )

    def stats(
        self, state: GameState, seat: int, name: str, played_tiebreak: bool
    ) -> PlayerGameStats:
        return PlayerGameStats(
            name=name,
            score=state.scores[seat],
            is_winner=seat == state.winner_seat,
            played_tiebreak=played_tiebreak,
            chicago_called=self.chicago_called,
            chicago_won=self.chicago_won,
            last_tricks=self.last_tricks,
            hand_wins=MappingProxyType(self.hand_wins),
        )


def _count_event(tallies: list[_Tally], state: GameState, scored: ScoredEvent) -> None:
    match scored.event:
        case HandResult(outcome=Outcome.WIN, winner=str(winner), hand=Hand() as hand):
            tallies[state.setup.seat_of(winner)].hand_wins[hand] += 1
        case LastTrick(taker=taker):
            tallies[state.setup.seat_of(taker)].last_tricks += 1
        case ChicagoCall(caller=caller, won=chicago_won):
            tally = tallies[state.setup.seat_of(caller)]
            tally.chicago_called += 1
            tally.chicago_won += int(chicago_won)


def tiebreak_seats(state: GameState) -> frozenset[int]:
    """The seats that played a tiebreak round, or are about to play one."""
    seats: set[int] = set()
    folded = start_game(state.setup)
    for scored in state.history:
        if folded.is_tiebreak:
            seats.update(folded.round_seats)
        folded = apply_event(folded, scored.event)
    if folded.is_tiebreak:
        seats.update(folded.round_seats)
    return frozenset(seats)


def score_progression(state: GameState) -> tuple[tuple[int, ...], ...]:
    """The scores at the start and after every event, in seating order."""
    return progression_from((0,) * len(state.players), state.setup, state.history)


def scores_before(
    end: Sequence[int], setup: GameSetup, entries: Iterable[ScoredEvent]
) -> tuple[int, ...]:
    """The scores before ``entries``, which ended at the scores ``end``, in seating order:
    each entry's points are what it moved, floor and all, so taking them back is exact."""
    scores = list(end)
    for scored in entries:
        for name, change in scored.points.items():
            scores[setup.seat_of(name)] -= change
    return tuple(scores)


def progression_from(
    start: Sequence[int], setup: GameSetup, entries: Iterable[ScoredEvent]
) -> tuple[tuple[int, ...], ...]:
    """The scores ``start``, then after each of ``entries`` in turn, in seating order."""
    scores = list(start)
    progression = [tuple(scores)]
    for scored in entries:
        for name, change in scored.points.items():
            scores[setup.seat_of(name)] += change
        progression.append(tuple(scores))
    return tuple(progression)
