"""Add games, each with its whole log, as a new game (its log empty), an import or a
seed brings them: one statement per table for a batch of games, rather than a round trip
per game and table."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import insert

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameState, event_to_dict
from chicago_scorer.storage import projections
from chicago_scorer.storage.log_versions import log_version
from chicago_scorer.storage.models import (
    Event,
    EventCorrection,
    Game,
    GameChange,
    Player,
)
from chicago_scorer.storage.trail import Change

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
    return store_rows(rows_of(games))


def rows_of(games: Sequence[NewGame]) -> list["GameRows"]:
    """Every row of these games but for their ids, worked out before any is written."""
    return [GameRows.of(game) for game in games]


def store_rows(rows: Sequence["GameRows"]) -> list[int]:
    """Store games worked out by ``rows_of`` (not committed); their ids.

    This only writes, with one statement per table: on SQLite the writing holds the
    whole database until the commit.
    """
    if not rows:
        return []
    ids = db.session.scalars(_ADD_GAMES, [game.game for game in rows]).all()
    by_id = list(zip(ids, rows, strict=True))
    for table, part in (
        (_PLAYERS, "players"),
        (_EVENTS, "events"),
        (_CORRECTIONS, "corrections"),
        (_CHANGES, "changes"),
    ):
        _insert(
            table,
            [{"game_id": game_id} | row for game_id, game in by_id for row in getattr(game, part)],
        )
    projections.project_new_games([(game_id, game.copies) for game_id, game in by_id])
    return list(ids)


@dataclass(frozen=True)
class GameRows:
    """A new game's rows in every table, but for the game's id."""

    game: dict[str, object]
    players: list[dict[str, object]]
    events: list[dict[str, object]]
    corrections: list[dict[str, object]]
    changes: list[dict[str, object]]
    copies: projections.NewGameCopies

    @classmethod
    def of(cls, new: NewGame) -> "GameRows":
        state = new.state
        entries = len(state.history)
        version = log_version(entries, new.updated_at if entries else None, 0, new.created_at)
        copies = projections.new_game_copies(state, version, new.updated_at)
        return cls(
            {
                "created_at": new.created_at,
                "first_dealer_seat": state.setup.first_dealer,
                "edit_key_hash": new.edit_key_hash,
                "event_count": entries,
                "rules": state.setup.rules.settings(),
                "rewrites": 0,
            },
            [projections.seat_columns(seat, name) for seat, name in enumerate(state.players)],
            # The file keeps when the game last changed, not when each entry was recorded.
            [
                {
                    "seq": seq,
                    "payload": event_to_dict(scored.event),
                    "points": points,
                    "recorded_at": new.updated_at,
                }
                for seq, (scored, points) in enumerate(
                    zip(state.history, copies.points, strict=True), start=1
                )
            ],
            [{"seq": seq, "was": was, "at": at} for seq, was, at in new.corrections],
            [change._asdict() for change in new.changes],
            copies,
        )


def _insert(table, rows: list[dict[str, object]]) -> None:
    if rows:
        db.session.execute(insert(table), rows)
