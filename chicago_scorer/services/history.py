"""Every game, a page at a time, read from the stored copies of replays.

The history reads the stored summaries; the newest games (the home page and the API's
listing) read each game's stored fold position, which holds where the game stands. A
copy of other rules is never shown: the copies are rebuilt before a page is read
(``rebuild_stale_before_reading``), and a listed game whose fold is not its log's is
replayed.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import Generic, TypeVar

from sqlalchemy import Select, func, select
from sqlalchemy.orm import contains_eager, selectinload

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameState, Status
from chicago_scorer.services.errors import PageNotFound
from chicago_scorer.storage import game_log, resumed_folds
from chicago_scorer.storage.models import (
    Event,
    Game,
    Player,
    StoredFold,
    StoredSummary,
    as_utc,
    name_key,
)
from chicago_scorer.storage.rebuild import rebuild_stale_before_reading

HISTORY_PAGE_SIZE = 25
Item = TypeVar("Item")

_GAMES = Game.__table__
_EVENTS = Event.__table__
_FOLDS = StoredFold.__table__
_PLAYERS = Player.__table__


class StatusFilter(StrEnum):
    """Which games the history shows."""

    ALL = "all"
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


@dataclass(frozen=True)
class Page(Generic[Item]):
    """One page of a longer list, and where it sits in it."""

    items: Sequence[Item]
    number: int
    size: int
    total: int

    @property
    def pages(self) -> int:
        """How many pages the whole list fills (an empty list still has one)."""
        return count_pages(self.total, self.size)

    @property
    def first_index(self) -> int:
        """The 1-based position of this page's first item in the whole list."""
        return (self.number - 1) * self.size + 1

    def nearby_pages(self, spread: int = 2) -> list[int]:
        """Page numbers to link to: the first, the last, and a few around this one."""
        around = range(max(1, self.number - spread), min(self.pages, self.number + spread) + 1)
        return sorted({1, self.pages, *around})


@dataclass(frozen=True)
class SeatScore:
    """A player's name and score in a listed game."""

    name: str
    score: int
    is_winner: bool


@dataclass(frozen=True)
class HistoryRow:
    """One game in the history: when, who, the scores, the winner and how long."""

    id: int
    created_at: datetime
    players: tuple[SeatScore, ...]
    status: Status
    rounds: int

    @property
    def winner(self) -> str | None:
        """The winner's name, once the game is finished."""
        return next((seat.name for seat in self.players if seat.is_winner), None)


@dataclass(frozen=True)
class ListedGame:
    """One of the newest games: where it stands, without its log."""

    id: int
    created_at: datetime
    # The stored fold position, resumed: every figure of the replay, but an empty history.
    standing: GameState


def count_pages(total: int, size: int) -> int:
    """How many pages ``total`` items fill, at least one."""
    return max(1, -(-total // size))


def checked_page(number: int, total: int, size: int) -> None:
    """Refuse a page number past the last page."""
    pages = count_pages(total, size)
    if not 1 <= number <= pages:
        raise PageNotFound(number, pages)


def game_history(
    player: str | None = None, status: StatusFilter = StatusFilter.ALL, page: int = 1
) -> Page[HistoryRow]:
    """Games newest first, filtered by a player's name (any case) and by status."""
    rebuild_stale_before_reading()
    query = _filtered(select(Game).join(Game.summary), player, status)
    total = db.session.scalar(select(func.count()).select_from(query.subquery()))
    checked_page(page, total, HISTORY_PAGE_SIZE)
    games = db.session.scalars(
        query.options(contains_eager(Game.summary), selectinload(Game.players))
        .order_by(Game.created_at.desc(), Game.id.desc())
        .limit(HISTORY_PAGE_SIZE)
        .offset((page - 1) * HISTORY_PAGE_SIZE)
    )
    return Page([_row(game) for game in games], page, HISTORY_PAGE_SIZE, total)


def _filtered(query: Select, player: str | None, status: StatusFilter) -> Select:
    if status is StatusFilter.FINISHED:
        query = query.where(StoredSummary.status == Status.FINISHED.value)
    elif status is StatusFilter.IN_PROGRESS:
        query = query.where(StoredSummary.status != Status.FINISHED.value)
    if player and player.strip():
        seated = select(Player.game_id).where(Player.name_key == name_key(player))
        query = query.where(Game.id.in_(seated))
    return query


def _row(game: Game) -> HistoryRow:
    return HistoryRow(
        id=game.id,
        created_at=as_utc(game.created_at),
        players=tuple(
            SeatScore(player.name, player.score, player.is_winner) for player in game.players
        ),
        status=Status(game.summary.status),
        rounds=game.summary.rounds,
    )


def newest_games(limit: int, offset: int = 0) -> tuple[list[ListedGame], int]:
    """A page of games, newest first, and how many there are in all.

    Each stands where its stored fold does; a game whose fold is not of its log and these
    rules, or cannot be read, is replayed instead.
    """
    rebuild_stale_before_reading()
    total = game_log.count_games()
    return [
        ListedGame(stored.id, as_utc(stored.created_at), _standing(stored))
        for stored in game_log.newest_stored_games(limit, offset)
    ], total


def _standing(stored: game_log.StoredGame) -> GameState:
    """Where a listed game stands: its stored fold resumed, or its log replayed."""
    setup = stored.setup()
    resumed = resumed_folds.resumed_fold(stored, setup)
    if resumed is not None:
        return resumed
    return replace(game_log.replayed(setup, game_log.stored_log(stored.id)), history=())
