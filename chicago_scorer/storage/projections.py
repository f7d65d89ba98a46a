"""The projections of each game's log, and the one module that writes them.

A game's log (its setup and ordered events) is the truth. Beside it the database keeps
copies of what its replay gives: the fold's position (``game_folds``), the points each
event moved (``events.points``), the summary (``game_summaries`` and the figures on
``players``), and the key each player's name is found by (``players.name_key``). Every
write stores them here, in the transaction that changes the log (but for the points and
keys of a game added, worked out here and inserted with its events and players), and
stamps the fold, the points and the summary with the rules' revision
(``rules.revision``). When the rules change what a replay gives, the revision moves on,
and every copy of another revision counts as missing: a write replays instead of
resuming, a read replays instead of trusting it, and the listings and statistics rebuild
such games before they read them (rebuild.py).
"""

from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import bindparam, delete, insert, update

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameState, Hand, ScoredEvent, revision
from chicago_scorer.rules.position import position_of
from chicago_scorer.rules.statistics import GameSummary, PlayerGameStats, summarize
from chicago_scorer.storage import game_log
from chicago_scorer.storage.database import run
from chicago_scorer.storage.models import (
    Event,
    Player,
    StoredFold,
    StoredSummary,
    hand_wins_column,
    name_key,
)

_SUMMARIES = StoredSummary.__table__
_FOLDS = StoredFold.__table__
_PLAYERS = Player.__table__
_EVENTS = Event.__table__

_ADD_FOLD = insert(_FOLDS)
_UPDATE_FOLD = update(_FOLDS).where(_FOLDS.c.game_id == bindparam("g_id"))
_ADD_SUMMARY = insert(_SUMMARIES)
_UPDATE_SUMMARY = (
    update(_SUMMARIES)
    .where(_SUMMARIES.c.game_id == bindparam("g_id"))
    .values(write_count=_SUMMARIES.c.write_count + 1)
)
# The columns to SET come from the parameters: summary_columns and figure_columns name them.
_UPDATE_FIGURES = update(_PLAYERS).where(
    _PLAYERS.c.game_id == bindparam("g_id"), _PLAYERS.c.seat == bindparam("g_seat")
)
_WRITE_POINTS = update(_EVENTS).where(
    _EVENTS.c.game_id == bindparam("g_id"), _EVENTS.c.seq == bindparam("g_seq")
)

_WRITE_NAME_KEY = update(_PLAYERS).where(
    _PLAYERS.c.game_id == bindparam("g_id"), _PLAYERS.c.seat == bindparam("g_seat")
)


def summary_columns(summary: GameSummary) -> dict[str, object]:
    """The ``game_summaries`` columns that come from the replay, and the rules' revision
    that replayed it."""
    return {
        "status": summary.status.value,
        "rounds": summary.rounds,
        "rules_revision": revision.RULES_REVISION,
    }


def figure_columns(stats: PlayerGameStats) -> dict[str, object]:
    """The ``players`` columns that hold one player's figures in a game."""
    return {
        "score": stats.score,
        "is_winner": stats.is_winner,
        "played_tiebreak": stats.played_tiebreak,
        "chicago_called": stats.chicago_called,
        "chicago_won": stats.chicago_won,
        "last_tricks": stats.last_tricks,
    } | {hand_wins_column(hand): stats.hand_wins[hand] for hand in Hand}


class NewGameCopies(NamedTuple):
    """What a game about to be stored with its whole log derives, worked out before the
    transaction that stores it, so that the transaction only writes (on SQLite it holds
    the whole database)."""

    fold: dict[str, object]
    summary: dict[str, object]
    figures: list[dict[str, object]]  # by seat
    # The points of each entry, in order: the new event rows are inserted with them
    # (new_games.py), as an UPDATE of every one would cost as much again.
    points: list[dict[str, int]]


def new_game_copies(state: GameState, version: str, updated_at: datetime) -> NewGameCopies:
    """The copies of a game's replay to store beside its whole log (``project_new_games``)."""
    summary = summarize(state)
    return NewGameCopies(
        _fold_columns(version, state),
        {"updated_at": updated_at, "write_count": 1} | summary_columns(summary),
        [{"g_seat": seat} | figure_columns(stats) for seat, stats in enumerate(summary.players)],
        [_entry_points(scored) for scored in state.history],
    )


