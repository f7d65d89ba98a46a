"""On SQLite, a transaction may skip its commit's wait for the disk (an import's batches
do), and then only until its connection goes back to the pool: every other commit still
waits for the disk, and one synced write makes all before it durable."""

from sqlalchemy import text

from chicago_scorer.extensions import db
from chicago_scorer.storage.database import (
    defer_sync_of_this_transaction,
    sync_deferred_commits,
)

FULL, NORMAL = 2, 1


def synchronous_of_every_idle_connection() -> list[int]:
    """``PRAGMA synchronous`` on each connection the pool holds, all checked out at once."""
    connections = [db.engine.raw_connection() for _ in range(db.engine.pool.checkedin())]
    try:
        return [c.cursor().execute("PRAGMA synchronous").fetchone()[0] for c in connections]
    finally:
        for connection in connections:
            connection.close()


def test_every_connection_waits_for_the_disk_at_each_commit_from_the_start(sqlite_url, apps):
    with apps(sqlite_url).app_context():
        db.session.execute(text("SELECT 1"))
        db.session.commit()

        assert synchronous_of_every_idle_connection() == [FULL]


def test_a_connection_that_skipped_its_sync_waits_again_once_back_in_the_pool(sqlite_url, apps):
    with apps(sqlite_url).app_context():
        defer_sync_of_this_transaction()
        skipping = db.session.connection().exec_driver_sql("PRAGMA synchronous").scalar_one()
        db.session.commit()  # the connection goes back to the pool

        assert skipping == NORMAL
        assert synchronous_of_every_idle_connection() == [FULL]


def test_the_synced_write_leaves_the_database_as_it_was(sqlite_url, apps):
    with apps(sqlite_url).app_context():
        before = db.session.execute(text("PRAGMA user_version")).scalar_one()
        defer_sync_of_this_transaction()

        sync_deferred_commits()

        after = db.session.execute(text("PRAGMA user_version")).scalar_one()
        db.session.commit()

        assert after == before
        assert synchronous_of_every_idle_connection() == [FULL]
