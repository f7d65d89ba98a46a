"""The projections of each game's log, and the one module that writes them.

A game's log (its setup and ordered events) is the truth. Beside it the database keeps
copies of what its replay gives: the fold's position (``game_folds``), the points each
event moved (``events.points``), and the summary (``game_summaries`` and the figures on
``players``). Every write stores them here, in the transaction that changes the log, and
stamps them with the rules' revision (``rules.revision``). When the rules change what a
replay gives, the revision moves on, and every copy of another revision counts as
missing: a write replays instead of resuming, a read replays instead of trusting it, and
the listings and statistics rebuild such games before they read them. ``flask rebuild``
rebuilds every game at once.
"""

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameState, Hand, ScoredEvent, revision
from chicago_scorer.rules.position import position_of
from chicago_scorer.rules.statistics import GameSummary, PlayerGameStats, summarize
from chicago_scorer.storage import game_log
from chicago_scorer.storage.models import (
    Event,
    Game,
    Player,
    StoredFold,
    StoredSummary,
    hand_wins_column,
    name_key,
)
from chicago_scorer.storage.summaries import stored_player_figures

REBUILD_BATCH = 200

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

_STALE = (
    select(Game.id)
    .outerjoin(_SUMMARIES, _SUMMARIES.c.game_id == Game.id)
    .outerjoin(_FOLDS, _FOLDS.c.game_id == Game.id)
    .where(
        or_(
            _SUMMARIES.c.rules_revision.is_(None),
            _SUMMARIES.c.rules_revision != bindparam("current"),
            _FOLDS.c.rules_revision != bindparam("current"),
        )
    )
    .order_by(Game.id)
)
_STORED_SUMMARY = select(_SUMMARIES.c.status, _SUMMARIES.c.rounds, _SUMMARIES.c.updated_at).where(
    _SUMMARIES.c.game_id == bindparam("game_id")
)
_NAME_KEYS = (
    select(_PLAYERS.c.seat, _PLAYERS.c.name, _PLAYERS.c.name_key)
    .where(_PLAYERS.c.game_id == bindparam("game_id"))
    .order_by(_PLAYERS.c.seat)
)
_WRITE_NAME_KEY = update(_PLAYERS).where(
    _PLAYERS.c.game_id == bindparam("g_id"), _PLAYERS.c.seat == bindparam("g_seat")
)


@dataclass(frozen=True)
class Rebuilt:
    """What a rebuild did: how many games it replayed, and in how many of them a stored
    copy disagreed with the replay (a stamp of another revision alone is no disagreement)."""

    games: int = 0
    disagreed: int = 0

    def __add__(self, other: "Rebuilt") -> "Rebuilt":
        return Rebuilt(self.games + other.games, self.disagreed + other.disagreed)


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


def project_new_game(game_id: int, state: GameState, version: str, updated_at: datetime) -> None:
    """Store what a game just added (flushed, with its whole log) derives (not committed)."""
    session = db.session
    session.execute(_ADD_FOLD, {"game_id": game_id} | _fold_columns(version, state))
    summary = summarize(state)
    session.execute(
        _ADD_SUMMARY,
        {"game_id": game_id, "updated_at": updated_at, "write_count": 1}
        | summary_columns(summary),
    )
    _write_figures(game_id, summary.players)
    _write_points(game_id, list(enumerate(state.history, start=1)))


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
        db.session.execute(_ADD_FOLD, {"game_id": game_id} | _fold_columns(version, state))
    else:
        db.session.execute(_UPDATE_FOLD, {"g_id": game_id} | _fold_columns(version, state))


def _write_summary(game_id: int, summary: GameSummary, updated_at: datetime) -> None:
    db.session.execute(
        _UPDATE_SUMMARY, {"g_id": game_id, "updated_at": updated_at} | summary_columns(summary)
    )
    _write_figures(game_id, summary.players)


def _write_figures(game_id: int, players: Sequence[PlayerGameStats]) -> None:
    db.session.execute(
        _UPDATE_FIGURES,
        [
            {"g_id": game_id, "g_seat": seat} | figure_columns(stats)
            for seat, stats in enumerate(players)
        ],
    )


def _write_points(game_id: int, entries: Sequence[tuple[int, ScoredEvent]]) -> None:
    if entries:
        db.session.execute(
            _WRITE_POINTS,
            [
                {"g_id": game_id, "g_seq": seq, "points": dict(scored.points)}
                for seq, scored in entries
            ],
        )


