"""The stored log: a game's setup (game and players) and its ordered events."""

from datetime import UTC, datetime

from sqlalchemy import JSON, DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .rules import MAX_NAME_LENGTH


def now_utc() -> datetime:
    """The current time, timezone-aware, for per-row defaults."""
    return datetime.now(UTC)


class Game(db.Model):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=now_utc, index=True
    )
    first_dealer_seat: Mapped[int]
    edit_key_hash: Mapped[str] = mapped_column(String(64))
    # Always equals len(events); every write moves it with a compare-and-set, so two
    # devices writing at once cannot both build on the same log.
    event_count: Mapped[int] = mapped_column(default=0)

    players: Mapped[list["Player"]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan"
    )
    events: Mapped[list["Event"]] = relationship(
        back_populates="game", order_by="Event.seq", cascade="all, delete-orphan"
    )


class Player(db.Model):
    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("game_id", "seat"), UniqueConstraint("game_id", "name"))

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(MAX_NAME_LENGTH))

    game: Mapped[Game] = relationship(back_populates="players")


class Event(db.Model):
    """One recorded step; ``(game_id, seq)`` is unique so a step is stored at most once."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int]
    payload: Mapped[dict] = mapped_column(JSON)
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now_utc)

    game: Mapped[Game] = relationship(back_populates="events")
