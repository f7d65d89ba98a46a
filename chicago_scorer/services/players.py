"""Player statistics: sums over the stored per-game figures, a few statements per page.

A player is a name, matched across games whatever its case, and shown as most of their
games spell it (``shown_names``). Each figure summed here was written from the replay of
its game (see summaries.py), so the statistics agree with the fold; tests check them
against direct counts over random games.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from sqlalchemy import ColumnElement, and_, bindparam, case, func, select
from sqlalchemy.orm import aliased

from chicago_scorer.extensions import db
from chicago_scorer.rules import Hand, Status
from chicago_scorer.rules.names import shown_spelling
from chicago_scorer.rules.statistics import best_hand
from chicago_scorer.services.errors import PlayerNotFound
from chicago_scorer.services.history import Page, checked_page
from chicago_scorer.storage.models import Player, StoredSummary, hand_wins_column, name_key
from chicago_scorer.storage.rebuild import rebuild_stale_before_reading

PLAYERS_PAGE_SIZE = 50


@dataclass(frozen=True)
class PlayerTotals:
    """A player's line in the list of players."""

    name: str
    games: int
    finished: int
    wins: int

    @property
    def win_rate(self) -> float | None:
        """Wins as a share of finished games, or None before any game finished."""
        return self.wins / self.finished if self.finished else None


@dataclass(frozen=True)
class HeadToHead:
    """How a player fared against one opponent in the finished games they both played."""

    opponent: str
    games: int
    wins: int
    opponent_wins: int


@dataclass(frozen=True)
class PlayerStatistics:
    """Everything the player's page shows."""

    totals: PlayerTotals
    average_score: float | None
    highest_score: int | None
    chicago_called: int
    chicago_won: int
    last_tricks: int
    hand_wins: Mapping[Hand, int]
    tiebreaks_played: int
    tiebreaks_won: int
    head_to_head: tuple[HeadToHead, ...]

    @property
    def name(self) -> str:
        return self.totals.name

    @property
    def chicago_lost(self) -> int:
        return self.chicago_called - self.chicago_won

    @property
    def chicago_success_rate(self) -> float | None:
        """Chicagos won as a share of those called, or None if none was called."""
        return self.chicago_won / self.chicago_called if self.chicago_called else None

    @property
    def best_hand(self) -> Hand | None:
        """The strongest hand the player ever won a step with."""
        return best_hand(self.hand_wins)


def _count_where(condition: ColumnElement[bool]) -> ColumnElement[int]:
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


_FINISHED = StoredSummary.status == Status.FINISHED.value
_IN_GAME = StoredSummary.game_id == Player.game_id


# A player's spellings as the queries below read them beside their figures: the first and
# the last in the database's order, the same for a name only ever spelled one way.
_FIRST_SPELLING = func.min(Player.name)
_LAST_SPELLING = func.max(Player.name)


