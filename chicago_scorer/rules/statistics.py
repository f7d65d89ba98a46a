"""What a game says about each player, and how the scores moved: derived from the fold.

Everything here is a pure function of a replayed ``GameState``, so a stored copy of it
can always be checked against the replay of the log.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .events import ChicagoCall, HandResult, LastTrick, Outcome
from .game import GameState, Status, apply_event, start_game
from .ruleset import Hand


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


def player_key(name: str) -> str:
    """The form of a name that finds the same player in every game, whatever its case."""
    # PostgreSQL cannot compare text holding NUL. No stored name has a control character,
    # so a NUL swapped for another one still finds nobody.
    return name.strip().casefold().replace("\x00", "\x01")


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
    called = [0] * len(players)
    won = [0] * len(players)
    last_tricks = [0] * len(players)
    hand_wins = [no_hand_wins() for _ in players]
    for scored in state.history:
        match scored.event:
            case HandResult(outcome=Outcome.WIN, winner=str(winner), hand=Hand() as hand):
                hand_wins[state.setup.seat_of(winner)][hand] += 1
            case LastTrick(taker=taker):
                last_tricks[state.setup.seat_of(taker)] += 1
            case ChicagoCall(caller=caller, won=chicago_won):
                seat = state.setup.seat_of(caller)
                called[seat] += 1
                won[seat] += int(chicago_won)
    in_tiebreak = tiebreak_seats(state)
    return tuple(
        PlayerGameStats(
            name=name,
            score=state.scores[seat],
            is_winner=seat == state.winner_seat,
            played_tiebreak=seat in in_tiebreak,
            chicago_called=called[seat],
            chicago_won=won[seat],
            last_tricks=last_tricks[seat],
            hand_wins=MappingProxyType(hand_wins[seat]),
        )
        for seat, name in enumerate(players)
    )


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
    scores = [0] * len(state.players)
    progression = [tuple(scores)]
    for scored in state.history:
        for name, change in scored.points.items():
            scores[state.setup.seat_of(name)] += change
        progression.append(tuple(scores))
    return tuple(progression)
