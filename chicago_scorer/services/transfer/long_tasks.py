"""One long task at a time on each database, from each checkout: an import, or an export
of every game.

Either keeps the worker that serves it for seconds: the largest import takes 12 s on
SQLite and 19 s on PostgreSQL (``pacing.py`` paces it to a third of a processor), and
an export reads 5,000 games in about 10 s (it holds the turn only while it reads them,
not while they are sent). With the two workers ``make run`` starts, two such tasks at
once would leave none for the phones at the table: their taps would wait for a task to
end. So a long task starts only when no other is running against the same
database from this machine, and is refused at once otherwise (``ImportMustWait``,
``ExportMustWait``); the client asks again a few seconds later.

After an export of every game, the next one rests a few seconds (the setting
``EXPORT_REST_SECONDS``, 5; 0 in the tests), while an import may start: exports asked for
again and again, each leaving at once, otherwise took turn after turn, and kept every
import at 503 for as long as they went on (each reads every game whether or not its client
waits). An export asked for in that rest is refused like one asked for during another task.

The turn is an exclusive ``flock`` on a file in the app's instance folder, named after
the database: every worker of every server of this checkout that uses that database, and
``flask import`` run beside them, take the same one. The kernel lets it go when its
holder ends, even if it is killed in the middle of a task, and the file is removed when
the task ends. Should the file be unusable (another user's), long tasks run without
waiting their turn rather than not at all.
"""

import fcntl
import hashlib
import logging
import os
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from flask import current_app

from chicago_scorer.extensions import db
from chicago_scorer.rules.errors import Refusal

log = logging.getLogger(__name__)


def turn_file() -> Path:
    """The file whose lock is the turn to run a long task on the app's database, in the
    app's instance folder: a service's temporary folder may be its own (systemd's
    ``PrivateTmp``), where ``flask import`` run from a shell would never see the lock."""
    database_url = db.engine.url.render_as_string(hide_password=False)
    digest = hashlib.sha256(database_url.encode()).hexdigest()[:16]
    return Path(current_app.instance_path) / f"long-task-{digest}.lock"


class Turn:
    """The turn to run a long task, held until ``let_go``, or until nothing refers to it
    (a task dropped before it began)."""

    def __init__(self, path: Path, held: IO[bytes] | None) -> None:
        self.let_go = weakref.finalize(self, _let_go, path, held)


def _let_go(path: Path, held: IO[bytes] | None) -> None:
    if held is None:
        return
    # Removed while still held, so that nothing is left behind in the folder, and a
    # worker that opened it in the meantime sees it gone and opens it anew.
    path.unlink(missing_ok=True)
    held.close()  # which lets the lock go


def take_turn(refusal: type[Refusal]) -> Turn:
    """The turn to run a long task on the app's database; ``refusal`` if another runs."""
    path = turn_file()
    while True:
        try:
            # O_NOFOLLOW: in a folder every user may write to, never open another's link.
            handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError as error:
            log.warning("running without waiting for a turn: cannot open %s: %s", path, error)
            return Turn(path, None)
        held = os.fdopen(handle, "r+b", buffering=0)
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            held.close()
            raise refusal() from None
        if _same_file(held, path):
            return Turn(path, held)
        held.close()  # its holder removed it after this opened it: open the new one


@contextmanager
def one_long_task_at_a_time(refusal: type[Refusal]) -> Iterator[None]:
    """Run the block with the turn held, or raise ``refusal`` if another long task runs."""
    turn = take_turn(refusal)
    try:
        yield
    finally:
        turn.let_go()


def _same_file(held: IO[bytes], path: Path) -> bool:
    try:
        named = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    opened = os.fstat(held.fileno())
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def export_ended_file() -> Path:
    """The file whose time says when the last export of every game on the app's database
    ended, on this machine."""
    turn = turn_file()
    return turn.with_name(f"{turn.stem}-export-ended")


def refuse_an_export_too_soon(rest_seconds: float, refusal: type[Refusal]) -> None:
    """Raise ``refusal`` if the last export of every game ended less than ``rest_seconds``
    ago."""
    try:
        ended = os.stat(export_ended_file(), follow_symlinks=False).st_mtime
    except OSError:
        return  # none yet, or none that this user may read
    if 0 <= time.time() - ended < rest_seconds:
        raise refusal()


def note_an_export_ended() -> None:
    """Say that an export of every game ended now, for the next one's rest."""
    path = export_ended_file()
    try:
        # O_NOFOLLOW: in a folder every user may write to, never touch another's link.
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        try:
            os.utime(handle)
        finally:
            os.close(handle)
    except OSError as error:
        log.warning("the next export will not rest: cannot write %s: %s", path, error)
