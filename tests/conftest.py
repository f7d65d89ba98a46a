"""Fixtures: an app on a fresh, fully migrated SQLite database for every test."""

import shutil
from pathlib import Path

import flask_migrate
import pytest

from chicago_scorer import create_app
from chicago_scorer.extensions import db as database
from settings import settings_for


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> Path:
    """One database brought up to date by the real migrations, copied for each test."""
    path = tmp_path_factory.mktemp("template") / "chicago.sqlite3"
    app = create_app(settings_for(path))
    with app.app_context():
        flask_migrate.upgrade()
        database.engine.dispose()
    return path


@pytest.fixture
def database_file(migrated_database, tmp_path) -> Path:
    path = tmp_path / "chicago.sqlite3"
    shutil.copy(migrated_database, path)
    return path


@pytest.fixture
def app(database_file):
    app = create_app(settings_for(database_file))
    yield app
    with app.app_context():
        database.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def db(app):
    """The database session, inside an app context."""
    with app.app_context():
        yield database
