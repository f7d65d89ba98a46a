"""SIGKILL the server in the middle of writes, again and again, on one SQLite file.

Whatever moment the server dies at, every entry it acknowledged is still there after a
restart, no game is left half written, and the games carry on as if nothing happened.
The test always uses SQLite, because the file on disk is what a kill can damage.
"""

import http.client
import json
import random
import sqlite3
import threading
import time
from collections import defaultdict
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from chicago_scorer.rules import (
    GameSetup,
    GameState,
    event_to_dict,
    read_event,
)
from chicago_scorer.rules import replay as replay_events
from support.databases import migrate
from support.games import new_game
from support.live_server import LiveServer
from support.load_client import (
    JsonConnection,
    choose_entry,
    logged_entries,
    new_table,
    play_locally,
    replay_fetched,
    show_in_summary,
)

CLIENTS = 6
KILLS = 6
MOST_ENTRIES_BETWEEN_KILLS = 80
MAX_GAMES_PER_CLIENT = 200
MAX_ENTRIES_PER_GAME = 500
RECONNECT_TIMEOUT = 30.0
PROGRESS_TIMEOUT = 30.0
WIND_DOWN_TIMEOUT = 60.0
POLL_PAUSE = 0.02


class Stopped(Exception):
    """The test stopped the clients early because something else failed."""


