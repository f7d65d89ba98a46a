"""One benchmark run, in the order that lets one database serve every measurement.

1. Serve the app on a fresh SQLite file and give it 100 games (one shown, one of 10
   and one of 200 events); measure the scoreboard's first load; serve the baseline
   with pages and JSON of the same sizes.
2. Time one recorded event, and one scorekeeper's tap, in the games of 10 and 200
   events, with 100 games stored.
3. Load the scoreboard, the API game and the baseline's page, JSON and insert; then
   16 phones tapping in games of 10 events, and the baseline's insert and page.
4. Create 2,000 games through the API while `flask seed-demo` adds finished games
   up to 10,000 in all; load POST /api/games/<id>/events across the 2,000.
5. Time one recorded event again, now with 10,000 games stored, and load the history
   page and a player's page.
6. Import ten games of 2,000 entries and load GET /api/games?limit=10, which lists them.
7. Find how many tables a server holds on a fresh SQLite file (two workers, as `make
   run`), then on a throwaway PostgreSQL cluster (four workers), if there is one.
"""

import json
import os
import platform
import random
import tempfile
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from .api_calls import (
    BASELINE_ROW,
    Client,
    GameToImport,
    UnexpectedAnswer,
    create_walk_games,
    game_count,
    import_games,
    time_writes,
)
from .budgets import (
    MAX_TAP_GROWTH,
    MIN_RATIO_BIG_PAGES,
    MIN_RATIO_JSON,
    MIN_RATIO_LISTING,
    MIN_RATIO_PAGE,
    MIN_RATIO_TAP,
    MIN_RATIO_WRITE,
    Comparison,
    Growth,
    budget_checks,
)
from .capacity import Capacity, CapacitySettings, measure_capacity
from .event_sequences import endless_game, write_walk_file
from .load_drivers import CONNECTIONS, THREADS, Target, run_load
from .load_results import LoadResult
from .postgres import PostgresUnavailable, throwaway_cluster
from .report import Run
from .servers import (
    WORKERS,
    database_environment,
    finish_flask,
    run_flask,
    sqlite_environment,
    start_gunicorn,
    start_seeding,
)
from .stage import (
    LONG_GAME_EVENTS,
    PLAYERS,
    SHORT_GAME_EVENTS,
    build_small_database,
    measure_first_load,
)
from .taps import Scorekeeper, baseline_line, tap_phones, time_taps, write_tap_file

SECRET_KEY = "bench: a fixed key, so that both workers sign sessions alike"
PLAYER_SHOWN = "Ann"  # one of the demo names, so that they sit in thousands of games
POSTGRES_WORKERS = 4
LISTED = 10  # GET /api/games?limit=10


@dataclass(frozen=True)
class Settings:
    """How long and how large; the defaults are what `make bench` runs."""

    seconds: float = 5.0
    warmup_seconds: float = 1.0
    small_database_games: int = 100
    large_database_games: int = 10_000
    walk_games: int = 2_000
    walk_warmup_games: int = 250
    entries_per_walk_game: int = 16
    samples: int = 41
    taps_per_phone: int = 400
    listing_game_entries: int = 2_000
    capacity: CapacitySettings = CapacitySettings()
    use_wrk: bool = True
    seed: int = 7
    command: str = "make bench"


