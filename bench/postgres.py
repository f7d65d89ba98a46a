"""A throwaway PostgreSQL cluster for the capacity figure, made and removed by the run.

The same recipe as .ci/with-postgres: the newest /usr/lib/postgresql/*/bin (or initdb on
the PATH), a cluster in a new folder under /tmp, trust authentication on 127.0.0.1 and
a free port. The server keeps PostgreSQL's own defaults otherwise (fsync and
synchronous commit on), as a real one would. PostgreSQL refuses to run as root, so
under root the cluster belongs to the ``postgres`` user that the Debian package makes.
When any of that is missing, the run prints why and goes on without the figure.
"""

import importlib.util
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .servers import HOST, free_port

DATABASE = "chicago"
START_TIMEOUT_S = 60
SERVER_USER = "postgres"


class PostgresUnavailable(Exception):
    """PostgreSQL cannot be run here; the message says why, for the report."""


def binaries(roots: tuple[Path, ...] = (Path("/usr/lib/postgresql"),)) -> Path | None:
    """The folder of the newest installed initdb and pg_ctl, if there is one."""
    found = [
        folder / "bin"
        for root in roots
        if root.is_dir()
        for folder in root.iterdir()
        if (folder / "bin" / "initdb").exists() and (folder / "bin" / "pg_ctl").exists()
    ]
    if found:
        return max(found, key=lambda folder: _version(folder.parent.name))
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).resolve().parent
    return None


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def unavailable_reason(folder: Path | None) -> str | None:
    """Why no cluster can be made here, or None when it can."""
    if folder is None:
        return "PostgreSQL is not installed (no initdb): apt-get install postgresql"
    if importlib.util.find_spec("psycopg") is None:
        return "psycopg is not installed in .venv (pip install 'psycopg[binary]')"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(SERVER_USER)
        except KeyError:
            return f"running as root, and there is no {SERVER_USER!r} user to run PostgreSQL"
    return None


@contextmanager
def throwaway_cluster() -> Iterator[str]:
    """Start a new cluster with one empty database; yield its DATABASE_URL; remove it all."""
    folder = binaries()
    reason = unavailable_reason(folder)
    if reason is not None:
        raise PostgresUnavailable(reason)
    cluster = Path(tempfile.mkdtemp(prefix="chicago-bench-pg-"))
    as_server = [] if os.geteuid() != 0 else ["runuser", "-u", SERVER_USER, "--"]
    if os.geteuid() == 0:
        shutil.chown(cluster, SERVER_USER)
    data, log, port = cluster / "data", cluster / "server.log", free_port()
    started = False
    try:
        _run(
            [*as_server, str(folder / "initdb"), "-D", str(data), "-U", "postgres"]
            + ["-A", "trust", "--no-sync"]
        )
        options = f"-h {HOST} -p {port} -k {cluster}"
        _run(
            [*as_server, str(folder / "pg_ctl"), "-D", str(data), "-l", str(log), "-w"]
            + ["-t", str(START_TIMEOUT_S), "-o", options, "start"],
            log,
        )
        started = True
        _run(
            [*as_server, str(folder / "createdb"), "-h", HOST, "-p", str(port)]
            + ["-U", "postgres", DATABASE],
            log,
        )
        yield f"postgresql+psycopg://postgres@{HOST}:{port}/{DATABASE}"
    finally:
        if started:
            subprocess.run(
                [*as_server, str(folder / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"],
                capture_output=True,
                timeout=START_TIMEOUT_S,
            )
        shutil.rmtree(cluster, ignore_errors=True)


def _run(command: list[str], log: Path | None = None) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=START_TIMEOUT_S)
    if done.returncode != 0:
        output = (done.stderr or done.stdout).strip()[-500:]
        server_log = log.read_text()[-1000:].strip() if log is not None and log.exists() else ""
        program = next(Path(part).name for part in command if "/" in part)
        raise PostgresUnavailable(f"{program} failed: {output} {server_log}".strip())
