"""The stored log: a game's setup (game and players) and its ordered events."""

import hashlib
from datetime import UTC, datetime

from sqlalchemy import JSON, DateTime, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from chicago_scorer.extensions import db
from chicago_scorer.rules import MAX_NAME_LENGTH, STANDARD_RULES, Hand
from chicago_scorer.rules.names import same_name_key

# Case folding can lengthen a name (one character may fold to three), and so can
# compatibility folding (a ligature to many letters): a longer key is cut and ends with
# a digest of the whole, so that it still finds exactly its own player.
NAME_KEY_LENGTH = 3 * MAX_NAME_LENGTH
_DIGEST_LENGTH = 64
# The longest key a client may send with an entry to make sending it again safe.
IDEMPOTENCY_KEY_LENGTH = 64


def standard_rule_settings() -> dict[str, object]:
    """The standard rules' settings, for games created without house rules."""
    return STANDARD_RULES.settings()


def now_utc() -> datetime:
    """The current time, timezone-aware, for per-row defaults."""
    return datetime.now(UTC)


def hand_wins_column(hand: Hand) -> str:
    """The ``players`` column counting a player's wins with this hand in a game."""
    return f"wins_{hand}"


def name_key(name: str) -> str:
    """The stored form of ``rules.names.same_name_key``, that finds a player's rows in
    every game, however the name is spelt or cased."""
    # PostgreSQL cannot compare text holding NUL. No stored name has a control character,
    # so a NUL swapped for another one still finds nobody.
    key = same_name_key(name).replace("\x00", "\x01")
    if len(key) <= NAME_KEY_LENGTH:
        return key
    digest = hashlib.sha256(key.encode()).hexdigest()
    return key[: NAME_KEY_LENGTH - _DIGEST_LENGTH - 1] + "#" + digest


# Ids are INTEGER columns: PostgreSQL refuses to bind a larger id, and SQLite cannot hold
# one past 2**63, so a larger id is answered as no game rather than sent to the database.
LARGEST_ID = 2**31 - 1


def may_be_stored_id(row_id: int) -> bool:
    """Whether a row could have this id; an id no row can have names nothing."""
    return 0 <= row_id <= LARGEST_ID


def as_utc(moment: datetime) -> datetime:
    """A stored time as timezone-aware UTC (SQLite hands back naive times)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


class Game(db.Model):
    """A game's setup: its players in their seats and who dealt first."""

    __tablename__ = "games"
    # On SQLite, never the id of a deleted game (migration 0010): a link to it must not
    # open a stranger's game. PostgreSQL's sequence never reuses one anyway.
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=now_utc, index=True
    )
    first_dealer_seat: Mapped[int]
    edit_key_hash: Mapped[str] = mapped_column(String(64))
    # Always equals len(events); every write moves it with a compare-and-set, so two
    # devices writing at once cannot both build on the same log.
    event_count: Mapped[int] = mapped_column(default=0)
    # The table's house rules, every setting spelled out, fixed once play has begun.
    rules: Mapped[dict] = mapped_column(JSON, default=standard_rule_settings)
    # How many times the log was changed other than by appending to it: undos,
    # corrections, renames, dealer fixes. It only grows, and is part of the log's version
    # and of every write's compare-and-set, so that a write that read the log before
    # such a change cannot build on it, even when the count is back where it was.
    rewrites: Mapped[int] = mapped_column(default=0, server_default="0")

    players: Mapped[list["Player"]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan"
    )
    events: Mapped[list["Event"]] = relationship(
        back_populates="game", order_by="Event.seq", cascade="all, delete-orphan"
    )
    summary: Mapped["StoredSummary"] = relationship(
        back_populates="game", cascade="all, delete-orphan"
    )
    fold: Mapped["StoredFold | None"] = relationship(cascade="all, delete-orphan")
    # The trail, oldest first, read whole for an export; only trail.py writes it.
    corrections: Mapped[list["EventCorrection"]] = relationship(
        order_by="EventCorrection.id", viewonly=True
    )
    changes: Mapped[list["GameChange"]] = relationship(order_by="GameChange.id", viewonly=True)