def machine_description() -> str:
    """CPUs, Python and system, and how busy the machine was when the run began."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"nproc {cpus}, Python {platform.python_version()}, {platform.system()} "
        f"{platform.machine()}, load average {load:.1f} at the start"
    )


def run_benchmark(settings: Settings, progress=print) -> Run:
    """Serve, seed and load everything once, and check the budgets."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="chicago-bench-") as folder:
        machine = machine_description()
        comparisons, first_load, growths, notes = _measure(settings, Path(folder), progress)
        capacities = _capacities(settings, Path(folder), progress)
    checks = budget_checks(comparisons, first_load.payload.total_gzipped, growths)
    client = (
        f"wrk, {THREADS} threads, {CONNECTIONS} connections"
        if settings.use_wrk
        else f"asyncio fallback client instead of wrk, {CONNECTIONS} requests at a time"
    )
    return Run(
        finished_at=datetime.now(UTC),
        machine=machine,
        command=settings.command,
        load_client=f"{client}, {settings.seconds:g} s per target after "
        f"{settings.warmup_seconds:g} s of warm-up, loopback only",
        comparisons=comparisons,
        payload=first_load.payload,
        growths=growths,
        checks=checks,
        wall_seconds=time.monotonic() - started,
        notes=notes,
        capacities=capacities,
    )


def _measure(settings: Settings, folder: Path, progress):
    app_folder, baseline_folder = folder / "app", folder / "baseline"
    app_folder.mkdir()
    baseline_folder.mkdir()
    app_environment = sqlite_environment(app_folder, SECRET_KEY)
    run_flask("app", ["db", "upgrade"], app_environment)
    servers = []
    try:
        app = start_gunicorn("app", "app:app", app_environment, folder / "app.log")
        servers.append(app)
        client = Client(app.port)
        progress(f"App on {app.base_url}; creating {settings.small_database_games} games")
        small = build_small_database(app.port, settings.small_database_games, settings.seed)
        first_load = measure_first_load(app.port, small.shown_game)
        baseline_environment = sqlite_environment(
            baseline_folder,
            SECRET_KEY,
            BENCH_PAGE_BYTES=str(first_load.watcher_page_bytes),
            BENCH_JSON_BYTES=str(first_load.api_game_bytes),
        )
        run_flask("bench.baseline_app", ["init-db"], baseline_environment)
        baseline = start_gunicorn(
            "baseline", "bench.baseline_app:create_app()", baseline_environment, folder / "b.log"
        )
        servers.append(baseline)

        def load(port: int, target: Target, label: str) -> LoadResult:
            progress(f"Loading {label}")
            run_load(port, target, settings.warmup_seconds, settings.use_wrk)
            return run_load(port, target, settings.seconds, settings.use_wrk)

        progress(f"Timing single writes with {game_count(client)} games stored")
        short_cost, long_cost, small_reference = time_writes(
            client, [small.short_game, small.long_game], settings.samples, Client(baseline.port)
        )
        progress("Timing single taps in the games of 10 and 200 events")
        short_tap, long_tap = time_taps(
            [
                (Scorekeeper.hand_over(app.port, probe.game), probe.next_entry)
                for probe in (small.short_game, small.long_game)
            ],
            settings.samples,
        )
        base_page = load(baseline.port, Target("/page"), "baseline GET /page")
        scoreboard = load(app.port, Target(f"/games/{small.shown_game.id}"), "scoreboard")
        base_json = load(baseline.port, Target("/json"), "baseline GET /json")
        api_game = load(app.port, Target(f"/api/games/{small.shown_game.id}"), "API game")
        insert = Target("/insert", "POST", json.dumps(BASELINE_ROW), expected_status=201)
        base_insert = load(baseline.port, insert, "baseline POST /insert")
        base_tap, app_tap = _load_taps(settings, app.port, baseline.port, folder, load, progress)

        walk_file, seeder = _grow_database(settings, app.port, app_environment, folder, progress)
        stored = game_count(client)
        events = _load_events(settings, app.port, walk_file, progress)
        progress(f"Timing single writes with {stored} games stored")
        large_database_cost, large_reference = time_writes(
            client, [small.short_game], settings.samples, Client(baseline.port)
        )
        base_page_again = load(baseline.port, Target("/page"), "baseline GET /page again")
        history = load(app.port, Target("/history"), "history page")
        player = load(app.port, Target(f"/players/{PLAYER_SHOWN}"), "player page")
        _import_long_games(settings, app.port, progress)
        base_page_listing = load(baseline.port, Target("/page"), "baseline GET /page again")
        listing = load(app.port, Target(f"/api/games?limit={LISTED}"), "GET /api/games")
    finally:
        for server in servers:
            server.stop()
    comparisons = [
        Comparison(
            "POST /api/games/<id>/events", events, "POST /insert", base_insert, MIN_RATIO_WRITE
        ),
        Comparison(
            "GET /games/<id> (scoreboard)", scoreboard, "GET /page", base_page, MIN_RATIO_PAGE
        ),
        Comparison("GET /api/games/<id>", api_game, "GET /json", base_json, MIN_RATIO_JSON),
        Comparison(
            f"tap, games of {SHORT_GAME_EVENTS} events",
            app_tap,
            "POST /insert-form + GET /page",
            base_tap,
            MIN_RATIO_TAP,
        ),
    ] + [
        Comparison(
            f"GET {path}, {stored:,} games",
            result,
            "GET /page",
            base_page_again,
            MIN_RATIO_BIG_PAGES,
        )
        for path, result in (("/history", history), (f"/players/{PLAYER_SHOWN}", player))
    ]
    comparisons.append(
        Comparison(
            f"GET /api/games?limit={LISTED}, {settings.listing_game_entries:,} entries each",
            listing,
            "GET /page",
            base_page_listing,
            MIN_RATIO_LISTING,
        )
    )
    growths = [
        Growth(
            f"event cost, game of {LONG_GAME_EVENTS} / of {SHORT_GAME_EVENTS} events",
            f"game of {SHORT_GAME_EVENTS} events",
            short_cost,
            f"of {LONG_GAME_EVENTS} events",
            long_cost,
        ),
        Growth(
            f"event cost, {stored:,} / {settings.small_database_games} games stored",
            f"{settings.small_database_games} games stored",
            short_cost,
            f"{stored:,} games stored",
            large_database_cost,
            small_reference,
            large_reference,
        ),
        Growth(
            f"tap cost, game of {LONG_GAME_EVENTS} / of {SHORT_GAME_EVENTS} events",
            f"tap, game of {SHORT_GAME_EVENTS} events",
            short_tap,
            f"of {LONG_GAME_EVENTS} events",
            long_tap,
            limit=MAX_TAP_GROWTH,
        ),
    ]
    notes = (f"Finished games stored by {seeder}.",) if seeder else ()
    return comparisons, first_load, growths, notes


