"""Export games losslessly, trail and all, and import them after replaying each one.

The format, ``chicago-scorer/2``::

    {"format": "chicago-scorer/2",
     "games": [{"players": ["Ann", "Bo"], "first_dealer": "Ann", "rules": {...},
                "created_at": "2026-11-29T19:02:11+00:00", "updated_at": "...",
                "events": [<each entry as event_to_dict gives it, and if it was
                            corrected, "corrections": [{"was": <entry>, "at": "..."}]>],
                "changes": [{"what": "name", "was": "Bo", "now": "Björn", "at": "..."}]}]}

The players are listed in seating order. An entry's earlier versions and the game's
fixes of names and first dealer are listed oldest first, each only when there are any,
as the API's game shows them. ``chicago-scorer/1`` files, the same without the trail,
are still read. The Idempotency-Key an entry was sent with is not exported: it belongs
to the conversation between one phone and this server (see repeats.py), not to the
game, and an imported game's entries have none.

An import checks the whole file before it writes anything: a file refused (one that
breaks a rule, or is larger than ``import_file`` takes in bytes, games or entries) stores
nothing. It then stores the games in batches of a few milliseconds' writing, each its own
transaction, and paces itself (``Pace``), so that writes to other games go on at their
usual pace however large the import (on SQLite a write holds the whole database). The
import is done within the request rather than by a worker of its own: its bounds keep
it to seconds, and the importer gets each game's edit key in the answer. An
import that runs out of time between batches, or finds the database locked for longer
than the app waits, stops with ``ImportInterrupted``: the batches before are stored,
with their edit keys in its result, and nothing of the rest. Since a game already here
is left out (below), sending the same file again completes it; so does sending it again
after a crash in the middle of an import.

An import never overwrites: each game in the file becomes a new game with a new edit
key, unless exactly that game is already here (see game_records.py), when it is left
out and reported, so that importing one file twice never counts its games twice.
"""

import enum
import json
import logging
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from typing import IO

from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameState
from chicago_scorer.services.edit_keys import hash_edit_key, new_edit_key
from chicago_scorer.services.errors import (
    ExportMustWait,
    ExportTooSoon,
    GameNotFound,
    ImportInterrupted,
    ImportMustWait,
)
from chicago_scorer.services.game_reads import READS_OF_A_CHANGING_GAME
from chicago_scorer.services.game_records import (
    fingerprint,
    game_record,
    replayed_record,
    stored_fingerprints,
    whole_game,
)
from chicago_scorer.services.import_file import (
    EXPORT_FORMAT,
    MAX_ENTRIES_PER_IMPORT,
    MAX_GAMES_PER_IMPORT,
    CheckedGame,
    ListedGames,
    checked_game,
    read_export,
    read_import,
)
from chicago_scorer.services.import_results import GameAlreadyHere, ImportedGame, ImportResult
from chicago_scorer.services.import_trail import NO_TRAIL
from chicago_scorer.services.long_tasks import (
    note_an_export_ended,
    one_long_task_at_a_time,
    refuse_an_export_too_soon,
)
from chicago_scorer.storage import log_versions
from chicago_scorer.storage.database import (
    defer_sync_of_this_transaction,
    sync_deferred_commits,
)
from chicago_scorer.storage.models import Game, may_be_stored_id
from chicago_scorer.storage.new_games import NewGame, add_games, rows_of, store_rows

log = logging.getLogger(__name__)

EXPORT_BATCH = 500
# An import writes a batch of games per transaction, so that other writers get the
# database between batches: on SQLite a write locks the whole database. A batch this
# size holds it for about as long as a write of one entry does. Batches of 10 games and
# 200 entries held it long enough, and often enough, to double the p95 of the writes
# beside the largest import (tests/services/test_import_beside_writes.py), and so did
# batches of 4 and 80 once a write's p95 fell to about 2.5 ms. Smaller batches gained
# nothing, for a write that waited for a batch waited mostly for its commit's fsync:
# batches of one game gave the same p95 and a slower import (4.0-4.6 s against 3.1-4.1 s
# on SQLite). So on SQLite a batch commits without waiting for the disk, and the import
# syncs once before it answers (storage/database.py): a write that meets a batch then
# waits SQLite's first retry (1 ms), not its second (2 ms more). On a machine whose disk
# syncs fast, the writes' p95 was 1.6 ms alone and 3.9 ms beside the batches' fsyncs.
IMPORT_BATCH_GAMES = 2
IMPORT_BATCH_ENTRIES = 40
# After each stretch of work (a batch, or 10 ms of checking), the import pauses for
# twice the processor time the stretch took: it takes at most a third of a processor,
# and of the database on SQLite, so that other requests keep their pace beside it even
# on a machine of two processors. The largest file takes about 4 s of processor time on
# SQLite and 6 s on PostgreSQL, whose driver sends the rows one at a time: 12 and 19 s
# with the pauses. Giving way never costs the import its deadline (config.py): the
# pauses before the batches spend only the time left over once the batches still to
# come are reckoned at ``SAFETY`` times the pace of those before (``Pace.pause``).
GIVE_WAY = 2.0
STRETCH = 0.01
SAFETY = 2.0


