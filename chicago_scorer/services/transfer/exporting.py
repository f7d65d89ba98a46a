"""Games exported losslessly, trail and all, one game or every game (the format is in
``__init__.py``). An export reads each game as it stood at one moment, however other
phones change it meanwhile.
"""

import json
import tempfile
from collections.abc import Iterator
from typing import IO

from sqlalchemy import select

from chicago_scorer.extensions import db
from chicago_scorer.services.errors import ExportMustWait, ExportTooSoon, GameNotFound
from chicago_scorer.services.game_reads import READS_OF_A_CHANGING_GAME
from chicago_scorer.services.transfer.game_records import game_record, whole_game
from chicago_scorer.services.transfer.import_file import EXPORT_FORMAT
from chicago_scorer.services.transfer.long_tasks import (
    note_an_export_ended,
    one_long_task_at_a_time,
    refuse_an_export_too_soon,
)
from chicago_scorer.storage import log_versions
from chicago_scorer.storage.models import Game, may_be_stored_id

EXPORT_BATCH = 500


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
