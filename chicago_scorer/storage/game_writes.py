"""A game's writes: its log appended to, cut short or rewritten, and its row changed, with
plain SQL statements built once (not committed; projections.py writes what they derive).

A write to a game is the app's most frequent request, so no ORM objects are made. Each
write is a compare-and-set on the game's row (``claim_event_count``), so that of two
phones writing at once, the one that read the game as it stands wins.
"""

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import bindparam, delete, insert, select, update

from chicago_scorer.extensions import db
from chicago_scorer.storage import trail
from chicago_scorer.storage.database import run
from chicago_scorer.storage.game_log import StoredGame
from chicago_scorer.storage.models import Event, Game, GameDeletion, Player

_GAMES = Game.__table__
_PLAYERS = Player.__table__
_EVENTS = Event.__table__

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
_DROP_EVENT = delete(_EVENTS).where(
    _EVENTS.c.game_id == bindparam("g_id"), _EVENTS.c.seq == bindparam("g_seq")
)
_REWRITE_EVENT = update(_EVENTS).where(
    _EVENTS.c.game_id == bindparam("g_id"), _EVENTS.c.seq == bindparam("g_seq")
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


def drop_event(game_id: int, seq: int) -> None:
    """Remove an event from the log, with its earlier versions (not committed)."""
    trail.drop_corrections(game_id, seq)
    run(_DROP_EVENT, {"g_id": game_id, "g_seq": seq})


def replace_event(game_id: int, seq: int, payload: dict, at: datetime) -> None:
    """Put a corrected entry in the place of entry ``seq``, keeping the one it replaces
    in the trail (not committed); projections.py stores the points that follow. The row
    stays, and with it the Idempotency-Key the entry was first sent with."""
    was = db.session.scalar(
        select(_EVENTS.c.payload).where(_EVENTS.c.game_id == game_id, _EVENTS.c.seq == seq)
    )
    trail.add_correction(game_id, seq, was, at)
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


def delete_game(game_id: int, deleted_at: datetime) -> None:
    """Remove a game's setup, log and trail, and count the deletion (not committed); its
    projections go first, through projections.py."""
    trail.drop_trail(game_id)
    run(delete(_EVENTS).where(_EVENTS.c.game_id == game_id))
    run(delete(_PLAYERS).where(_PLAYERS.c.game_id == game_id))
    run(delete(_GAMES).where(_GAMES.c.id == game_id))
    run(insert(GameDeletion.__table__), {"deleted_at": deleted_at})
