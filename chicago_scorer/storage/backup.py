"""A consistent copy of the SQLite database while the app runs, and putting one back with
every game's id and edit-key hash as they were: ``flask backup`` and ``flask restore``.

A backup is SQLite's online backup API, which copies every page within one read
transaction: the copy is the database as it stood at one instant, and in WAL mode the
app's writes go on meanwhile. A restore needs the app stopped. It takes the database's
exclusive lock, which it cannot get while any process has the database open (in WAL mode
every open connection holds a shared lock on the file), and keeps it to the end, so no
app reads a database half restored nor keeps pages cached from the one replaced. The
backup is copied aside, checked, brought up to this code's schema and rules, and only
then copied into the database through the same backup API; the database it replaces is
kept beside it first. PostgreSQL has its own tools, and both commands say how to use them.
"""

import os
import shlex
import shutil
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import URL, make_url

# Long enough for a request that is finishing, short enough to tell a person at once.
RESTORE_LOCK_WAIT_SECONDS = 2.0
_STAMP = "%Y%m%dT%H%M%SZ"


class BackupRefused(Exception):
    """A backup or restore that cannot go ahead; the message says what to do instead."""


@dataclass(frozen=True)
class BackedUp:
    """A backup written: where, how many games it holds, and at which schema revision."""

    path: Path
    games: int
    revision: str | None


@dataclass(frozen=True)
class Restored:
    """A restore done: how many games, the schema revision the backup had and has now,
    how many games were rebuilt, and where the database it replaced is kept."""

    games: int
    revision_was: str
    revision: str
    rebuilt: int
    replaced_kept_at: Path | None


def schema_revisions(migrations_directory: str) -> list[str]:
    """This code's migrations, oldest first."""
    script = ScriptDirectory(migrations_directory)
    return [migration.revision for migration in reversed(list(script.walk_revisions()))]


def back_up(database_url: str, destination: Path, lock_timeout: float = 5.0) -> BackedUp:
    """Copy the database, as it stands at one instant, to ``destination`` (a new file, or a
    folder to name one in by the time), without stopping the app."""
    url = make_url(database_url)
    if url.get_backend_name() == "postgresql":
        raise BackupRefused(_pg_dump_advice(url, destination))
    database = _sqlite_file(url)
    if not database.is_file():
        raise BackupRefused(f"There is no database at {database} to back up.")
    if destination.is_dir():
        destination = destination / f"chicago-{datetime.now(UTC):{_STAMP}}.sqlite3"
    if destination.exists():
        raise BackupRefused(f"{destination} already exists: give a new name, or remove it first.")
    if not destination.parent.is_dir():
        raise BackupRefused(f"There is no folder {destination.parent} to write the backup in.")
    partial = destination.with_name(f".{destination.name}.partial-{os.getpid()}")
    try:
        with closing(_open_existing(database, lock_timeout)) as source:
            with closing(_connect(partial)) as copy:
                # One step: every page read in one transaction, so the copy is consistent.
                source.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")  # one file, no -wal beside it
                _require_intact(copy, database)
                games, revision = _contents(copy)
        _sync(partial)
        os.replace(partial, destination)
        _sync(destination.parent)
    finally:
        for leftover in _with_journals(partial):
            leftover.unlink(missing_ok=True)
    return BackedUp(destination, games, revision)


def restore(
    backup: Path,
    database_url: str,
    revisions: Sequence[str],
    bring_up_to_date: Callable[[str], int],
) -> Restored:
    """Replace the stopped app's database with ``backup``, brought up to date.

    ``revisions`` are this code's migrations, oldest first; ``bring_up_to_date(url)``
    migrates the database at ``url`` to the newest and rebuilds what it derives, and says
    how many games it rebuilt.
    """
    url = make_url(database_url)
    if url.get_backend_name() == "postgresql":
        raise BackupRefused(_pg_restore_advice(url, backup))
    database = _sqlite_file(url)
    if not backup.is_file():
        raise BackupRefused(f"There is no file at {backup} to restore.")
    if database.exists() and backup.samefile(database):
        raise BackupRefused(f"{backup} is the app's database itself: restore from a backup.")
    database.parent.mkdir(parents=True, exist_ok=True)
    staging = database.with_name(f".{database.name}.restoring-{os.getpid()}")
    is_new, created = not database.exists(), False
    try:
        revision_was = _copy_checked(backup, staging, revisions)
        with closing(_lock_for_restore(database)) as live:
            created = is_new
            rebuilt = bring_up_to_date(f"sqlite:///{staging}")
            with closing(_connect(staging)) as restored:
                restored.execute("PRAGMA journal_mode = DELETE")
                _require_intact(restored, backup)
                games, revision = _contents(restored)
                kept = _keep_replaced(live, database)
                # Out of WAL while replacing, so a backup of another page size fits too.
                live.execute("PRAGMA journal_mode = DELETE")
                restored.backup(live)
                live.execute("PRAGMA journal_mode = WAL")
                _require_intact(live, database)
    except BaseException:
        if created:  # leave no empty database behind, as if never restored
            database.unlink(missing_ok=True)
        raise
    finally:
        for leftover in _with_journals(staging):
            leftover.unlink(missing_ok=True)
    return Restored(games, revision_was, revision or revision_was, rebuilt, kept)


def _sqlite_file(url: URL) -> Path:
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        raise BackupRefused(
            f"Back-up and restore work on an SQLite file or PostgreSQL, not on {url.drivername}"
            f"{' in memory' if url.get_backend_name() == 'sqlite' else ''}."
        )
    return Path(url.database)


