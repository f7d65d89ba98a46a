"""Connection settings that keep SQLite safe with several writers, and the one way to read
a cache key's row."""

from sqlalchemy import Executable, Row, event
from sqlalchemy.engine import Engine

from chicago_scorer.extensions import db

SQLITE_BUSY_TIMEOUT_MS = 10_000


def _set_sqlite_pragmas(dbapi_connection, _connection_record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
    cursor.close()


def configure_engine(engine: Engine) -> None:
    """Turn on foreign keys, WAL and a busy timeout for every SQLite connection."""
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _set_sqlite_pragmas)


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