def export_text(value: object) -> str:
    """JSON text as an export file holds it: names as they are spelt ("Björn", not
    "Bj\\u00f6rn"), for a person who opens the file; the file is sent as UTF-8."""
    return json.dumps(value, ensure_ascii=False)


def export_game(game_id: int) -> dict[str, object]:
    """One game, as a document that can be imported on its own."""
    record = _record_of_one_moment(game_id) if may_be_stored_id(game_id) else None
    if record is None:
        raise GameNotFound(game_id)
    return {"format": EXPORT_FORMAT, "games": [record]}


def _record_of_one_moment(game_id: int) -> dict[str, object] | None:
    """The game's record, its row, players, events and trail all as they stood at one
    moment, or None if it is gone. They are read in several statements, and another
    request's change between them (a fix of names, a deletion) would give a record of two
    moments, which no import takes back: so they are read again until the game's version
    is the same after the reads as before them."""
    for _ in range(READS_OF_A_CHANGING_GAME):
        before = log_versions.stored_log_version(game_id)
        if before is None:
            return None
        game = db.session.get(Game, game_id, options=whole_game(), populate_existing=True)
        if game is not None and log_versions.stored_log_version(game_id) == before:
            return game_record(game)
    return None if game is None else game_record(game)


def export_all_games(rest_seconds: float) -> IO[bytes]:
    """Every game, oldest first, as an export file (UTF-8 JSON) read from its start.

    While another long task runs on the same database, ``ExportMustWait`` is raised at
    once, before any game is read, and ``ExportTooSoon`` within ``rest_seconds`` of the
    last export's end (``long_tasks.py``). Otherwise the games are read with the turn
    held, a batch at a time, and written to a temporary file, whatever their number, so
    that memory stays flat; the turn is let go before the file is returned. So a client
    that takes the file slowly, or never, holds no turn while it is sent.
    """
    with one_long_task_at_a_time(ExportMustWait):
        refuse_an_export_too_soon(rest_seconds, ExportTooSoon)
        exported = tempfile.TemporaryFile()  # gone from the disk once closed
        try:
            for piece in _every_game_in_pieces():
                exported.write(piece.encode())
        except BaseException:
            exported.close()
            raise
        finally:
            if rest_seconds > 0:  # else there is no rest to time, and nothing to leave
                note_an_export_ended()
    exported.seek(0)
    return exported


def _every_game_in_pieces() -> Iterator[str]:
    ids = db.session.scalars(select(Game.id).order_by(Game.created_at, Game.id)).all()
    yield f'{{"format": {export_text(EXPORT_FORMAT)}, "games": ['
    separator = ""
    for start in range(0, len(ids), EXPORT_BATCH):
        chunk = ids[start : start + EXPORT_BATCH]
        before = log_versions.stored_log_versions(chunk)
        games = db.session.scalars(select(Game).where(Game.id.in_(chunk)).options(*whole_game()))
        by_id = {game.id: game for game in games}
        after = log_versions.stored_log_versions(chunk)
        for game_id in chunk:
            unchanged = game_id in after and before.get(game_id) == after[game_id]
            if unchanged and game_id in by_id:
                record = game_record(by_id[game_id])
            else:  # changed while its batch was read, or deleted since it was listed
                record = _record_of_one_moment(game_id)
            if record is not None:
                yield separator + export_text(record)
                separator = ", "
        db.session.expunge_all()  # keep memory flat however many games there are
    yield "]}"


def import_games(raw: bytes | str, *, deadline: float | None = None) -> ImportResult:
    """Replay every game in the file, then store those not already here, a batch at a
    time; or, if the file is refused, none at all.

    ``deadline`` is a ``time.monotonic()`` moment: no batch begins after it, and the
    import stops with ``ImportInterrupted``, which tells what was stored so far. While
    another long task runs on the same database, none starts (``long_tasks.py``).
    """
    with one_long_task_at_a_time(ImportMustWait):
        return _import_games(raw, deadline)


