"""Setting the stage through the app's own API, and timing single writes one after another."""

import http.client
import json
import random
import statistics
import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from urllib.parse import urlencode

from .event_sequences import WalkGame, endless_game, random_seating
from .servers import HOST

CREATING_THREADS = 4
BUSY_RETRIES = 20
# What the baseline's POST /insert stores: about one recorded event.
BASELINE_ROW = {"name": "Ann", "round": 3, "step": "phase2", "outcome": "win", "hand": "flush"}


class UnexpectedAnswer(Exception):
    """The server answered a setup request with another status than the one needed."""


@dataclass(frozen=True)
class Answer:
    """Status, headers and body of one response."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> dict:
        """The body as JSON."""
        return json.loads(self.body)


@dataclass
class Client:
    """One HTTP connection to a local server; it reconnects when gunicorn closes it."""

    port: int
    cookie: str | None = None
    _connection: http.client.HTTPConnection | None = field(default=None, repr=False)

    def send(
        self,
        method: str,
        path: str,
        body: object = None,
        edit_key: str | None = None,
        expect: int | None = None,
        form: Mapping[str, str] | None = None,
        accept: str | None = None,
    ) -> Answer:
        """One request; with ``expect``, any other status raises UnexpectedAnswer.

        ``body`` goes as JSON; ``form`` goes as a browser sends a form, and then the
        request asks for HTML as a browser does (``accept`` says otherwise).
        """
        if self._connection is None:
            self._connection = http.client.HTTPConnection(HOST, self.port, timeout=60)
        default = "text/html" if form is not None else "application/json"
        headers = {"Accept": accept or default}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if form is not None:
            payload = urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if edit_key is not None:
            headers["Authorization"] = f"Bearer {edit_key}"
        if self.cookie is not None:
            headers["Cookie"] = self.cookie
        self._connection.request(method, path, payload, headers)
        response = self._connection.getresponse()
        answer = Answer(response.status, dict(response.getheaders()), response.read())
        if expect is not None and answer.status != expect:
            raise UnexpectedAnswer(
                f"{method} {path} answered {answer.status}, not {expect}: {answer.body[:300]!r}"
            )
        return answer


@dataclass(frozen=True)
class CreatedGame:
    """A game on the server and its edit key."""

    id: int
    edit_key: str


def create_game(client: Client, players: Sequence[str]) -> CreatedGame:
    """POST /api/games, sent again while the app says the database is busy (503)."""
    for attempt in range(BUSY_RETRIES):
        answer = client.send("POST", "/api/games", {"players": list(players)})
        if answer.status != 503:
            break
        time.sleep(0.1 * (attempt + 1))
    if answer.status != 201:
        raise UnexpectedAnswer(f"POST /api/games answered {answer.status}: {answer.body[:300]!r}")
    body = answer.json()
    return CreatedGame(body["id"], body["edit_key"])


def record(client: Client, game: CreatedGame, entries: Sequence[dict]) -> None:
    """POST each entry to the game's events, in order."""
    for entry in entries:
        client.send("POST", f"/api/games/{game.id}/events", entry, game.edit_key, expect=201)


def game_count(client: Client) -> int:
    """How many games the server holds."""
    return client.send("GET", "/api/games?limit=1", expect=200).json()["total"]


def create_games(port: int, seatings: Sequence[Sequence[str]]) -> list[CreatedGame]:
    """One new game for each seating, created over a few connections at once."""
    local = threading.local()

    def one(players: Sequence[str]) -> CreatedGame:
        if not hasattr(local, "client"):
            local.client = Client(port)
        return create_game(local.client, players)

    with ThreadPoolExecutor(CREATING_THREADS) as pool:
        return list(pool.map(one, seatings))


def create_walk_games(port: int, count: int, entries_each: int, seed: int) -> list[WalkGame]:
    """``count`` new games, each with the legal entries it will be sent."""
    rngs = [random.Random(seed * 1_000_003 + number) for number in range(count)]
    seatings = [random_seating(rng) for rng in rngs]
    games = create_games(port, seatings)
    return [
        WalkGame(game.id, game.edit_key, tuple(endless_game(rng, players, entries_each)))
        for game, rng, players in zip(games, rngs, seatings, strict=True)
    ]