def project_new_games(copies: Sequence[tuple[int, NewGameCopies]]) -> None:
    """Store the copies of games just added with their whole logs, by game id, with one
    statement per kind of copy for them all (not committed); their events already hold
    their points."""
    if not copies:
        return
    session = db.session
    session.execute(_ADD_FOLD, [{"game_id": game_id} | new.fold for game_id, new in copies])
    session.execute(_ADD_SUMMARY, [{"game_id": game_id} | new.summary for game_id, new in copies])
    session.execute(
        _UPDATE_FIGURES,
        [{"g_id": game_id} | seat for game_id, new in copies for seat in new.figures],
    )


def _entry_points(scored: ScoredEvent) -> dict[str, int]:
    """The points an entry moved, as its event's row keeps them."""
    return dict(scored.points)


def project_entry(
    game_id: int,
    seq: int,
    state: GameState,
    summary: GameSummary,
    version: str,
    recorded_at: datetime,
    *,
    fold_is_new: bool,
) -> None:
    """Store what one more entry derives: its points, the fold after it, and the summary
    (not committed). ``state``'s newest entry is entry ``seq``."""
    _write_points(game_id, [(seq, state.history[-1])])
    _save_fold(game_id, version, state, is_new=fold_is_new)
    _write_summary(game_id, summary, recorded_at)


def project_replay(
    game_id: int,
    log: Sequence[game_log.LoggedEvent],
    state: GameState,
    version: str,
    updated_at: datetime,
    *,
    fold_is_new: bool,
) -> int:
    """Store everything a whole replay of ``log`` derives (not committed); how many events
    had stored points other than the replay's."""
    wrong = correct_points(game_id, log, state)
    _save_fold(game_id, version, state, is_new=fold_is_new)
    _write_summary(game_id, summarize(state), updated_at)
    return wrong


def _fold_columns(version: str, state: GameState) -> dict[str, object]:
    return {
        "version": version,
        "position": position_of(state),
        "rules_revision": revision.RULES_REVISION,
    }


def _save_fold(game_id: int, version: str, state: GameState, *, is_new: bool) -> None:
    if is_new:
        run(_ADD_FOLD, {"game_id": game_id} | _fold_columns(version, state))
    else:
        run(_UPDATE_FOLD, {"g_id": game_id} | _fold_columns(version, state))


def _write_summary(game_id: int, summary: GameSummary, updated_at: datetime) -> None:
    run(_UPDATE_SUMMARY, {"g_id": game_id, "updated_at": updated_at} | summary_columns(summary))
    _write_figures(game_id, summary.players)


def _write_figures(game_id: int, players: Sequence[PlayerGameStats]) -> None:
    run(
        _UPDATE_FIGURES,
        [
            {"g_id": game_id, "g_seat": seat} | figure_columns(stats)
            for seat, stats in enumerate(players)
        ],
    )


def _write_points(game_id: int, entries: Sequence[tuple[int, ScoredEvent]]) -> None:
    if entries:
        run(
            _WRITE_POINTS,
            [
                {"g_id": game_id, "g_seq": seq, "points": _entry_points(scored)}
                for seq, scored in entries
            ],
        )


def correct_points(game_id: int, log: Sequence[game_log.LoggedEvent], replayed: GameState) -> int:
    """Give each event the points the replay gave it, where it has none or others (not
    committed); how many had others."""
    pairs = list(enumerate(zip(log, replayed.history, strict=True), 1))
    differing = [
        (seq, scored) for seq, (logged, scored) in pairs if logged.points != _entry_points(scored)
    ]
    _write_points(game_id, differing)
    return sum(
        1
        for _seq, (logged, scored) in pairs
        if logged.points is not None and logged.points != _entry_points(scored)
    )


def seat_columns(seat: int, name: str) -> dict[str, object]:
    """A new player's row: the seat, the name, and the key the name is found by, inserted
    with it (new_games.py) as the points of a game added whole are."""
    return {"seat": seat, "name": name, "name_key": name_key(name)}


def write_name_keys(game_id: int, seated_names: Sequence[tuple[int, str]]) -> None:
    """Store the key each name is compared and grouped by, for these seats (not committed)."""
    if seated_names:
        run(
            _WRITE_NAME_KEY,
            [
                {"g_id": game_id, "g_seat": seat, "name_key": name_key(name)}
                for seat, name in seated_names
            ],
        )


def drop_projections(game_id: int) -> None:
    """Remove all a game derives, before the game itself is deleted (not committed)."""
    run(delete(_FOLDS).where(_FOLDS.c.game_id == game_id))
    run(delete(_SUMMARIES).where(_SUMMARIES.c.game_id == game_id))