class ImportStage(enum.Enum):
    """What ``import_whole_file`` tells of its progress: games checked, then stored."""

    CHECKED = "checked"
    STORED = "stored"


def import_whole_file(
    raw: bytes | str, progress: Callable[[ImportStage, int, int], None]
) -> ImportResult:
    """Every game of an export file however large, such as the export of every game of
    another installation: an import past the bounds of one sent to a page or the API,
    which a request's deadline sets, for ``flask import``. Refused whole as any import
    is: every game is checked before any is stored. The games are then stored a part at
    a time, each part within those bounds and checked again as it is stored, so that
    memory holds the file and one part's replayed games, not every game replayed. It
    paces itself as any import does.

    ``progress(stage, games, total)`` is told of each game checked and each part stored.
    Stopped part way (the database stayed busy), it raises ``ImportInterrupted``, whose
    result holds what was stored; since a game already here is left out, running it
    again adds the rest.
    """
    with one_long_task_at_a_time(ImportMustWait):
        listed = read_export(raw)
        total = len(listed.games)
        pace = Pace()
        for position in range(1, total + 1):
            checked_game(listed, position)
            pace.pause_if_due()
            progress(ImportStage.CHECKED, position, total)
        imported: list[ImportedGame] = []
        already_here: list[GameAlreadyHere] = []
        for first, last in _parts(listed):
            part = [checked_game(listed, position) for position in range(first, last + 1)]
            try:
                stored = _store_checked(part, pace)
            except ImportInterrupted as stopped:  # within the part: told of the whole file
                so_far = ImportResult(
                    imported + stopped.result.imported, already_here + stopped.result.already_here
                )
                raise ImportInterrupted(first - 1 + stopped.done, total, so_far) from None
            except OperationalError:  # busy at the part's first batch
                db.session.rollback()
                if not (imported or already_here):
                    raise  # nothing stored: as any busy database
                so_far = ImportResult(imported, already_here)
                raise ImportInterrupted(first - 1, total, so_far) from None
            imported += stored.imported
            already_here += stored.already_here
            progress(ImportStage.STORED, last, total)
        return ImportResult(imported, already_here)


def _parts(listed: ListedGames) -> Iterator[tuple[int, int]]:
    """The positions (from 1) of the first and last game of each part of the file, each
    part within an import's bounds in games and entries (a longer game alone)."""
    lengths = [len(game["events"]) for game in listed.games]  # checked_game checked them
    for run in _runs(lengths, MAX_GAMES_PER_IMPORT, MAX_ENTRIES_PER_IMPORT):
        yield run.start + 1, run.stop


def _runs(lengths: Sequence[int], most_games: int, most_entries: int) -> Iterator[range]:
    """The games whose entries number ``lengths`` cut, in order, into runs of at most
    ``most_games`` games and ``most_entries`` entries (a longer game alone in its run)."""
    start, entries = 0, 0
    for index, length in enumerate(lengths):
        if index > start and (index - start == most_games or entries + length > most_entries):
            yield range(start, index)
            start, entries = index, 0
        entries += length
    if lengths:
        yield range(start, len(lengths))


def _import_games(raw: bytes | str, deadline: float | None) -> ImportResult:
    pace = Pace(deadline)
    checked = read_import(raw, pause=pace.pause_if_due)
    return _store_checked(checked, pace, deadline)


def _store_checked(
    checked: Sequence[CheckedGame], pace: "Pace", deadline: float | None = None
) -> ImportResult:
    """Store the checked games not already here, a batch at a time, pausing as ``pace``
    says; stopped by ``deadline`` or a database busy too long with ``ImportInterrupted``."""
    # The games here that the file's games could be, looked up once: each batch adds its
    # own, so that a game the file holds twice is stored once.
    here = stored_fingerprints([game.created_at for game in checked])
    db.session.commit()  # end the lookup's read, so that only the writing holds the database
    db.session.expunge_all()  # and forget its games: memory stays flat
    imported: list[ImportedGame] = []
    already_here: list[GameAlreadyHere] = []
    batches = list(_batches(checked))
    try:
        for number, (done, batch) in enumerate(batches):
            if deadline is not None and time.monotonic() > deadline:
                raise ImportInterrupted(done, len(checked), ImportResult(imported, already_here))
            pace.pause(stretches_left=len(batches) - number)
            try:
                added, repeats = _store_batch(batch, here)
            except OperationalError:  # the database stayed locked longer than the app waits
                db.session.rollback()
                if not (imported or already_here):
                    raise  # nothing stored: answered as any busy database is
                raise ImportInterrupted(
                    done, len(checked), ImportResult(imported, already_here)
                ) from None
            imported += added
            already_here += repeats
    finally:
        if imported:  # however the import ends, what it stored is synced before the answer
            _sync_the_batches()
    return ImportResult(imported, already_here)