@dataclass(frozen=True)
class WriteProbe:
    """A game standing at a fixed number of events, and the legal entry that comes next."""

    game: CreatedGame
    next_entry: dict


def time_writes(
    client: Client, probes: Sequence[WriteProbe], samples: int, baseline: Client | None = None
) -> list[float]:
    """Median seconds of one recorded event for each probe, taking turns between them.

    Each sample records the probe's next entry (timed) and undoes it (not timed), so the
    game stands at the same number of events for every sample. With ``baseline``, every
    turn also times one POST /insert there, and its median comes last: a yardstick taken
    at the same moment, for comparing writes timed minutes apart on a busy machine.
    """
    timings: list[list[float]] = [[] for _ in range(len(probes) + (baseline is not None))]
    for _ in range(samples):
        for probe, taken in zip(probes, timings, strict=False):
            path = f"/api/games/{probe.game.id}/events"
            started = time.perf_counter()
            client.send("POST", path, probe.next_entry, probe.game.edit_key, expect=201)
            taken.append(time.perf_counter() - started)
            client.send("DELETE", f"{path}/last", edit_key=probe.game.edit_key, expect=200)
        if baseline is not None:
            started = time.perf_counter()
            baseline.send("POST", "/insert", BASELINE_ROW, expect=201)
            timings[-1].append(time.perf_counter() - started)
    return [statistics.median(taken) for taken in timings]


# The app takes an import of at most 1 MiB, 1,000 games and 20,000 entries
# (chicago_scorer/services/transfer/import_file.py); each batch stays well under each bound.
IMPORT_BATCH_BYTES = 800_000
IMPORT_BATCH_GAMES = 800
IMPORT_BATCH_ENTRIES = 16_000
EXPORT_FORMAT = "chicago-scorer/1"


@dataclass(frozen=True)
class GameToImport:
    """A game as an export file holds it: its players, first dealer and legal entries."""

    players: Sequence[str]
    entries: Sequence[dict]


def exported_game(game: GameToImport, created_at: datetime) -> dict[str, object]:
    """One game of a ``chicago-scorer/1`` file, dealt first by its first player."""
    moment = created_at.isoformat()
    return {
        "players": list(game.players),
        "first_dealer": game.players[0],
        "created_at": moment,
        "updated_at": moment,
        "events": list(game.entries),
    }


def export_documents(
    games: Sequence[GameToImport],
    first_created_at: datetime,
    batch_bytes: int = IMPORT_BATCH_BYTES,
    batch_games: int = IMPORT_BATCH_GAMES,
    batch_entries: int = IMPORT_BATCH_ENTRIES,
) -> list[dict[str, object]]:
    """The games as ``chicago-scorer/1`` files small enough to import, a millisecond apart.

    The later a game in the list, the newer it is, so the last ones are listed first.
    """
    batches: list[list[dict[str, object]]] = [[]]
    size = entries = 0
    for number, game in enumerate(games):
        exported = exported_game(game, first_created_at + timedelta(milliseconds=number))
        length = len(json.dumps(exported))
        if batches[-1] and (
            size + length > batch_bytes
            or len(batches[-1]) == batch_games
            or entries + len(game.entries) > batch_entries
        ):
            batches.append([])
            size = entries = 0
        batches[-1].append(exported)
        size += length
        entries += len(game.entries)
    return [{"format": EXPORT_FORMAT, "games": batch} for batch in batches if batch]


def import_games(port: int, games: Sequence[GameToImport]) -> list[CreatedGame]:
    """Store the games through POST /api/import, as the newest games stored.

    The last is created now and the others a millisecond apart before it: none in the
    future, where they would stay newer than the games stored after them.

    An import replays each game through the rules and stores its log, its fold and its
    summary, as if it had been played here; the answer gives each game's edit key.
    """
    client = Client(port)
    created: list[CreatedGame] = []
    first_created_at = datetime.now(UTC) - timedelta(milliseconds=len(games) - 1)
    for document in export_documents(games, first_created_at):
        answer = client.send("POST", "/api/import", document, expect=201)
        body = answer.json()
        if body["already_here"]:
            raise UnexpectedAnswer(f"POST /api/import found games already here: {body}")
        created += [CreatedGame(game["id"], game["edit_key"]) for game in body["games"]]
    if len(created) != len(games):
        raise UnexpectedAnswer(f"imported {len(created)} games of {len(games)}")
    return created
