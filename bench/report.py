"""The printed table of a run, and the results section it refreshes in docs/PERFORMANCE.md."""

from dataclasses import dataclass
from datetime import datetime

from .budgets import Check, Comparison, Growth, unexpected_answers
from .capacity import MAX_TAP_P95_MS, POLL_PERIOD_S, TAP_PERIOD_S, WATCHERS_PER_TABLE, Capacity
from .payload import Payload

RESULTS_START = "<!-- bench results: start (written by `make bench`) -->"
RESULTS_END = "<!-- bench results: end -->"


@dataclass(frozen=True)
class Run:
    """Everything one `make bench` measured, and where."""

    finished_at: datetime
    machine: str
    command: str
    load_client: str
    comparisons: list[Comparison]
    payload: Payload
    growths: list[Growth]
    checks: list[Check]
    wall_seconds: float
    notes: tuple[str, ...] = ()
    capacities: tuple[Capacity, ...] = ()

    @property
    def passed(self) -> bool:
        """Whether every budget holds."""
        return all(check.passed for check in self.checks)


def _load_table(comparisons: list[Comparison]) -> list[str]:
    app_width = max([34, *(len(c.label) for c in comparisons)])
    base_width = max([13, *(len(c.baseline_label) for c in comparisons)])
    header = (
        f"{'app target':<{app_width}} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7}   "
        f"{'baseline':<{base_width}} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7}  {'ratio':>5}"
    )
    lines = [header, "-" * len(header)]
    for c in comparisons:
        lines.append(
            f"{c.label:<{app_width}} {c.app.requests_per_second:>7.1f} {c.app.p50_ms:>7.1f} "
            f"{c.app.p95_ms:>7.1f}   {c.baseline_label:<{base_width}} "
            f"{c.baseline.requests_per_second:>7.1f} {c.baseline.p50_ms:>7.1f} "
            f"{c.baseline.p95_ms:>7.1f}  {c.ratio:>5.2f}"
        )
    if any(c.label.startswith("tap") for c in comparisons):
        lines.append("(tap rows: taps a second, each a POST, its 303 and a GET, timed whole)")
    return lines


def _payload_lines(payload: Payload) -> list[str]:
    parts = " + ".join(f"{url.split('?')[0]} {size:,} B" for url, size in payload.gzipped.items())
    return [
        f"Scoreboard first load, gzip level 6: {parts} = {payload.total_gzipped:,} B "
        f"(uncompressed {payload.total_raw:,} B)"
    ]


def _growth_lines(growths: list[Growth]) -> list[str]:
    lines = ["Cost of one write (median of sequential ones; a tap is its POST, 303 and GET):"]
    for growth in growths:
        cases = []
        for label, seconds, reference in (
            (growth.small_label, growth.small_seconds, growth.small_reference),
            (growth.large_label, growth.large_seconds, growth.large_reference),
        ):
            beside = f" (baseline insert {reference * 1000:.2f} ms)" if reference else ""
            cases.append(f"{label}: {seconds * 1000:.2f} ms{beside}")
        ratio = f"{growth.raw_ratio:.2f}x"
        if growth.ratio != growth.raw_ratio:
            ratio += f" as timed, {growth.ratio:.2f}x against the baseline"
        lines.append(f"  {'; '.join(cases)} -> {ratio}")
    return lines


def tables(count: int | None) -> str:
    """'1 table', '15 tables'."""
    return f"{count} table" + ("" if count == 1 else "s")


