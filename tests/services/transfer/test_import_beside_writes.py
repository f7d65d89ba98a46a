"""While the largest import the app takes is stored, writes to other games keep their pace.

A real server with two workers; one thread records entries in a game of its own, one
after another, while the largest file the bounds allow is imported again and again (each
time as new games). The 95th percentile of the writes made wholly during an import may
be at most twice that of the writes made while none ran, measured in turns on the same
server, so that the machine's own noise falls on both alike.
"""

import random
import statistics
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from chicago_scorer.rules import STANDARD_RULES, new_setup, start_game
from chicago_scorer.services.transfer.import_file import MAX_GAMES_PER_IMPORT
from support.export_documents import largest_file
from support.live_server import LiveServer
from support.load_client import JsonConnection, choose_entry, play_locally, show_in_summary
from support.long_imports import send

# Enough writes on each side that one slow moment of a busy machine moves no percentile.
MIN_WRITES = 400
MIN_IMPORTS = 3
MAX_TURNS = 12
WARM_UP_WRITES = 50
SLOWDOWN_ALLOWED = 2.0


@dataclass(frozen=True)
class Write:
    began: float
    ended: float
    status: int


class Writer(threading.Thread):
    """Records entries one after another, each game to its end, then begins another."""

    def __init__(self, server: LiveServer) -> None:
        super().__init__(name="writer", daemon=True)
        self.server = server
        self.writes: list[Write] = []
        self.stop = threading.Event()
        self.failure: BaseException | None = None

    def run(self) -> None:
        rng = random.Random(7)
        try:
            with JsonConnection(self.server.host, self.server.port) as connection:
                while not self.stop.is_set():
                    self._play_one_game(connection, rng)
        except BaseException as failure:  # shown by the test
            self.failure = failure

    def _play_one_game(self, connection: JsonConnection, rng) -> None:
        created = connection.send("POST", "/api/games", {"players": ["Cy", "Dee", "Eve"]})
        assert created.status == 201, created.body
        game_id, key = created.body["id"], created.body["edit_key"]
        state = start_game(new_setup(["Cy", "Dee", "Eve"], "Cy", STANDARD_RULES))
        while state.next_step is not None and not self.stop.is_set():
            entry = choose_entry(state, rng)
            began = time.monotonic()
            reply = connection.send("POST", f"/api/games/{game_id}/events", entry, key)
            self.writes.append(Write(began, time.monotonic(), reply.status))
            assert reply.status == 201, reply.body
            state = play_locally(state, entry)


def _p95(durations: list[float]) -> float:
    return statistics.quantiles(durations, n=20)[18]


@pytest.mark.load
def test_writes_to_other_games_keep_their_pace_during_the_largest_import(
    database_url, tmp_path, request
):
    server = LiveServer(database_url, log_path=tmp_path / "gunicorn.log")
    server.start()
    writer = Writer(server)
    imports: list[tuple[float, float]] = []
    answers: list[int] = []
    first_at = datetime(2026, 1, 1, tzinfo=UTC)
    try:
        writer.start()
        while len(writer.writes) < WARM_UP_WRITES and writer.is_alive():
            time.sleep(0.05)
        for turn in range(MAX_TURNS):
            body = largest_file(first_at + timedelta(days=turn))  # new games each time
            began = time.monotonic()
            answers.append(send(server, "POST", "/api/import", body).status)
            ended = time.monotonic()
            imports.append((began, ended))
            time.sleep(ended - began)  # as long again without an import
            during, alone = _split(writer.writes, imports)
            if turn + 1 >= MIN_IMPORTS and min(len(during), len(alone)) >= MIN_WRITES:
                break
    finally:
        writer.stop.set()
        writer.join(30)
        server.stop()
    if writer.failure is not None:
        raise AssertionError(f"the writer failed: {writer.failure}\n{server.log_tail()}")

    during, alone = _split(writer.writes, imports)
    seconds = [round(ended - began, 1) for began, ended in imports]
    figures = (
        f"import beside writes on {database_url.split(':')[0]}: {len(imports)} imports of "
        f"{MAX_GAMES_PER_IMPORT} games in {seconds} s; p95 of a write {_p95(alone) * 1000:.1f} ms "
        f"alone ({len(alone)} writes), {_p95(during) * 1000:.1f} ms during an import "
        f"({len(during)} writes)"
    )
    show_in_summary(request.config, figures)
    assert answers == [201] * len(imports), figures
    assert {write.status for write in writer.writes} == {201}
    assert min(len(during), len(alone)) >= MIN_WRITES, figures
    assert _p95(during) <= SLOWDOWN_ALLOWED * _p95(alone), figures


def _split(writes: list[Write], imports: list[tuple[float, float]]) -> tuple[list, list]:
    """The durations of the writes made wholly during an import, and wholly outside any
    (after the first import began, so both come from the same stretch of the run)."""
    during, alone = [], []
    start = imports[0][0] if imports else float("inf")
    for write in writes:
        if write.began < start:
            continue
        if any(began <= write.began and write.ended <= ended for began, ended in imports):
            during.append(write.ended - write.began)
        elif not any(write.began < ended and began < write.ended for began, ended in imports):
            alone.append(write.ended - write.began)
    return during, alone
