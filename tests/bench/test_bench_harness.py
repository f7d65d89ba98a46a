"""The pure parts of the benchmark harness (bench/), so that `make bench` cannot rot unseen.

Nothing here starts a server or times anything: the benchmark is its own command.
"""

import gzip
import itertools
import json
import random
from datetime import UTC, datetime

import pytest
from jinja2 import Environment

from bench.baseline_app import json_body, page_context, page_template
from bench.budgets import MAX_GROWTH, Check, Comparison, Growth, budget_checks
from bench.event_sequences import (
    WalkGame,
    endless_game,
    random_seating,
    read_walk_file,
    walk_position,
    write_walk_file,
)
from bench.load_results import LoadResult, ReportMissing, parse_wrk_report, percentile
from bench.payload import measure_payload, referenced_assets
from bench.report import RESULTS_END, RESULTS_START, Run, refresh_results, results_section
from chicago_scorer.rules import record
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
        "unexpected answers (non-201 events, non-200 GETs)": False,
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
