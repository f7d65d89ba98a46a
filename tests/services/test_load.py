"""Twenty phones scoring at once against a real server: no entry is lost or stored twice.

Each client plays whole legal games through the JSON API on a gunicorn server with two
workers, and now and then sends an entry twice: once again after it was acknowledged,
or from two connections at the same moment, as two phones at one table would.
"""

import random
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest
from sqlalchemy import create_engine, make_url, text

from chicago_scorer.rules import GameSetup
from support.games import new_game
from support.live_server import LiveServer
from support.load_client import (
    JsonConnection,
    Reply,
    choose_entry,
    differences_from_replay,
    logged_entries,
    new_table,
    play_locally,
    show_in_summary,
)

CLIENTS = 20
GAMES_PER_CLIENT = 50
RESEND_CHANCE = 0.03
RACE_CHANCE = 0.03
MAX_ENTRIES_PER_GAME = 500
MAX_ATTEMPTS = 30
RETRY_PAUSE = 0.05
RACE_TIMEOUT = 60.0
# A bound for the whole run, far above its usual one to three minutes, for a busy machine.
RUN_TIMEOUT = 1200.0


@dataclass
class PlayedGame:
    """A finished game: what the server acknowledged, and the game as fetched afterwards."""

    setup: GameSetup
    acknowledged: list[dict[str, object]]
    fetched: dict


@dataclass
class Tally:
    """What one client saw."""

    games: list[PlayedGame] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    resends_refused: int = 0
    races: int = 0
    races_caught_by_compare_and_set: int = 0


class LoadClient:
    """One phone: plays games one after another on a connection of its own."""

    def __init__(self, server: LiveServer, number: int, abort: threading.Event) -> None:
        self.server = server
        self.rng = random.Random(f"load client {number}")
        self.abort = abort
        self.tally = Tally()

    def play(self) -> Tally:
        """Play every game, stopping early only if another client failed."""
        try:
            with self._connect() as connection, self._connect() as twin:
                for _ in range(GAMES_PER_CLIENT):
                    if self.abort.is_set():
                        break
                    self.tally.games.append(self._play_game(connection, twin))
        except BaseException:
            self.abort.set()
            raise
        return self.tally

    def _connect(self) -> JsonConnection:
        return JsonConnection(self.server.host, self.server.port)

    def _play_game(self, connection: JsonConnection, twin: JsonConnection) -> PlayedGame:
        statuses = self.tally.statuses
        players, dealer = new_table(self.rng)
        table = {"players": players, "dealer": dealer}
        created = _send(connection, statuses, "POST", "/api/games", table)
        assert created.status == 201, created
        path, key = f"/api/games/{created.body['id']}", created.body["edit_key"]
        state = new_game(*players, dealer=dealer)
        setup = state.setup
        acknowledged = []
        for _ in range(MAX_ENTRIES_PER_GAME):
            if state.next_step is None:
                break
            entry = choose_entry(state, self.rng)
            after = play_locally(state, entry)
            if self.rng.random() < RACE_CHANCE:
                reply = self._race(connection, twin, path, key, entry)
            else:
                reply = _send(connection, statuses, "POST", f"{path}/events", entry, key)
            assert reply.status == 201, (entry, reply)
            assert _scores(reply) == list(after.scores), (entry, reply)
            acknowledged.append(entry)
            state = after
            if state.next_step is not None and self.rng.random() < RESEND_CHANCE:
                again = _send(connection, statuses, "POST", f"{path}/events", entry, key)
                assert again.status == 409 and "refresh" in again.error.lower(), again
                self.tally.resends_refused += 1
        else:
            raise AssertionError(f"{path} did not finish in {MAX_ENTRIES_PER_GAME} entries")
        fetched = _send(connection, statuses, "GET", path)
        assert fetched.status == 200, fetched
        return PlayedGame(setup, acknowledged, fetched.body)

    def _race(
        self, connection: JsonConnection, twin: JsonConnection, path: str, key: str, entry: dict
    ) -> Reply:
        """Send one entry from two connections at once; exactly one may be recorded."""
        start_together = threading.Barrier(2, timeout=RACE_TIMEOUT)
        twin_statuses: Counter = Counter()
        replies: dict[str, Reply] = {}
        failures: list[BaseException] = []

        def send(side: str, link: JsonConnection, statuses: Counter) -> None:
            try:
                start_together.wait()
                replies[side] = _send(link, statuses, "POST", f"{path}/events", entry, key)
            except BaseException as failure:  # re-raised below, in the client's thread
                failures.append(failure)

        rival = threading.Thread(target=send, args=("twin", twin, twin_statuses))
        rival.start()
        send("own", connection, self.tally.statuses)
        rival.join(RACE_TIMEOUT)
        assert not rival.is_alive(), "the twin connection did not answer"
        self.tally.statuses.update(twin_statuses)
        if failures:
            raise failures[0]
        self.tally.races += 1
        winners = [reply for reply in replies.values() if reply.status == 201]
        losers = [reply for reply in replies.values() if reply.status == 409]
        assert len(winners) == 1 and len(losers) == 1, (entry, replies)
        refusal = losers[0].error.lower()
        # The loser either saw the winner's entry already recorded, or lost the
        # compare-and-set on the event count; the last entry may also find the game over.
        assert "refresh" in refusal or "finished" in refusal, losers[0]
        if "another device" in refusal:
            self.tally.races_caught_by_compare_and_set += 1
        return winners[0]


