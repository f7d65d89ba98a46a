"""A game's log as CSV: one row per entry, with the points it moved and the running scores."""

import csv
import io
import unicodedata

from chicago_scorer.rules import ChicagoCall, GameState, HandResult, LastTrick, ScoredEvent
from chicago_scorer.rules.statistics import score_progression

FIXED_COLUMNS = ("entry", "round", "step", "tiebreak", "outcome", "player", "hand", "points")
# A spreadsheet would run a cell that starts with one of these as a formula, and some
# read the fullwidth and small forms (＝, ＋, －, ＠, ﹦) as these too: the start of a cell
# is checked after folding those (NFKC).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    """Text as a spreadsheet will show it, never run it."""
    folded_start = unicodedata.normalize("NFKC", text[:1])
    return "'" + text if folded_start.startswith(FORMULA_STARTS) else text


def entry_columns(scored: ScoredEvent) -> tuple[str, str, str, int | str]:
    """Outcome, player, hand and points of one entry ('' where there is none)."""
    match scored.event:
        case HandResult(winner=str(winner), hand=hand) if hand:
            return "win", winner, str(hand), scored.points[winner]
        case HandResult(outcome=outcome):
            return str(outcome), "", "", ""
        case LastTrick(taker=taker):
            return "last_trick", taker, "", scored.points[taker]
        case ChicagoCall(caller=caller, won=won):
            return "chicago_won" if won else "chicago_lost", caller, "", scored.points[caller]
    raise TypeError(f"not an event: {scored.event!r}")


# Excel reads a CSV file as the computer's legacy code page ("BjÃ¶rn") unless it starts
# with a byte-order mark; other spreadsheets and csv readers that decode "utf-8-sig" skip it.
BYTE_ORDER_MARK = "\ufeff"


def game_csv(state: GameState) -> str:
    """The whole log as CSV text, a byte-order mark and a header row first."""
    buffer = io.StringIO()
    buffer.write(BYTE_ORDER_MARK)
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([*FIXED_COLUMNS, *(safe_cell(name) for name in state.players)])
    progression = score_progression(state)
    for number, scored in enumerate(state.history, start=1):
        outcome, player, hand, points = entry_columns(scored)
        writer.writerow(
            [
                number,
                scored.event.round,
                str(scored.event.step),
                "yes" if scored.in_tiebreak else "no",
                outcome,
                safe_cell(player),
                hand,
                points,
                *progression[number],
            ]
        )
    return buffer.getvalue()
