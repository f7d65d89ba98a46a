"""The stored summary of each game: the figures of its replay, kept beside its log.

Listings and statistics read these columns instead of replaying thousands of games.
They are written only here, from ``summarize(state)``, by every write in the same
transaction as the log, so they always equal the replay (tests check that they do).
"""

from datetime import UTC, datetime
from types import MappingProxyType

from .models import Game, StoredSummary, hand_wins_column, now_utc
from .rules import GameState, Hand, Status
from .rules.statistics import GameSummary, PlayerGameStats, summarize


def as_utc(moment: datetime) -> datetime:
    """A stored time as timezone-aware UTC (SQLite hands back naive times)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def game_row(summary: GameSummary) -> dict[str, object]:
    """The ``game_summaries`` columns that come from the replay."""
    return {"status": summary.status.value, "rounds": summary.rounds}


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
        game.summary = StoredSummary()
    game.summary.updated_at = updated_at or now_utc()
    if game.created_at is None:  # a new game is created and last changed at one instant
        game.created_at = game.summary.updated_at
    for column, value in game_row(summary).items():
        setattr(game.summary, column, value)
    for player, stats in zip(game.players, summary.players, strict=True):
        for column, value in player_row(stats).items():
            setattr(player, column, value)


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
