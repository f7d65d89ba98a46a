"""Serving the app and the baseline the way `make run` does: gunicorn, two workers, SQLite WAL."""

import http.client
import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
WORKERS = 2
HOST = "127.0.0.1"
START_TIMEOUT_S = 60
STOP_TIMEOUT_S = 15
# Variables of the shell that would change what is served; the bench sets its own.
CLEARED_VARIABLES = (
    "DATABASE_URL",
    "SECRET_KEY",
    "TRUSTED_PROXIES",
    "FLASK_APP",
    "FLASK_DEBUG",
    "RATE_LIMIT_STORAGE_URI",
)


class ServerFailed(Exception):
    """A server did not come up, or a setup command failed; the message has its log."""


@dataclass
class Server:
    """A gunicorn master we started, and where it listens."""

    name: str
    process: subprocess.Popen
    port: int
    log: Path

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>``."""
        return f"http://{HOST}:{self.port}"

    def stop(self) -> None:
        """Ask gunicorn to shut down, and kill its process group if it will not."""
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def sqlite_environment(folder: Path, secret_key: str, **extra: str) -> dict[str, str]:
    """The environment for a server whose SQLite file lives in ``folder``."""
    return database_environment(f"sqlite:///{folder / 'chicago.sqlite3'}", secret_key, **extra)


def database_environment(database_url: str, secret_key: str, **extra: str) -> dict[str, str]:
    """The environment for a server on the database at ``database_url``."""
    environment = {k: v for k, v in os.environ.items() if k not in CLEARED_VARIABLES}
    environment |= {
        "DATABASE_URL": database_url,
        "SECRET_KEY": secret_key,
        "PYTHONDONTWRITEBYTECODE": "1",
        # The bench creates thousands of games from one address, far past any table.
        "RATE_LIMIT": "off",
    }
    return environment | extra


def start_command(command: list[str], environment: dict[str, str]) -> subprocess.Popen:
    """Start a command in the project folder without waiting for it; output is kept."""
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def start_flask(app_spec: str, arguments: list[str], environment: dict[str, str]):
    """Start a `flask` command (``db upgrade``, ``seed-demo``, ...) without waiting for it."""
    return start_command([str(BIN / "flask"), "--app", app_spec, *arguments], environment)


def finish_flask(command: subprocess.Popen) -> str:
    """Wait for a started command and return its output; raise if it failed."""
    output, _ = command.communicate()
    if command.returncode != 0:
        raise ServerFailed(f"{' '.join(map(str, command.args))} failed:\n{output}")
    return output


def start_seeding(count: int, seed: int, environment: dict[str, str]):
    """Store ``count`` finished games: `flask seed-demo`, or bench/seed_games.py without it.

    Returns the running command and what it is, for the report.
    """
    arguments = ["--games", str(count), "--seed", str(seed)]
    probe = start_flask("app", ["seed-demo", "--help"], environment)
    probe.communicate()
    if probe.returncode == 0:
        return start_flask("app", ["seed-demo", *arguments], environment), "flask seed-demo"
    command = [str(BIN / "python"), "-m", "bench.seed_games", *arguments]
    return start_command(command, environment), "bench/seed_games.py (no flask seed-demo here)"


def run_flask(app_spec: str, arguments: list[str], environment: dict[str, str]) -> str:
    """Run a `flask` command and return its output."""
    return finish_flask(start_flask(app_spec, arguments, environment))


def free_port() -> int:
    """A port on the loopback address that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_gunicorn(
    name: str, app_spec: str, environment: dict[str, str], log: Path, workers: int = WORKERS
) -> Server:
    """Serve ``app_spec`` with gunicorn as `make run` does (two sync workers, with the
    deadlines of gunicorn.conf.py) on a free port."""
    port = free_port()
    with log.open("w") as output:
        process = subprocess.Popen(
            [str(BIN / "gunicorn"), "--workers", str(workers), "--bind", f"{HOST}:{port}"]
            + [app_spec],
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = Server(name, process, port, log)
    try:
        _wait_until_serving(server)
    except ServerFailed:
        server.stop()
        raise
    return server


def _wait_until_serving(server: Server) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise ServerFailed(f"{server.name} exited at start:\n{server.log.read_text()}")
        try:
            connection = http.client.HTTPConnection(HOST, server.port, timeout=2)
            connection.request("GET", "/__bench_probe__")
            connection.getresponse().read()
            connection.close()
            return
        except OSError:
            time.sleep(0.1)
    raise ServerFailed(f"{server.name} did not answer in {START_TIMEOUT_S}s:\n{server.log}")