def _grow_database(
    settings: Settings, port: int, environment: dict[str, str], folder: Path, progress
) -> tuple[Path, str]:
    """Create the games of the event walk while `flask seed-demo` fills up the rest.

    Both only set the stage, so they run side by side. seed-demo commits a few hundred
    games at a time; a game created meanwhile waits for it within SQLite's busy timeout,
    or is refused with 503 and sent again.
    Returns the walk file that bench/record_events.lua reads, and what did the seeding.
    """
    missing = settings.large_database_games - game_count(Client(port)) - settings.walk_games
    seeding, seeder = None, ""
    if missing > 0:
        seeding, seeder = start_seeding(missing, settings.seed, environment)
    progress(
        f"Creating {settings.walk_games} games for the event walk"
        + (f", and seeding {missing} finished games with {seeder}" if seeding else "")
    )
    try:
        games = create_walk_games(port, settings.walk_games, settings.entries_per_walk_game, 1)
    except BaseException:
        if seeding is not None:
            seeding.kill()
            seeding.wait()
        raise
    walk_file = folder / "event-walk.tsv"
    write_walk_file(walk_file, games)
    if seeding is not None:
        finish_flask(seeding)
    return walk_file, seeder


def _load_events(settings: Settings, port: int, walk_file: Path, progress) -> LoadResult:
    """Warm up on the first games of the walk, then measure on the others."""
    measured = Target(
        "/api/games/<id>/events",
        "POST",
        expected_status=201,
        walk_file=walk_file,
        walk_lines=(settings.walk_warmup_games + 1, settings.walk_games),
    )
    warmup = replace(measured, walk_lines=(1, settings.walk_warmup_games))
    progress("Loading POST /api/games/<id>/events")
    run_load(port, warmup, settings.warmup_seconds, settings.use_wrk)
    return run_load(port, measured, settings.seconds, settings.use_wrk)


