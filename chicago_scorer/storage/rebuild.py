"""Rebuilding the projections of every game whose stored copies are of another revision
of the rules, or of all games: ``flask rebuild``, and the check before each listing.

Each game is replayed from its log and everything it derives is written again, through
projections.py (of an event's row only its points: its entry, and the Idempotency-Key
it was sent with, are the log's), in batches that are each committed, so a rebuild can
be stopped and run again. It counts the games in which a stored copy disagreed with the
replay.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sqlalchemy import bindparam, or_, select
from sqlalchemy.exc import IntegrityError

from chicago_scorer.extensions import db
from chicago_scorer.rules import revision
from chicago_scorer.rules.position import position_of
from chicago_scorer.rules.statistics import summarize
from chicago_scorer.storage import game_log, game_writes, projections
from chicago_scorer.storage.models import Game, Player, StoredFold, StoredSummary, name_key
from chicago_scorer.storage.summaries import stored_summary

REBUILD_BATCH = 200

_SUMMARIES = StoredSummary.__table__
_FOLDS = StoredFold.__table__
_PLAYERS = Player.__table__

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
_NAME_KEYS = (
    select(_PLAYERS.c.seat, _PLAYERS.c.name, _PLAYERS.c.name_key)
    .where(_PLAYERS.c.game_id == bindparam("game_id"))
    .order_by(_PLAYERS.c.seat)
)


@dataclass(frozen=True)
class Rebuilt:
    """What a rebuild did: how many games it replayed, and in how many of them a stored
    copy disagreed with the replay (a stamp of another revision alone is no disagreement)."""

    games: int = 0
    disagreed: int = 0

    def __add__(self, other: "Rebuilt") -> "Rebuilt":
        return Rebuilt(self.games + other.games, self.disagreed + other.disagreed)


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


def rebuild_all_games(progress: Callable[[int, int], None] = lambda done, total: None) -> Rebuilt:
    """Replay every game and rewrite all it derives, in batches, each committed; safe to
    run again. ``progress(done, total)`` hears of each batch."""
    total = game_log.count_games()
    done = Rebuilt()
    for ids in _batches_of_game_ids():
        done += rebuild_games(ids)
        progress(done.games, total)
    return done


def rebuild_games(game_ids: list[int]) -> Rebuilt:
    """Replay these games, rewrite their folds, points and summaries; commit. A game
    deleted since its id was read is left out."""
    rebuilt = [_rebuild_game(game_id) for game_id in game_ids]
    db.session.commit()
    found = [disagreed for disagreed in rebuilt if disagreed is not None]
    return Rebuilt(len(found), sum(found))


def _batches_of_game_ids() -> Iterator[list[int]]:
    after = 0
    while ids := list(
        db.session.scalars(
            select(Game.id).where(Game.id > after).order_by(Game.id).limit(REBUILD_BATCH)
        )
    ):
        yield ids
        after = ids[-1]


def _rebuild_game(game_id: int) -> bool | None:
    """Replay one game and store what it derives (not committed); whether a stored copy
    disagreed with the replay, or None if the game is gone.

    The game is held first: read while a write to it commits, the log could be newer than
    the stored copies it is compared with, or older than the summary it then overwrites,
    which no version would have told stale."""
    if not game_writes.hold_game(game_id):
        return None
    stored = game_log.stored_game(game_id)
    players = db.session.execute(_NAME_KEYS, {"game_id": game_id}).all()
    log, version = game_log.stored_log_and_version(game_id)
    state = game_log.replayed(stored.setup(), log)
    summary = summarize(state)
    kept = stored_summary(game_id)

    fold_disagrees = stored.fold_position is not None and (
        stored.fold_version != version or stored.fold_position != position_of(state)
    )
    summary_disagrees = kept.summary != summary
    keys_wrong = [player for player in players if player.name_key != name_key(player.name)]
    points_wrong = projections.project_replay(
        game_id, log, state, version, kept.updated_at, fold_is_new=stored.fold_version is None
    )
    projections.write_name_keys(game_id, [(player.seat, player.name) for player in keys_wrong])
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
