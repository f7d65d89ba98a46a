"""Fresh databases for tests: SQLite files by default, PostgreSQL with TEST_DATABASE_URL.

Each test gets a database of its own, copied from one that the real migrations
built once per test process: a file copy on SQLite, ``CREATE DATABASE ... TEMPLATE``
on PostgreSQL.
"""

import itertools
import os
import shutil
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import flask_migrate
from sqlalchemy import create_engine, make_url, text

from chicago_scorer import create_app
from chicago_scorer.config import normalize_database_url
from chicago_scorer.extensions import db
from support.settings import settings_for

TEMPLATE_PREFIX = "chicago_test_template"
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
    """Test databases on a PostgreSQL server, made from a migrated template.

    Copying the template takes the server a tenth of a second or more, so the next test's
    database is copied while the test before it runs, and each is dropped after its test
    in the same way, on one thread beside the tests. Each test process (an xdist worker)
    keeps a template of its own.
    """

    def __init__(self, url: str) -> None:
        self.url = make_url(url)
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT")
        self.template = f"{TEMPLATE_PREFIX}_{os.getpid()}"
        self._drop(self.template)
        self._execute(f'CREATE DATABASE "{self.template}"')
        migrate(self.url_of(self.template))
        self._beside = ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-databases")
        self._chores: list[Future] = []
        self._next = self._beside.submit(self._copy, self.template)

    def url_of(self, name: str) -> str:
        return self.url.set(database=name).render_as_string(hide_password=False)

    def _execute(self, statement: str) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(statement))

    def _copy(self, template: str) -> str:
        name = f"chicago_test_{os.getpid()}_{next(_numbers)}"
        self._execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        return name

    def _drop(self, name: str) -> None:
        self._execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    @contextmanager
    def fresh(self, *, migrated: bool = True) -> Iterator[str]:
        if migrated:
            name = self._next.result()
            self._next = self._beside.submit(self._copy, self.template)
        else:
            name = self._copy("template0")
        try:
            yield self.url_of(name)
        finally:
            self._chores.append(self._beside.submit(self._drop, name))

    def close(self) -> None:
        self._chores.append(self._beside.submit(self._drop, self._next.result()))
        self._beside.shutdown(wait=True)
        for chore in self._chores:
            chore.result()  # a drop that failed says so here
        self._drop(self.template)
        self.admin.dispose()
