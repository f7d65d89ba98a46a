"""Putting load on one URL: wrk with the Lua scripts of bench/, or a small asyncio client.

The asyncio client is the fallback for machines without wrk (`apt-get install wrk`). It
keeps the same number of requests in flight, but it is Python, so it saturates sooner
than wrk: its numbers are comparable with each other, not with wrk's.

Taps (bench/taps.py) are loaded the same way, by wrk with bench/tap.lua or by the asyncio
client, with one phone per connection; ``exchange`` also serves the paced clients of
bench/capacity.py.
"""

import asyncio
import itertools
import json
import shutil
import subprocess
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .api_calls import Answer
from .event_sequences import read_walk_file, walk_position
from .load_results import LoadResult, parse_wrk_report, percentile
from .servers import HOST
from .taps import NONE, TapLine, next_body, page_token, read_tap_file, tap_problem

HERE = Path(__file__).resolve().parent
THREADS = 2
CONNECTIONS = 16
TIMEOUT_S = 30


@dataclass(frozen=True)
class Target:
    """What one load run sends: a GET, a fixed JSON POST, a walk through many games, or taps.

    Taps (``tap_file``) are counted as taps, each a POST and a GET, with one phone per
    connection: lines ``tap_first`` to ``tap_first + CONNECTIONS - 1`` of the file.
    """

    path: str
    method: str = "GET"
    body: str | None = None
    expected_status: int = 200
    walk_file: Path | None = None
    walk_lines: tuple[int, int] = (1, 1)  # first and last line of the walk file, from 1
    tap_file: Path | None = None
    tap_first: int = 1


def wrk_available() -> bool:
    """Whether wrk is on the PATH."""
    return shutil.which("wrk") is not None


def wrk_command(port: int, target: Target, seconds: float) -> list[str]:
    """The wrk command line for a target."""
    url = f"http://{HOST}:{port}"
    threads = THREADS
    if target.tap_file is not None:
        # One connection a thread, so that each thread's POSTs and GETs alternate.
        script, threads = "tap.lua", CONNECTIONS
        arguments = [str(target.tap_file), str(target.tap_first)]
    elif target.walk_file is not None:
        first, last = target.walk_lines
        script = "record_events.lua"
        arguments = [str(target.walk_file), str(first), str(last), str(THREADS)]
    elif target.method == "POST":
        script, url = "post_json.lua", url + target.path
        arguments = [target.body or "{}", str(target.expected_status)]
    else:
        script, url = "get.lua", url + target.path
        arguments = [str(target.expected_status)]
    options = [
        f"-t{threads}",
        f"-c{CONNECTIONS}",
        f"-d{whole_seconds(seconds)}s",
        f"--timeout={TIMEOUT_S}s",
    ]
    return ["wrk", *options, "-s", str(HERE / script), url, "--", *arguments]


def whole_seconds(seconds: float) -> int:
    """wrk takes whole seconds; the asyncio client takes fractions too."""
    return max(1, round(seconds))


def run_load(port: int, target: Target, seconds: float, use_wrk: bool) -> LoadResult:
    """Load the target for ``seconds`` with 2 threads and 16 connections' worth of requests."""
    if use_wrk:
        command = wrk_command(port, target, seconds)
        done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 120)
        return parse_wrk_report(done.stdout + done.stderr)
    if target.tap_file is not None:
        first = target.tap_first - 1
        phones = read_tap_file(target.tap_file)[first : first + CONNECTIONS]
        return asyncio.run(_drive_taps(port, phones, seconds))
    return asyncio.run(_drive(port, _request_maker(target), target.expected_status, seconds))


RequestMaker = Callable[[int], bytes]


