"""A game read for each page and answer: from its stored fold and its events' stored
points when those are the log's, else by replaying its log; read again when another
request's change came between its reads, so that what shows is one moment's."""

from collections.abc import Callable, Collection
from dataclasses import replace
from datetime import datetime

from sqlalchemy import select

from chicago_scorer.extensions import db
from chicago_scorer.services.errors import GameNotFound
from chicago_scorer.services.game_answers import GameAtTable, LoadedGame, LoggedGame, event_texts
from chicago_scorer.services.seatings import in_todays_names
from chicago_scorer.storage import game_log, resumed_folds, trail
from chicago_scorer.storage.log_versions import stored_log_version
from chicago_scorer.storage.models import StoredSummary, as_utc, may_be_stored_id

# About ten rounds: what the scoreboard's round log and chart show, however long the game.
RECENT_ENTRIES = 40

# How often a game is read again when another request changed it between the reads of its
# row and of its log: each change is a commit of a moment, so a second read is all but
# certain to find the two alike.
READS_OF_A_CHANGING_GAME = 5


def trail_of(game_id: int) -> dict[str, object]:
    """The game's trail, as its answers take it: each corrected entry's earlier versions,
    and the fixes of names and of the first dealer."""
    return {
        "corrections": trail.corrections_of(game_id),
        "changes": trail.changes_of(game_id),
    }


def found_with_log(
    game_id: int,
    read_log: Callable[[int], tuple[list, str]],
    stored: game_log.StoredGame | None = None,
):
    """The stored game (its row and names) and its log as ``read_log`` reads it, with the
    log's version, read again while another request's change came between the two: a fix
    of names read in between would replay the log with names it no longer holds.
    ``stored``, if given, is the game as just read, the first read's row."""
    first_read = stored
    for attempt in range(READS_OF_A_CHANGING_GAME):
        stored = first_read if attempt == 0 and first_read is not None else found_game(game_id)
        log, version = read_log(game_id)
        # A correction or fix keeps the count and the times: only the versions tell.
        if version == stored.version():
            break
    return stored, log, version


def load_game(game_id: int) -> LoadedGame:
    """A game as its whole log replays, read from its stored fold when that is the log's."""
    stored, log, version = found_with_log(game_id, game_log.stored_log_and_version)
    setup = stored.setup()
    same_log = version == stored.version()
    resumed = resumed_folds.resumed_with_history(stored, setup, log) if same_log else None
    state = resumed or game_log.replayed(setup, log)
    return LoadedGame(
        stored.id,
        as_utc(stored.created_at),
        state,
        stored.edit_key_hash,
        version,
        **trail_of(game_id),
    )


def load_logged_game(game_id: int) -> LoggedGame:
    """A game as the API shows it: its stored fold, and each event's stored form and
    points as they are, or, when those are not the log's, its replay."""
    stored, log, version = found_with_log(game_id, game_log.stored_log_text_and_version)
    setup = stored.setup()
    same_log = len(log) == stored.event_count and version == stored.version()
    position = resumed_folds.resumed_before(stored, setup, log) if same_log else None
    if position is not None:
        events = tuple((logged.payload, logged.points) for logged in log)
    else:
        state = game_log.replayed(setup, [game_log.decoded(logged) for logged in log])
        position = replace(state, history=())
        events = tuple(event_texts(state.history))
    return LoggedGame(
        stored.id,
        as_utc(stored.created_at),
        position,
        events,
        version,
        **trail_of(game_id),
    )


def load_game_at_table(game_id: int) -> GameAtTable:
    """A game as the scoreboard shows it: its stored fold and newest entries, or, when
    those are not the log's, the newest entries of its replay; with the trail of those
    entries' corrections."""
    stored = found_game(game_id)
    setup = stored.setup()
    newest, newest_version = game_log.newest_entries(game_id, RECENT_ENTRIES)
    same_log = newest_version in (None, stored.version())  # nothing changed between reads
    resumed = resumed_folds.resumed_with_entries(stored, setup, newest) if same_log else None
    if resumed is not None:
        position, entries = resumed
        count = stored.event_count
        version = stored.version()
    else:
        first_read = stored if same_log else None  # else the row is of another moment
        stored, log, version = found_with_log(game_id, game_log.stored_log_and_version, first_read)
        state = game_log.replayed(stored.setup(), log)
        position, entries = replace(state, history=()), state.history[-RECENT_ENTRIES:]
        count = len(log)
    created_at = as_utc(stored.created_at)
    corrections = trail.corrections_of(game_id, first_seq=count - len(entries) + 1)
    if corrections:  # the trail's fixes of names are read only for a corrected entry's mark
        corrections = in_todays_names(corrections, trail.changes_of(game_id), stored.names)
    return GameAtTable(
        stored.id,
        created_at,
        position,
        entries,
        count,
        stored.edit_key_hash,
        version,
        corrections,
    )


def last_played(game_ids: Collection[int]) -> dict[int, datetime]:
    """When each of these games that is still here last changed (its last entry, undo,
    correction or fix, or its start)."""
    ids = [game_id for game_id in game_ids if may_be_stored_id(game_id)]
    changed = select(StoredSummary.game_id, StoredSummary.updated_at)
    rows = db.session.execute(changed.where(StoredSummary.game_id.in_(ids)))
    return {game_id: as_utc(updated_at) for game_id, updated_at in rows}


def game_log_version(game_id: int) -> str:
    """A short tag that changes whenever the game's log changes, read in one cheap query."""
    version = stored_log_version(game_id) if may_be_stored_id(game_id) else None
    if version is None:
        raise GameNotFound(game_id)
    return version


def found_game(game_id: int) -> game_log.StoredGame:
    """The stored game (its row, fold and names); GameNotFound if there is none."""
    stored = game_log.stored_game(game_id) if may_be_stored_id(game_id) else None
    if stored is None:
        raise GameNotFound(game_id)
    return stored
