"""A game's stored row and log, read with plain SQL statements built once.

No ORM objects are made: a write to a game is the app's most frequent request, and the
replay of a long log its largest cost. So each game keeps the position of its fold and
each event the points the fold gave it (written by projections.py). A write resumes the
fold from there, and a read gives the fold with its newest entries (or all of them) read
from the stored events and their points, without the rules (resumed_folds.py). The
writes are in game_writes.py, the trail of corrections and fixes in trail.py, and the
log's version in log_versions.py.
"""

import json
from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import Text, bindparam, case, cast, func, select, type_coerce

from chicago_scorer.extensions import db
from chicago_scorer.rules import (
    MAX_PLAYERS,
    GameSetup,
    GameState,
    read_event,
    replay,
    revision,
    rules_from_settings,
)
from chicago_scorer.storage.database import run
from chicago_scorer.storage.log_versions import log_version
from chicago_scorer.storage.models import Event, Game, Player, StoredFold, StoredSummary
from chicago_scorer.storage.trail import corrections_of

_GAMES = Game.__table__
_PLAYERS = Player.__table__
_EVENTS = Event.__table__
_FOLDS = StoredFold.__table__
_SUMMARIES = StoredSummary.__table__

# Each seat's name, a subquery per seat (answered by the players' unique seat index),
# so that a game comes with its table without a statement of its own.
_SEAT_NAMES = tuple(
    select(_PLAYERS.c.name)
    .where(_PLAYERS.c.game_id == _GAMES.c.id, _PLAYERS.c.seat == seat)
    .scalar_subquery()
    for seat in range(MAX_PLAYERS)
)

# Games, each with its newest event's time (for the version), its stored fold and its
# players' names, in one query.
_STORED_GAMES = (
    select(
        _GAMES.c.id,
        _GAMES.c.created_at,
        _GAMES.c.first_dealer_seat,
        _GAMES.c.edit_key_hash,
        _GAMES.c.event_count,
        _GAMES.c.rules,
        _GAMES.c.rewrites,
        _EVENTS.c.recorded_at,
        _FOLDS.c.version,
        _FOLDS.c.position,
        _FOLDS.c.rules_revision,
        _SUMMARIES.c.rules_revision,
        *_SEAT_NAMES,
    )
    .outerjoin(
        _EVENTS, (_EVENTS.c.game_id == _GAMES.c.id) & (_EVENTS.c.seq == _GAMES.c.event_count)
    )
    .outerjoin(_FOLDS, _FOLDS.c.game_id == _GAMES.c.id)
    .outerjoin(_SUMMARIES, _SUMMARIES.c.game_id == _GAMES.c.id)
)
_STORED_GAME = _STORED_GAMES.where(_GAMES.c.id == bindparam("game_id"))
_NEWEST_GAMES = (
    _STORED_GAMES.order_by(_GAMES.c.created_at.desc(), _GAMES.c.id.desc())
    .limit(bindparam("limit"))
    .offset(bindparam("offset"))
)
_COUNT_GAMES = select(func.count()).select_from(_GAMES)
_LOG = (
    select(_EVENTS.c.payload, _EVENTS.c.points)
    .where(_EVENTS.c.game_id == bindparam("game_id"))
    .order_by(_EVENTS.c.seq)
)
# Parsing the times is a good part of reading a long log; only versions need them.
_LOG_WITH_TIMES = _LOG.add_columns(_EVENTS.c.recorded_at)
# The whole log with only the time its version is stamped with (the newest event's, or
# the game's creation when it has none) and the game's count of rewrites, which is all
# its version needs; one statement, so both are of the same log however the game changes
# meanwhile. A game without events comes as one row without an event.
_VERSION_STAMP = type_coerce(
    case(
        (_EVENTS.c.seq == _GAMES.c.event_count, _EVENTS.c.recorded_at),
        (_EVENTS.c.seq.is_(None), _GAMES.c.created_at),
    ),
    _EVENTS.c.recorded_at.type,
)
_LOG_WITH_NEWEST_TIME = (
    select(_EVENTS.c.payload, _EVENTS.c.points, _VERSION_STAMP, _GAMES.c.rewrites)
    .select_from(_GAMES)
    .outerjoin(_EVENTS, _EVENTS.c.game_id == _GAMES.c.id)
    .where(_GAMES.c.id == bindparam("game_id"))
    .order_by(_EVENTS.c.seq)
)
# The same, with each event's form and points as the JSON text stored, for answers that
# only write them out again: decoding and encoding them was most of a long log's cost.
_LOG_TEXT_WITH_NEWEST_TIME = _LOG_WITH_NEWEST_TIME.with_only_columns(
    cast(_EVENTS.c.payload, Text), cast(_EVENTS.c.points, Text), _VERSION_STAMP, _GAMES.c.rewrites
)
# With the game's count and rewrites as they stood when the entries were read, in the
# same statement: so the entries' version tells a change since the game's row was read.
_NEWEST_EVENTS = (
    select(
        _EVENTS.c.payload,
        _EVENTS.c.points,
        _EVENTS.c.recorded_at,
        _GAMES.c.event_count,
        _GAMES.c.rewrites,
    )
    .join(_GAMES, _GAMES.c.id == _EVENTS.c.game_id)
    .where(_EVENTS.c.game_id == bindparam("game_id"))
    .order_by(_EVENTS.c.seq.desc())
    .limit(bindparam("limit"))
)
_KEYED_ENTRY = select(_EVENTS.c.seq, _EVENTS.c.payload).where(
    _EVENTS.c.game_id == bindparam("game_id"),
    _EVENTS.c.idempotency_key == bindparam("idempotency_key"),
)


