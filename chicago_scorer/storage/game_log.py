"""A game's stored row, log and folded state, read and written with plain SQL statements.

The statements are built once and reused, and no ORM objects are made: a write to a game
is the app's most frequent request, and the replay of a long log its largest cost. So
each game keeps the position of its fold (``rules.position``) and each event the points
the fold gave it, both written in the same transaction as the log. A write resumes the
fold from there, and a read gives the fold with its history rebuilt from the stored
events and their points, without the rules. A fold whose version is not the log's, or
that another revision of the rules made (``rules.revision``), or that cannot be read, or
a missing one, or an event without its points, is replayed instead, and the replay's
fold and points are stored (tests prove that the stored fold always equals the replay).
"""

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import bindparam, delete, insert, select, update

from chicago_scorer.extensions import db
from chicago_scorer.rules import (
    GameSetup,
    GameState,
    ScoredEvent,
    read_event,
    replay,
    revision,
    rules_from_settings,
)
from chicago_scorer.rules.position import position_of, resume
from chicago_scorer.rules.statistics import PlayerGameStats, summarize
from chicago_scorer.storage.models import Event, Game, Player, StoredFold, StoredSummary, as_utc
from chicago_scorer.storage.summaries import stored_player_figures

_GAMES = Game.__table__
_EVENTS = Event.__table__
_FOLDS = StoredFold.__table__
_SUMMARIES = StoredSummary.__table__

# The game, its newest event's time (for the version) and its stored fold, in one query.
_STORED_GAME = (
    select(
        _GAMES.c.id,
        _GAMES.c.created_at,
        _GAMES.c.first_dealer_seat,
        _GAMES.c.edit_key_hash,
        _GAMES.c.event_count,
        _GAMES.c.rules,
        _EVENTS.c.recorded_at,
        _FOLDS.c.version,
        _FOLDS.c.position,
        _FOLDS.c.rules_revision,
        _SUMMARIES.c.rules_revision,
    )
    .outerjoin(
        _EVENTS, (_EVENTS.c.game_id == _GAMES.c.id) & (_EVENTS.c.seq == _GAMES.c.event_count)
    )
    .outerjoin(_FOLDS, _FOLDS.c.game_id == _GAMES.c.id)
    .outerjoin(_SUMMARIES, _SUMMARIES.c.game_id == _GAMES.c.id)
    .where(_GAMES.c.id == bindparam("game_id"))
)
_VERSION = (
    select(_GAMES.c.event_count, _EVENTS.c.recorded_at)
    .outerjoin(
        _EVENTS, (_EVENTS.c.game_id == _GAMES.c.id) & (_EVENTS.c.seq == _GAMES.c.event_count)
    )
    .where(_GAMES.c.id == bindparam("game_id"))
)
_NAMES = (
    select(Player.__table__.c.name)
    .where(Player.__table__.c.game_id == bindparam("game_id"))
    .order_by(Player.__table__.c.seat)
)
_LOG = (
    select(_EVENTS.c.payload, _EVENTS.c.points)
    .where(_EVENTS.c.game_id == bindparam("game_id"))
    .order_by(_EVENTS.c.seq)
)
# Parsing the times is a good part of reading a long log; only versions need them.
_LOG_WITH_TIMES = _LOG.add_columns(_EVENTS.c.recorded_at)
_CLAIM = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("g_id"), _GAMES.c.event_count == bindparam("current"))
    .values(event_count=bindparam("new"))
)
_ADD_EVENT = insert(_EVENTS)
_DROP_EVENT = delete(_EVENTS).where(
    _EVENTS.c.game_id == bindparam("g_id"), _EVENTS.c.seq == bindparam("g_seq")
)
_FILL_POINTS = update(_EVENTS).where(
    _EVENTS.c.game_id == bindparam("g_id"), _EVENTS.c.seq == bindparam("g_seq")
)
_UPDATE_FOLD = update(_FOLDS).where(_FOLDS.c.game_id == bindparam("g_id"))
_ADD_FOLD = insert(_FOLDS)


class StoredGame(NamedTuple):
    """A game's row, the time of its newest event, and its stored fold if it has one."""

    id: int
    created_at: datetime
    first_dealer_seat: int
    edit_key_hash: str
    event_count: int
    rules: dict
    last_recorded_at: datetime | None
    fold_version: str | None
    fold_position: dict | None
    fold_revision: int | None
    summary_revision: int | None

    def derived_data_is_current(self) -> bool:
        """Whether the stored fold and summary are of this log and these rules."""
        return (
            fold_is_current(
                self.fold_version, self.fold_revision, self.event_count, self.last_recorded_at
            )
            and self.summary_revision == revision.RULES_REVISION
        )


def fold_is_current(
    version: str | None,
    rules_revision: int | None,
    event_count: int,
    last_recorded_at: datetime | None,
) -> bool:
    """Whether a stored fold is of the log it belongs to, and of these rules."""
    return (
        version == log_version(event_count, last_recorded_at)
        and rules_revision == revision.RULES_REVISION
    )


class LoggedEvent(NamedTuple):
    """A stored event: its JSON form, the points the fold gave it (None if not yet kept)."""

    payload: dict
    points: dict | None
    recorded_at: datetime | None = None


def log_version(event_count: int, last_recorded_at: datetime | None) -> str:
    """A short tag that changes whenever the log changes."""
    # The count alone would repeat after an undo and a new entry; the time would not.
    stamp = as_utc(last_recorded_at).timestamp() if last_recorded_at is not None else 0
    return f"{event_count}-{stamp:.6f}"


