"""Fresh databases for tests: SQLite files by default, PostgreSQL with TEST_DATABASE_URL.

Each test gets a database of its own, copied from one that the real migrations
built once per session: a file copy on SQLite, ``CREATE DATABASE ... TEMPLATE``
on PostgreSQL.
"""

import itertools
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import flask_migrate
from sqlalchemy import create_engine, make_url, text

from chicago_scorer import create_app
from chicago_scorer.config import normalize_database_url
from chicago_scorer.extensions import db
from support.settings import settings_for

TEMPLATE_NAME = "chicago_test_template"
_numbers = itertools.count(1)


def server_url() -> str | None:
    """The PostgreSQL server to test against, if one is given."""
    url = os.environ.get("TEST_DATABASE_URL")
    return normalize_database_url(url) if url else None


def migrate(database_url: str) -> None:
    """Bring a database up to the newest schema with the real migrations."""
    app = create_app(settings_for(database_url))
    with app.app_context():
        flask_migrate.upgrade()
        db.engine.dispose()


class SqliteDatabases:
    """Test databases as SQLite files in a temporary folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.template = folder / "template.sqlite3"
        migrate(self.url_of(self.template))

    @staticmethod
    def url_of(path: Path) -> str:
        return f"sqlite:///{path}"

    @contextmanager
    def fresh(self, *, migrated: bool = True) -> Iterator[str]:
        path = self.folder / f"test-{next(_numbers)}.sqlite3"
        if migrated:
            shutil.copy(self.template, path)
        yield self.url_of(path)


class PostgresDatabases:
    """Test databases on a PostgreSQL server, made from a migrated template."""

    def __init__(self, url: str) -> None:
        self.url = make_url(url)
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT")
        self._drop(TEMPLATE_NAME)
        self._execute(f'CREATE DATABASE "{TEMPLATE_NAME}"')
        migrate(self.url_of(TEMPLATE_NAME))

    def url_of(self, name: str) -> str:
        return self.url.set(database=name).render_as_string(hide_password=False)

    def _execute(self, statement: str) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(statement))

    def _drop(self, name: str) -> None:
        self._execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    @contextmanager
    def fresh(self, *, migrated: bool = True) -> Iterator[str]:
        name = f"chicago_test_{os.getpid()}_{next(_numbers)}"
        template = TEMPLATE_NAME if migrated else "template0"
        self._execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        try:
            yield self.url_of(name)
        finally:
            self._drop(name)

    def close(self) -> None:
        self._drop(TEMPLATE_NAME)
        self.admin.dispose()