def correct_points(game_id: int, log: Sequence[game_log.LoggedEvent], replayed: GameState) -> int:
    """Give each event the points the replay gave it, where it has none or others (not
    committed); how many had others."""
    pairs = list(enumerate(zip(log, replayed.history, strict=True), 1))
    _write_points(
        game_id,
        [(seq, scored) for seq, (logged, scored) in pairs if logged.points != dict(scored.points)],
    )
    return sum(
        1
        for _seq, (logged, scored) in pairs
        if logged.points is not None and logged.points != dict(scored.points)
    )


def stale_game_ids(limit: int | None = None) -> list[int]:
    """The games with a stored copy of another revision of the rules, oldest first."""
    query = _STALE.limit(limit) if limit is not None else _STALE
    return list(db.session.scalars(query, {"current": revision.RULES_REVISION}))


def has_stale_games() -> bool:
    """Whether any game has a stored copy of another revision of the rules."""
    return bool(stale_game_ids(limit=1))


def rebuild_stale_games() -> Rebuilt:
    """Rebuild, and commit, every game whose stored copies are of another revision."""
    done = Rebuilt()
    while ids := stale_game_ids(limit=REBUILD_BATCH):
        done += rebuild_games(ids)
    return done


def count_games() -> int:
    """How many games there are to rebuild."""
    return db.session.scalar(select(func.count()).select_from(Game))


def rebuild_all_games(progress: Callable[[int, int], None] = lambda done, total: None) -> Rebuilt:
    """Replay every game and rewrite all it derives, in batches, each committed; safe to
    run again. ``progress(done, total)`` hears of each batch."""
    total = count_games()
    done = Rebuilt()
    for ids in _batches_of_game_ids():
        done += rebuild_games(ids)
        progress(done.games, total)
    return done


def rebuild_games(game_ids: list[int]) -> Rebuilt:
    """Replay these games, rewrite their folds, points and summaries; commit."""
    disagreed = sum(_rebuild_game(game_id) for game_id in game_ids)
    db.session.commit()
    return Rebuilt(len(game_ids), disagreed)


def _batches_of_game_ids() -> Iterator[list[int]]:
    after = 0
    while ids := list(
        db.session.scalars(
            select(Game.id).where(Game.id > after).order_by(Game.id).limit(REBUILD_BATCH)
        )
    ):
        yield ids
        after = ids[-1]


def _rebuild_game(game_id: int) -> bool:
    """Replay one game and store what it derives (not committed); whether a stored copy
    disagreed with the replay."""
    stored = game_log.stored_game(game_id)
    players = db.session.execute(_NAME_KEYS, {"game_id": game_id}).all()
    names = [player.name for player in players]
    setup = game_log.stored_setup(names, stored.first_dealer_seat, stored.rules)
    log = game_log.stored_log(game_id, with_times=True)
    state = game_log.replayed(setup, log)
    version = game_log.log_version_of(log)
    summary = summarize(state)
    kept = db.session.execute(_STORED_SUMMARY, {"game_id": game_id}).one()

    fold_disagrees = stored.fold_position is not None and (
        stored.fold_version != version or stored.fold_position != position_of(state)
    )
    summary_disagrees = (kept.status, kept.rounds) != (
        summary.status.value,
        summary.rounds,
    ) or stored_player_figures(game_id) != summary.players
    keys_wrong = [player for player in players if player.name_key != name_key(player.name)]
    points_wrong = project_replay(
        game_id, log, state, version, kept.updated_at, fold_is_new=stored.fold_version is None
    )
    if keys_wrong:
        db.session.execute(
            _WRITE_NAME_KEY,
            [
                {"g_id": game_id, "g_seat": player.seat, "name_key": name_key(player.name)}
                for player in keys_wrong
            ],
        )
    return fold_disagrees or summary_disagrees or bool(keys_wrong) or points_wrong > 0


# The databases (and rules) found with no stale copy: none appears again while this
# process runs, since every write stamps what it stores with the rules it runs.
_FOUND_CURRENT: set[tuple[str, int]] = set()


def rebuild_stale_before_reading() -> None:
    """Make sure no listing or statistic reads a copy of another revision of the rules."""
    found = (db.engine.url.render_as_string(), revision.RULES_REVISION)
    if found in _FOUND_CURRENT:
        return
    try:
        rebuild_stale_games()
    except IntegrityError:  # another worker rebuilt the same game at the same moment
        db.session.rollback()
        rebuild_stale_games()
    _FOUND_CURRENT.add(found)
