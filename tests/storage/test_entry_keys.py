"""The Idempotency-Key an entry was sent with is kept in its log row: one entry per key
in a game, any number of entries without one, and entries stored before keys existed
are kept as they were."""

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from chicago_scorer.extensions import db
from chicago_scorer.services import games as services
from chicago_scorer.storage import game_log, game_writes
from chicago_scorer.storage.models import Event
from support.older_schemas import WHEN, store_game, upgraded_app

BEFORE = "0008_composed_names"
NOBODY = {"round": 1, "step": "phase1", "outcome": "none"}


def new_game_id() -> int:
    return services.create_game(["Ann", "Bo"]).game.id


def test_two_entries_of_one_game_cannot_hold_the_same_key(db):
    game_id = new_game_id()
    game_writes.add_event(game_id, 1, NOBODY, WHEN, "key")

    with pytest.raises(IntegrityError):
        game_writes.add_event(game_id, 2, NOBODY | {"step": "phase2"}, WHEN, "key")
    db.session.rollback()


def test_entries_without_a_key_and_one_key_in_two_games_never_collide(db):
    first, second = new_game_id(), new_game_id()
    game_writes.add_event(first, 1, NOBODY, WHEN)
    game_writes.add_event(first, 2, NOBODY | {"step": "phase2"}, WHEN)
    game_writes.add_event(first, 3, NOBODY | {"step": "tricks"}, WHEN, "key")
    game_writes.add_event(second, 1, NOBODY, WHEN, "key")
    db.session.commit()

    assert game_log.entry_with_key(first, "key") == game_log.KeyedEntry(
        3, (NOBODY | {"step": "tricks"},)
    )
    assert game_log.entry_with_key(second, "key") == game_log.KeyedEntry(1, (NOBODY,))
    assert game_log.entry_with_key(first, "other") is None
    assert db.session.scalar(select(db.func.count()).select_from(Event)) == 4


def test_entries_stored_before_keys_existed_are_kept_without_one(empty_database_url):
    def fill(connection, tables):
        steps = [NOBODY | {"step": step} for step in ("phase1", "phase2")]
        store_game(connection, tables, 1, ["Ann", "Bo"], steps)

    app = upgraded_app(empty_database_url, BEFORE, fill)
    with app.app_context():
        keys = db.session.execute(select(Event.idempotency_key)).scalars().all()
        db.session.remove()
        db.engine.dispose()

    game = app.test_client().get("/api/games/1").get_json()

    assert keys == [None, None]
    assert [event["step"] for event in game["events"]] == ["phase1", "phase2"]
    with app.app_context():
        db.engine.dispose()
