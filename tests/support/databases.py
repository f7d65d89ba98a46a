"""Fresh databases for tests: SQLite files by default, PostgreSQL with TEST_DATABASE_URL.

Each test gets a database of its own, as the real migrations built it once per test
process: a file copy on SQLite; on PostgreSQL a copy (``CREATE DATABASE ... TEMPLATE``)
that, once its test is over, is emptied for a later test.
"""

import itertools
import os
import shutil
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import flask_migrate
from sqlalchemy import Connection, create_engine, make_url, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

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

    Copying the template takes the server a quarter of a second, and emptying a database
    an eighth of that, so a database is copied once and then used again and again: after
    its test it is emptied (``TRUNCATE ... RESTART IDENTITY``, which starts the ids at 1
    again) on a thread beside the tests, while the next test runs on another. A database
    whose schema its test changed, or that cannot be emptied, is dropped and copied anew.
    Each test process (an xdist worker) keeps a template of its own.
    """

    def __init__(self, url: str) -> None:
        self.url = make_url(url)
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT")
        self.template = f"{TEMPLATE_PREFIX}_{os.getpid()}"
        self._drop(self.template)
        self._execute(f'CREATE DATABASE "{self.template}"')
        migrate(self.url_of(self.template))
        with self._connection_to(self.template) as connection:
            self._schema = _schema_of(connection)
            self._tables = _tables_to_empty(connection)
        self._beside = ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-databases")
        self._chores: list[Future] = []
        self._ready: deque[Future[str]] = deque([self._beside.submit(self._copy)])

    def url_of(self, name: str) -> str:
        return self.url.set(database=name).render_as_string(hide_password=False)

    def _execute(self, statement: str) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(statement))

    @contextmanager
    def _connection_to(self, name: str) -> Iterator[Connection]:
        engine = create_engine(self.url_of(name), isolation_level="AUTOCOMMIT", poolclass=NullPool)
        try:
            with engine.connect() as connection:
                yield connection
        finally:
            engine.dispose()

    def _copy(self, template: str | None = None) -> str:
        name = f"chicago_test_{os.getpid()}_{next(_numbers)}"
        self._execute(f'CREATE DATABASE "{name}" TEMPLATE "{template or self.template}"')
        return name

    def _drop(self, name: str) -> None:
        self._execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def _emptied(self, name: str) -> str:
        """``name`` as the template left it, or a new copy in its place."""
        try:
            with self._connection_to(name) as connection:
                # A connection its test left open could hold a lock that TRUNCATE waits for.
                connection.execute(text(_END_OTHER_CONNECTIONS))
                if _schema_of(connection) == self._schema:
                    connection.execute(text("SET lock_timeout = '10s'"))
                    connection.execute(text(f"TRUNCATE {self._tables} RESTART IDENTITY CASCADE"))
                    return name
        except DBAPIError:
            pass  # a table its test dropped, or a lock held past the timeout: copied anew below
        self._drop(name)
        return self._copy()

    @contextmanager
    def fresh(self, *, migrated: bool = True) -> Iterator[str]:
        if not migrated:
            name = self._copy("template0")
            try:
                yield self.url_of(name)
            finally:
                self._chores.append(self._beside.submit(self._drop, name))
            return
        name = self._ready.popleft().result()
        if not self._ready:  # the next test's database, made while this one runs
            self._ready.append(self._beside.submit(self._copy))
        try:
            yield self.url_of(name)
        finally:
            self._ready.append(self._beside.submit(self._emptied, name))

    def close(self) -> None:
        for ready in self._ready:
            self._chores.append(self._beside.submit(self._drop, ready.result()))
        self._beside.shutdown(wait=True)
        for chore in self._chores:
            chore.result()  # a drop that failed says so here
        self._drop(self.template)
        self.admin.dispose()


_END_OTHER_CONNECTIONS = (
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
)

# What a test could change of a database's schema: its relations (tables, indexes,
# sequences, views), columns, constraints, triggers and the migration it is at.
_SCHEMA = """
SELECT md5(concat_ws(' | ',
  (SELECT string_agg(format('%s:%s', relname, relkind), ',' ORDER BY relname)
     FROM pg_class WHERE relnamespace = 'public'::regnamespace),
  (SELECT string_agg(format('%s.%s %s %s %s', table_name, column_name, data_type,
                            is_nullable, column_default), ',' ORDER BY table_name, column_name)
     FROM information_schema.columns WHERE table_schema = 'public'),
  (SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), ',' ORDER BY conname)
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace),
  (SELECT string_agg(indexdef, ',' ORDER BY indexdef) FROM pg_indexes
     WHERE schemaname = 'public'),
  (SELECT string_agg(tgname, ',' ORDER BY tgname) FROM pg_trigger WHERE NOT tgisinternal),
  (SELECT string_agg(version_num, ',') FROM alembic_version)
))
"""


def _schema_of(connection: Connection) -> str:
    return connection.execute(text(_SCHEMA)).scalar_one()


def _tables_to_empty(template: Connection) -> str:
    """Every table of the schema but the migration's, for one TRUNCATE: all empty in the
    template, since emptying them could not give back rows a migration put there."""
    names = template.execute(
        text(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            " AND tablename <> 'alembic_version' ORDER BY tablename"
        )
    ).scalars()
    tables = [f'"{name}"' for name in names]
    filled = [
        table for table in tables if template.execute(text(f"TABLE {table} LIMIT 1")).first()
    ]
    assert not filled, (
        f"the migrations put rows in {filled}: keep them when a test database is emptied"
    )
    return ", ".join(tables)