class StoredSummary(db.Model):
    """Where a game stands by the replay of its log, and when the log last changed.

    Rewritten by every write in the same transaction as the log (see summaries.py), so
    that listings need not replay every game. Kept apart from ``games`` so that adding
    it never had to rebuild that table.
    """

    __tablename__ = "game_summaries"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(16), index=True)
    rounds: Mapped[int]
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The rules' revision this summary and its players' figures were replayed by.
    rules_revision: Mapped[int] = mapped_column(default=0, server_default="0", index=True)
    # How many times this row has been written; it only grows. The listings are cached
    # under the sum over all games (summaries.listings_key), which so moves with every
    # committed write, yet no write touches a row that other games' writes touch too.
    # Indexed so that the sum is read from the narrow index rather than the table.
    write_count: Mapped[int] = mapped_column(default=0, server_default="0", index=True)

    game: Mapped[Game] = relationship(back_populates="summary")


class Player(db.Model):
    """A seat in a game, and the player's figures in it (see ``StoredSummary``)."""

    __tablename__ = "players"
    __table_args__ = (
        UniqueConstraint("game_id", "seat"),
        UniqueConstraint("game_id", "name"),
        Index("ix_players_name_key_game_id", "name_key", "game_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(MAX_NAME_LENGTH))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    score: Mapped[int] = mapped_column(default=0)
    is_winner: Mapped[bool] = mapped_column(default=False)
    played_tiebreak: Mapped[bool] = mapped_column(default=False)
    chicago_called: Mapped[int] = mapped_column(default=0)
    chicago_won: Mapped[int] = mapped_column(default=0)
    last_tricks: Mapped[int] = mapped_column(default=0)
    wins_one_pair: Mapped[int] = mapped_column(default=0)
    wins_two_pair: Mapped[int] = mapped_column(default=0)
    wins_three_of_a_kind: Mapped[int] = mapped_column(default=0)
    wins_straight: Mapped[int] = mapped_column(default=0)
    wins_flush: Mapped[int] = mapped_column(default=0)
    wins_full_house: Mapped[int] = mapped_column(default=0)
    wins_four_of_a_kind: Mapped[int] = mapped_column(default=0)
    wins_straight_flush: Mapped[int] = mapped_column(default=0)
    wins_royal_flush: Mapped[int] = mapped_column(default=0)

    game: Mapped[Game] = relationship(back_populates="players")


class Event(db.Model):
    """One recorded step; ``(game_id, seq)`` is unique so a step is stored at most once."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("game_id", "seq"),
        # An entry sent again with its key finds the entry it recorded, and two requests
        # racing with one key cannot both store it. NULLs never collide: an entry sent
        # without a key (the scoreboard's, an import's) is one of many.
        Index("ix_events_game_id_idempotency_key", "game_id", "idempotency_key", unique=True),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int]
    payload: Mapped[dict] = mapped_column(JSON)
    # The points the fold gave this event, stored when it is recorded; never changes
    # afterwards, since a fold's prefix never does. NULL for events stored before it was
    # kept: the next write to the game replays its log and fills them in.
    points: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)
    # The client's Idempotency-Key the entry was sent with, if any. Part of the log row
    # (a correction keeps it, an undo drops it with the row), never of what the entry
    # says: it is not exported, and plays no part in a replay.
    idempotency_key: Mapped[str | None] = mapped_column(
        String(IDEMPOTENCY_KEY_LENGTH), nullable=True
    )

    game: Mapped[Game] = relationship(back_populates="events")


class StoredFold(db.Model):
    """A game's folded state without its history, and the log version it was folded from.

    Written by every write to the log in the same transaction (see stored_folds.py), so a
    write resumes the fold instead of replaying the whole log. A row whose version is not
    the log's, or no row, means the log must be replayed.
    """

    __tablename__ = "game_folds"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[str] = mapped_column(String(40))
    position: Mapped[dict] = mapped_column(JSON)
    # The rules' revision this position, and the points of the game's events, came from.
    rules_revision: Mapped[int] = mapped_column(default=0, server_default="0")


class EventCorrection(db.Model):
    """An earlier version of a corrected entry, and when the correction replaced it."""

    __tablename__ = "event_corrections"
    __table_args__ = (Index("ix_event_corrections_game_id_seq", "game_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int]
    was: Mapped[dict] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameChange(db.Model):
    """A fix of a player's name or of the first dealer: what it was, what it became."""

    __tablename__ = "game_changes"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    what: Mapped[str] = mapped_column(String(16))  # "name" or "first_dealer"
    was: Mapped[str] = mapped_column(String(MAX_NAME_LENGTH))
    now: Mapped[str] = mapped_column(String(MAX_NAME_LENGTH))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameDeletion(db.Model):
    """That a game was deleted, and when: the listings' key counts these rows, so that a
    deletion changes it even when a new game's first write makes up the count."""

    __tablename__ = "game_deletions"

    id: Mapped[int] = mapped_column(primary_key=True)
    deleted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
