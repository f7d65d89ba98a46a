"""A game's stored row and log, read and appended to with plain SQL statements.

The statements are built once and reused, and no ORM objects are made: a write to a game
is the app's most frequent request, and the replay of a long log its largest cost. So
each game keeps the position of its fold and each event the points the fold gave it
(written by projections.py). A write resumes the fold from there, and a read gives the
fold with its newest entries (or all of them) read from the stored events and their
points, without the rules. A fold whose version is not the log's, or that another
revision of the rules made (``rules.revision``), or that cannot be read, or a missing
one, or an event without its points, counts as missing: the log is replayed instead
(tests prove that what is resumed always equals the replay).
"""

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import (
    Text,
    bindparam,
    case,
    cast,
    delete,
    func,
    insert,
    select,
    type_coerce,
    update,
)

from chicago_scorer.extensions import db
from chicago_scorer.rules import (
    MAX_PLAYERS,
    GameSetup,
    GameState,
    ScoredEvent,
    read_event,
    replay,
    revision,
    rules_from_settings,
)
from chicago_scorer.rules.position import resume
from chicago_scorer.storage.database import read_state_row, run
from chicago_scorer.storage.models import (
    Event,
    EventCorrection,
    Game,
    GameChange,
    GameDeletion,
    Player,
    StoredFold,
    StoredSummary,
    as_utc,
)

