"""The score progression chart: the geometry of an inline SVG, worked out in Python.

One line per player over the entries of the game, a line at the target, and the
tiebreak rounds shaded. Colours and dash patterns come from classes in app.css, so the
markup needs no style attributes and no script. The template is _macros/chart.html.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from chicago_scorer.rules import GameState, ScoredEvent
from chicago_scorer.rules.statistics import progression_from, score_progression
from chicago_scorer.services.game_answers import GameAtTable
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext
from chicago_scorer.web.player_names import isolated_name_text

WIDTH = 360  # the viewBox is the width of a small phone, and scales up from there
FULL_HEIGHT = 220
COMPACT_HEIGHT = 130
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 30, 12, 14, 24
MAX_ROUND_LABELS = 8
SERIES = 4  # one class, colour, dash pattern and marker shape per seat


@dataclass(frozen=True)
class ChartLine:
    """One player's scores after each entry."""

    name: str
    series: int
    points: str  # "x,y x,y ..." for <polyline>
    marker: str  # path data for the end marker, a different shape per series
    final_score: int


@dataclass(frozen=True)
class TiebreakBand:
    """The stretch of the x axis taken by a tiebreak round."""

    x: float
    width: float
    round: int


@dataclass(frozen=True)
class Tick:
    """A labelled position on an axis."""

    position: float
    label: str


@dataclass(frozen=True)
class RoundScores:
    """A row of the chart's data table: the scores at the end of a round (or so far)."""

    number: int
    is_tiebreak: bool
    is_complete: bool
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Frame:
    """The plot area in viewBox units, and the scales that map entries and scores to it."""

    left: float
    right: float
    top: float
    bottom: float
    entry_count: int
    y_max: int

    def x_of(self, entry: int) -> float:
        """Where the scores after ``entry`` entries sit (0 is the start of the game)."""
        return round(self.left + (self.right - self.left) * entry / max(self.entry_count, 1), 1)

    def y_of(self, score: int) -> float:
        """The height of a score."""
        return round(self.bottom - (self.bottom - self.top) * score / self.y_max, 1)

    def score_at(self, y: float) -> float:
        """The score a height stands for: the inverse of ``y_of``."""
        return (self.bottom - y) * self.y_max / (self.bottom - self.top)


@dataclass(frozen=True)
class ScoreChart:
    """Everything the template draws, in viewBox units, and the same in words."""

    width: int
    height: int
    frame: Frame
    players: tuple[str, ...]
    lines: tuple[ChartLine, ...]
    target: int
    y_ticks: tuple[Tick, ...]
    round_ticks: tuple[Tick, ...]
    tiebreaks: tuple[TiebreakBand, ...]
    rounds: tuple[RoundScores, ...]
    is_compact: bool
    entries_before: int = 0  # entries older than the chart's first, left out

    @property
    def target_y(self) -> float:
        return self.frame.y_of(self.target)

    @property
    def description(self) -> str:
        """The chart in words, for screen readers."""
        entries = self.frame.entry_count
        if not entries:
            return gettext("Nothing is recorded yet: every player has 0 points.")
        finals = ", ".join(
            f"{isolated_name_text(line.name)} {format_number(line.final_score)}"
            for line in self.lines
        )
        if self.entries_before:
            what = gettext(
                "One line per player: the score after each of the last %(entries)s entries, "
                "from round %(round)s on, and a line at the target of %(target)s.",
                entries=format_number(entries),
                round=format_number(self.rounds[0].number),
                target=format_number(self.target),
            )
        else:
            what = gettext(
                "One line per player: the score after each of %(entries)s entries over "
                "%(rounds)s rounds, and a line at the target of %(target)s.",
                entries=format_number(entries),
                rounds=format_number(len(self.rounds)),
                target=format_number(self.target),
            )
        words = [what, gettext("Scores now: %(scores)s.", scores=finals)]
        if self.tiebreaks:
            numbers = ", ".join(format_number(band.round) for band in self.tiebreaks)
            words.append(gettext("Shaded tiebreak rounds: %(rounds)s.", rounds=numbers))
        return " ".join(words)


@dataclass(frozen=True)
class _RoundSpan:
    """A round's entries: indexes ``first`` up to, not including, ``end``."""

    number: int
    is_tiebreak: bool
    first: int
    end: int


def round_mark(number: int) -> str:
    """A round's short label on the chart's x axis: 'R3'."""
    # Translators: the short label of round N under the score chart.
    return gettext("R%(number)s", number=format_number(number))