def capacity_lines(capacities: tuple[Capacity, ...]) -> list[str]:
    """The tables each database held, and every level of the search."""
    if not capacities:
        return []
    lines = [
        f"Tables one server holds before the p95 of a tap passes {MAX_TAP_P95_MS:.0f} ms "
        f"(a table: a tap every {TAP_PERIOD_S:g} s, {WATCHERS_PER_TABLE} watchers polling "
        f"every {POLL_PERIOD_S:g} s):"
    ]
    for capacity in capacities:
        if capacity.skipped is not None:
            lines.append(f"  {capacity.database}: not measured: {capacity.skipped}")
            continue
        over = capacity.first_over
        beyond = (
            f" (at {over.tables}: tap p95 {over.tap_p95_ms:.0f} ms"
            + (f", {over.unexpected_count} unexpected" if over.unexpected_count else "")
            + ")"
            if over is not None
            else " (the most tried)"
        )
        lines.append(f"  {capacity.database}: {tables(capacity.tables)}{beyond}")
    header = (
        f"  {'database':<22} {'tables':>6} {'taps':>5} {'tap p50':>8} {'tap p95':>8} "
        f"{'polls':>6} {'poll p95':>9} {'req/s':>6} {'client CPU':>10}  verdict"
    )
    lines += [header, "  " + "-" * (len(header) - 2)]
    for capacity in capacities:
        for level in capacity.levels:
            verdict = "holds" if level.held else "over"
            if level.unexpected_count:
                verdict += f" ({level.unexpected_detail})"
            lines.append(
                f"  {capacity.database:<22} {level.tables:>6} {level.taps:>5} "
                f"{level.tap_p50_ms:>5.0f} ms {level.tap_p95_ms:>5.0f} ms "
                f"{len(level.poll_latencies_ms):>6} {level.poll_p95_ms:>6.0f} ms "
                f"{level.requests_per_second:>6.0f} {level.client_cpu:>9.0%}   {verdict}"
            )
    return lines


def _budget_table(checks: list[Check]) -> list[str]:
    width = max(len(check.name) for check in checks)
    lines = [f"{'budget':<{width}}  {'measured':>9}  {'limit':>10}  verdict"]
    lines.append("-" * len(lines[0]))
    for check in checks:
        verdict = "pass" if check.passed else "FAIL"
        lines.append(
            f"{check.name:<{width}}  {check.describe_measured():>9}  "
            f"{check.describe_limit():>10}  {verdict}"
        )
    return lines


def format_run(run: Run) -> str:
    """The whole report as printed at the end of a run."""
    failed = [check.name for check in run.checks if not check.passed]
    unexpected = unexpected_answers(run.comparisons)
    lines = [
        f"Chicago Scorer benchmark, {run.finished_at:%Y-%m-%d %H:%M %Z}",
        f"Machine: {run.machine}",
        f"Load: {run.load_client}",
        "",
        *_load_table(run.comparisons),
        "",
        *_payload_lines(run.payload),
        *_growth_lines(run.growths),
        "Unexpected answers: "
        + (", ".join(f"{k}: {v}" for k, v in unexpected.items()) if unexpected else "none"),
        *run.notes,
        *([""] if run.capacities else []),
        *capacity_lines(run.capacities),
        "",
        *_budget_table(run.checks),
        "",
        f"{len(run.checks) - len(failed)} of {len(run.checks)} budgets pass"
        + (f"; missed: {'; '.join(failed)}" if failed else "")
        + f". Whole run: {run.wall_seconds:.0f} s.",
    ]
    return "\n".join(lines)


def results_section(run: Run) -> str:
    """The Markdown that docs/PERFORMANCE.md keeps for the last recorded run."""
    return "\n".join(
        [
            RESULTS_START,
            f"Run on {run.finished_at:%Y-%m-%d} ({run.machine}) with `{run.command}`:",
            "",
            "```text",
            format_run(run),
            "```",
            RESULTS_END,
        ]
    )


def refresh_results(document: str, section: str) -> str:
    """The document with its results section replaced, or appended if it has none."""
    start, end = document.find(RESULTS_START), document.find(RESULTS_END)
    if start == -1 or end < start:
        return document.rstrip("\n") + "\n\n" + section + "\n"
    return document[:start] + section + document[end + len(RESULTS_END) :]