def _connect(path: Path, timeout: float = 5.0) -> sqlite3.Connection:
    return sqlite3.connect(path, timeout=timeout, isolation_level=None)


def _open_existing(path: Path, timeout: float) -> sqlite3.Connection:
    """A connection that never creates the file it opens."""
    return sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=timeout, isolation_level=None
    )


def _lock_for_restore(database: Path) -> sqlite3.Connection:
    """A connection holding the database's exclusive lock until it is closed."""
    live = _connect(database, timeout=RESTORE_LOCK_WAIT_SECONDS)
    try:
        # Set before the first read: in WAL mode the connection then locks the file
        # itself instead of sharing memory with the app's connections.
        live.execute("PRAGMA locking_mode = EXCLUSIVE")
        live.execute("BEGIN EXCLUSIVE")
        live.execute("COMMIT")  # the lock stays, as locking_mode says
    except sqlite3.OperationalError as error:
        live.close()
        if error.sqlite_errorcode == sqlite3.SQLITE_BUSY:
            raise BackupRefused(
                f"The database {database} is in use: stop the app first (for example "
                "`sudo systemctl stop chicago-scorer`, or Ctrl-C where `make run` runs), "
                "then restore again."
            ) from None
        raise BackupRefused(f"The database {database} cannot be opened: {error}.") from None
    except sqlite3.DatabaseError as error:
        live.close()
        raise BackupRefused(f"The database {database} cannot be read: {error}.") from None
    return live


def _copy_checked(backup: Path, staging: Path, revisions: Sequence[str]) -> str:
    """Copy the backup (and its -wal, if it has one) aside, and check that it is a Chicago
    Scorer database this code can bring up to date; its schema revision."""
    shutil.copyfile(backup, staging)
    wal = backup.with_name(backup.name + "-wal")
    if wal.is_file():
        shutil.copyfile(wal, staging.with_name(staging.name + "-wal"))
    not_ours = f"{backup} is not a Chicago Scorer database"
    try:
        with closing(_connect(staging)) as copy:
            _require_intact(copy, backup)
            tables = {row[0] for row in copy.execute("SELECT name FROM sqlite_master")}
            if not {"alembic_version", "games", "players", "events"} <= tables:
                raise BackupRefused(f"{not_ours}: it has no tables of games and their entries.")
            found = copy.execute("SELECT version_num FROM alembic_version").fetchall()
    except sqlite3.DatabaseError as error:
        raise BackupRefused(f"{not_ours}: SQLite cannot read it ({error}).") from None
    if len(found) != 1:
        raise BackupRefused(f"{not_ours}: it does not say which schema it has.")
    revision = found[0][0]
    if revision not in revisions:
        raise BackupRefused(
            f"{backup} has the schema {revision}, which this code does not know: it was "
            "made by a newer version of Chicago Scorer. Update this checkout (git pull), "
            f"then restore again. This code knows the schemas up to {revisions[-1]}."
        )
    return revision


def _require_intact(connection: sqlite3.Connection, named: Path) -> None:
    verdict = connection.execute("PRAGMA quick_check").fetchall()
    if verdict != [("ok",)]:
        problems = "; ".join(row[0] for row in verdict[:3])
        raise BackupRefused(f"{named} is damaged ({problems}).")


def _contents(connection: sqlite3.Connection) -> tuple[int, str | None]:
    """How many games a database holds, and its schema revision."""
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    games = (
        connection.execute("SELECT count(*) FROM games").fetchone()[0] if "games" in tables else 0
    )
    found = (
        connection.execute("SELECT version_num FROM alembic_version").fetchone()
        if "alembic_version" in tables
        else None
    )
    return games, found[0] if found else None


def _keep_replaced(live: sqlite3.Connection, database: Path) -> Path | None:
    """Copy the database about to be replaced beside it, unless it is empty."""
    if live.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0:
        return None
    kept = database.with_name(f"{database.name}.before-restore-{datetime.now(UTC):{_STAMP}}")
    if kept.exists():  # a second restore within the same second
        kept = kept.with_name(f"{kept.name}-{os.getpid()}")
    with closing(_connect(kept)) as copy:
        live.backup(copy)
        copy.execute("PRAGMA journal_mode = DELETE")
    _sync(kept)
    return kept


def _with_journals(path: Path) -> list[Path]:
    return [path] + [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]


def _sync(path: Path) -> None:
    """Make sure a file, or a folder's list of files, is on the disk."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _pg_url(url: URL) -> str:
    """The URL for PostgreSQL's own tools: no driver, no password."""
    bare = URL.create(
        "postgresql",
        username=url.username,
        host=url.host,
        port=url.port,
        database=url.database,
        query=url.query,
    )
    return shlex.quote(bare.render_as_string(hide_password=False))


def _pg_dump_advice(url: URL, destination: Path) -> str:
    return (
        "DATABASE_URL is PostgreSQL, which backs itself up with pg_dump, consistently "
        "while the app runs:\n\n"
        f"    pg_dump --format=custom --file {shlex.quote(str(destination))} {_pg_url(url)}\n\n"
        "Give the password in ~/.pgpass or PGPASSWORD, and use a pg_dump of the server's "
        "version or newer."
    )


def _pg_restore_advice(url: URL, backup: Path) -> str:
    return (
        "DATABASE_URL is PostgreSQL, which restores a pg_dump file with pg_restore. Stop "
        "the app, then:\n\n"
        "    pg_restore --clean --if-exists --no-owner "
        f"--dbname {_pg_url(url)} {shlex.quote(str(backup))}\n"
        "    .venv/bin/flask --app app db upgrade\n"
        "    .venv/bin/flask --app app rebuild --if-stale\n\n"
        "and start the app again."
    )
