"""One function per use case: load, ask the rules, store, and commit once."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .edit_keys import edit_key_matches, hash_edit_key, new_edit_key
from .extensions import db
from .models import Event, Game, Player
from .rules import (
    STANDARD_RULES,
    GameSetup,
    GameState,
    OutOfTurn,
    event_to_dict,
    new_setup,
    read_event,
    record,
    rules_from_settings,
    start_game,
)
from .rules import replay as replay_events
from .rules.showdown import Verdict, settle
from .summaries import store_summary


class GameNotFound(Exception):
    """No game has this id."""

    def __init__(self, game_id: object) -> None:
        super().__init__(f"There is no game {game_id}; check the link.")
        self.message = str(self)


class EditKeyMissing(Exception):
    """A change was asked for without the game's edit key."""

    message = "Only the scorekeeper's device can change this game: send its edit key."


class EditKeyWrong(Exception):
    """A change was asked for with a key that does not open this game."""

    message = "That edit key does not open this game; use the key given when it was created."


LARGEST_ID = 2**31 - 1  # ids are INTEGER columns; PostgreSQL refuses to bind a larger one

CONCURRENT_CHANGE = (
    "Another device changed this game at the same moment, so this entry was not "
    "recorded: it is probably already recorded. Refresh to see the game."
)


@dataclass(frozen=True)
class LoadedGame:
    """A stored game and the state its log replays to."""

    id: int
    created_at: datetime
    state: GameState
    edit_key_hash: str = field(default="", repr=False)

    def opens_with(self, edit_key: str | None) -> bool:
        """Whether this key may change the game."""
        return bool(edit_key) and edit_key_matches(edit_key, self.edit_key_hash)

    @property
    def event_count(self) -> int:
        """How many events are recorded; the page sends it back to guard undo."""
        return len(self.state.history)


@dataclass(frozen=True)
class CreatedGame:
    """A new game and the edit key that only its creator receives."""

    game: LoadedGame
    edit_key: str


def create_game(players: object, dealer: str | None = None, rules: object = None) -> CreatedGame:
    """Start a game for 2–4 players in seating order, by standard rules or house rules."""
    setup = new_setup(players, dealer, rules_from_settings(rules))
    edit_key = new_edit_key()
    game = Game(
        first_dealer_seat=setup.first_dealer,
        edit_key_hash=hash_edit_key(edit_key),
        rules=setup.rules.settings(),
    )
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(setup.players)]
    store_summary(game, start_game(setup))
    db.session.add(game)
    db.session.commit()
    return CreatedGame(_loaded(game), edit_key)


def load_game(game_id: int) -> LoadedGame:
    """A game replayed from its log."""
    return _loaded(_stored_game(game_id))


def list_games(limit: int = 50, offset: int = 0) -> tuple[list[LoadedGame], int]:
    """A page of games, newest first, and how many there are in all."""
    total = db.session.scalar(select(func.count()).select_from(Game))
    games = db.session.scalars(
        select(Game)
        .options(selectinload(Game.players), selectinload(Game.events))
        .order_by(Game.created_at.desc(), Game.id.desc())
        .limit(limit)
        .offset(offset)
    )
    return [_loaded(game) for game in games], total


def record_event(game_id: int, edit_key: str | None, entry: Mapping[str, object]) -> LoadedGame:
    """Check one entry against the rules and append it to the game's log."""
    game = _editable_game(game_id, edit_key)
    state = record(_replay(game), entry)
    count = game.event_count
    _claim_next_count(game, count, count + 1)
    db.session.add(Event(game=game, seq=count + 1, payload=event_to_dict(state.history[-1].event)))
    store_summary(game, state)
    _commit_or_conflict()
    return load_game(game_id)


def undo_last_event(
    game_id: int, edit_key: str | None, expected_count: int | None = None
) -> LoadedGame:
    """Remove the newest event; undoing the winning entry reopens the game."""
    game = _editable_game(game_id, edit_key)
    count = game.event_count
    if count == 0:
        raise OutOfTurn("Nothing to undo: no entry is recorded yet.")
    if expected_count is not None and expected_count != count:
        raise OutOfTurn(CONCURRENT_CHANGE)
    state = _replay(game, game.events[:-1])
    _claim_next_count(game, count, count - 1)
    db.session.execute(delete(Event).where(Event.game_id == game.id, Event.seq == count))
    store_summary(game, state)
    _commit_or_conflict()
    return load_game(game_id)


def confirm_edit_key(game_id: int, edit_key: str | None) -> LoadedGame:
    """Check a hand-over key before a device starts keeping score with it."""
    return _loaded(_editable_game(game_id, edit_key))


def rotate_edit_key(game_id: int, edit_key: str | None) -> CreatedGame:
    """Give the game a new key, so that every other device and old link loses it."""
    game = _editable_game(game_id, edit_key)
    new_key = new_edit_key()
    game.edit_key_hash = hash_edit_key(new_key)
    db.session.commit()
    return CreatedGame(_loaded(game), new_key)


def game_version(game_id: int) -> str:
    """A short tag that changes whenever the game's log changes, read in one cheap query."""
    row = db.session.execute(
        select(Game.event_count, Event.recorded_at)
        .outerjoin(Event, (Event.game_id == Game.id) & (Event.seq == Game.event_count))
        .where(Game.id == game_id)
    ).one_or_none()
    if row is None:
        raise GameNotFound(game_id)
    count, last_recorded = row
    # The count alone would repeat after an undo and a new entry; the time would not.
    stamp = last_recorded.timestamp() if last_recorded is not None else 0
    return f"{count}-{stamp:.6f}"


def settle_showdown(hands: Mapping[str, object], game_id: int | None = None) -> Verdict:
    """Decide a tie from the cards, by the game's rules when it is for a game."""
    rules = STANDARD_RULES if game_id is None else load_game(game_id).state.setup.rules
    return settle(hands, rules)


def _stored_game(game_id: int) -> Game:
    # A larger id names no game, and the database would fail on it rather than find nothing.
    game = db.session.get(Game, game_id) if game_id <= LARGEST_ID else None
    if game is None:
        raise GameNotFound(game_id)
    return game


def _editable_game(game_id: int, edit_key: str | None) -> Game:
    game = _stored_game(game_id)
    if not edit_key:
        raise EditKeyMissing()
    if not edit_key_matches(edit_key, game.edit_key_hash):
        raise EditKeyWrong()
    return game


def _replay(game: Game, events: list[Event] | None = None) -> GameState:
    setup = GameSetup(
        tuple(player.name for player in game.players),
        game.first_dealer_seat,
        rules_from_settings(game.rules),
    )
    logged = game.events if events is None else events
    return replay_events(setup, (read_event(event.payload) for event in logged))


def _loaded(game: Game) -> LoadedGame:
    created_at = game.created_at
    if created_at.tzinfo is None:  # SQLite hands back naive times; they are stored as UTC.
        created_at = created_at.replace(tzinfo=UTC)
    return LoadedGame(game.id, created_at, _replay(game), game.edit_key_hash)


def _claim_next_count(game: Game, current: int, new: int) -> None:
    """Move the event count only if no other device moved it since we read it."""
    claimed = db.session.execute(
        update(Game)
        .where(Game.id == game.id, Game.event_count == current)
        .values(event_count=new)
        .execution_options(synchronize_session=False)
    )
    if claimed.rowcount != 1:
        db.session.rollback()
        raise OutOfTurn(CONCURRENT_CHANGE)


def _commit_or_conflict() -> None:
    try:
        db.session.commit()
    except IntegrityError as error:
        db.session.rollback()
        raise OutOfTurn(CONCURRENT_CHANGE) from error
