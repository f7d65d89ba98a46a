"""The pure parts of the benchmark harness (bench/), so that `make bench` cannot rot unseen.

Nothing here starts a server or times anything: the benchmark is its own command.
"""

import asyncio
import gzip
import itertools
import json
import random
from datetime import UTC, datetime

import pytest
from jinja2 import Environment

from bench.api_calls import (
    IMPORT_BATCH_BYTES,
    IMPORT_BATCH_ENTRIES,
    IMPORT_BATCH_GAMES,
    Answer,
    GameToImport,
    export_documents,
)
from bench.baseline_app import Row, json_body, page_context, page_template
from bench.baseline_app import create_app as create_baseline
from bench.baseline_app import db as baseline_db
from bench.budgets import (
    MAX_GROWTH,
    MAX_TAP_GROWTH,
    MIN_RATIO_TAP,
    UNEXPECTED_CHECK,
    Check,
    Comparison,
    Growth,
    budget_checks,
)
from bench.capacity import MAX_TAP_P95_MS, Capacity, CapacitySettings, Level, search_capacity
from bench.event_sequences import (
    WalkGame,
    endless_game,
    random_seating,
    read_walk_file,
    walk_position,
    write_walk_file,
)
from bench.load_drivers import _drive_taps, parse_answer
from bench.load_results import LoadResult, ReportMissing, parse_wrk_report, percentile
from bench.payload import measure_payload, referenced_assets
from bench.postgres import binaries, unavailable_reason
from bench.report import (
    RESULTS_END,
    RESULTS_START,
    Run,
    capacity_lines,
    refresh_results,
    results_section,
)
from bench.taps import (
    NONE,
    TapLine,
    baseline_line,
    entry_form,
    header,
    next_body,
    page_token,
    read_tap_file,
    tap_problem,
    write_tap_file,
)
from chicago_scorer.rules import record
from chicago_scorer.services.transfer.import_file import (
    MAX_ENTRIES_PER_IMPORT,
    MAX_GAMES_PER_IMPORT,
    MAX_IMPORT_BYTES,
)
from support.games import new_game

WRK_OUTPUT = """Running 5s test @ http://127.0.0.1:40123
  2 threads and 16 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    45.10ms   10.02ms 120.00ms   70.00%
  1612 requests in 5.01s, 9.92MB read
Requests/sec:    321.76
Transfer/sec:      1.98MB
wrk-report {"requests": 1612, "duration_us": 5010000, "p50_us": 43120, "p95_us": 61500, \
"unexpected": {"409": 2}, "errors": {"connect": 0, "read": 1, "write": 0, "timeout": 3, \
"status": 2}}
"""


def result(requests_per_second: float, unexpected: dict[str, int] | None = None) -> LoadResult:
    return LoadResult(int(requests_per_second * 5), 5.0, 10.0, 20.0, unexpected or {})


@pytest.mark.parametrize("seed", range(12))
def test_endless_games_are_legal_entry_by_entry_and_never_end(seed):
    rng = random.Random(seed)
    players = random_seating(rng)
    entries = endless_game(rng, players, 120)
    state = new_game(*players)
    for entry in entries:
        state = record(state, entry)  # raises on any entry the app would refuse
    assert len(entries) == 120
    assert state.next_step is not None
    assert max(state.scores) < state.setup.rules.target


def test_a_game_of_two_hundred_events_is_still_open_for_the_next_one():
    entries = endless_game(random.Random(52), ["Ann", "Bo", "Cy", "Dee"], 201)
    state = new_game("Ann", "Bo", "Cy", "Dee")
    for entry in entries:
        state = record(state, entry)
    assert len(state.history) == 201 and state.next_step is not None


def test_the_same_seed_makes_the_same_entries():
    first = endless_game(random.Random(3), ["Ann", "Bo"], 40)
    assert endless_game(random.Random(3), ["Ann", "Bo"], 40) == first


def test_the_walk_sends_each_game_its_entries_in_order_and_far_apart():
    games, entries = 50, 4
    sent: dict[int, list[tuple[int, int]]] = {}
    for request_number in range(games * entries):
        game, entry = walk_position(request_number, games)
        sent.setdefault(game, []).append((request_number, entry))
    assert sorted(sent) == list(range(games))
    for requests in sent.values():
        assert [entry for _, entry in requests] == list(range(entries))
        numbers = [number for number, _ in requests]
        gaps = {later - earlier for earlier, later in itertools.pairwise(numbers)}
        assert gaps == {games}


