"""The Idempotency-Key an entry was sent with is kept in its log row: one entry per key
in a game, any number of entries without one, and entries stored before keys existed
are kept as they were."""

from datetime import UTC, datetime

import flask_migrate
import pytest
from sqlalchemy import MetaData, insert, select
from sqlalchemy.exc import IntegrityError

from chicago_scorer import create_app
from chicago_scorer.extensions import db
from chicago_scorer.rules import STANDARD_RULES, Hand
from chicago_scorer.services import games as services
from chicago_scorer.storage import game_log
from chicago_scorer.storage.models import Event, hand_wins_column
from support.settings import settings_for

BEFORE = "0008_composed_names"
WHEN = datetime(2026, 1, 1, 20, tzinfo=UTC)
NOBODY = {"round": 1, "step": "phase1", "outcome": "none"}
# A player's figures before a rebuild works them out: nothing yet.
NO_FIGURES = {
    "score": 0,
    "is_winner": False,
    "played_tiebreak": False,
    "chicago_called": 0,
    "chicago_won": 0,
    "last_tricks": 0,
} | {hand_wins_column(hand): 0 for hand in Hand}


def new_game_id() -> int:
    return services.create_game(["Ann", "Bo"]).game.id


def test_two_entries_of_one_game_cannot_hold_the_same_key(db):
    game_id = new_game_id()
    game_log.add_event(game_id, 1, NOBODY, WHEN, "key")

    with pytest.raises(IntegrityError):
        game_log.add_event(game_id, 2, NOBODY | {"step": "phase2"}, WHEN, "key")
    db.session.rollback()


def test_entries_without_a_key_and_one_key_in_two_games_never_collide(db):
    first, second = new_game_id(), new_game_id()
    game_log.add_event(first, 1, NOBODY, WHEN)
    game_log.add_event(first, 2, NOBODY | {"step": "phase2"}, WHEN)
    game_log.add_event(first, 3, NOBODY | {"step": "tricks"}, WHEN, "key")
    game_log.add_event(second, 1, NOBODY, WHEN, "key")
    db.session.commit()

    assert game_log.entry_with_key(first, "key") == game_log.KeyedEntry(
        3, (NOBODY | {"step": "tricks"},)
    )
    assert game_log.entry_with_key(second, "key") == game_log.KeyedEntry(1, (NOBODY,))
    assert game_log.entry_with_key(first, "other") is None
    assert db.session.scalar(select(db.func.count()).select_from(Event)) == 4


def test_entries_stored_before_keys_existed_are_kept_without_one(empty_database_url):
    app = create_app(settings_for(empty_database_url))
    with app.app_context():
        flask_migrate.upgrade(revision=BEFORE)
        with db.engine.begin() as connection:
            tables = MetaData()
            tables.reflect(connection)
            store_game_with_two_entries(connection, tables.tables)
        flask_migrate.upgrade()
        with db.engine.connect() as connection:
            keys = connection.execute(select(Event.idempotency_key)).scalars().all()
        db.engine.dispose()

    game = app.test_client().get("/api/games/1").get_json()

    assert keys == [None, None]
    assert [event["step"] for event in game["events"]] == ["phase1", "phase2"]
    with app.app_context():
        db.engine.dispose()


def store_game_with_two_entries(connection, tables) -> None:
    """A game as the schema before keys stored it."""
    connection.execute(
        insert(tables["games"]).values(
            id=1,
            created_at=WHEN,
            first_dealer_seat=0,
            edit_key_hash="0" * 64,
            event_count=2,
            rules=STANDARD_RULES.settings(),
            rewrites=0,
        )
    )
    connection.execute(
        insert(tables["players"]),
        [
            {"game_id": 1, "seat": seat, "name": name, "name_key": name.casefold()} | NO_FIGURES
            for seat, name in enumerate(["Ann", "Bo"])
        ],
    )
    connection.execute(
        insert(tables["game_summaries"]).values(
            game_id=1, status="in_progress", rounds=1, updated_at=WHEN, rules_revision=0
        )
    )
    for seq, step in enumerate(["phase1", "phase2"], start=1):
        connection.execute(
            insert(tables["events"]).values(
                game_id=1, seq=seq, payload=NOBODY | {"step": step}, recorded_at=WHEN
            )
        )
