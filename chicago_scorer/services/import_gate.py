"""One import at a time on each database, from each machine.

An import keeps the worker that serves it for seconds (``transfer.py`` paces it to a
third of a processor, and the largest file takes 12 s on SQLite and 19 s on PostgreSQL).
With the two workers ``make run`` starts, two imports at once would leave none for the
phones at the table: their taps would wait for an import to end. So an import starts only when no
other is running against the same database from this machine, and is refused at once
otherwise; the client sends the file again a few seconds later.

The turn is an exclusive ``flock`` on a file in the system's temporary folder, named
after the database: every worker of every server on this machine that imports into
that database takes the same one. The kernel lets it go when its holder ends, even if it
is killed in the middle of an import, and the file is removed when the import ends.
Should the file be unusable (another user's, in a shared temporary folder), imports run
without waiting their turn rather than not at all.
"""

import fcntl
import hashlib
import logging
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from chicago_scorer.extensions import db
from chicago_scorer.services.errors import ImportAlreadyRunning

log = logging.getLogger(__name__)


def turn_file() -> Path:
    """The file whose lock is the turn to import into the app's database."""
    database_url = db.engine.url.render_as_string(hide_password=False)
    digest = hashlib.sha256(database_url.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"chicago-scorer-import-{digest}.lock"


@contextmanager
def one_import_at_a_time() -> Iterator[None]:
    """Hold the turn to import into the app's database, or raise ``ImportAlreadyRunning``."""
    path = turn_file()
    handle = _take_turn(path)
    try:
        yield
    finally:
        if handle is not None:
            # Removed while still held, so that nothing is left behind in the folder, and
            # a worker that opened it in the meantime sees it gone and opens it anew.
            path.unlink(missing_ok=True)
            os.close(handle)  # which lets the lock go


def _take_turn(path: Path) -> int | None:
    """The file at ``path``, open and locked by this process; None if it cannot be used."""
    while True:
        try:
            # O_NOFOLLOW: in a folder every user may write to, never open another's link.
            handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError as error:
            log.warning("importing without waiting for a turn: cannot open %s: %s", path, error)
            return None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(handle)
            raise ImportAlreadyRunning() from None
        if _same_file(handle, path):
            return handle
        os.close(handle)  # its holder removed it after this opened it: open the new one


def _same_file(handle: int, path: Path) -> bool:
    try:
        named = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    held = os.fstat(handle)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)