def test_a_walk_file_reads_back_as_it_was_written(tmp_path):
    games = [
        WalkGame(7, "key-7", ({"round": 1, "step": "phase1", "outcome": "none"},)),
        WalkGame(9, "key-9", ({"round": 1, "step": "phase1", "outcome": "tie"},) * 2),
    ]
    path = tmp_path / "walk.tsv"
    write_walk_file(path, games)
    assert read_walk_file(path) == games
    assert path.read_text().splitlines()[1].split("\t")[:2] == ["9", "key-9"]


def test_wrk_report_line_gives_throughput_percentiles_and_every_unexpected_answer():
    parsed = parse_wrk_report(WRK_OUTPUT)
    assert parsed.requests == 1612
    assert parsed.requests_per_second == pytest.approx(1612 / 5.01)
    assert (parsed.p50_ms, parsed.p95_ms) == (43.12, 61.5)
    assert parsed.unexpected == {"409": 2}
    assert parsed.unexpected_count == 2 + 1 + 3


def test_wrk_output_without_a_report_line_is_an_error_not_a_zero():
    with pytest.raises(ReportMissing):
        parse_wrk_report("Usage: wrk <options> <url>\n")


def test_percentile_is_nearest_rank():
    values = [5.0, 1.0, 4.0, 2.0, 3.0, 6.0, 7.0, 8.0, 9.0, 10.0]
    assert percentile(values, 50) == 5.0
    assert percentile(values, 95) == 10.0
    assert percentile([4.0], 95) == 4.0


def test_first_load_counts_each_stylesheet_and_script_once_and_nothing_else():
    html = """<html><head>
      <link rel="stylesheet" href="/static/app.css?v=1">
      <link rel="icon" href="/static/icons/icon.svg">
      <link rel="manifest" href="/manifest.webmanifest">
      <script src="/static/app.js?v=2" defer></script>
      <script>inline()</script>
      <link rel="stylesheet" href="/static/app.css?v=1">
    </head></html>"""
    assert referenced_assets(html) == ["/static/app.css?v=1", "/static/app.js?v=2"]


def test_payload_sums_each_file_gzipped_at_level_six():
    files = {"/games/1": b"<p>score</p>" * 500, "/static/app.css": b"body{margin:0}" * 100}
    payload = measure_payload(files)
    expected = {url: len(gzip.compress(body, compresslevel=6)) for url, body in files.items()}
    assert payload.gzipped == expected
    assert payload.total_gzipped == sum(expected.values())
    assert payload.total_raw == 6000 + 1400


def test_budgets_hold_at_their_limits_and_fail_past_them():
    assert Check("ratio", 0.5, 0.5, at_most=False).passed
    assert not Check("ratio", 0.49, 0.5, at_most=False).passed
    assert Check("growth", MAX_GROWTH, MAX_GROWTH, at_most=True).passed
    assert not Check("growth", 1.51, MAX_GROWTH, at_most=True).passed


def test_growth_timed_minutes_apart_is_judged_against_the_baseline_timed_alongside():
    same_moment = Growth("events", "10", 0.010, "200", 0.014)
    busier_later = Growth("games", "100", 0.010, "10k", 0.020, 0.002, 0.004)
    assert same_moment.ratio == pytest.approx(1.4)
    assert busier_later.raw_ratio == pytest.approx(2.0)
    assert busier_later.ratio == pytest.approx(1.0)


def test_every_budget_is_checked_and_a_single_unexpected_answer_fails_the_run():
    comparisons = [
        Comparison("POST events", result(60, {"409": 1}), "POST /insert", result(100), 0.5),
        Comparison("GET /history", result(20), "GET /page", result(100), 0.25),
    ]
    growths = [Growth("events", "10", 0.010, "200", 0.012)]
    checks = budget_checks(comparisons, first_load_bytes=31_000, growths=growths)
    verdicts = {check.name: check.passed for check in checks}
    assert verdicts == {
        "POST events / POST /insert": True,
        "GET /history / GET /page": False,
        "scoreboard first load, gzip (HTML+CSS+JS)": False,
        "events": True,
        UNEXPECTED_CHECK: False,
    }


