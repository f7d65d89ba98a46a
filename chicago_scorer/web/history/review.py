"""What the game review shows: a round-by-round table and the standings, from the replay."""

from collections.abc import Mapping
from dataclasses import dataclass

from chicago_scorer.rules import (
    STEP_ORDER,
    ChicagoCall,
    GameState,
    HandResult,
    LastTrick,
    Outcome,
    ScoredEvent,
    Step,
)
from chicago_scorer.services.game_answers import Correction
from chicago_scorer.web.corrected_marks import corrected_mark
from chicago_scorer.web.languages.labels import signed
from chicago_scorer.web.languages.translation import gettext
from chicago_scorer.web.languages.wording import hand_words
from chicago_scorer.web.player_names import isolated_name_text


@dataclass(frozen=True)
class ReviewCell:
    """What a step of a round recorded, its number in the log, and, if it was corrected,
    what it said before; a step not recorded yet is a cell without text or number."""

    text: str = ""
    number: int | None = None
    mark: str | None = None


NOTHING_YET = ReviewCell()


@dataclass(frozen=True)
class ReviewRound:
    """One row of the review table: a round, and what each step recorded."""

    number: int
    is_tiebreak: bool
    cells: tuple[ReviewCell, ...]  # one per step, in STEP_ORDER


@dataclass(frozen=True)
class Standing:
    """A player's place at the end (or so far); equal scores share a place."""

    place: int
    name: str
    score: int
    is_winner: bool


def cell_text(scored: ScoredEvent) -> str:
    """A step in a table cell: 'Ann +5 flush', 'tie', '—', 'Bo Chicago +15', 'Cy +5'."""
    points = dict(scored.points)
    match scored.event:
        case HandResult(outcome=Outcome.WIN, winner=str(winner), hand=hand) if hand:
            return gettext(
                "%(name)s %(points)s %(hand)s",
                name=isolated_name_text(winner),
                points=signed(points[winner]),
                hand=hand_words(hand),
            )
        case HandResult(outcome=Outcome.TIE):
            # Translators: a table cell of the game review: the best hands tied.
            return gettext("tie")
        case HandResult():
            return "—"
        case LastTrick(taker=taker):
            return f"{isolated_name_text(taker)} {signed(points[taker])}"
        case ChicagoCall(caller=caller):
            return gettext(
                "%(name)s Chicago %(points)s",
                name=isolated_name_text(caller),
                points=signed(points[caller]),
            )
    raise TypeError(f"not an event: {scored.event!r}")


def round_table(
    state: GameState, corrections: Mapping[int, tuple[Correction, ...]]
) -> list[ReviewRound]:
    """Every round with at least one entry, oldest first; ``corrections`` is the trail,
    each corrected entry's earlier versions by its number."""
    rounds: dict[int, tuple[bool, dict[Step, ReviewCell]]] = {}
    for number, scored in enumerate(state.history, start=1):
        _, cells = rounds.setdefault(scored.event.round, (scored.in_tiebreak, {}))
        mark = corrected_mark(corrections.get(number, ()))
        cells[scored.event.step] = ReviewCell(cell_text(scored), number, mark)
    return [
        ReviewRound(
            number, is_tiebreak, tuple(cells.get(step, NOTHING_YET) for step in STEP_ORDER)
        )
        for number, (is_tiebreak, cells) in sorted(rounds.items())
    ]


def standings(state: GameState) -> list[Standing]:
    """The players from the highest score down."""
    ranked = sorted(zip(state.players, state.scores, strict=True), key=lambda seat: -seat[1])
    return [
        Standing(
            place=1 + sum(1 for _, other in ranked if other > score),
            name=name,
            score=score,
            is_winner=name == state.winner,
        )
        for name, score in ranked
    ]
