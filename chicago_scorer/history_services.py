"""Every game, a page at a time: read from the stored summaries, never by replaying."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Generic, TypeVar

from sqlalchemy import Select, func, select
from sqlalchemy.orm import contains_eager, selectinload

from .extensions import db
from .models import Game, Player, StoredSummary
from .projections import rebuild_stale_before_reading
from .rules import Status
from .rules.errors import Refusal, counted
from .rules.statistics import player_key
from .summaries import as_utc

HISTORY_PAGE_SIZE = 25
Item = TypeVar("Item")


class StatusFilter(StrEnum):
    """Which games the history shows."""

    ALL = "all"
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


class PageNotFound(Refusal):
    """A page number past the end of a list."""

    def __init__(self, number: int, pages: int) -> None:
        super().__init__(
            counted(
                "There is no page %(number)s: the list has %(count)s page.",
                "There is no page %(number)s: the list has %(count)s pages.",
                pages,
                number=number,
            )
        )


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
        seated = select(Player.game_id).where(Player.name_key == player_key(player))
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