def test_the_results_section_is_replaced_in_place_and_never_duplicated():
    payload = measure_payload({"/games/1": b"<p>x</p>"})
    checks = [Check("ratio", 1.0, 0.5, at_most=False)]
    finished = datetime(2026, 1, 2, tzinfo=UTC)
    run = Run(finished, "nproc 2", "make bench", "wrk", [], payload, [], checks, 100.0)
    document = "# Performance\n\nIntro.\n"
    once = refresh_results(document, results_section(run))
    twice = refresh_results(once + "\n## After\n", results_section(run))
    assert once.count(RESULTS_START) == twice.count(RESULTS_START) == 1
    assert twice.index(RESULTS_END) < twice.index("## After")
    assert "Run on 2026-01-02 (nproc 2) with `make bench`" in once


@pytest.mark.parametrize("size", [3_000, 12_345, 30_000])
def test_the_baseline_page_renders_to_the_size_of_the_scoreboard(size):
    html = Environment(autoescape=True).from_string(page_template(size)).render(page_context())
    assert len(html.encode()) == size


def test_the_baseline_json_is_about_the_size_of_a_game_in_the_api():
    size = len(json.dumps(json_body(4_000), separators=(",", ":")))
    assert 4_000 <= size < 4_100


def test_the_report_says_which_statuses_and_errors_were_unexpected():
    result = LoadResult(100, 5.0, 10.0, 20.0, {"503": 1, "409": 2}, socket_errors=4)

    assert result.unexpected_detail == "409 ×2, 503 ×1, socket errors or timeouts ×4"


# The scorekeeper's tap, the imports that seat games, and the capacity search.

PLAYERS = ["Ann", "Bo", "Cy", "Dee"]


def answer(status: int, headers: dict[str, str] | None = None, body: bytes = b"") -> Answer:
    return Answer(status, headers or {}, body)


def test_each_entry_posted_as_the_scoreboard_form_is_recorded_as_the_api_records_it(make_app):
    """The tap's fields, CSRF token and session are the app's own: a refusal would show."""
    app = make_app(WTF_CSRF_ENABLED=True)
    phone, api = app.test_client(), app.test_client()
    entries = endless_game(random.Random(5), PLAYERS, 60)
    by_form, by_api = (
        api.post("/api/games", json={"players": PLAYERS}).get_json() for _ in range(2)
    )
    handed = phone.get(f"/games/{by_form['id']}/keep-score/{by_form['edit_key']}")
    assert handed.status_code == 303
    token = page_token(phone.get(f"/games/{by_form['id']}").get_data(as_text=True))
    for entry in entries:
        posted = phone.post(
            f"/games/{by_form['id']}/entries", data=entry_form(entry) | {"csrf_token": token}
        )
        page = phone.get(f"/games/{by_form['id']}")
        assert tap_problem(_as_answer(posted), _as_answer(page), form_expected=True) is None
        token = page_token(page.get_data(as_text=True))
        headers = {"Authorization": f"Bearer {by_api['edit_key']}"}
        assert (
            api.post(f"/api/games/{by_api['id']}/events", json=entry, headers=headers).status_code
            == 201
        )
    recorded = [
        api.get(f"/api/games/{game['id']}").get_json()["events"] for game in (by_form, by_api)
    ]
    assert len(recorded[0]) == len(entries)
    assert recorded[0] == recorded[1]


def test_a_tap_sent_twice_is_refused_and_the_refusal_is_what_the_clients_count(make_app):
    app = make_app(WTF_CSRF_ENABLED=True)
    phone = app.test_client()
    game = phone.post("/api/games", json={"players": PLAYERS}).get_json()
    phone.get(f"/games/{game['id']}/keep-score/{game['edit_key']}")
    token = page_token(phone.get(f"/games/{game['id']}").get_data(as_text=True))
    entry = entry_form(endless_game(random.Random(1), PLAYERS, 1)[0]) | {"csrf_token": token}
    first = phone.post(f"/games/{game['id']}/entries", data=entry)
    page = phone.get(f"/games/{game['id']}")
    again = phone.post(f"/games/{game['id']}/entries", data=entry)
    assert tap_problem(_as_answer(first), _as_answer(page), form_expected=True) is None
    refused = tap_problem(_as_answer(again), _as_answer(page), form_expected=True)
    assert refused == "refused (303 setting a cookie)"