class StoredGame(NamedTuple):
    """A game's row, the time of its newest event, its stored fold if it has one, and
    its players' names in seating order."""

    id: int
    created_at: datetime
    first_dealer_seat: int
    edit_key_hash: str
    event_count: int
    rules: dict
    rewrites: int
    last_recorded_at: datetime | None
    fold_version: str | None
    fold_position: dict | None
    fold_revision: int | None
    summary_revision: int | None
    names: tuple[str, ...]

    def version(self) -> str:
        """The version of this game's log."""
        return log_version(self.event_count, self.last_recorded_at, self.rewrites, self.created_at)

    def fold_is_current(self) -> bool:
        """Whether the stored fold is of this log (of its version) and these rules."""
        return (
            self.fold_version == self.version() and self.fold_revision == revision.RULES_REVISION
        )

    def derived_data_is_current(self) -> bool:
        """Whether the stored fold and summary are of this log and these rules."""
        return self.fold_is_current() and self.summary_revision == revision.RULES_REVISION

    def setup(self) -> GameSetup:
        """The game's players, first dealer and rules."""
        return stored_setup(self.names, self.first_dealer_seat, self.rules)


class LoggedEvent(NamedTuple):
    """A stored event: its JSON form, the points the fold gave it (None if not yet kept)."""

    payload: dict
    points: dict | None
    recorded_at: datetime | None = None


class LoggedEventText(NamedTuple):
    """A stored event as JSON text: its form, and the points the fold gave it (None if
    not yet kept)."""

    payload: str
    points: str | None
    recorded_at: datetime | None = None


def decoded(logged: LoggedEventText) -> LoggedEvent:
    """A stored event read as text, decoded."""
    points = None if logged.points is None else json.loads(logged.points)
    return LoggedEvent(json.loads(logged.payload), points, logged.recorded_at)


def log_version_of(log: Sequence[LoggedEvent], rewrites: int, created_at: datetime | None) -> str:
    """The version of a whole log read with its times."""
    return log_version(len(log), log[-1].recorded_at if log else None, rewrites, created_at)


def log_version_of_newest(
    event_count: int, newest: Sequence[LoggedEvent], rewrites: int, created_at: datetime | None
) -> str:
    """The version of a log of ``event_count`` events whose newest ones were read."""
    return log_version(
        event_count, newest[-1].recorded_at if newest else None, rewrites, created_at
    )


