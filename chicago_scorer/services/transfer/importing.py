"""Games imported from an export file (the format is in ``__init__.py``), after replaying
each one.

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
import logging
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime

from sqlalchemy.exc import OperationalError

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameState
from chicago_scorer.services.edit_keys import hash_edit_key, new_edit_key
from chicago_scorer.services.errors import ImportInterrupted, ImportMustWait
from chicago_scorer.services.transfer.game_checks import CheckedGame, ListedGames, checked_game
from chicago_scorer.services.transfer.game_records import (
    fingerprint,
    replayed_record,
    stored_fingerprints,
)
from chicago_scorer.services.transfer.import_file import (
    MAX_ENTRIES_PER_IMPORT,
    MAX_GAMES_PER_IMPORT,
    read_export,
    read_import,
)
from chicago_scorer.services.transfer.import_results import (
    GameAlreadyHere,
    ImportedGame,
    ImportResult,
)
from chicago_scorer.services.transfer.import_trail import NO_TRAIL
from chicago_scorer.services.transfer.long_tasks import one_long_task_at_a_time
from chicago_scorer.services.transfer.pacing import Pace
from chicago_scorer.storage.database import defer_sync_of_this_transaction, sync_deferred_commits
from chicago_scorer.storage.new_games import NewGame, add_games, rows_of, store_rows

log = logging.getLogger(__name__)

# An import writes a batch of games per transaction, so that other writers get the
# database between batches: on SQLite a write locks the whole database. A batch this
# size holds it for about as long as a write of one entry does. Batches of 10 games and
# 200 entries held it long enough, and often enough, to double the p95 of the writes
# beside the largest import (tests/services/transfer/test_import_beside_writes.py), and so did
# batches of 4 and 80 once a write's p95 fell to about 2.5 ms. Smaller batches gained
# nothing, for a write that waited for a batch waited mostly for its commit's fsync:
# batches of one game gave the same p95 and a slower import (4.0-4.6 s against 3.1-4.1 s
# on SQLite). So on SQLite a batch commits without waiting for the disk, and the import
# syncs once before it answers (storage/database.py): a write that meets a batch then
# waits SQLite's first retry (1 ms), not its second (2 ms more). On a machine whose disk
# syncs fast, the writes' p95 was 1.6 ms alone and 3.9 ms beside the batches' fsyncs.
IMPORT_BATCH_GAMES = 2
IMPORT_BATCH_ENTRIES = 40


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
    checked: Sequence[CheckedGame], pace: Pace, deadline: float | None = None
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
