"""Fixtures: an app on a fresh, fully migrated database for every test.

The database is SQLite unless TEST_DATABASE_URL names a PostgreSQL server.
"""

import pytest
from flask import Flask
from hypothesis import settings
from jinja2 import FileSystemBytecodeCache

from chicago_scorer import create_app
from chicago_scorer.extensions import db as database
from chicago_scorer.services.transfer.long_tasks import export_ended_file
from support.databases import PostgresDatabases, SqliteDatabases, migrate, server_url
from support.settings import settings_for

# A property is checked for what each example gives, never for how fast it gives it: on a
# busy machine any example may pass Hypothesis's default deadline of 200 ms. So every
# property runs with its profile ("ci" where CI is set) without a deadline.
settings.register_profile(
    "without_deadline",
    parent=settings.get_profile(settings.get_current_profile_name()),
    deadline=None,
)
settings.load_profile("without_deadline")


def pytest_collection_modifyitems(config, items):
    """On PostgreSQL, run only the tests a database can change. Left out: those whose
    fixtures never reach one (``databases``), which pass or fail alike on any; and those
    marked ``sqlite_only``: browser tests of what is the same on any database (where
    things lie on a screen, what the phone's own code does), whose pages and entries the
    tests run on both cover, and tests that bring a SQLite file of their own."""
    if server_url() is None:
        return
    kept = [
        item
        for item in items
        if "databases" in getattr(item, "fixturenames", ())
        and item.get_closest_marker("sqlite_only") is None
    ]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


@pytest.fixture(scope="session", autouse=True)
def templates_compiled_once(tmp_path_factory):
    """Every test builds an app of its own, and each app would compile the same templates
    again: a fifth of the web tests' time. The apps of one run share the compiled code,
    kept under each template's name and a checksum of its source."""
    compiled = FileSystemBytecodeCache(str(tmp_path_factory.mktemp("compiled-templates")))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Flask, "jinja_options", Flask.jinja_options | {"bytecode_cache": compiled})
        yield


@pytest.fixture(scope="session")
def databases(tmp_path_factory):
    """Where test databases come from: a migrated template, copied per test."""
    url = server_url()
    if url is None:
        yield SqliteDatabases(tmp_path_factory.mktemp("databases"))
        return
    postgres = PostgresDatabases(url)
    yield postgres
    postgres.close()


@pytest.fixture
def database_url(databases):
    """A fresh database at the newest schema, for this test alone."""
    with databases.fresh() as url:
        yield url


@pytest.fixture
def empty_database_url(databases):
    """A fresh database with no tables at all."""
    with databases.fresh(migrated=False) as url:
        yield url


@pytest.fixture
def make_app(database_url):
    """Build apps on this test's database (as a restart would); their connections close after."""
    apps = []

    def make(**overrides):
        apps.append(create_app(settings_for(database_url, **overrides)))
        return apps[-1]

    yield make
    for made in apps:
        with made.app_context():
            export_ended_file().unlink(missing_ok=True)  # kept in instance/, by database
            database.engine.dispose()


@pytest.fixture
def app(make_app):
    return make_app()


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


@pytest.fixture
def sqlite_url(databases, tmp_path):
    """A migrated SQLite database whatever the run tests on: these commands copy SQLite
    files, and on PostgreSQL say to use pg_dump (tests/storage/test_restore_refusals.py)."""
    if isinstance(databases, SqliteDatabases):
        with databases.fresh() as url:
            yield url
        return
    url = f"sqlite:///{tmp_path / 'chicago.sqlite3'}"
    migrate(url)
    yield url


@pytest.fixture
def fresh_url(tmp_path):
    """A database in a folder of its own that does not exist yet, as on a new server."""
    return f"sqlite:///{tmp_path / 'new-home' / 'instance' / 'chicago.sqlite3'}"


@pytest.fixture
def apps():
    """Apps on the given databases; their connections are closed after the test."""
    made = []

    def make(database_url: str, **overrides):
        made.append(create_app(settings_for(database_url, **overrides)))
        return made[-1]

    yield make
    for made_app in made:
        with made_app.app_context():
            database.engine.dispose()