def stored_setup(names: Sequence[str], first_dealer_seat: int, rules: dict) -> GameSetup:
    """A game's setup as its rows hold it: names in seat order, first dealer, rules."""
    return GameSetup(tuple(names), first_dealer_seat, rules_from_settings(rules))


def replayed(setup: GameSetup, log: Sequence[LoggedEvent]) -> GameState:
    """The state a stored log folds to, from the start."""
    return replay(setup, (read_event(logged.payload) for logged in log))


def stored_game(game_id: int) -> StoredGame | None:
    """The game's row, stored fold and names, or None if there is no such game."""
    row = run(_STORED_GAME, {"game_id": game_id}).one_or_none()
    return None if row is None else _stored_game_of(row)


def newest_stored_games(limit: int, offset: int = 0) -> list[StoredGame]:
    """A page of games, newest first, each with its stored fold and names."""
    rows = run(_NEWEST_GAMES, {"limit": limit, "offset": offset})
    return [_stored_game_of(row) for row in rows]


def count_games() -> int:
    """How many games there are."""
    return db.session.scalar(_COUNT_GAMES)


def _stored_game_of(row) -> StoredGame:
    names = tuple(name for name in row[-MAX_PLAYERS:] if name is not None)
    return StoredGame(*row[:-MAX_PLAYERS], names)


def stored_log_and_version(game_id: int) -> tuple[list[LoggedEvent], str]:
    """The game's events in order (without their times) and the log's version."""
    return _log_and_version(_LOG_WITH_NEWEST_TIME, LoggedEvent, game_id)


def stored_log_text_and_version(game_id: int) -> tuple[list[LoggedEventText], str]:
    """The game's events in order as JSON text (without their times) and the log's version."""
    return _log_and_version(_LOG_TEXT_WITH_NEWEST_TIME, LoggedEventText, game_id)


def _log_and_version(statement, logged_as, game_id: int) -> tuple[list, str]:
    rows = run(statement, {"game_id": game_id}).all()
    if not rows:
        return [], log_version(0, None)
    *_event, stamp, rewrites = rows[-1]
    if rows[0][0] is None:  # the game has no events: stamped with its creation
        return [], log_version(0, None, rewrites, stamp)
    log = [logged_as(payload, points, at) for payload, points, at, _rewrites in rows]
    return log, log_version(len(log), stamp, rewrites)


def stored_log(game_id: int, *, with_times: bool = False) -> list[LoggedEvent]:
    """The game's events in order; their times only when asked for."""
    rows = run(_LOG_WITH_TIMES if with_times else _LOG, {"game_id": game_id})
    return [LoggedEvent(*row) for row in rows]


def newest_entries(game_id: int, limit: int) -> tuple[list[LoggedEvent], str | None]:
    """The game's newest ``limit`` events with their times, oldest first, and the log's
    version as they were read (None when the game has no events)."""
    rows = run(_NEWEST_EVENTS, {"game_id": game_id, "limit": limit}).all()
    if not rows:
        return [], None
    payload, points, newest_time, event_count, rewrites = rows[0]
    entries = [LoggedEvent(payload, points, at) for payload, points, at, *_ in reversed(rows)]
    return entries, log_version(event_count, newest_time, rewrites)


class KeyedEntry(NamedTuple):
    """The entry a key was sent with: its number (from 1) and every version it has had,
    as it reads now first, then what it said before each correction, newest first."""

    number: int
    versions: tuple[dict, ...]


def entry_with_key(game_id: int, idempotency_key: str) -> KeyedEntry | None:
    """The game's entry recorded with this key, or None if none is (any more: an undo
    removes the key with its entry)."""
    row = run(_KEYED_ENTRY, {"game_id": game_id, "idempotency_key": idempotency_key}).one_or_none()
    if row is None:
        return None
    seq, payload = row
    earlier = corrections_of(game_id, first_seq=seq).get(seq, ())
    return KeyedEntry(seq, (payload, *(correction.was for correction in reversed(earlier))))
