"""How many tables one server holds before the p95 of a scorekeeper's tap passes 100 ms.

A table is one scorekeeper tapping every 3 s (the tap of bench/taps.py: the entry form's
POST, its 303 and the scorekeeper's page) and three watchers polling the game's version
every 2 s, as static/app.js does: with the ETag of the last answer in If-None-Match,
answered 304 while nothing changed; on a 200 with a new version the watcher gets the
scoreboard again (the watchers' page, which the app keeps cached per version).

Every client keeps its own schedule from a random start within its period, so the load
is steady rather than in waves. Each level runs its tables for a few seconds to settle,
then measures for a few more; a tap counts in the window in which it was sent, and its
latency runs from sending the POST to the page's last byte. A level holds when the p95
of its taps is at most 100 ms and every answer was the expected one.

The number of tables goes up by doubling from the first level until one does not hold,
then is bisected between the last that held and the first that did not, down to about
a quarter (1.25×) or one table. One asyncio client on the same machine plays every
phone; its own CPU time is reported beside each level, since it shares the CPUs.
"""

import asyncio
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from urllib.parse import urlencode

from .api_calls import CreatedGame, GameToImport, import_games
from .event_sequences import endless_entries, random_seating
from .load_drivers import exchange
from .load_results import percentile
from .taps import Scorekeeper, entry_form, header, page_token, tap_problem

TAP_PERIOD_S = 3.0
POLL_PERIOD_S = 2.0
WATCHERS_PER_TABLE = 3
MAX_TAP_P95_MS = 100.0
# Where each table's game stands when it sits down: about halfway through a game.
TABLE_GAME_EVENTS = 40
FORM_HEADERS = {"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"}
PAGE_HEADERS = {"Accept": "text/html"}


@dataclass(frozen=True)
class CapacitySettings:
    """The levels tried and how long each runs; the defaults are what `make bench` runs."""

    first_tables: int = 5
    most_tables: int = 640
    settle_seconds: float = 3.0
    measure_seconds: float = 15.0
    resolution: float = 1.25
    seed: int = 11


@dataclass(frozen=True)
class Level:
    """What one number of tables measured."""

    tables: int
    seconds: float
    tap_latencies_ms: tuple[float, ...]
    poll_latencies_ms: tuple[float, ...]
    refreshes: int
    unexpected: dict[str, int] = field(default_factory=dict)
    socket_errors: int = 0
    client_cpu: float = 0.0  # the client's own CPU time over the level's wall time

    @property
    def taps(self) -> int:
        """Taps sent in the measured window."""
        return len(self.tap_latencies_ms)

    @property
    def tap_p50_ms(self) -> float:
        return percentile(self.tap_latencies_ms, 50) if self.tap_latencies_ms else 0.0

    @property
    def tap_p95_ms(self) -> float:
        return percentile(self.tap_latencies_ms, 95) if self.tap_latencies_ms else 0.0

    @property
    def poll_p95_ms(self) -> float:
        return percentile(self.poll_latencies_ms, 95) if self.poll_latencies_ms else 0.0

    @property
    def requests_per_second(self) -> float:
        """Requests the server answered a second: two a tap, one a poll, one a refresh."""
        requests = 2 * self.taps + len(self.poll_latencies_ms) + self.refreshes
        return requests / self.seconds if self.seconds else 0.0

    @property
    def unexpected_count(self) -> int:
        """Answers with another status than expected, refused taps, and failed requests."""
        return sum(self.unexpected.values()) + self.socket_errors

    @property
    def unexpected_detail(self) -> str:
        """Which they were, e.g. 'version 503 ×2, socket errors or timeouts ×1'."""
        parts = [f"{what} ×{count}" for what, count in sorted(self.unexpected.items())]
        if self.socket_errors:
            parts.append(f"socket errors or timeouts ×{self.socket_errors}")
        return ", ".join(parts)

    @property
    def held(self) -> bool:
        """Whether the p95 of a tap stayed within the limit, with nothing unexpected."""
        return self.taps > 0 and self.tap_p95_ms <= MAX_TAP_P95_MS and not self.unexpected_count


@dataclass(frozen=True)
class Capacity:
    """The search on one database: every level run, or why there was none."""

    database: str
    levels: tuple[Level, ...] = ()
    skipped: str | None = None

    @property
    def tables(self) -> int | None:
        """The most tables of a level that held, below the fewest of one that did not."""
        if not self.levels:
            return None
        over = min((level.tables for level in self.levels if not level.held), default=None)
        held = [
            level.tables
            for level in self.levels
            if level.held and (over is None or level.tables < over)
        ]
        return max(held, default=0)

    @property
    def first_over(self) -> Level | None:
        """The level with the fewest tables that did not hold, if any."""
        over = [level for level in self.levels if not level.held]
        return min(over, key=lambda level: level.tables, default=None)


def search_capacity(
    run_level: Callable[[int], Level], settings: CapacitySettings
) -> tuple[Level, ...]:
    """Double the tables until a level does not hold, then bisect; every level run, in order."""
    levels: list[Level] = []
    held, over = 0, None
    tables = settings.first_tables
    while True:
        level = run_level(tables)
        levels.append(level)
        if not level.held:
            over = tables
            break
        held = tables
        if tables >= settings.most_tables:
            break
        tables = min(settings.most_tables, tables * 2)
    while over is not None and _worth_bisecting(held, over, settings.resolution):
        middle = (held + over) // 2
        level = run_level(middle)
        levels.append(level)
        if level.held:
            held = middle
        else:
            over = middle
    return tuple(levels)