def test_a_watchers_page_has_no_form_so_a_tap_that_lands_there_is_counted(make_app):
    app = make_app(WTF_CSRF_ENABLED=True)
    watcher = app.test_client()
    game = watcher.post("/api/games", json={"players": PLAYERS}).get_json()
    page = watcher.get(f"/games/{game['id']}")
    assert page_token(page.get_data(as_text=True)) is None
    posted = answer(303, {"Location": f"/games/{game['id']}"})
    assert (
        tap_problem(posted, _as_answer(page), form_expected=True) == "page without the entry form"
    )
    assert tap_problem(posted, _as_answer(page), form_expected=False) is None


def _as_answer(response) -> Answer:
    return Answer(response.status_code, dict(response.headers), response.get_data())


@pytest.mark.parametrize(
    ("entry", "fields"),
    [
        ({"round": 2, "step": "phase1", "outcome": "none"}, {"outcome": "none"}),
        ({"round": 2, "step": "phase3", "outcome": "tie"}, {"outcome": "tie"}),
        (
            {"round": 1, "step": "phase2", "outcome": "win", "winner": "Bo", "hand": "flush"},
            {"winner": "Bo", "hand": "flush"},
        ),
        ({"round": 3, "step": "tricks", "last_trick": "Cy"}, {"last_trick": "Cy"}),
        (
            {"round": 3, "step": "tricks", "last_trick": "Cy", "with_deuce": True},
            {"last_trick_deuce": "Cy"},
        ),
        (
            {"round": 4, "step": "tricks", "chicago": "Ann", "chicago_won": False},
            {"chicago": "lost:Ann"},
        ),
        (
            {"round": 4, "step": "tricks", "chicago": "Ann", "chicago_won": True},
            {"chicago": "won:Ann"},
        ),
    ],
)
def test_every_kind_of_entry_has_the_buttons_fields(entry, fields):
    assert entry_form(entry) == {"round": str(entry["round"]), "step": entry["step"]} | fields


def test_an_entry_no_button_posts_is_an_error_not_an_empty_tap():
    with pytest.raises(ValueError):
        entry_form({"round": 1, "step": "phase1"})


def test_a_tap_is_only_fine_as_a_303_that_sets_no_cookie_then_a_page_with_a_form():
    form_page = answer(200, body=b'<input name="csrf_token" type="hidden" value="abc.def">')
    good = answer(303, {"Location": "/games/1"})
    assert tap_problem(good, form_page, form_expected=True) is None
    assert tap_problem(answer(400), form_page, form_expected=True) == "POST 400"
    refused = answer(303, {"set-cookie": "session=x; HttpOnly"})
    assert tap_problem(refused, form_page, True) == "refused (303 setting a cookie)"
    assert tap_problem(good, answer(500), form_expected=False) == "GET 500"
    assert page_token(form_page.body.decode()) == "abc.def"


def test_a_tap_file_reads_back_and_each_tap_posts_the_newest_token(tmp_path):
    phone = TapLine(
        "/games/3/entries", "/games/3", "session=abc", "t0", ("round=1&a=b", "round=2")
    )
    path = tmp_path / "taps.tsv"
    write_tap_file(path, [phone, baseline_line()])
    assert read_tap_file(path) == [phone, baseline_line()]
    assert next_body(phone, 0, "t.1") == "round=1&a=b&csrf_token=t.1"
    assert next_body(phone, 5, "t2") == "round=2&csrf_token=t2"  # past the last: refused
    assert next_body(baseline_line(), 9, NONE) == baseline_line().bodies[0]
    assert phone.form_expected and not baseline_line().form_expected


def test_a_raw_answer_gives_its_status_headers_and_body():
    raw = b"HTTP/1.1 303 SEE OTHER\r\nLocation: /games/4\r\nSet-Cookie: s=1\r\n\r\nbody"
    parsed = parse_answer(raw)
    assert (parsed.status, parsed.body) == (303, b"body")
    assert header(parsed.headers, "set-cookie") == "s=1"
    with pytest.raises(ValueError):
        parse_answer(b"")


