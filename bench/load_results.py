"""What one load run measured, read from wrk's report line or from the fallback's timings."""

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

# bench/report.lua prints one line starting with this, then a JSON object.
REPORT_MARKER = "wrk-report "


class ReportMissing(Exception):
    """wrk ran but printed no report line: its script or its run failed."""


@dataclass(frozen=True)
class LoadResult:
    """Throughput and latency of one target, and every answer that was not the one expected."""

    requests: int
    seconds: float
    p50_ms: float
    p95_ms: float
    unexpected: Mapping[str, int] = field(default_factory=dict)
    socket_errors: int = 0
    client: str = "wrk"

    @property
    def requests_per_second(self) -> float:
        """Completed requests per second of the run."""
        return self.requests / self.seconds if self.seconds > 0 else 0.0

    @property
    def unexpected_detail(self) -> str:
        """Which statuses and socket errors they were, e.g. '409 ×1, socket errors ×2'."""
        parts = [f"{status} ×{count}" for status, count in sorted(self.unexpected.items())]
        if self.socket_errors:
            parts.append(f"socket errors or timeouts ×{self.socket_errors}")
        return ", ".join(parts)

    @property
    def unexpected_count(self) -> int:
        """Answers with another status than expected, plus failed connections and timeouts."""
        return sum(self.unexpected.values()) + self.socket_errors


def parse_wrk_report(output: str) -> LoadResult:
    """The LoadResult in wrk's output, printed by the done() of bench/report.lua."""
    for line in output.splitlines():
        if line.startswith(REPORT_MARKER):
            report = json.loads(line.removeprefix(REPORT_MARKER))
            break
    else:
        raise ReportMissing(f"wrk printed no {REPORT_MARKER.strip()!r} line:\n{output}")
    errors = report["errors"]
    return LoadResult(
        requests=report["requests"],
        seconds=report["duration_us"] / 1e6,
        p50_ms=report["p50_us"] / 1000,
        p95_ms=report["p95_us"] / 1000,
        unexpected={str(status): count for status, count in report["unexpected"].items()},
        socket_errors=errors["connect"] + errors["read"] + errors["write"] + errors["timeout"],
    )


def percentile(values: Sequence[float], percent: float) -> float:
    """The nearest-rank percentile: the smallest value with ``percent`` % at or below it."""
    if not values:
        raise ValueError("no values to take a percentile of")
    ordered = sorted(values)
    rank = max(1, math.ceil(percent / 100 * len(ordered)))
    return ordered[rank - 1]