def _worth_bisecting(held: int, over: int, resolution: float) -> bool:
    """Whether a level between the two would still tell more than the noise does."""
    return over - held > 1 and (held == 0 or over / held > resolution)


@dataclass
class Table:
    """A game at a table: its scorekeeper's phone and the entries still to tap."""

    keeper: Scorekeeper
    entries: Iterator[dict]


class Tables:
    """The tables of a search, seated on the server as the levels need them."""

    def __init__(self, port: int, seed: int) -> None:
        self.port = port
        self.rng = random.Random(seed)
        self.seated: list[Table] = []

    def first(self, count: int) -> list[Table]:
        """The first ``count`` tables, importing the games of the new ones."""
        missing = count - len(self.seated)
        if missing > 0:
            seatings = [random_seating(self.rng) for _ in range(missing)]
            streams = [endless_entries(self.rng, players) for players in seatings]
            games = [
                GameToImport(players, list(itertools.islice(stream, TABLE_GAME_EVENTS)))
                for players, stream in zip(seatings, streams, strict=True)
            ]
            created: list[CreatedGame] = import_games(self.port, games)
            for game, stream in zip(created, streams, strict=True):
                self.seated.append(Table(Scorekeeper.hand_over(self.port, game), stream))
        return self.seated[:count]


def run_tables(port: int, tables: list[Table], settings: CapacitySettings, seed: int) -> Level:
    """Play the tables for the settling and the measured seconds; the measured window's Level."""
    cpu_before, wall_before = time.process_time(), time.perf_counter()
    level = asyncio.run(_play(port, tables, settings, random.Random(seed)))
    wall = time.perf_counter() - wall_before
    return replace(level, client_cpu=(time.process_time() - cpu_before) / wall if wall else 0.0)


async def _play(port: int, tables: list[Table], settings: CapacitySettings, rng) -> Level:
    started = time.perf_counter()
    window_start = started + settings.settle_seconds
    end = window_start + settings.measure_seconds
    taps: list[float] = []
    polls: list[float] = []
    refreshes = 0
    problems: Counter[str] = Counter()
    failures = 0

    def measured(sent: float) -> bool:
        return window_start <= sent < end

    def note(sent: float, problem: str) -> None:
        if measured(sent):
            problems[problem] += 1

    async def paced(period: float, action) -> None:
        nonlocal failures
        next_time = started + rng.uniform(0, period)
        while next_time < end:
            await asyncio.sleep(max(0.0, next_time - time.perf_counter()))
            sent = time.perf_counter()
            try:
                await action(sent)
            except (OSError, TimeoutError, ValueError):
                if measured(sent):
                    failures += 1
            # A client that fell behind starts again from now, not in a burst.
            next_time = max(next_time + period, time.perf_counter())

    def scorekeeper(table: Table):
        keeper = table.keeper
        cookie = {"Cookie": keeper.client.cookie} if keeper.client.cookie else {}

        async def tap(sent: float) -> None:
            body = _form_body(next(table.entries), keeper.token)
            posted = await exchange(port, "POST", keeper.post_path, FORM_HEADERS | cookie, body)
            page = await exchange(port, "GET", keeper.page_path, PAGE_HEADERS | cookie)
            if measured(sent):
                taps.append((time.perf_counter() - sent) * 1000)
            problem = tap_problem(posted, page, form_expected=True)
            if problem is not None:
                note(sent, problem)
                return
            keeper.token = page_token(page.body.decode(errors="replace")) or keeper.token

        return tap

    def watcher(table: Table):
        path = f"/games/{table.keeper.game.id}/version"
        seen: dict[str, str] = {}

        async def poll(sent: float) -> None:
            nonlocal refreshes
            headers = {"If-None-Match": seen["etag"]} if "etag" in seen else {}
            answer = await exchange(port, "GET", path, headers)
            if measured(sent):
                polls.append((time.perf_counter() - sent) * 1000)
            if answer.status == 304:
                return
            if answer.status != 200:
                note(sent, f"version {answer.status}")
                return
            first_look = "etag" not in seen
            seen["etag"] = header(answer.headers, "ETag") or ""
            if first_look:
                return  # it came with the page of that version
            page = await exchange(port, "GET", table.keeper.page_path, PAGE_HEADERS)
            if measured(sent):
                refreshes += 1
            if page.status != 200:
                note(sent, f"watcher's page {page.status}")

        return poll

    clients = [paced(TAP_PERIOD_S, scorekeeper(table)) for table in tables] + [
        paced(POLL_PERIOD_S, watcher(table)) for table in tables for _ in range(WATCHERS_PER_TABLE)
    ]
    await asyncio.gather(*clients)
    return Level(
        len(tables),
        settings.measure_seconds,
        tuple(taps),
        tuple(polls),
        refreshes,
        dict(problems),
        failures,
    )


def _form_body(entry: dict, token: str) -> str:
    return urlencode(entry_form(entry) | {"csrf_token": token})


def measure_capacity(
    port: int, database: str, settings: CapacitySettings, progress=print
) -> Capacity:
    """Seat tables on the server level by level, and find how many it holds."""
    tables = Tables(port, settings.seed)
    levels = itertools.count()

    def run_level(count: int) -> Level:
        seated = tables.first(count)
        level = run_tables(port, seated, settings, settings.seed + next(levels))
        verdict = "holds" if level.held else "does not hold"
        progress(
            f"{database}: {count} table{'' if count == 1 else 's'}, "
            f"tap p95 {level.tap_p95_ms:.0f} ms over {level.taps} taps, {verdict}"
        )
        return level

    return Capacity(database, search_capacity(run_level, settings))