def _http_request(method: str, path: str, headers: dict[str, str], body: str | None) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}", "Connection: close"]
    data = (body or "").encode()
    if body is not None:
        if "Content-Type" not in headers:
            lines.append("Content-Type: application/json")
        lines.append(f"Content-Length: {len(data)}")
    lines += [f"{name}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + data


def _request_maker(target: Target) -> RequestMaker:
    if target.walk_file is None:
        fixed = _http_request(target.method, target.path, {}, target.body)
        return lambda _number: fixed
    first, last = target.walk_lines
    games = read_walk_file(target.walk_file)[first - 1 : last]

    def next_entry(number: int) -> bytes:
        game_index, entry_index = walk_position(number, len(games))
        game = games[game_index]
        # Past the last entry the answer is a 409, which the result counts.
        entry = game.entries[min(entry_index, len(game.entries) - 1)]
        headers = {"Authorization": f"Bearer {game.edit_key}"}
        body = json.dumps(entry, separators=(",", ":"))
        return _http_request("POST", f"/api/games/{game.id}/events", headers, body)

    return next_entry


async def _drive(port: int, make: RequestMaker, expected: int, seconds: float) -> LoadResult:
    numbers = itertools.count()
    latencies: list[float] = []
    statuses: Counter[str] = Counter()
    failures = 0
    started = time.perf_counter()
    deadline = started + seconds

    async def connection_loop() -> None:
        nonlocal failures
        while time.perf_counter() < deadline:
            request = make(next(numbers))
            sent = time.perf_counter()
            try:
                status = await asyncio.wait_for(_exchange(port, request), TIMEOUT_S)
            except (OSError, TimeoutError, ValueError):
                failures += 1
                continue
            latencies.append(time.perf_counter() - sent)
            if status != expected:
                statuses[str(status)] += 1

    await asyncio.gather(*(connection_loop() for _ in range(CONNECTIONS)))
    elapsed = time.perf_counter() - started
    return LoadResult(
        requests=len(latencies),
        seconds=elapsed,
        p50_ms=percentile(latencies, 50) * 1000 if latencies else 0.0,
        p95_ms=percentile(latencies, 95) * 1000 if latencies else 0.0,
        unexpected=dict(statuses),
        socket_errors=failures,
        client="asyncio",
    )


async def _drive_taps(port: int, phones: list[TapLine], seconds: float) -> LoadResult:
    """Each phone taps as soon as its last page has come, until the time is up."""
    latencies: list[float] = []
    problems: Counter[str] = Counter()
    failures = 0
    started = time.perf_counter()
    deadline = started + seconds

    async def phone_loop(phone: TapLine) -> None:
        nonlocal failures
        token = phone.token
        cookie = {} if phone.cookie == NONE else {"Cookie": phone.cookie}
        post = {"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"}
        get = {"Accept": "text/html"}
        for number in itertools.count():
            if time.perf_counter() >= deadline:
                return
            body = next_body(phone, number, token)
            sent = time.perf_counter()
            try:
                posted = await exchange(port, "POST", phone.post_path, post | cookie, body)
                page = await exchange(port, "GET", phone.page_path, get | cookie)
            except (OSError, TimeoutError, ValueError):
                failures += 1
                continue
            latencies.append(time.perf_counter() - sent)
            problem = tap_problem(posted, page, phone.form_expected)
            if problem is not None:
                problems[problem] += 1
            elif phone.form_expected:
                token = page_token(page.body.decode(errors="replace")) or token

    await asyncio.gather(*(phone_loop(phone) for phone in phones))
    elapsed = time.perf_counter() - started
    return LoadResult(
        requests=len(latencies),
        seconds=elapsed,
        p50_ms=percentile(latencies, 50) * 1000 if latencies else 0.0,
        p95_ms=percentile(latencies, 95) * 1000 if latencies else 0.0,
        unexpected=dict(problems),
        socket_errors=failures,
        client="asyncio",
    )


async def exchange(
    port: int, method: str, path: str, headers: dict[str, str], body: str | None = None
) -> Answer:
    """One request on a fresh connection, as gunicorn's sync workers close each one."""
    request = _http_request(method, path, headers, body)
    answer = await asyncio.wait_for(_read_answer(port, request), TIMEOUT_S)
    return parse_answer(answer)


def parse_answer(answer: bytes) -> Answer:
    """Status, headers and body of a raw HTTP/1.1 answer read to its end."""
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status_line = lines[0].split()
    if len(status_line) < 2:
        raise ValueError("no status line in the answer")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip()] = value.strip()
    return Answer(int(status_line[1]), headers, body)


async def _read_answer(port: int, request: bytes) -> bytes:
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(request)
        await writer.drain()
        return await reader.read()
    finally:
        writer.close()


async def _exchange(port: int, request: bytes) -> int:
    """Send one request on a fresh connection and read the answer to its end."""
    return parse_answer(await _read_answer(port, request)).status