_GAMES = Game.__table__
_PLAYERS = Player.__table__
_CORRECTIONS = EventCorrection.__table__
_CHANGES = GameChange.__table__
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
_VERSION_OF_EACH = select(
    _GAMES.c.event_count, _EVENTS.c.recorded_at, _GAMES.c.rewrites, _GAMES.c.created_at
).outerjoin(_EVENTS, (_EVENTS.c.game_id == _GAMES.c.id) & (_EVENTS.c.seq == _GAMES.c.event_count))
_VERSION = _VERSION_OF_EACH.where(_GAMES.c.id == bindparam("game_id"))
_VERSIONS = _VERSION_OF_EACH.add_columns(_GAMES.c.id).where(
    _GAMES.c.id.in_(bindparam("game_ids", expanding=True))
)
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
_CLAIM = (
    update(_GAMES)
    .where(
        _GAMES.c.id == bindparam("g_id"),
        _GAMES.c.event_count == bindparam("current"),
        _GAMES.c.rewrites == bindparam("rewrites"),
        _GAMES.c.edit_key_hash == bindparam("key_hash"),
    )
    .values(event_count=bindparam("new"), rewrites=bindparam("new_rewrites"))
)
# A write that changes nothing but takes the game's row (on SQLite, the database) until
# the transaction ends: what follows reads the game as no other write can change it.
_HOLD_GAME = (
    update(_GAMES).where(_GAMES.c.id == bindparam("g_id")).values(event_count=_GAMES.c.event_count)
)
_ADD_EVENT = insert(_EVENTS)
_KEYED_ENTRY = select(_EVENTS.c.seq, _EVENTS.c.payload).where(
    _EVENTS.c.game_id == bindparam("game_id"),
    _EVENTS.c.idempotency_key == bindparam("idempotency_key"),
)
_DROP_EVENT = delete(_EVENTS).where(
    _EVENTS.c.game_id == bindparam("g_id"), _EVENTS.c.seq == bindparam("g_seq")
)
_DROP_CORRECTIONS = delete(_CORRECTIONS).where(
    _CORRECTIONS.c.game_id == bindparam("g_id"), _CORRECTIONS.c.seq == bindparam("g_seq")
)
_REWRITE_EVENT = update(_EVENTS).where(
    _EVENTS.c.game_id == bindparam("g_id"), _EVENTS.c.seq == bindparam("g_seq")
)
_ADD_CORRECTION = insert(_CORRECTIONS)
_ADD_CHANGE = insert(_CHANGES)
_CORRECTIONS_OF = (
    select(_CORRECTIONS.c.seq, _CORRECTIONS.c.was, _CORRECTIONS.c.at)
    .where(
        _CORRECTIONS.c.game_id == bindparam("game_id"),
        _CORRECTIONS.c.seq >= bindparam("first_seq"),
    )
    .order_by(_CORRECTIONS.c.seq, _CORRECTIONS.c.id)
)
_CHANGES_OF = (
    select(_CHANGES.c.what, _CHANGES.c.was, _CHANGES.c.now, _CHANGES.c.at)
    .where(_CHANGES.c.game_id == bindparam("game_id"))
    .order_by(_CHANGES.c.id)
)
_RENAME = update(_PLAYERS).where(
    _PLAYERS.c.game_id == bindparam("g_id"), _PLAYERS.c.seat == bindparam("g_seat")
)
_SET_FIRST_DEALER = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("g_id"))
    .values(first_dealer_seat=bindparam("seat"))
)
_REPLACE_EDIT_KEY_HASH = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("g_id"), _GAMES.c.edit_key_hash == bindparam("old_hash"))
    .values(edit_key_hash=bindparam("new_hash"))
)
_REPLACE_EDIT_KEY_HASH_AT_LOG = _REPLACE_EDIT_KEY_HASH.where(
    _GAMES.c.event_count == bindparam("at_count"), _GAMES.c.rewrites == bindparam("at_rewrites")
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


def log_version(
    event_count: int,
    last_recorded_at: datetime | None,
    rewrites: int = 0,
    created_at: datetime | None = None,
) -> str:
    """A short tag that changes whenever the log changes.

    The count alone would repeat after an undo and a new entry; the time would not. A
    correction, rename or dealer fix keeps both, so the game's count of such rewrites is
    part of it too (left out while it is 0, so older versions read the same). A log
    without entries is stamped with the game's creation, so that a new game given the
    id of a deleted one (SQLite reuses the highest) never has the deleted one's version.
    """
    moment = last_recorded_at if last_recorded_at is not None else created_at
    stamp = as_utc(moment).timestamp() if moment is not None else 0
    return f"{event_count}-{stamp:.6f}" + (f"-{rewrites}" if rewrites else "")


_VERSION_TEXT = re.compile(r"(\d{1,12})-\d{1,12}\.\d{6}(?:-(\d{1,12}))?", re.ASCII)


def count_and_rewrites_of(version: str) -> tuple[int, int] | None:
    """The entry count and the count of rewrites that a version (``log_version``) was
    made of, or None for a string that is no version, as a changed page may send."""
    found = _VERSION_TEXT.fullmatch(version)
    if found is None:
        return None
    return int(found[1]), int(found[2] or 0)


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


def stored_log_version(game_id: int) -> str | None:
    """The game's log version, read in one cheap query; None if there is no such game."""
    row = read_state_row(_VERSION, {"game_id": game_id})
    return None if row is None else log_version(*row)  # count, newest, rewrites, created


def stored_log_versions(game_ids: Sequence[int]) -> dict[int, str]:
    """The log versions of these games, by id, in one query; a game not found is left out."""
    rows = run(_VERSIONS, {"game_ids": list(game_ids)})
    return {row[-1]: log_version(*row[:-1]) for row in rows}


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


def resumed_with_entries(
    stored: StoredGame, setup: GameSetup, newest: Sequence[LoggedEvent]
) -> tuple[GameState, tuple[ScoredEvent, ...]] | None:
    """The fold's position (a state without history), and the newest entries as scored.

    The entries are rebuilt from each event's stored form and points, which the write
    that stored them took from the fold. None when the log must be replayed (see
    ``resumed_before``).
    """
    position = resumed_before(stored, setup, newest)
    if position is None:
        return None
    entries = tuple(ScoredEvent(read_event(logged.payload), logged.points) for logged in newest)
    return position, entries


def resumed_before(
    stored: StoredGame, setup: GameSetup, newest: Sequence[LoggedEvent | LoggedEventText]
) -> GameState | None:
    """The fold's position, if the stored fold and these newest events' stored points
    are of this log and these rules; their stored forms and points can then be shown as
    they are.

    None, so that the log is replayed, when the fold is not of this log and these
    rules, cannot be read, or an event lacks its points; and in a tiebreak, because
    only a replay tells which entries it holds (a game that is not in one never was: a
    tiebreak lasts until the game is won).
    """
    if not stored.derived_data_is_current() or len(newest) > stored.event_count:
        return None
    if any(logged.points is None for logged in newest) or (stored.event_count and not newest):
        return None
    version = log_version_of_newest(stored.event_count, newest, stored.rewrites, stored.created_at)
    if newest and version != stored.fold_version:
        return None  # a write between the two reads: the events are ahead of the fold
    position = resumed_fold(stored, setup)
    if position is None or position.is_tiebreak:
        return None
    return position


def resumed_with_history(
    stored: StoredGame, setup: GameSetup, log: Sequence[LoggedEvent]
) -> GameState | None:
    """The state the whole log replays to, read from the stored fold and events; None
    when it has to be replayed (see ``resumed_with_entries``)."""
    if len(log) != stored.event_count:
        return None
    resumed = resumed_with_entries(stored, setup, log)
    if resumed is None:
        return None
    position, entries = resumed
    return replace(position, history=entries)


def resumed_fold(stored: StoredGame, setup: GameSetup) -> GameState | None:
    """Where the stored fold says the game stands (a state without history), or None
    when the log must be replayed instead: the fold is of another version of the log or
    of other rules, or cannot be read (an old-shaped or broken one is never an error).
    Every read of a game from its fold asks this, and replays on None."""
    if not stored.fold_is_current():
        return None
    try:
        return resume(setup, stored.fold_position)
    except (KeyError, TypeError, ValueError):
        return None


def claim_event_count(stored: StoredGame, new: int, *, rewriting: bool = False) -> bool:
    """Move the event count to ``new`` only if no other device changed the game since it
    was read as ``stored``: its count, its rewrites and its edit key are still those read,
    so that a write whose key another phone replaced meanwhile is not made. A write that
    changes the log other than by appending (``rewriting``) counts itself among the
    rewrites."""
    claimed = run(
        _CLAIM,
        {
            "g_id": stored.id,
            "current": stored.event_count,
            "new": new,
            "rewrites": stored.rewrites,
            "new_rewrites": stored.rewrites + 1 if rewriting else stored.rewrites,
            "key_hash": stored.edit_key_hash,
        },
    )
    return claimed.rowcount == 1


def hold_game(game_id: int) -> bool:
    """Keep every other write off the game until this transaction ends, so that what it
    reads next of the game is one moment's; False if there is no such game (any more)."""
    return run(_HOLD_GAME, {"g_id": game_id}).rowcount == 1


def add_event(
    game_id: int,
    seq: int,
    payload: dict,
    recorded_at: datetime,
    idempotency_key: str | None = None,
) -> None:
    """Append an event to the log, with the key the client sent it with if any (not
    committed); projections.py stores its points."""
    run(
        _ADD_EVENT,
        {
            "game_id": game_id,
            "seq": seq,
            "payload": payload,
            "recorded_at": recorded_at,
            "idempotency_key": idempotency_key,
        },
    )


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


def drop_event(game_id: int, seq: int) -> None:
    """Remove an event from the log, with its earlier versions (not committed)."""
    run(_DROP_CORRECTIONS, {"g_id": game_id, "g_seq": seq})
    run(_DROP_EVENT, {"g_id": game_id, "g_seq": seq})


class Correction(NamedTuple):
    """An earlier version of an entry, in its JSON form, and when it was replaced."""

    was: dict
    at: datetime


class Change(NamedTuple):
    """A fix of a name (``what`` is "name") or of the first dealer ("first_dealer")."""

    what: str
    was: str
    now: str
    at: datetime


def corrections_of(game_id: int, first_seq: int = 1) -> dict[int, tuple[Correction, ...]]:
    """Each corrected entry's earlier versions, oldest first, by the entry's number; only
    entries from ``first_seq`` on, in one statement answered by the (game, seq) index."""
    found: dict[int, list[Correction]] = {}
    values = {"game_id": game_id, "first_seq": first_seq}
    for seq, was, at in run(_CORRECTIONS_OF, values):
        found.setdefault(seq, []).append(Correction(was, as_utc(at)))
    return {seq: tuple(versions) for seq, versions in found.items()}


def changes_of(game_id: int) -> tuple[Change, ...]:
    """The game's fixes of names and of the first dealer, oldest first."""
    return tuple(
        Change(what, was, now, as_utc(at))
        for what, was, now, at in run(_CHANGES_OF, {"game_id": game_id})
    )


def replace_event(game_id: int, seq: int, payload: dict, at: datetime) -> None:
    """Put a corrected entry in the place of entry ``seq``, keeping the one it replaces
    in the trail (not committed); projections.py stores the points that follow. The row
    stays, and with it the Idempotency-Key the entry was first sent with."""
    was = db.session.scalar(
        select(_EVENTS.c.payload).where(_EVENTS.c.game_id == game_id, _EVENTS.c.seq == seq)
    )
    run(_ADD_CORRECTION, {"game_id": game_id, "seq": seq, "was": was, "at": at})
    run(_REWRITE_EVENT, {"g_id": game_id, "g_seq": seq, "payload": payload})


def rewrite_payloads(game_id: int, payloads: Sequence[tuple[int, dict]]) -> None:
    """Store these entries in new words, a rename's, without a trail (not committed)."""
    if payloads:
        run(
            _REWRITE_EVENT,
            [{"g_id": game_id, "g_seq": seq, "payload": payload} for seq, payload in payloads],
        )


def rename_players(game_id: int, seated_names: Sequence[tuple[int, str]]) -> None:
    """Give these seats new names (not committed); projections.py writes their keys.

    Names are unique in a game, so two players trading names pass through placeholders
    no name can be (names have no control characters)."""
    if not seated_names:
        return
    for names in (
        [(seat, f"\x01{seat}") for seat, _name in seated_names],
        list(seated_names),
    ):
        run(_RENAME, [{"g_id": game_id, "g_seat": seat, "name": name} for seat, name in names])


def set_first_dealer(game_id: int, seat: int) -> None:
    """Change who dealt first (not committed); projections.py writes what follows."""
    run(_SET_FIRST_DEALER, {"g_id": game_id, "seat": seat})


def replace_edit_key_hash(
    game_id: int, old_hash: str, new_hash: str, *, at_log: tuple[int, int] | None = None
) -> bool:
    """Give the game a new edit key, by its hash, only if its key is still the one read
    (``old_hash``), the game is still there, and, given ``at_log`` (its event count and
    rewrites as read), its log has not changed since (not committed)."""
    values = {"g_id": game_id, "old_hash": old_hash, "new_hash": new_hash}
    if at_log is None:
        return run(_REPLACE_EDIT_KEY_HASH, values).rowcount == 1
    count, rewrites = at_log
    at = {"at_count": count, "at_rewrites": rewrites}
    return run(_REPLACE_EDIT_KEY_HASH_AT_LOG, values | at).rowcount == 1


def add_changes(game_id: int, changes: Sequence[Change]) -> None:
    """Keep fixes of names and of the first dealer in the trail (not committed)."""
    if changes:
        run(_ADD_CHANGE, [{"game_id": game_id} | change._asdict() for change in changes])


def delete_game(game_id: int, deleted_at: datetime) -> None:
    """Remove a game's setup, log and trail, and count the deletion (not committed); its
    projections go first, through projections.py."""
    run(delete(_CORRECTIONS).where(_CORRECTIONS.c.game_id == game_id))
    run(delete(_CHANGES).where(_CHANGES.c.game_id == game_id))
    run(delete(_EVENTS).where(_EVENTS.c.game_id == game_id))
    run(delete(_PLAYERS).where(_PLAYERS.c.game_id == game_id))
    run(delete(_GAMES).where(_GAMES.c.id == game_id))
    run(insert(GameDeletion.__table__), {"deleted_at": deleted_at})
