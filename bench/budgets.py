"""The budgets of issue 7, and each run's measurements checked against them."""

from collections.abc import Mapping
from dataclasses import dataclass

from .load_results import LoadResult

# The app's throughput over the baseline's for the same kind of work, at least.
MIN_RATIO_WRITE = 0.5
MIN_RATIO_PAGE = 0.5
MIN_RATIO_JSON = 0.5
MIN_RATIO_BIG_PAGES = 0.25
# A scorekeeper's tap (POST, 303, GET) over the baseline's insert followed by its page.
MIN_RATIO_TAP = 0.5
# GET /api/games?limit=10 over ten games of 2,000 entries, over the baseline's page.
MIN_RATIO_LISTING = 0.25
# The scoreboard's first load (HTML, CSS and JS, each gzipped at level 6), at most.
MAX_FIRST_LOAD_BYTES = 30_000
# How much dearer one recorded event may get as a game or the database grows, at most.
MAX_GROWTH = 1.5
# How much dearer a tap in a game of 200 events may be than in one of 10, at most.
MAX_TAP_GROWTH = 1.2


UNEXPECTED_CHECK = "unexpected answers (wrong statuses, refused taps, errors)"


@dataclass(frozen=True)
class Comparison:
    """One of the app's targets against the baseline's matching target, in the same run."""

    label: str
    app: LoadResult
    baseline_label: str
    baseline: LoadResult
    minimum_ratio: float

    @property
    def ratio(self) -> float:
        """The app's requests per second over the baseline's."""
        baseline = self.baseline.requests_per_second
        return self.app.requests_per_second / baseline if baseline else 0.0


@dataclass(frozen=True)
class Check:
    """One budget: what was measured, its limit, and which side of the limit passes."""

    name: str
    measured: float
    limit: float
    at_most: bool
    unit: str = ""

    @property
    def passed(self) -> bool:
        """Whether the measurement is within the budget."""
        return self.measured <= self.limit if self.at_most else self.measured >= self.limit

    def describe_limit(self) -> str:
        """``≥ 0.50`` or ``≤ 30000 B``."""
        sign = "≤" if self.at_most else "≥"
        return f"{sign} {_number(self.limit)}{self.unit}"

    def describe_measured(self) -> str:
        """The measurement with its unit."""
        return f"{_number(self.measured)}{self.unit}"


def _number(value: float) -> str:
    return f"{value:.0f}" if value >= 100 or float(value).is_integer() else f"{value:.2f}"


@dataclass(frozen=True)
class Growth:
    """Median cost of one recorded event in a small and a large case.

    When the two cases were timed minutes apart, each comes with the baseline's insert
    timed in the same loop, and the ratio is taken against it, so that a machine that
    got busier or quieter in between does not pass for a change in the app.
    """

    name: str
    small_label: str
    small_seconds: float
    large_label: str
    large_seconds: float
    small_reference: float | None = None
    large_reference: float | None = None
    limit: float = MAX_GROWTH

    @property
    def raw_ratio(self) -> float:
        """The large case's cost over the small case's, as timed."""
        return self.large_seconds / self.small_seconds if self.small_seconds else float("inf")

    @property
    def ratio(self) -> float:
        """The raw ratio, corrected by the baseline's insert timed alongside when there is one."""
        if not self.small_reference or not self.large_reference:
            return self.raw_ratio
        return self.raw_ratio * self.small_reference / self.large_reference


def budget_checks(
    comparisons: list[Comparison], first_load_bytes: int, growths: list[Growth]
) -> list[Check]:
    """Every budget of the run, in the order the table prints them."""
    checks = [
        Check(f"{c.label} / {c.baseline_label}", c.ratio, c.minimum_ratio, at_most=False)
        for c in comparisons
    ]
    checks.append(
        Check(
            "scoreboard first load, gzip (HTML+CSS+JS)",
            first_load_bytes,
            MAX_FIRST_LOAD_BYTES,
            at_most=True,
            unit=" B",
        )
    )
    checks += [Check(growth.name, growth.ratio, growth.limit, at_most=True) for growth in growths]
    unexpected = sum(
        result.unexpected_count
        for comparison in comparisons
        for result in (comparison.app, comparison.baseline)
    )
    checks.append(Check(UNEXPECTED_CHECK, unexpected, 0, True))
    return checks


def unexpected_answers(comparisons: list[Comparison]) -> Mapping[str, str]:
    """For each target that had any: answers with the wrong status, errors and timeouts."""
    found: dict[str, str] = {}
    for comparison in comparisons:
        for label, result in (
            (comparison.label, comparison.app),
            (comparison.baseline_label, comparison.baseline),
        ):
            if result.unexpected_count:
                found[label] = result.unexpected_detail
    return found
