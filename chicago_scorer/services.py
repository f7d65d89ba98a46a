"""One function per use case: load, ask the rules, store, and commit once."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .edit_keys import edit_key_matches, hash_edit_key, new_edit_key
from .extensions import db
from .models import Event, Game, Player, now_utc
from .refusal import Refusal
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
from .rules.errors import sentence
from .rules.showdown import Verdict, settle
from .summaries import as_utc, store_summary


class GameNotFound(Refusal):
    """No game has this id."""

    def __init__(self, game_id: object) -> None:
        super().__init__(sentence("There is no game %(game)s; check the link.", game=str(game_id)))


class EditKeyMissing(Refusal):
    """A change was asked for without the game's edit key."""

    def __init__(self) -> None:
        super().__init__(
            sentence("Only the scorekeeper's device can change this game: send its edit key.")
        )


class EditKeyWrong(Refusal):
    """A change was asked for with a key that does not open this game."""

    def __init__(self) -> None:
        super().__init__(
            sentence(
                "That edit key does not open this game; use the key given when it was created."
            )
        )


LARGEST_ID = 2**31 - 1  # ids are INTEGER columns; PostgreSQL refuses to bind a larger one

CONCURRENT_CHANGE = sentence(
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
    version: str = ""  # changes whenever the log changes; see game_version

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
    return [
        _loaded(game, [(event.payload, event.recorded_at) for event in game.events])
        for game in games
    ], total


def record_event(game_id: int, edit_key: str | None, entry: Mapping[str, object]) -> LoadedGame:
    """Check one entry against the rules and append it to the game's log."""
    game = _editable_game(game_id, edit_key)
    log = _log_of(game.id)
    state = record(_replay(game, log), entry)
    count = game.event_count
    _claim_next_count(game, count, count + 1)
    recorded_at = now_utc()
    payload = event_to_dict(state.history[-1].event)
    db.session.add(Event(game_id=game.id, seq=count + 1, payload=payload, recorded_at=recorded_at))
    store_summary(game, state)
    answer = _answer(game, state, _version(count + 1, recorded_at))
    _commit_or_conflict()
    return answer


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
    log = _log_of(game.id)
    state = _replay(game, log[:-1])
    _claim_next_count(game, count, count - 1)
    db.session.execute(delete(Event).where(Event.game_id == game.id, Event.seq == count))
    store_summary(game, state)
    answer = _answer(game, state, _version(count - 1, log[-2][1] if count > 1 else None))
    _commit_or_conflict()
    return answer


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
    return _version(*row)


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


def _version(event_count: int, last_recorded_at: datetime | None) -> str:
    # The count alone would repeat after an undo and a new entry; the time would not.
    stamp = as_utc(last_recorded_at).timestamp() if last_recorded_at is not None else 0
    return f"{event_count}-{stamp:.6f}"


Log = list[tuple[dict, datetime]]


def _log_of(game_id: int) -> Log:
    """A game's entries in order, as (payload, recorded_at), without building ORM objects."""
    rows = db.session.execute(
        select(Event.payload, Event.recorded_at)
        .where(Event.game_id == game_id)
        .order_by(Event.seq)
    )
    return [tuple(row) for row in rows]


def _replay(game: Game, log: Log) -> GameState:
    setup = GameSetup(
        tuple(player.name for player in game.players),
        game.first_dealer_seat,
        rules_from_settings(game.rules),
    )
    return replay_events(setup, (read_event(payload) for payload, _ in log))


def _answer(game: Game, state: GameState, version: str) -> LoadedGame:
    """The game as it will be once committed, without reading it back."""
    return LoadedGame(game.id, as_utc(game.created_at), state, game.edit_key_hash, version)


def _loaded(game: Game, log: Log | None = None) -> LoadedGame:
    log = _log_of(game.id) if log is None else log
    version = _version(len(log), log[-1][1] if log else None)
    return _answer(game, _replay(game, log), version)


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
