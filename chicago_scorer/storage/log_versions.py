"""A game's log version: a short tag that changes whenever the log changes, and the cheap
reads of it that tell a page or a write whether the game moved since it was read.
"""

import re
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import bindparam, select

from chicago_scorer.storage.database import read_state_row, run
from chicago_scorer.storage.models import Event, Game, as_utc

_GAMES = Game.__table__
_EVENTS = Event.__table__

_VERSION_OF_EACH = select(
    _GAMES.c.event_count, _EVENTS.c.recorded_at, _GAMES.c.rewrites, _GAMES.c.created_at
).outerjoin(_EVENTS, (_EVENTS.c.game_id == _GAMES.c.id) & (_EVENTS.c.seq == _GAMES.c.event_count))
_VERSION = _VERSION_OF_EACH.where(_GAMES.c.id == bindparam("game_id"))
_VERSIONS = _VERSION_OF_EACH.add_columns(_GAMES.c.id).where(
    _GAMES.c.id.in_(bindparam("game_ids", expanding=True))
)


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


def stored_log_version(game_id: int) -> str | None:
    """The game's log version, read in one cheap query; None if there is no such game."""
    row = read_state_row(_VERSION, {"game_id": game_id})
    return None if row is None else log_version(*row)  # count, newest, rewrites, created


def stored_log_versions(game_ids: Sequence[int]) -> dict[int, str]:
    """The log versions of these games, by id, in one query; a game not found is left out."""
    rows = run(_VERSIONS, {"game_ids": list(game_ids)})
    return {row[-1]: log_version(*row[:-1]) for row in rows}