class Ledger:
    """What the clients were told, shared between their threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._acknowledged: dict[int, dict[int, dict]] = defaultdict(dict)
        self._count = 0
        self.finished_games = 0
        self.stored_without_answer = 0

    def acknowledge(self, game_id: int, seq: int, entry: dict) -> None:
        """The server answered 201: entry number ``seq`` of this game must never be lost."""
        with self._lock:
            self._acknowledged[game_id][seq] = entry
            self._count += 1

    def note_finished_game(self) -> None:
        with self._lock:
            self.finished_games += 1

    def note_stored_without_answer(self) -> None:
        with self._lock:
            self.stored_without_answer += 1

    @property
    def count(self) -> int:
        """How many entries were acknowledged so far."""
        with self._lock:
            return self._count

    def snapshot(self) -> dict[int, dict[int, dict]]:
        """Every acknowledged entry so far, by game and seq."""
        with self._lock:
            return {game_id: dict(entries) for game_id, entries in self._acknowledged.items()}


class CrashClient:
    """A phone that keeps scoring through server crashes, resyncing from the server."""

    def __init__(
        self,
        server: LiveServer,
        number: int,
        ledger: Ledger,
        wind_down: threading.Event,
        abort: threading.Event,
    ) -> None:
        self.server = server
        self.rng = random.Random(f"crash client {number}")
        self.ledger = ledger
        self.wind_down = wind_down
        self.abort = abort

    def run(self) -> None:
        """Play games until told to wind down, then finish the game in hand."""
        with JsonConnection(self.server.host, self.server.port, timeout=10) as connection:
            for _ in range(MAX_GAMES_PER_CLIENT):
                self._play_game(connection)
                self.ledger.note_finished_game()
                if self.wind_down.is_set():
                    return
        raise AssertionError(f"still playing after {MAX_GAMES_PER_CLIENT} games")

    def _play_game(self, connection: JsonConnection) -> None:
        players, dealer = new_table(self.rng)
        created = self._until_answered(
            lambda: connection.send("POST", "/api/games", {"players": players, "dealer": dealer})
        )
        assert created.status == 201, created
        game_id, key = created.body["id"], created.body["edit_key"]
        path = f"/api/games/{game_id}"
        state = new_game(*players, dealer=dealer)
        setup = state.setup
        for _ in range(MAX_ENTRIES_PER_GAME):
            if state.next_step is None:
                return
            entry = choose_entry(state, self.rng)
            try:
                reply = connection.send("POST", f"{path}/events", entry, key)
            except (OSError, http.client.HTTPException):
                state = self._resync(connection, setup, path, state, entry)
                continue
            if reply.status == 503:
                time.sleep(POLL_PAUSE)
                continue
            assert reply.status == 201, (entry, reply)
            state = play_locally(state, entry)
            assert len(reply.body["events"]) == len(state.history), reply
            self.ledger.acknowledge(game_id, len(state.history), entry)
        raise AssertionError(f"{path} did not finish in {MAX_ENTRIES_PER_GAME} entries")

    def _resync(
        self,
        connection: JsonConnection,
        setup: GameSetup,
        path: str,
        state: GameState,
        unanswered: dict,
    ) -> GameState:
        """After a lost answer, learn from the server whether the entry was stored."""
        fetched = self._until_answered(lambda: connection.send("GET", path))
        assert fetched.status == 200, fetched
        stored = logged_entries(fetched.body)
        known = [event_to_dict(scored.event) for scored in state.history]
        assert stored[: len(known)] == known, f"{path} lost entries it had recorded"
        assert stored[len(known) :] in ([], [unanswered]), f"{path} has entries nobody sent"
        if len(stored) > len(known):
            self.ledger.note_stored_without_answer()
        return replay_fetched(setup, fetched.body)

    def _until_answered(self, send):
        """Retry a request while the server is down or busy, until it answers."""
        deadline = time.monotonic() + RECONNECT_TIMEOUT
        while time.monotonic() < deadline:
            if self.abort.is_set():
                raise Stopped()
            try:
                reply = send()
            except (OSError, http.client.HTTPException):
                reply = None
            if reply is not None and reply.status != 503:
                return reply
            time.sleep(POLL_PAUSE)
        raise AssertionError(f"the server did not answer for {RECONNECT_TIMEOUT:.0f} s")


@dataclass(frozen=True)
class StoredLog:
    """What the SQLite file holds, as one consistent snapshot."""

    integrity: list[tuple[str]]
    games: list[tuple[int, int, int]]
    names: dict[int, list[str]]
    logs: dict[int, list[tuple[int, dict]]]

    @property
    def events(self) -> int:
        return sum(len(log) for log in self.logs.values())


def read_stored_log(database: Path) -> StoredLog:
    """Read the file in one read transaction, so that a running server cannot change it midway."""
    with closing(sqlite3.connect(database, timeout=10, isolation_level=None)) as connection:
        connection.execute("BEGIN")
        integrity = connection.execute("PRAGMA integrity_check").fetchall()
        games = connection.execute("SELECT id, first_dealer_seat, event_count FROM games")
        games = games.fetchall()
        names = defaultdict(list)
        for game_id, name in connection.execute(
            "SELECT game_id, name FROM players ORDER BY game_id, seat"
        ):
            names[game_id].append(name)
        logs = defaultdict(list)
        for game_id, seq, payload in connection.execute(
            "SELECT game_id, seq, payload FROM events ORDER BY game_id, seq"
        ):
            logs[game_id].append((seq, json.loads(payload)))
        connection.execute("COMMIT")
    return StoredLog(integrity, games, dict(names), dict(logs))


def check_stored_log(stored: StoredLog, acknowledged: dict[int, dict[int, dict]]) -> int:
    """Assert the log is sound, whole and replayable, and holds every acknowledged entry.

    Returns how many of its games are finished.
    """
    assert stored.integrity == [("ok",)]
    assert set(stored.logs) <= {game_id for game_id, _, _ in stored.games}, "events, no game"
    assert set(acknowledged) <= {game_id for game_id, _, _ in stored.games}, "a game is lost"
    finished = 0
    for game_id, first_dealer, event_count in stored.games:
        log = stored.logs.get(game_id, [])
        assert [seq for seq, _ in log] == list(range(1, len(log) + 1)), game_id
        assert event_count == len(log), game_id
        setup = GameSetup(tuple(stored.names[game_id]), first_dealer)
        state = replay_events(setup, (read_event(entry) for _, entry in log))
        finished += state.next_step is None
        for seq, entry in acknowledged.get(game_id, {}).items():
            assert seq <= len(log) and log[seq - 1][1] == entry, (game_id, seq, entry)
    return finished


@pytest.fixture
def sqlite_file(tmp_path) -> Path:
    """A new SQLite file built by the real migrations, whatever database the suite uses."""
    database = tmp_path / "crash.sqlite3"
    migrate(f"sqlite:///{database}")
    return database


@pytest.fixture
def crash_server(sqlite_file, tmp_path):
    """A gunicorn server on that file, not yet started; it is stopped after the test."""
    server = LiveServer(f"sqlite:///{sqlite_file}", log_path=tmp_path / "gunicorn.log")
    yield server
    server.stop()


def _wait_for_acknowledged(ledger: Ledger, count: int, futures: list[Future]) -> None:
    """Wait until the clients have this many acknowledged entries; fail at once if one failed."""
    deadline = time.monotonic() + PROGRESS_TIMEOUT
    while ledger.count < count:
        for future in futures:
            if future.done():
                future.result()
                raise AssertionError("a client stopped before it was told to")
        if time.monotonic() > deadline:
            raise AssertionError(f"no progress in {PROGRESS_TIMEOUT:.0f} s")
        time.sleep(POLL_PAUSE)


@pytest.mark.crash
@pytest.mark.sqlite_only  # its server has a SQLite file of its own on any run
def test_a_killed_server_keeps_every_acknowledged_event_and_no_half_written_one(
    crash_server, sqlite_file, record_property, request
):
    rng = random.Random("crash test")
    ledger, wind_down, abort = Ledger(), threading.Event(), threading.Event()
    clients = [CrashClient(crash_server, n, ledger, wind_down, abort) for n in range(CLIENTS)]
    started = time.monotonic()
    crash_server.start()
    kill_points = []
    with ThreadPoolExecutor(CLIENTS, thread_name_prefix="crash-client") as pool:
        futures = [pool.submit(client.run) for client in clients]
        try:
            for _ in range(KILLS):
                target = ledger.count + rng.randint(0, MOST_ENTRIES_BETWEEN_KILLS)
                _wait_for_acknowledged(ledger, target, futures)
                time.sleep(rng.uniform(0, 0.02))
                crash_server.kill()
                kill_points.append(ledger.count)
                acknowledged = ledger.snapshot()
                # The restarted server opens the crashed file first, as it would in real life;
                # the log is read while the clients carry on.
                crash_server.start()
                check_stored_log(read_stored_log(sqlite_file), acknowledged)
            acknowledged_at_last_restart = ledger.count
            finished_at_last_restart = ledger.finished_games
            wind_down.set()
            for future in futures:
                future.result(timeout=WIND_DOWN_TIMEOUT)
        finally:
            abort.set()
    crash_server.stop()
    stored = read_stored_log(sqlite_file)
    finished = check_stored_log(stored, ledger.snapshot())
    duration = time.monotonic() - started

    summary = (
        f"crash on sqlite: {KILLS} kills after {kill_points} acknowledged events, "
        f"{ledger.count} events acknowledged, {ledger.stored_without_answer} stored but "
        f"unanswered, {len(stored.games)} games ({finished} finished), "
        f"{ledger.count - acknowledged_at_last_restart} events and "
        f"{ledger.finished_games - finished_at_last_restart} games finished after the last "
        f"restart, {duration:.1f} s"
    )
    print(summary)
    record_property("crash_summary", summary)
    show_in_summary(request.config, summary)
    assert crash_server.starts == KILLS + 1
    assert ledger.count > acknowledged_at_last_restart
    assert ledger.finished_games - finished_at_last_restart >= CLIENTS