def version_of(log: Sequence[LoggedEvent]) -> str:
    """The version of a log read with its times."""
    return log_version(len(log), log[-1].recorded_at if log else None)


def stored_setup(names: Sequence[str], first_dealer_seat: int, rules: dict) -> GameSetup:
    """A game's setup as its rows hold it: names in seat order, first dealer, rules."""
    return GameSetup(tuple(names), first_dealer_seat, rules_from_settings(rules))


def replayed(setup: GameSetup, log: Sequence[LoggedEvent]) -> GameState:
    """The state a stored log folds to, from the start."""
    return replay(setup, (read_event(logged.payload) for logged in log))


def stored_game(game_id: int) -> StoredGame | None:
    """The game's row and stored fold, or None if there is no such game."""
    row = db.session.execute(_STORED_GAME, {"game_id": game_id}).one_or_none()
    return None if row is None else StoredGame(*row)


def stored_version(game_id: int) -> str | None:
    """The game's log version, read in one cheap query; None if there is no such game."""
    row = db.session.execute(_VERSION, {"game_id": game_id}).one_or_none()
    return None if row is None else log_version(*row)


def seated_names(game_id: int) -> tuple[str, ...]:
    """The players' names in seating order."""
    return tuple(db.session.scalars(_NAMES, {"game_id": game_id}))


def stored_log(game_id: int, *, with_times: bool = False) -> list[LoggedEvent]:
    """The game's events in order; their times only when asked for."""
    rows = db.session.execute(_LOG_WITH_TIMES if with_times else _LOG, {"game_id": game_id})
    return [LoggedEvent(*row) for row in rows]


def resumed_with_history(
    stored: StoredGame, setup: GameSetup, log: Sequence[LoggedEvent]
) -> GameState | None:
    """The state the log replays to, read from the stored fold and the stored events.

    The history is rebuilt from each event's stored form and points, which the write
    that stored them took from the fold. None, so that the log is replayed, when the
    fold is not of this log and these rules, cannot be read, or an event lacks its
    points; and in a tiebreak, because only a replay tells which entries it holds (a
    game that is not in one never was: a tiebreak lasts until the game is won).
    """
    if not stored.derived_data_is_current() or len(log) != stored.event_count:
        return None
    if any(logged.points is None for logged in log):
        return None
    resumed = resumed_position(setup, stored.fold_position)
    if resumed is None or resumed.is_tiebreak:
        return None
    history = tuple(ScoredEvent(read_event(logged.payload), logged.points) for logged in log)
    return replace(resumed, history=history)


def state_before_write(
    stored: StoredGame, setup: GameSetup
) -> tuple[GameState, tuple[PlayerGameStats, ...]]:
    """The state to write on, with its whole history, and the players' figures in it.

    Resumed from the stored fold when it is the log's; replayed (and the fold and points
    then kept) when it is missing or stale.
    """
    log = stored_log(stored.id)
    resumed = resumed_with_history(stored, setup, log)
    if resumed is not None:
        return resumed, stored_player_figures(stored.id)
    state = replayed(setup, log)
    correct_points(stored.id, log, state)
    return state, summarize(state).players


def resumed_position(setup: GameSetup, position: object) -> GameState | None:
    """A stored position resumed, or None if it cannot be read: an old-shaped or broken
    one is replayed instead, never an error."""
    try:
        return resume(setup, position)
    except (KeyError, TypeError, ValueError):
        return None


def claim_event_count(game_id: int, current: int, new: int) -> bool:
    """Move the event count only if no other device moved it since it was read."""
    claimed = db.session.execute(_CLAIM, {"g_id": game_id, "current": current, "new": new})
    return claimed.rowcount == 1


def add_event(game_id: int, seq: int, payload: dict, points: dict, recorded_at) -> None:
    """Append an event with the points the fold gave it (not committed)."""
    db.session.execute(
        _ADD_EVENT,
        {
            "game_id": game_id,
            "seq": seq,
            "payload": payload,
            "points": points,
            "recorded_at": recorded_at,
        },
    )


def drop_event(game_id: int, seq: int) -> None:
    """Remove an event from the log (not committed)."""
    db.session.execute(_DROP_EVENT, {"g_id": game_id, "g_seq": seq})


def correct_points(game_id: int, log: Sequence[LoggedEvent], replayed: GameState) -> int:
    """Store the replay's points on each event that has none, or other ones (not
    committed); how many events had other ones."""
    pairs = list(enumerate(zip(log, replayed.history, strict=True), 1))
    to_write = [
        {"g_id": game_id, "g_seq": seq, "points": dict(scored.points)}
        for seq, (logged, scored) in pairs
        if logged.points != dict(scored.points)
    ]
    if to_write:
        db.session.execute(_FILL_POINTS, to_write)
    return sum(
        1
        for _seq, (logged, scored) in pairs
        if logged.points is not None and logged.points != dict(scored.points)
    )


def store_fold(game: Game, state: GameState, version: str) -> None:
    """Keep the fold of a game being added, with its log (not committed)."""
    game.fold = StoredFold(
        version=version, position=position_of(state), rules_revision=revision.RULES_REVISION
    )


def save_fold(game_id: int, version: str, state: GameState, *, is_new: bool) -> None:
    """Keep where the fold of this version of the log stands (not committed)."""
    values = {
        "version": version,
        "position": position_of(state),
        "rules_revision": revision.RULES_REVISION,
    }
    if is_new:
        db.session.execute(_ADD_FOLD, {"game_id": game_id} | values)
    else:
        db.session.execute(_UPDATE_FOLD, {"g_id": game_id} | values)
