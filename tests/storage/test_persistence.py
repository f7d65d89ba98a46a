"""What is recorded survives: restarts, the cached count, and the migrations."""

from datetime import datetime

import flask_migrate
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import bindparam, create_engine, func, inspect, select
from sqlalchemy.exc import IntegrityError

from chicago_scorer import create_app
from chicago_scorer.extensions import db
from chicago_scorer.storage.database import configure_engine, read_state_row
from chicago_scorer.storage.models import Event, Game, Player
from support.api_client import create_api_game
from support.settings import settings_for


def test_the_game_is_the_same_after_the_app_restarts_on_the_same_database(app, make_app):
    game = create_api_game(app.test_client(), ["Ann", "Bo", "Cy"], dealer="Cy")
    game.win(1, "phase1", "Bo", "full_house")
    game.nobody(1, "phase2")
    before = game.state()
    with app.app_context():
        db.engine.dispose()

    restarted = make_app().test_client()

    assert restarted.get(f"/api/games/{game.id}").get_json() == before
    restarted_game = type(game)(restarted, game.id, game.edit_key)
    assert restarted_game.last_trick(1, "Ann")["players"][0]["score"] == 5


def test_the_cached_event_count_always_equals_the_log(client, db):
    game = create_api_game(client, ["Ann", "Bo"])
    steps = [
        lambda: game.win(1, "phase1", "Ann", "one_pair"),
        lambda: game.nobody(1, "phase2"),
        lambda: game.undo(),
        lambda: game.nobody(1, "phase2"),
        lambda: game.last_trick(1, "Bo"),
        lambda: game.undo(),
        lambda: game.undo(),
    ]
    for step in steps:
        step()
        stored = db.session.get(Game, game.id)
        db.session.refresh(stored)
        logged = db.session.scalar(select(func.count()).where(Event.game_id == game.id))
        assert stored.event_count == logged == len(game.state()["events"])


def test_an_empty_database_is_brought_up_to_date_by_the_migrations(empty_database_url):
    app = create_app(settings_for(empty_database_url))
    with app.app_context():
        flask_migrate.upgrade()
        tables = set(inspect(db.engine).get_table_names())
        db.engine.dispose()

    assert {"games", "players", "events", "alembic_version"} <= tables


def test_the_migrations_match_the_models_exactly(db):
    with db.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), db.metadata)

    assert differences == []


def test_the_database_refuses_a_player_of_a_game_that_does_not_exist(db):
    db.session.add(Player(game_id=12345, seat=0, name="Ann", name_key="ann"))

    with pytest.raises(IntegrityError):
        db.session.commit()
    db.session.rollback()


def test_sqlite_connections_use_foreign_keys_wal_and_a_busy_timeout(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'pragmas.sqlite3'}")
    configure_engine(engine, lock_timeout=2.5)

    with engine.connect() as connection:
        pragmas = [
            connection.exec_driver_sql(f"PRAGMA {name}").scalar()
            for name in ("foreign_keys", "journal_mode", "busy_timeout")
        ]
    engine.dispose()

    assert pragmas == [1, "wal", 2500]


def test_a_state_read_on_the_drivers_cursor_gives_what_a_connection_reads(app, client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "one_pair")
    version_statement = select(Game.event_count, Game.created_at).where(
        Game.id == bindparam("game_id")
    )
    listed = select(func.count(), func.coalesce(func.sum(Game.event_count), 0))

    with app.app_context():
        with db.engine.connect() as connection:
            expected = [
                tuple(connection.execute(version_statement, {"game_id": game.id}).one()),
                tuple(connection.execute(listed).one()),
            ]
        read = [
            read_state_row(version_statement, {"game_id": game.id}),
            read_state_row(listed, {}),
        ]
        missing = read_state_row(version_statement, {"game_id": game.id + 1})

    assert read == expected
    assert isinstance(read[0][1], datetime)  # converted, as SQLAlchemy converts it
    assert missing is None
