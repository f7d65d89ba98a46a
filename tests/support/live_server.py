"""A real server for tests: gunicorn serving ``app:app`` as ``make run`` does, on loopback.

The server runs in a process group of its own, so a test can stop it gracefully or
SIGKILL the master and its workers at once, as a power cut or the OOM killer would::

    with LiveServer(database_url, log_path=tmp_path / "server.log") as server:
        ...  # talk to server.host:server.port
        server.kill()
        server.start()  # the same port and database, as after a restart

If the test process itself dies without running its finalizers (a CI timeout, kill -9),
Linux kills the gunicorn master with it, and the workers leave once they see it gone.
That signal is tied to the thread that called ``start()``: call it from the thread that
outlives the server, such as the one running the fixtures.
"""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
TEST_SECRET_KEY = "live server test secret"
READY_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
# Runs in the child and then becomes gunicorn: it asks Linux to SIGKILL it when the test
# process dies (prctl PR_SET_PDEATHSIG), and elsewhere simply execs gunicorn.
_DIE_WITH_PARENT = """
import ctypes, os, signal, sys
PR_SET_PDEATHSIG = 1
try:
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
except (AttributeError, OSError):
    pass
os.execv(sys.argv[1], sys.argv[1:])
"""


def free_port() -> int:
    """A loopback port nothing listens on at this moment."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class LiveServer:
    """Start, stop and kill a gunicorn server on one database."""

    def __init__(
        self,
        database_url: str,
        *,
        log_path: Path,
        workers: int = 2,
        environment: Mapping[str, str] | None = None,
    ) -> None:
        self.database_url = database_url
        self.environment = dict(environment or {})
        self.log_path = log_path
        self.workers = workers
        self.port = free_port()
        self.starts = 0
        self._process: subprocess.Popen | None = None

    @property
    def host(self) -> str:
        return HOST

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def running(self) -> bool:
        """Whether the master process has been started and not yet reaped."""
        return self._process is not None and self._process.returncode is None

    def start(self) -> None:
        """Serve on this server's port and return once it answers HTTP."""
        if self.running:
            raise RuntimeError("the server is already running")
        # The same binary and arguments as `make run`, but on loopback and without the
        # access log; gunicorn's own log goes to a file a failing test can show.
        command = [
            sys.executable,
            "-c",
            _DIE_WITH_PARENT,
            str(Path(sys.executable).with_name("gunicorn")),
            "--workers",
            str(self.workers),
            "--bind",
            f"{HOST}:{self.port}",
            "app:app",
        ]
        environment = (
            os.environ
            | {
                "DATABASE_URL": self.database_url,
                "SECRET_KEY": TEST_SECRET_KEY,
                # Tests and the showcase create games, and export, faster than any table.
                "RATE_LIMIT": "off",
                "EXPORT_REST_SECONDS": "0",
            }
            | self.environment
        )
        with open(self.log_path, "ab") as log:
            self._process = subprocess.Popen(
                command,
                cwd=PROJECT_ROOT,
                env=environment,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                process_group=0,
            )
        self.starts += 1
        self._wait_until_answering()

    def stop(self) -> None:
        """Shut down gracefully, as on Ctrl-C; SIGKILL the group if that hangs."""
        if not self.running:
            return
        self._process.send_signal(signal.SIGTERM)
        try:
            self._process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self) -> None:
        """SIGKILL the master and every worker at once, with no chance to clean up."""
        if not self.running:
            return
        # Until the master is reaped its pid, and so the group's id, cannot be reused.
        os.killpg(self._process.pid, signal.SIGKILL)
        self._process.wait()

    def game_count(self) -> int:
        """How many games the server holds, as its API counts them."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
        try:
            connection.request("GET", "/api/games?limit=1")
            return json.loads(connection.getresponse().read())["total"]
        finally:
            connection.close()

    def log_tail(self, characters: int = 4000) -> str:
        """The end of gunicorn's log, to explain a failure."""
        try:
            return self.log_path.read_text(errors="replace")[-characters:]
        except FileNotFoundError:
            return ""

    def _wait_until_answering(self) -> None:
        deadline = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"gunicorn exited while starting:\n{self.log_tail()}")
            if self._answers():
                return
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"gunicorn did not answer in {READY_TIMEOUT:.0f} s:\n{self.log_tail()}")

    def _answers(self) -> bool:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=5)
        try:
            connection.request("GET", "/api/games?limit=1")
            response = connection.getresponse()
            response.read()
            return response.status == 200
        except (OSError, http.client.HTTPException):
            return False
        finally:
            connection.close()

    def __enter__(self) -> "LiveServer":
        self.start()
        return self

    def __exit__(self, *_exc_info) -> None:
        self.stop()


@contextmanager
def serving_a_fresh_database(databases, logs: Path, **options) -> Iterator[LiveServer]:
    """A server, started with ``options``, on a database of its own; its log in ``logs``."""
    with databases.fresh() as database_url:
        with LiveServer(database_url, log_path=logs / "gunicorn.log", **options) as running:
            yield running