def _load_taps(settings: Settings, port: int, baseline_port: int, folder: Path, load, progress):
    """The baseline's tap, then 16 phones tapping in 16 games of 10 events.

    The app's warm-up runs on 16 games of its own, so the measured games start at
    exactly 10 events; each phone then taps as soon as its page has come.
    """
    baseline_file = folder / "baseline-taps.tsv"
    write_tap_file(baseline_file, [baseline_line()] * CONNECTIONS)
    base_tap = load(
        baseline_port, Target("tap", tap_file=baseline_file), "baseline POST /insert-form + page"
    )
    progress(f"Handing {2 * CONNECTIONS} games of {SHORT_GAME_EVENTS} events over to phones")
    phones = tap_phones(
        port, PLAYERS, 2 * CONNECTIONS, SHORT_GAME_EVENTS, settings.taps_per_phone, settings.seed
    )
    app_file = folder / "taps.tsv"
    write_tap_file(app_file, phones)
    measured = Target("tap", tap_file=app_file, tap_first=1)
    progress("Loading taps")
    run_load(
        port,
        replace(measured, tap_first=CONNECTIONS + 1),
        settings.warmup_seconds,
        settings.use_wrk,
    )
    return base_tap, run_load(port, measured, settings.seconds, settings.use_wrk)


def _import_long_games(settings: Settings, port: int, progress) -> None:
    """Ten games of 2,000 entries, imported last so that they are the ten listed first."""
    progress(f"Importing {LISTED} games of {settings.listing_game_entries:,} entries")
    rng = random.Random(settings.seed)
    games = [
        GameToImport(PLAYERS, endless_game(rng, PLAYERS, settings.listing_game_entries))
        for _ in range(LISTED)
    ]
    imported = {game.id for game in import_games(port, games)}
    listed = Client(port).send("GET", f"/api/games?limit={LISTED}", expect=200).json()["games"]
    if {game["id"] for game in listed} != imported:
        raise UnexpectedAnswer(f"GET /api/games?limit={LISTED} does not list the long games")


def _capacities(settings: Settings, folder: Path, progress) -> tuple[Capacity, ...]:
    """The tables a server holds on SQLite, then on PostgreSQL if it can be run here."""
    sqlite_folder = folder / "capacity-sqlite"
    sqlite_folder.mkdir()
    results = [
        _capacity_on(
            f"SQLite, {WORKERS} workers",
            sqlite_environment(sqlite_folder, SECRET_KEY),
            WORKERS,
            settings,
            folder / "capacity-sqlite.log",
            progress,
        )
    ]
    postgres = f"PostgreSQL, {POSTGRES_WORKERS} workers"
    try:
        with throwaway_cluster() as url:
            progress(f"Throwaway PostgreSQL cluster at {url}")
            results.append(
                _capacity_on(
                    postgres,
                    database_environment(url, SECRET_KEY),
                    POSTGRES_WORKERS,
                    settings,
                    folder / "capacity-postgres.log",
                    progress,
                )
            )
    except PostgresUnavailable as reason:
        progress(f"No PostgreSQL figure: {reason}")
        results.append(Capacity(postgres, skipped=str(reason)))
    return tuple(results)


def _capacity_on(
    label: str, environment: dict[str, str], workers: int, settings: Settings, log: Path, progress
) -> Capacity:
    run_flask("app", ["db", "upgrade"], environment)
    server = start_gunicorn("app", "app:app", environment, log, workers=workers)
    progress(f"Finding how many tables {label} holds")
    try:
        return measure_capacity(server.port, label, settings.capacity, progress)
    finally:
        server.stop()
