"""A game read from its stored fold and its events' stored points, without the rules:
where the fold stands, and the entries as they were scored.

Every read of a game from its fold goes through ``resumed_fold``. A fold whose version
is not the log's, or that another revision of the rules made (``rules.revision``), or
that cannot be read, or a missing one, or an event without its points, counts as
missing: each function answers None and the caller replays the log instead (tests prove
that what is resumed always equals the replay).
"""

from collections.abc import Sequence
from dataclasses import replace

from chicago_scorer.rules import GameSetup, GameState, ScoredEvent, read_event
from chicago_scorer.rules.position import resume
from chicago_scorer.storage.game_log import (
    LoggedEvent,
    LoggedEventText,
    StoredGame,
    log_version_of_newest,
)


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
