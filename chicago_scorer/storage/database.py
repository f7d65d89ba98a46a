"""Connection settings that keep SQLite safe with several writers and bound every wait
for the database; how the storage modules run their statements; and the one way to read
a cache key's row."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from sqlalchemy import Executable, Result, Select, event
from sqlalchemy.engine import Compiled, Dialect, Engine
from sqlalchemy.exc import DBAPIError

from chicago_scorer.extensions import db


def _sqlite_pragmas(busy_timeout_ms: int):
    def set_pragmas(dbapi_connection, _connection_record) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA journal_mode = WAL")
        # Every commit waits for the disk (SQLite's default, said rather than assumed: a
        # build may default to less in WAL mode); see defer_sync_of_this_transaction.
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute(f"PRAGMA busy_timeout = {busy_timeout_ms}")
        cursor.close()

    return set_pragmas


def _postgresql_timeouts(lock_timeout_ms: int, statement_timeout_ms: int):
    def set_timeouts(dbapi_connection, _connection_record) -> None:
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {lock_timeout_ms}")
            cursor.execute(f"SET statement_timeout = {statement_timeout_ms}")
        # A setting made in a transaction that is rolled back is undone with it.
        dbapi_connection.commit()

    return set_timeouts


def configure_engine(
    engine: Engine, lock_timeout: float = 5.0, statement_timeout: float = 10.0
) -> None:
    """Give every new connection the app's waits, in seconds: how long a write waits for
    a lock (SQLite's busy timeout, PostgreSQL's lock_timeout) and how long one statement
    may run (PostgreSQL); and on SQLite turn on foreign keys and WAL. A wait past these
    raises ``OperationalError``, which the app answers with a 503 (web/errors.py)."""
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas(_milliseconds(lock_timeout)))
        event.listen(engine, "checkin", _sync_every_commit_again)
    elif engine.dialect.name == "postgresql":
        event.listen(
            engine,
            "connect",
            _postgresql_timeouts(_milliseconds(lock_timeout), _milliseconds(statement_timeout)),
        )


# A pooled connection whose commits skip the wait for the disk, until it is checked in.
UNSYNCED = "commits_unsynced"


def defer_sync_of_this_transaction() -> None:
    """On SQLite, let the session's transaction commit without waiting for the disk, so
    that it holds the database for its writing alone. For the short transactions of a
    long task, such as an import's batches: others' writes then wait less behind each.

    A commit that skipped its sync is kept through a crash of the app, but not yet
    through one of the machine. So nothing may be answered as stored before
    ``sync_deferred_commits``. The connection syncs every commit again once it goes back
    to the pool (``_sync_every_commit_again``), so no other request's commit skips it.
    """
    if db.engine.dialect.name != "sqlite":
        return
    connection = db.session.connection()
    connection.exec_driver_sql("PRAGMA synchronous = NORMAL")
    connection.connection.info[UNSYNCED] = True


def sync_deferred_commits() -> None:
    """Make every commit before this one durable: one write that waits for the disk. On
    SQLite in WAL mode every commit goes to one file, and that write syncs it whole,
    with the commits that skipped their sync (``defer_sync_of_this_transaction``).

    The write sets the database's ``user_version`` to what it is: the smallest write
    SQLite always makes (one page), and one that changes nothing."""
    if db.engine.dialect.name != "sqlite":
        return
    connection = db.session.connection()
    connection.exec_driver_sql("PRAGMA synchronous = FULL")
    user_version = connection.exec_driver_sql("PRAGMA user_version").scalar_one()
    connection.exec_driver_sql(f"PRAGMA user_version = {int(user_version)}")
    db.session.commit()


def _sync_every_commit_again(dbapi_connection, connection_record) -> None:
    if connection_record.info.pop(UNSYNCED, False) and dbapi_connection is not None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()


def _milliseconds(seconds: float) -> int:
    return max(1, round(seconds * 1000))


def run(statement: Executable, parameters: dict | list[dict] | None = None) -> Result:
    """Run a statement built with SQLAlchemy Core in the session's transaction.

    The storage modules read and write through prebuilt statements and hold no ORM
    objects, so they skip the session's own ``execute`` (its autoflush and ORM
    bookkeeping), which cost about as much as a short query itself.
    """
    return db.session.connection().execute(statement, parameters)


def read_state_row(statement: Select, parameters: dict[str, object]) -> tuple | None:
    """The one row of a cheap read of the data's state, on a connection of its own.

    A kept page or body is answered after just such a read (a game's log version, the
    listings' key), and nothing else: it is most of what a kept answer costs. So the read
    takes a pooled connection outside the session and gives it back at once: it never
    sees a write the session has not committed, and is never asked to. The statement is
    compiled once per dialect and sent on the driver's own cursor, its columns converted
    as SQLAlchemy would; a Connection's bookkeeping around it cost four to five times as
    much. (So it is the one statement that SQLAlchemy's execute events never see.) A
    failure is raised as SQLAlchemy raises it, so that it is answered like any other.
    """
    engine = db.engine
    ready = _ready_read(statement, engine.dialect)
    arguments = ready.arguments(parameters)
    try:
        connection = engine.raw_connection()  # connecting may fail too (a locked file)
        try:
            cursor = connection.cursor()
            cursor.execute(ready.sql, arguments)
            row = cursor.fetchone()
            cursor.close()
        finally:
            connection.close()  # back to the pool, rolled back
    except engine.dialect.loaded_dbapi.Error as error:
        raise DBAPIError.instance(
            ready.sql, arguments, error, engine.dialect.loaded_dbapi.Error
        ) from error
    return None if row is None else ready.converted(row)


@dataclass(frozen=True)
class _ReadyRead:
    """A statement compiled for one dialect, with how to bind and convert its values."""

    sql: str
    compiled: Compiled
    converters: tuple[Callable[[object], object] | None, ...]

    def arguments(self, parameters: dict[str, object]) -> tuple | dict:
        values = self.compiled.construct_params(parameters)
        if self.compiled.positional:
            return tuple(values[name] for name in self.compiled.positiontup)
        return values

    def converted(self, row: tuple) -> tuple:
        return tuple(
            value if convert is None or value is None else convert(value)
            for value, convert in zip(row, self.converters, strict=True)
        )


@lru_cache(maxsize=64)  # a few statements, for each app's dialect
def _ready_read(statement: Select, dialect: Dialect) -> _ReadyRead:
    compiled = statement.compile(dialect=dialect)
    converters = tuple(
        column.type.dialect_impl(dialect).result_processor(dialect, None)
        for column in statement.selected_columns
    )
    return _ReadyRead(compiled.string, compiled, converters)