def test_the_asyncio_tap_client_alternates_post_and_get_and_carries_each_pages_token():
    """A stand-in server: 303 to each POST that brings the last token, a page with a new one."""
    seen: list[str] = []

    async def serve(reader, writer):
        request = await reader.readuntil(b"\r\n\r\n")
        length = next(
            (
                int(line.split(b":")[1])
                for line in request.split(b"\r\n")
                if line.lower().startswith(b"content-length")
            ),
            0,
        )
        body = (await reader.readexactly(length)).decode() if length else ""
        if request.startswith(b"POST"):
            seen.append(body)
            status = (
                b"303 SEE OTHER" if body.endswith(f"csrf_token=t{len(seen) - 1}") else b"400 BAD"
            )
            writer.write(b"HTTP/1.1 " + status + b"\r\nLocation: /games/1\r\n\r\n")
        else:
            token = f'<input name="csrf_token" type="hidden" value="t{len(seen)}">'.encode()
            writer.write(b"HTTP/1.1 200 OK\r\n\r\n" + token)
        await writer.drain()
        writer.close()

    async def run() -> LoadResult:
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        phone = TapLine("/games/1/entries", "/games/1", "session=s", "t0", ("a=1", "a=2", "a=3"))
        async with server:
            return await _drive_taps(port, [phone], 0.3)

    result = asyncio.run(run())
    assert result.requests == len(seen) > 3
    assert seen[:3] == ["a=1&csrf_token=t0", "a=2&csrf_token=t1", "a=3&csrf_token=t2"]
    assert result.unexpected == {} and result.socket_errors == 0


def test_imported_games_go_in_files_under_the_limit_and_the_last_is_the_newest(make_app):
    games = [GameToImport(PLAYERS, endless_game(random.Random(n), PLAYERS, 120)) for n in range(8)]
    start = datetime(2026, 3, 1, tzinfo=UTC)
    documents = export_documents(games, start, batch_bytes=25_000)
    assert len(documents) > 1
    assert all(len(json.dumps(document)) < 25_000 for document in documents)
    exported = [game for document in documents for game in document["games"]]
    assert [game["events"] for game in exported] == [game.entries for game in games]
    client = make_app().test_client()
    ids = []
    for document in documents:
        imported = client.post("/api/import", json=document)
        assert imported.status_code == 201, imported.get_json()
        ids += [game["id"] for game in imported.get_json()["games"]]
    listed = client.get("/api/games?limit=3").get_json()["games"]
    assert [game["id"] for game in listed] == ids[::-1][:3]


def test_imported_games_go_in_files_under_the_bounds_on_games_and_entries():
    games = [GameToImport(PLAYERS, endless_game(random.Random(n), PLAYERS, 30)) for n in range(9)]
    start = datetime(2026, 3, 1, tzinfo=UTC)

    by_games = export_documents(games, start, batch_games=4)
    by_entries = export_documents(games, start, batch_entries=70)

    assert [len(document["games"]) for document in by_games] == [4, 4, 1]
    assert [len(document["games"]) for document in by_entries] == [2, 2, 2, 2, 1]
    for documents in (by_games, by_entries):
        exported = [game for document in documents for game in document["games"]]
        assert [game["events"] for game in exported] == [game.entries for game in games]


def test_the_bench_files_stay_within_the_apps_bounds():
    assert IMPORT_BATCH_BYTES < MAX_IMPORT_BYTES
    assert IMPORT_BATCH_GAMES < MAX_GAMES_PER_IMPORT
    assert IMPORT_BATCH_ENTRIES < MAX_ENTRIES_PER_IMPORT


