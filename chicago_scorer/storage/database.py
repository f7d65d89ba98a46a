"""Connection settings that keep SQLite safe with several writers and bound every wait
for the database, and the one way to read a cache key's row."""

from sqlalchemy import Executable, Row, event
from sqlalchemy.engine import Engine

from chicago_scorer.extensions import db


def _sqlite_pragmas(busy_timeout_ms: int):
    def set_pragmas(dbapi_connection, _connection_record) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA journal_mode = WAL")
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
    elif engine.dialect.name == "postgresql":
        event.listen(
            engine,
            "connect",
            _postgresql_timeouts(_milliseconds(lock_timeout), _milliseconds(statement_timeout)),
        )


def _milliseconds(seconds: float) -> int:
    return max(1, round(seconds * 1000))


def read_state_row(statement: Executable, parameters: dict[str, object]) -> Row | None:
    """The one row of a cheap read of the data's state, on a connection of its own.

    A kept page or body is answered after just such a read (a game's log version, the
    listings' key); the session's transaction would cost twice the query around it, and
    the request opens no other. So the read takes a pooled connection outside the
    session, and gives it back at once: it never sees a write the session has not
    committed, and is never asked to.
    """
    with db.engine.connect() as connection:
        return connection.execute(statement, parameters).one_or_none()