def score_chart(state: GameState) -> ScoreChart:
    """The review's chart of a whole replayed game."""
    return _chart(state, state.history, score_progression(state), compact=False)


def recent_score_chart(game: GameAtTable) -> ScoreChart:
    """The scoreboard's small chart: the game's newest entries, from the scores before
    them; the review has the whole game."""
    position = game.position
    progression = progression_from(game.scores_before_newest, position.setup, game.newest)
    chart = _chart(position, game.newest, progression, compact=True)
    return replace(chart, entries_before=game.first_number - 1)


def _chart(
    state: GameState,
    entries: Sequence[ScoredEvent],
    progression: Sequence[Sequence[int]],
    *,
    compact: bool,
) -> ScoreChart:
    """The chart of ``entries``, where ``progression`` holds the scores before them and
    after each; ``state`` is where they led."""
    height = COMPACT_HEIGHT if compact else FULL_HEIGHT
    target = state.setup.rules.target
    top_score = max(max(scores) for scores in progression)
    frame = Frame(
        left=MARGIN_LEFT,
        right=WIDTH - MARGIN_RIGHT,
        top=MARGIN_TOP,
        bottom=height - MARGIN_BOTTOM,
        entry_count=len(entries),
        y_max=10 * math.ceil(max(target, top_score) / 10),
    )
    spans = _round_spans(entries)
    every = max(1, math.ceil(len(spans) / MAX_ROUND_LABELS))
    return ScoreChart(
        width=WIDTH,
        height=height,
        frame=frame,
        players=state.players,
        lines=_lines(frame, state.players, progression),
        target=target,
        y_ticks=(
            Tick(frame.y_of(0), format_number(0)),
            Tick(frame.y_of(frame.y_max), format_number(frame.y_max)),
        ),
        round_ticks=()
        if compact
        else tuple(
            Tick(frame.x_of(span.first), round_mark(span.number))
            for position, span in enumerate(spans)
            if position % every == 0
        ),
        tiebreaks=tuple(
            TiebreakBand(
                frame.x_of(span.first),
                round(frame.x_of(span.end) - frame.x_of(span.first), 1),
                span.number,
            )
            for span in spans
            if span.is_tiebreak
        ),
        rounds=tuple(
            RoundScores(
                span.number,
                span.is_tiebreak,
                span.number < state.round or state.winner is not None,
                progression[span.end],
            )
            for span in spans
        ),
        is_compact=compact,
    )


def _lines(
    frame: Frame, players: Sequence[str], progression: Sequence[Sequence[int]]
) -> tuple[ChartLine, ...]:
    """One line per player; each entry's x and each score's y are worked out once."""
    xs = [frame.x_of(entry) for entry in range(len(progression))]
    ys = {score: frame.y_of(score) for scores in progression for score in scores}
    return tuple(_line(seat, name, xs, ys, progression) for seat, name in enumerate(players))


def _line(
    seat: int,
    name: str,
    xs: Sequence[float],
    ys: dict[int, float],
    progression: Sequence[Sequence[int]],
) -> ChartLine:
    scores = [entry_scores[seat] for entry_scores in progression]
    series = seat % SERIES + 1
    return ChartLine(
        name=name,
        series=series,
        points=" ".join(f"{x},{ys[score]}" for x, score in zip(xs, scores, strict=True)),
        marker=_marker(series, xs[-1], ys[scores[-1]]),
        final_score=scores[-1],
    )


def _round_spans(entries: Sequence[ScoredEvent]) -> list[_RoundSpan]:
    starts = [
        index
        for index, scored in enumerate(entries)
        if index == 0 or scored.event.round != entries[index - 1].event.round
    ]
    ends = [*starts[1:], len(entries)] if entries else []
    return [
        _RoundSpan(entries[first].event.round, entries[first].in_tiebreak, first, end)
        for first, end in zip(starts, ends, strict=True)
    ]


def _marker(series: int, x: float, y: float) -> str:
    """A circle, square, triangle or diamond centred on the last point."""
    r = 4
    shapes = [
        f"M{x - r},{y} a{r},{r} 0 1,0 {2 * r},0 a{r},{r} 0 1,0 {-2 * r},0 Z",
        f"M{x - r},{y - r} h{2 * r} v{2 * r} h{-2 * r} Z",
        f"M{x},{y - r - 1} L{x + r + 1},{y + r} L{x - r - 1},{y + r} Z",
        f"M{x},{y - r - 1} L{x + r + 1},{y} L{x},{y + r + 1} L{x - r - 1},{y} Z",
    ]
    return shapes[(series - 1) % SERIES]