def test_the_baselines_tap_inserts_a_row_and_sends_the_browser_to_its_page():
    baseline = create_baseline({"SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with baseline.app_context():
        baseline_db.create_all()
    client = baseline.test_client()
    posted = client.post("/insert-form", data={"name": "Ann", "round": "3"})
    assert posted.status_code == 303 and posted.headers["Location"] == "/page"
    assert client.get("/page").status_code == 200
    with baseline.app_context():
        assert baseline_db.session.get(Row, 1).payload == {"name": "Ann", "round": "3"}


def level(tables: int, p95: float, unexpected: dict[str, int] | None = None) -> Level:
    return Level(tables, 10.0, (p95 / 2, p95), (5.0,), 0, unexpected or {})


def test_a_level_holds_up_to_the_p95_limit_and_with_no_unexpected_answer():
    assert level(5, MAX_TAP_P95_MS).held
    assert not level(5, MAX_TAP_P95_MS + 1).held
    assert not level(5, 10.0, {"refused (303 setting a cookie)": 1}).held
    assert not Level(5, 10.0, (), (), 0).held  # no tap sent: nothing shown to hold


def threshold_levels(most_held: int):
    tried: list[int] = []

    def run_level(tables: int) -> Level:
        tried.append(tables)
        return level(tables, 50.0 if tables <= most_held else 150.0)

    return tried, run_level


def test_the_search_doubles_until_a_level_fails_then_bisects_to_a_quarter():
    tried, run_level = threshold_levels(37)
    capacity = Capacity("SQLite", search_capacity(run_level, CapacitySettings()))
    assert tried == [5, 10, 20, 40, 30, 35]
    assert capacity.tables == 35
    assert capacity.first_over.tables == 40


def test_the_search_stops_at_the_most_tables_and_goes_below_the_first_level():
    tried, run_level = threshold_levels(10_000)
    settings = CapacitySettings(first_tables=5, most_tables=12)
    assert Capacity("x", search_capacity(run_level, settings)).tables == 12
    assert tried == [5, 10, 12]
    tried, run_level = threshold_levels(1)
    capacity = Capacity("x", search_capacity(run_level, CapacitySettings()))
    assert tried == [5, 2, 1]
    assert capacity.tables == 1


def test_a_noisy_level_above_a_failed_one_does_not_raise_the_figure():
    levels = (level(20, 50.0), level(40, 150.0), level(30, 120.0), level(35, 60.0))
    assert Capacity("x", levels).tables == 20


def test_the_report_prints_every_level_and_why_a_database_was_not_measured():
    capacities = (
        Capacity("SQLite, 2 workers", (level(5, 40.0), level(10, 140.0))),
        Capacity("PostgreSQL, 4 workers", skipped="PostgreSQL is not installed"),
    )
    lines = "\n".join(capacity_lines(capacities))
    assert "SQLite, 2 workers: 5 tables (at 10: tap p95 140 ms)" in lines
    assert "PostgreSQL, 4 workers: not measured: PostgreSQL is not installed" in lines
    one = "\n".join(capacity_lines((Capacity("SQLite", (level(1, 40.0), level(2, 140.0))),)))
    assert "SQLite: 1 table (at 2: tap p95 140 ms)" in one
    assert len([line for line in lines.splitlines() if "SQLite, 2 workers  " in line]) == 2


def test_the_newest_postgresql_is_found_and_its_absence_is_a_reason_not_a_crash(tmp_path):
    for version in ("13", "15", "9.6"):
        for program in ("initdb", "pg_ctl"):
            (tmp_path / version / "bin").mkdir(parents=True, exist_ok=True)
            (tmp_path / version / "bin" / program).touch()
    assert binaries((tmp_path,)) == tmp_path / "15" / "bin"
    assert "apt-get install postgresql" in unavailable_reason(None)


def test_the_tap_budgets_hold_at_their_limits_and_fail_past_them():
    comparisons = [Comparison("tap", result(50), "insert + page", result(100), MIN_RATIO_TAP)]
    growths = [Growth("taps", "10", 0.010, "200", 0.012, limit=MAX_TAP_GROWTH)]
    verdicts = {c.name: c.passed for c in budget_checks(comparisons, 1, growths)}
    assert verdicts["tap / insert + page"] and verdicts["taps"]
    comparisons = [Comparison("tap", result(49), "insert + page", result(100), MIN_RATIO_TAP)]
    growths = [Growth("taps", "10", 0.010, "200", 0.0121, limit=MAX_TAP_GROWTH)]
    verdicts = {c.name: c.passed for c in budget_checks(comparisons, 1, growths)}
    assert not verdicts["tap / insert + page"] and not verdicts["taps"]