def _send(
    connection: JsonConnection,
    statuses: Counter,
    method: str,
    path: str,
    body: object = None,
    key: str | None = None,
) -> Reply:
    """Send a request, retrying while the database is busy (503 means nothing was stored)."""
    for attempt in range(1, MAX_ATTEMPTS + 1):
        reply = connection.send(method, path, body, key)
        statuses[reply.status] += 1
        if reply.status != 503:
            return reply
        time.sleep(RETRY_PAUSE * attempt)
    raise AssertionError(f"{method} {path} was still refused as busy after {MAX_ATTEMPTS} tries")


def _scores(reply: Reply) -> list[int]:
    return [player["score"] for player in reply.body["players"]]


@pytest.fixture
def live_server(database_url, tmp_path):
    """The app served by gunicorn with two workers on this test's database."""
    server = LiveServer(database_url, log_path=tmp_path / "gunicorn.log")
    try:
        server.start()
        yield server
    finally:
        server.stop()


def _play_everything(server: LiveServer) -> list[Tally]:
    abort = threading.Event()
    clients = [LoadClient(server, number, abort) for number in range(CLIENTS)]
    with ThreadPoolExecutor(CLIENTS, thread_name_prefix="load-client") as pool:
        futures = [pool.submit(client.play) for client in clients]
        deadline = time.monotonic() + RUN_TIMEOUT
        try:
            return [future.result(max(0.0, deadline - time.monotonic())) for future in futures]
        finally:
            abort.set()


def _stored_counts(database_url: str) -> dict[int, tuple[int, int]]:
    """Each game's event_count and how many events it really has, read from the database."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text(
                    "SELECT games.id, games.event_count, COUNT(events.id) FROM games"
                    " LEFT JOIN events ON events.game_id = games.id"
                    " GROUP BY games.id, games.event_count"
                )
            )
            return {game_id: (claimed, real) for game_id, claimed, real in rows}
    finally:
        engine.dispose()


def _lost_entries(game: PlayedGame) -> int:
    stored = logged_entries(game.fetched)
    return sum(
        1
        for seq, entry in enumerate(game.acknowledged)
        if seq >= len(stored) or stored[seq] != entry
    )


@pytest.mark.load
def test_twenty_clients_playing_fifty_games_each_lose_no_event(
    live_server, database_url, record_property, request
):
    started = time.monotonic()
    tallies = _play_everything(live_server)
    duration = time.monotonic() - started

    games = [game for tally in tallies for game in tally.games]
    statuses = sum((tally.statuses for tally in tallies), Counter())
    acknowledged = sum(len(game.acknowledged) for game in games)
    resends = sum(tally.resends_refused for tally in tallies)
    races = sum(tally.races for tally in tallies)
    caught = sum(tally.races_caught_by_compare_and_set for tally in tallies)
    lost = sum(_lost_entries(game) for game in games)
    rounds = [game.fetched["events"][-1]["round"] for game in games]
    backend = make_url(database_url).get_backend_name()
    summary = (
        f"load on {backend}: {len(games)} games, {acknowledged} events acknowledged, "
        f"{resends + races} duplicates refused ({resends} resent, {races} raced, {caught} "
        f"caught by the compare-and-set), {statuses.total()} requests "
        f"({dict(sorted(statuses.items()))}), {statuses[503]} answered 503, "
        f"{min(rounds)}-{max(rounds)} rounds a game (mean {sum(rounds) / len(rounds):.1f}), "
        f"{duration:.1f} s, lost={lost}"
    )
    print(summary)
    record_property("load_summary", summary)
    show_in_summary(request.config, summary)

    assert len(games) == CLIENTS * GAMES_PER_CLIENT
    assert lost == 0
    for game in games:
        assert logged_entries(game.fetched) == game.acknowledged
        assert game.fetched["status"] == "finished"
        assert differences_from_replay(game.setup, game.fetched) == []
    assert set(statuses) <= {200, 201, 409, 503}, statuses
    counts = _stored_counts(database_url)
    assert len(counts) == len(games)
    assert [game_id for game_id, (claimed, real) in counts.items() if claimed != real] == []
    assert {game.fetched["id"] for game in games} == set(counts)
