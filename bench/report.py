"""The printed table of a run, and the results section it refreshes in docs/PERFORMANCE.md."""

from dataclasses import dataclass
from datetime import datetime

from .budgets import Check, Comparison, Growth, unexpected_answers
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

    @property
    def passed(self) -> bool:
        """Whether every budget holds."""
        return all(check.passed for check in self.checks)


def _load_table(comparisons: list[Comparison]) -> list[str]:
    header = (
        f"{'app target':<34} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7}   "
        f"{'baseline':<13} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7}  {'ratio':>5}"
    )
    lines = [header, "-" * len(header)]
    for c in comparisons:
        lines.append(
            f"{c.label:<34} {c.app.requests_per_second:>7.1f} {c.app.p50_ms:>7.1f} "
            f"{c.app.p95_ms:>7.1f}   {c.baseline_label:<13} "
            f"{c.baseline.requests_per_second:>7.1f} {c.baseline.p50_ms:>7.1f} "
            f"{c.baseline.p95_ms:>7.1f}  {c.ratio:>5.2f}"
        )
    return lines


def _payload_lines(payload: Payload) -> list[str]:
    parts = " + ".join(f"{url.split('?')[0]} {size:,} B" for url, size in payload.gzipped.items())
    return [
        f"Scoreboard first load, gzip level 6: {parts} = {payload.total_gzipped:,} B "
        f"(uncompressed {payload.total_raw:,} B)"
    ]


def _growth_lines(growths: list[Growth]) -> list[str]:
    lines = ["Cost of recording one event (median of sequential requests):"]
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
