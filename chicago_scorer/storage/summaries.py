"""The stored summary of each game: the figures of its replay, kept beside its log.

Listings and statistics read these columns instead of replaying thousands of games.
They are written only here, from ``summarize(state)`` (or ``summarize_next`` after one
more event), by every write in the same transaction as the log, so they always equal the
replay (tests check that they do). Each is stamped with the rules' revision; one of
another revision is rebuilt before it is read (projections.py). Each of those writes
also counts itself on the game's summary row, and the history and player pages are cached
under the sum of those counts (``listings_key``).
"""

from datetime import datetime
from types import MappingProxyType

from sqlalchemy import bindparam, func, select, update

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameState, Hand, Status, revision
from chicago_scorer.rules.statistics import GameSummary, PlayerGameStats, summarize
from chicago_scorer.storage.models import Game, Player, StoredSummary, hand_wins_column, now_utc

_HAND_COLUMNS = tuple(hand_wins_column(hand) for hand in Hand)
_PLAYER_FIGURES = (
    select(
        Player.name,
        Player.score,
        Player.is_winner,
        Player.played_tiebreak,
        Player.chicago_called,
        Player.chicago_won,
        Player.last_tricks,
        *(getattr(Player, column) for column in _HAND_COLUMNS),
    )
    .where(Player.game_id == bindparam("game_id"))
    .order_by(Player.seat)
)
# The columns to SET come from the parameters: game_row and player_row name them.
_WRITE_PLAYER = update(Player.__table__).where(
    Player.game_id == bindparam("g_id"), Player.seat == bindparam("g_seat")
)
_SUMMARIES = StoredSummary.__table__
_WRITE_GAME = (
    update(_SUMMARIES)
    .where(_SUMMARIES.c.game_id == bindparam("g_id"))
    .values(write_count=_SUMMARIES.c.write_count + 1)
)
# Not max(updated_at): a rebuild keeps the times, and on PostgreSQL a write stamped
# earlier may commit later, leaving the newest time where it was.
_LISTINGS_KEY = select(func.count(), func.coalesce(func.sum(_SUMMARIES.c.write_count), 0))


def game_row(summary: GameSummary) -> dict[str, object]:
    """The ``game_summaries`` columns that come from the replay, and the rules' revision
    that replayed it."""
    return {
        "status": summary.status.value,
        "rounds": summary.rounds,
        "rules_revision": revision.RULES_REVISION,
    }


def player_row(stats: PlayerGameStats) -> dict[str, object]:
    """The ``players`` columns that hold one player's figures in a game."""
    return {
        "score": stats.score,
        "is_winner": stats.is_winner,
        "played_tiebreak": stats.played_tiebreak,
        "chicago_called": stats.chicago_called,
        "chicago_won": stats.chicago_won,
        "last_tricks": stats.last_tricks,
    } | {hand_wins_column(hand): stats.hand_wins[hand] for hand in Hand}


def store_summary(game: Game, state: GameState, updated_at: datetime | None = None) -> None:
    """Write the summary of ``state`` onto the game and its players (not committed)."""
    summary = summarize(state)
    if game.summary is None:
        game.summary = StoredSummary(write_count=0)
    game.summary.write_count += 1
    game.summary.updated_at = updated_at or now_utc()
    if game.created_at is None:  # a new game is created and last changed at one instant
        game.created_at = game.summary.updated_at
    for column, value in game_row(summary).items():
        setattr(game.summary, column, value)
    for player, stats in zip(game.players, summary.players, strict=True):
        for column, value in player_row(stats).items():
            setattr(player, column, value)


def write_summary(game_id: int, summary: GameSummary, updated_at: datetime) -> None:
    """Write a stored game's summary with plain UPDATEs, no ORM objects (not committed)."""
    session = db.session
    session.execute(_WRITE_GAME, {"g_id": game_id, "updated_at": updated_at} | game_row(summary))
    session.execute(
        _WRITE_PLAYER,
        [
            {"g_id": game_id, "g_seat": seat} | player_row(stats)
            for seat, stats in enumerate(summary.players)
        ],
    )


def stored_player_figures(game_id: int) -> tuple[PlayerGameStats, ...]:
    """Each player's stored figures in a game, in seating order, read without ORM objects."""
    return tuple(
        PlayerGameStats(
            *row[:7], hand_wins=MappingProxyType(dict(zip(Hand, row[7:], strict=True)))
        )
        for row in db.session.execute(_PLAYER_FIGURES, {"game_id": game_id})
    )


def listings_key() -> tuple[int, int]:
    """What the listings are cached under: how many games there are and how many writes
    their summaries have had, which grows with every committed write to any of them."""
    count, writes = db.session.execute(_LISTINGS_KEY).one()
    return count, writes


def stored_summary(game: Game) -> GameSummary:
    """The summary as the database holds it, to compare with the replay."""
    return GameSummary(
        status=Status(game.summary.status),
        rounds=game.summary.rounds,
        players=tuple(
            PlayerGameStats(
                name=player.name,
                score=player.score,
                is_winner=player.is_winner,
                played_tiebreak=player.played_tiebreak,
                chicago_called=player.chicago_called,
                chicago_won=player.chicago_won,
                last_tricks=player.last_tricks,
                hand_wins=MappingProxyType(
                    {hand: getattr(player, hand_wins_column(hand)) for hand in Hand}
                ),
            )
            for player in game.players
        ),
    )