def shown_names(spellings: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """The spelling each player is shown under (``rules.names.shown_spelling``), by their
    name's key, from its first and last spelling. Only a name spelled more than one way
    is counted, in one statement for them all."""
    spellings = list(spellings)
    shown = {key: first for key, first, last in spellings if first == last}
    mixed = {key for key, first, last in spellings if first != last}
    if not mixed:
        return shown
    counted = db.session.execute(
        select(Player.name_key, Player.name, func.count(), func.max(Player.game_id))
        .where(Player.name_key.in_(mixed))
        .group_by(Player.name_key, Player.name)
    )
    by_key: dict[str, list[tuple[str, int, int]]] = defaultdict(list)
    for key, name, games, newest in counted:
        by_key[key].append((name, games, newest))
    return shown | {key: shown_spelling(spelled) for key, spelled in by_key.items()}


def player_list(page: int = 1) -> Page[PlayerTotals]:
    """Every player, those with the most games first."""
    rebuild_stale_before_reading()
    total = db.session.scalar(select(func.count(func.distinct(Player.name_key))))
    checked_page(page, total, PLAYERS_PAGE_SIZE)
    games = func.count()
    rows = db.session.execute(
        select(
            Player.name_key,
            _FIRST_SPELLING,
            _LAST_SPELLING,
            games,
            _count_where(_FINISHED),
            _count_where(Player.is_winner),
        )
        .join(StoredSummary, _IN_GAME)
        .group_by(Player.name_key)
        .order_by(games.desc(), Player.name_key)
        .limit(PLAYERS_PAGE_SIZE)
        .offset((page - 1) * PLAYERS_PAGE_SIZE)
    ).all()
    names = shown_names(row[:3] for row in rows)
    totals = [PlayerTotals(names[key], *figures) for key, _, _, *figures in rows]
    return Page(totals, page, PLAYERS_PAGE_SIZE, total)


_FINISHED_SCORE = case((_FINISHED, Player.score))
# Built once: constructing these CASE expressions cost as much as running them.
_PLAYER_TOTALS = (
    select(
        _FIRST_SPELLING,
        _LAST_SPELLING,
        func.count(),
        _count_where(_FINISHED),
        _count_where(Player.is_winner),
        func.avg(_FINISHED_SCORE),
        func.max(_FINISHED_SCORE),
        func.coalesce(func.sum(Player.chicago_called), 0),
        func.coalesce(func.sum(Player.chicago_won), 0),
        func.coalesce(func.sum(Player.last_tricks), 0),
        _count_where(Player.played_tiebreak),
        _count_where(and_(Player.played_tiebreak, Player.is_winner)),
        *(func.coalesce(func.sum(getattr(Player, hand_wins_column(hand))), 0) for hand in Hand),
    )
    .join(StoredSummary, _IN_GAME)
    .where(Player.name_key == bindparam("key"))
)


def player_statistics(name: str) -> PlayerStatistics:
    """A player's figures over every game they sat in."""
    rebuild_stale_before_reading()
    key = name_key(name)
    row = db.session.execute(_PLAYER_TOTALS, {"key": key}).one()
    first, last, games, finished, wins, average, highest, called, won, tricks = row[:10]
    tiebreaks_played, tiebreaks_won, *hand_counts = row[10:]
    if games == 0:
        raise PlayerNotFound(name)
    return PlayerStatistics(
        totals=PlayerTotals(shown_names([(key, first, last)])[key], games, finished, wins),
        average_score=None if average is None else float(average),
        highest_score=highest,
        chicago_called=called,
        chicago_won=won,
        last_tricks=tricks,
        hand_wins=MappingProxyType(dict(zip(Hand, hand_counts, strict=True))),
        tiebreaks_played=tiebreaks_played,
        tiebreaks_won=tiebreaks_won,
        head_to_head=_head_to_head(key),
    )


_ME, _THEM = aliased(Player), aliased(Player)
_GAMES_TOGETHER = func.count()
_HEAD_TO_HEAD = (
    select(
        _THEM.name_key,
        func.min(_THEM.name),
        func.max(_THEM.name),
        _GAMES_TOGETHER,
        _count_where(_ME.is_winner),
        _count_where(_THEM.is_winner),
    )
    .select_from(_ME)
    .join(_THEM, and_(_THEM.game_id == _ME.game_id, _THEM.name_key != _ME.name_key))
    .join(StoredSummary, StoredSummary.game_id == _ME.game_id)
    .where(_ME.name_key == bindparam("key"), _FINISHED)
    .group_by(_THEM.name_key)
    .order_by(_GAMES_TOGETHER.desc(), _THEM.name_key)
)


def _head_to_head(key: str) -> tuple[HeadToHead, ...]:
    """Results against each opponent over the finished games both sat in; an opponent
    those games spell one way only is shown that way."""
    rows = db.session.execute(_HEAD_TO_HEAD, {"key": key}).all()
    names = shown_names(row[:3] for row in rows)
    return tuple(HeadToHead(names[opponent], *figures) for opponent, _, _, *figures in rows)
