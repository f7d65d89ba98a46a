"""A game's trail: each corrected entry's earlier versions, and the fixes of its names
and of its first dealer, read and written with plain SQL statements (not committed).
"""

from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import bindparam, delete, insert, select

from chicago_scorer.storage.database import run
from chicago_scorer.storage.models import EventCorrection, GameChange, as_utc

_CORRECTIONS = EventCorrection.__table__
_CHANGES = GameChange.__table__

_DROP_CORRECTIONS = delete(_CORRECTIONS).where(
    _CORRECTIONS.c.game_id == bindparam("g_id"), _CORRECTIONS.c.seq == bindparam("g_seq")
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


def add_correction(game_id: int, seq: int, was: dict, at: datetime) -> None:
    """Keep what entry ``seq`` said before it was corrected at ``at``."""
    run(_ADD_CORRECTION, {"game_id": game_id, "seq": seq, "was": was, "at": at})


def drop_corrections(game_id: int, seq: int) -> None:
    """Forget entry ``seq``'s earlier versions, as the entry itself goes."""
    run(_DROP_CORRECTIONS, {"g_id": game_id, "g_seq": seq})


def add_changes(game_id: int, changes: Sequence[Change]) -> None:
    """Keep fixes of names and of the first dealer in the trail (not committed)."""
    if changes:
        run(_ADD_CHANGE, [{"game_id": game_id} | change._asdict() for change in changes])


def drop_trail(game_id: int) -> None:
    """Forget the whole trail of a game that goes."""
    run(delete(_CORRECTIONS).where(_CORRECTIONS.c.game_id == game_id))
    run(delete(_CHANGES).where(_CHANGES.c.game_id == game_id))
