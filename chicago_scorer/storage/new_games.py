"""Add whole games at once, as an import or a seed brings them: one statement per table
for a batch of games, rather than a round trip per game and table."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import insert

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameState, event_to_dict
from chicago_scorer.storage import projections
from chicago_scorer.storage.game_log import Change, log_version
from chicago_scorer.storage.models import (
    Event,
    EventCorrection,
    Game,
    GameChange,
    Player,
    name_key,
)

_GAMES = Game.__table__
_PLAYERS = Player.__table__
_EVENTS = Event.__table__
_CORRECTIONS = EventCorrection.__table__
_CHANGES = GameChange.__table__
# The ids come back in the order the games were given, on SQLite and PostgreSQL alike.
_ADD_GAMES = insert(_GAMES).returning(_GAMES.c.id, sort_by_parameter_order=True)


@dataclass(frozen=True)
class NewGame:
    """A game replayed whole, with what its stored log keeps beside the replay: when it
    began and last changed, its key's hash, and its trail (earlier versions of entries
    by entry number, and the fixes of names and first dealer), oldest first."""

    state: GameState
    created_at: datetime
    updated_at: datetime
    edit_key_hash: str
    corrections: Sequence[tuple[int, dict, datetime]] = ()
    changes: Sequence[Change] = ()


def add_games(games: Sequence[NewGame]) -> list[int]:
    """Store these games, their logs, trails and projections (not committed); their ids."""
    if not games:
        return []
    session = db.session
    ids = session.scalars(_ADD_GAMES, [_game_row(game) for game in games]).all()
    _insert(
        _PLAYERS,
        [
            {"game_id": game_id, "seat": seat, "name": name, "name_key": name_key(name)}
            for game_id, game in zip(ids, games, strict=True)
            for seat, name in enumerate(game.state.players)
        ],
    )
    # The file keeps when the game last changed, not when each entry was recorded.
    _insert(
        _EVENTS,
        [
            {
                "game_id": game_id,
                "seq": seq,
                "payload": event_to_dict(scored.event),
                "recorded_at": game.updated_at,
            }
            for game_id, game in zip(ids, games, strict=True)
            for seq, scored in enumerate(game.state.history, start=1)
        ],
    )
    _insert(
        _CORRECTIONS,
        [
            {"game_id": game_id, "seq": seq, "was": was, "at": at}
            for game_id, game in zip(ids, games, strict=True)
            for seq, was, at in game.corrections
        ],
    )
    _insert(
        _CHANGES,
        [
            {"game_id": game_id} | change._asdict()
            for game_id, game in zip(ids, games, strict=True)
            for change in game.changes
        ],
    )
    projections.project_new_games(
        [
            projections.NewLog(game_id, game.state, _version(game), game.updated_at)
            for game_id, game in zip(ids, games, strict=True)
        ]
    )
    return list(ids)


def _game_row(game: NewGame) -> dict[str, object]:
    return {
        "created_at": game.created_at,
        "first_dealer_seat": game.state.setup.first_dealer,
        "edit_key_hash": game.edit_key_hash,
        "event_count": len(game.state.history),
        "rules": game.state.setup.rules.settings(),
        "rewrites": 0,
    }


def _version(game: NewGame) -> str:
    entries = len(game.state.history)
    return log_version(entries, game.updated_at if entries else None, 0, game.created_at)


def _insert(table, rows: list[dict[str, object]]) -> None:
    if rows:
        db.session.execute(insert(table), rows)
