"""The stored summary of each game: the figures of its replay, kept beside its log.

Listings and statistics read these columns instead of replaying thousands of games;
this module reads them. projections.py writes them, from ``summarize(state)`` (or
``summarize_next`` after one more event), by every write in the same transaction as the
log, so they always equal the replay (tests check that they do). Each is stamped with the
rules' revision; one of another revision is rebuilt before it is read (rebuild.py). Each
of those writes also counts itself on the game's summary row, and the history and player
pages are cached under the sum of those counts (``listings_key``).
"""

from datetime import datetime
from types import MappingProxyType
from typing import NamedTuple

from sqlalchemy import bindparam, func, select

from chicago_scorer.rules import Hand, Status
from chicago_scorer.rules.statistics import GameSummary, PlayerGameStats
from chicago_scorer.storage.database import read_state_row, run
from chicago_scorer.storage.models import (
    GameDeletion,
    Player,
    StoredSummary,
    hand_wins_column,
)

_HAND_COLUMNS = tuple(hand_wins_column(hand) for hand in Hand)
_PLAYERS = Player.__table__
# Of the table, not the ORM class: an ORM select takes as long again to run.
_PLAYER_FIGURES = (
    select(
        _PLAYERS.c.name,
        _PLAYERS.c.score,
        _PLAYERS.c.is_winner,
        _PLAYERS.c.played_tiebreak,
        _PLAYERS.c.chicago_called,
        _PLAYERS.c.chicago_won,
        _PLAYERS.c.last_tricks,
        *(_PLAYERS.c[column] for column in _HAND_COLUMNS),
    )
    .where(_PLAYERS.c.game_id == bindparam("game_id"))
    .order_by(_PLAYERS.c.seat)
)
_SUMMARIES = StoredSummary.__table__
_STATUSES = frozenset(status.value for status in Status)
_GAME_FIGURES = select(_SUMMARIES.c.status, _SUMMARIES.c.rounds, _SUMMARIES.c.updated_at).where(
    _SUMMARIES.c.game_id == bindparam("game_id")
)
# Not max(updated_at): a rebuild keeps the times, and on PostgreSQL a write stamped
# earlier may commit later, leaving the newest time where it was.
# A deletion lowers both figures, and a new game's first write could make them up again:
# the number of deletions, which only grows, tells the two apart.
_LISTINGS_KEY = select(
    func.count(),
    func.coalesce(func.sum(_SUMMARIES.c.write_count), 0),
    select(func.count()).select_from(GameDeletion.__table__).scalar_subquery(),
)


def stored_player_figures(game_id: int) -> tuple[PlayerGameStats, ...]:
    """Each player's stored figures in a game, in seating order, read without ORM objects."""
    return tuple(
        PlayerGameStats(
            *row[:7], hand_wins=MappingProxyType(dict(zip(Hand, row[7:], strict=True)))
        )
        for row in run(_PLAYER_FIGURES, {"game_id": game_id})
    )


def listings_key() -> tuple[int, int, int]:
    """What the listings are cached under: how many games there are, how many writes
    their summaries have had, which grows with every committed write to any of them, and
    how many games were deleted."""
    count, writes, deletions = read_state_row(_LISTINGS_KEY, {})
    return count, writes, deletions


class KeptSummary(NamedTuple):
    """A game's stored summary, None if it cannot be read (a status no release wrote),
    and when the game last changed (which a rebuild keeps)."""

    summary: GameSummary | None
    updated_at: datetime


def stored_summary(game_id: int) -> KeptSummary:
    """The summary of a game as the database holds it, to compare with the replay."""
    status, rounds, updated_at = run(_GAME_FIGURES, {"game_id": game_id}).one()
    if status not in _STATUSES:
        return KeptSummary(None, updated_at)
    return KeptSummary(
        GameSummary(Status(status), rounds, stored_player_figures(game_id)), updated_at
    )
