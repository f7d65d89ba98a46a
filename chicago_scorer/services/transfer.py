"""Export games losslessly, trail and all, and import them all or nothing after
replaying each one.

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
are still read.

An import never overwrites: each game in the file becomes a new game with a new edit
key, unless exactly that game is already here (see game_records.py), when it is left
out and reported, so that importing one file twice never counts its games twice.
"""

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from chicago_scorer.extensions import db
from chicago_scorer.rules import (
    GameState,
    event_to_dict,
)
from chicago_scorer.services.edit_keys import hash_edit_key, new_edit_key
from chicago_scorer.services.errors import GameNotFound
from chicago_scorer.services.game_records import (
    fingerprint,
    game_record,
    replayed_record,
    stored_fingerprints,
    whole_game,
)
from chicago_scorer.services.import_file import EXPORT_FORMAT, CheckedGame, read_import
from chicago_scorer.services.import_trail import NO_TRAIL, Trail
from chicago_scorer.storage import game_log, projections
from chicago_scorer.storage.game_log import log_version
from chicago_scorer.storage.models import Event, Game, Player

EXPORT_BATCH = 500


@dataclass(frozen=True)
class ImportedGame:
    """A game created by an import, with the edit key only the importer receives."""

    id: int
    players: tuple[str, ...]
    created_at: datetime
    edit_key: str


@dataclass(frozen=True)
class GameAlreadyHere:
    """A game of the file that was already stored, exactly as it is there: left out."""

    id: int
    players: tuple[str, ...]
    created_at: datetime


@dataclass(frozen=True)
class ImportResult:
    """What an import added, and which games of the file were already here."""

    imported: list[ImportedGame]
    already_here: list[GameAlreadyHere]


def export_game(game_id: int) -> dict[str, object]:
    """One game, as a document that can be imported on its own."""
    game = db.session.get(Game, game_id, options=whole_game())
    if game is None:
        raise GameNotFound(game_id)
    return {"format": EXPORT_FORMAT, "games": [game_record(game)]}


def export_all_games() -> Iterator[str]:
    """Every game, oldest first, as JSON text in pieces, so any number can be sent."""
    ids = db.session.scalars(select(Game.id).order_by(Game.created_at, Game.id)).all()
    yield f'{{"format": {json.dumps(EXPORT_FORMAT)}, "games": ['
    separator = ""
    for start in range(0, len(ids), EXPORT_BATCH):
        chunk = ids[start : start + EXPORT_BATCH]
        games = db.session.scalars(select(Game).where(Game.id.in_(chunk)).options(*whole_game()))
        by_id = {game.id: game for game in games}
        for game_id in chunk:
            yield separator + json.dumps(game_record(by_id[game_id]))
            separator = ", "
        db.session.expunge_all()  # keep memory flat however many games there are
    yield "]}"


def import_games(raw: bytes | str) -> ImportResult:
    """Replay every game in the file, then store those not already here, or none at all."""
    return _store_new_games(read_import(raw))


def _store_new_games(checked: list[CheckedGame]) -> ImportResult:
    """Store each game that is not already here, once; commit."""
    stored_ids = stored_fingerprints([game.created_at for game in checked])
    added: dict[str, tuple[Game, str, CheckedGame]] = {}
    repeats: list[tuple[str, CheckedGame]] = []
    for game in checked:
        key = fingerprint(replayed_record(game.state, game.created_at, game.updated_at))
        if key in stored_ids or key in added:  # a file may also hold one game twice
            repeats.append((key, game))
        else:
            added[key] = (*_stored(game), game)
    db.session.flush()
    imported = [
        ImportedGame(row.id, game.state.players, game.created_at, edit_key)
        for row, edit_key, game in added.values()
    ]
    already_here = [
        GameAlreadyHere(
            stored_ids[key] if key in stored_ids else added[key][0].id,
            game.state.players,
            game.created_at,
        )
        for key, game in repeats
    ]
    db.session.commit()
    return ImportResult(imported, already_here)


def add_replayed_game(
    state: GameState,
    created_at: datetime,
    updated_at: datetime,
    edit_key_hash: str,
    trail: Trail = NO_TRAIL,
) -> Game:
    """Add a game with its whole log, its trail and its summary to the session (not
    committed)."""
    game = Game(
        created_at=created_at,
        first_dealer_seat=state.setup.first_dealer,
        edit_key_hash=edit_key_hash,
        event_count=len(state.history),
        rules=state.setup.rules.settings(),
    )
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(state.players)]
    # The file keeps when the game last changed, not when each entry was recorded.
    game.events = [
        Event(seq=seq, payload=event_to_dict(scored.event), recorded_at=updated_at)
        for seq, scored in enumerate(state.history, start=1)
    ]
    db.session.add(game)
    db.session.flush()
    version = log_version(len(state.history), updated_at if state.history else None, 0, created_at)
    projections.project_new_game(game.id, state, version, updated_at)
    game_log.add_corrections(
        game.id,
        [
            (seq, correction.was, correction.at)
            for seq, corrections in sorted(trail.corrections.items())
            for correction in corrections
        ],
    )
    game_log.add_changes(game.id, trail.changes)
    return game


def _stored(checked: CheckedGame) -> tuple[Game, str]:
    edit_key = new_edit_key()
    game = add_replayed_game(
        checked.state,
        checked.created_at,
        checked.updated_at,
        hash_edit_key(edit_key),
        checked.trail,
    )
    return game, edit_key