def _sync_the_batches() -> None:
    try:
        sync_deferred_commits()
    except OperationalError:  # locked longer than the app waits: the batches are stored,
        db.session.rollback()  # and the next write that waits for the disk syncs them
        log.warning("An import's batches could not be synced before its answer.")


class Pace:
    """Keeps a long task to a share of the processor (and so of SQLite's lock, which it
    holds only while it works): each pause lasts ``GIVE_WAY`` times the processor time
    the task took since the pause before. Processor time, not time on the clock: on a
    busy machine the task's work takes longer by the clock, and its pauses need not.

    A task with a deadline gives way only with time to spare: a pause is cut short so
    that the stretches of work still to come fit before the deadline, each reckoned at
    ``SAFETY`` times the clock time the stretches so far took on average."""

    def __init__(self, deadline: float | None = None) -> None:
        self.deadline = deadline  # a time.monotonic() moment
        self.since = time.process_time()
        self.resumed = time.monotonic()
        self.stretches = 0
        self.working = 0.0  # clock time spent on those stretches

    def pause(self, stretches_left: int = 0) -> None:
        """Give way now, for as long as is due and, with a deadline, as long as the
        stretches of work left to do leave time for."""
        now = time.monotonic()
        self.stretches += 1
        self.working += now - self.resumed
        due = (time.process_time() - self.since) * GIVE_WAY
        if self.deadline is not None and stretches_left > 0:
            still_needed = SAFETY * stretches_left * self.working / self.stretches
            due = min(due, max(0.0, self.deadline - now - still_needed) / stretches_left)
        time.sleep(due)
        self.since = time.process_time()
        self.resumed = time.monotonic()

    def pause_if_due(self) -> None:
        """Give way if a stretch of work has passed since the last pause."""
        if time.process_time() - self.since >= STRETCH:
            self.pause()


def _batches(checked: Sequence[CheckedGame]) -> Iterator[tuple[int, list[CheckedGame]]]:
    """The file's games in batches of at most ``IMPORT_BATCH_GAMES`` games and
    ``IMPORT_BATCH_ENTRIES`` entries (a longer game alone), with how many games come
    before each."""
    lengths = [len(game.state.history) for game in checked]
    for run in _runs(lengths, IMPORT_BATCH_GAMES, IMPORT_BATCH_ENTRIES):
        yield run.start, list(checked[run.start : run.stop])


def _store_batch(
    batch: Sequence[CheckedGame], here: dict[str, int]
) -> tuple[list[ImportedGame], list[GameAlreadyHere]]:
    """Store each game of the batch that is not ``here`` (by fingerprint), and commit:
    what was added (now ``here`` too), and what was left out."""
    new: dict[str, tuple[CheckedGame, str]] = {}
    repeats: list[tuple[str, CheckedGame]] = []
    for game in batch:
        key = fingerprint(replayed_record(game.state, game.created_at, game.updated_at))
        if key in here or key in new:  # a file may also hold one game twice
            repeats.append((key, game))
        else:
            new[key] = (game, new_edit_key())
    rows = rows_of([_new_game(game, hash_edit_key(key)) for game, key in new.values()])
    defer_sync_of_this_transaction()  # a batch holds the database for its writing alone
    ids = dict(zip(new, store_rows(rows), strict=True))
    db.session.commit()
    here.update(ids)
    imported = [
        ImportedGame(ids[key], game.state.players, game.created_at, edit_key)
        for key, (game, edit_key) in new.items()
    ]
    already_here = [
        GameAlreadyHere(here[key], game.state.players, game.created_at) for key, game in repeats
    ]
    return imported, already_here


def _new_game(checked: CheckedGame, edit_key_hash: str) -> NewGame:
    trail = checked.trail
    return NewGame(
        checked.state,
        checked.created_at,
        checked.updated_at,
        edit_key_hash,
        [
            (seq, correction.was, correction.at)
            for seq, corrections in sorted(trail.corrections.items())
            for correction in corrections
        ],
        trail.changes,
    )


def add_replayed_game(
    state: GameState, created_at: datetime, updated_at: datetime, edit_key_hash: str
) -> int:
    """Add a game played through the rules (a demo's, a benchmark's), with its whole log
    and no trail, as an import adds one (not committed); its id."""
    (game_id,) = add_games(
        [_new_game(CheckedGame(state, created_at, updated_at, NO_TRAIL), edit_key_hash)]
    )
    return game_id
