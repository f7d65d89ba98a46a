"""Export games losslessly, and import them all or nothing after replaying each one.

The format, ``chicago-scorer/1``::

    {"format": "chicago-scorer/1",
     "games": [{"players": ["Ann", "Bo"], "first_dealer": "Ann",
                "created_at": "2026-11-29T19:02:11+00:00", "updated_at": "...",
                "events": [<each entry as event_to_dict gives it>]}]}

The players are listed in seating order. An import never overwrites: each game in the
file becomes a new game with a new edit key, unless exactly that game is already here
(see game_records.py), when it is left out and reported, so that importing one file
twice never counts its games twice.
"""

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from .edit_keys import hash_edit_key, new_edit_key
from .extensions import db
from .game_records import (
    fingerprint,
    game_record,
    replayed_record,
    stored_fingerprints,
    whole_game,
)
from .models import Event, Game, Player
from .rules import (
    GameSetup,
    GameState,
    RuleError,
    event_to_dict,
    new_setup,
    record,
    rules_from_settings,
    start_game,
)
from .rules.errors import Message, Refusal, sentence
from .services import GameNotFound
from .summaries import as_utc, store_summary

EXPORT_FORMAT = "chicago-scorer/1"
DOCUMENT_FIELDS = frozenset({"format", "games"})
GAME_FIELDS = ("players", "first_dealer", "rules", "created_at", "updated_at", "events")
# Files written before house rules existed have no "rules": those games were standard.
OPTIONAL_GAME_FIELDS = frozenset({"rules"})
MAX_IMPORT_BYTES = 1024 * 1024
# Far longer than any real game (they run to about 100 entries), short enough that a
# hostile file cannot make the replay slow.
MAX_EVENTS_PER_GAME = 2000
EXPORT_BATCH = 500


class ImportRefused(Refusal):
    """The file was refused and nothing was imported."""


class MalformedImport(ImportRefused):
    """The file is not a ``chicago-scorer/1`` document."""


class ImportTooLarge(ImportRefused):
    """The file is larger than an import takes."""


class IllegalGameInImport(ImportRefused):
    """A game in the file breaks a rule when it is replayed."""


@dataclass(frozen=True)
class ImportedGame:
    """A game created by an import, with the edit key only the importer receives."""

    id: int
    players: tuple[str, ...]
    created_at: datetime
    edit_key: str


@dataclass(frozen=True)
class GameAlreadyHere:
    """A game of the file that was already stored, exactly as it is there: left out."""

    id: int
    players: tuple[str, ...]
    created_at: datetime


@dataclass(frozen=True)
class ImportResult:
    """What an import added, and which games of the file were already here."""

    imported: list[ImportedGame]
    already_here: list[GameAlreadyHere]


@dataclass(frozen=True)
class CheckedGame:
    """A game from a file, replayed through the rules and ready to store."""

    state: GameState
    created_at: datetime
    updated_at: datetime


def export_game(game_id: int) -> dict[str, object]:
    """One game, as a document that can be imported on its own."""
    game = db.session.get(Game, game_id, options=whole_game())
    if game is None:
        raise GameNotFound(game_id)
    return {"format": EXPORT_FORMAT, "games": [game_record(game)]}


def export_all_games() -> Iterator[str]:
    """Every game, oldest first, as JSON text in pieces, so any number can be sent."""
    ids = db.session.scalars(select(Game.id).order_by(Game.created_at, Game.id)).all()
    yield f'{{"format": {json.dumps(EXPORT_FORMAT)}, "games": ['
    separator = ""
    for start in range(0, len(ids), EXPORT_BATCH):
        chunk = ids[start : start + EXPORT_BATCH]
        games = db.session.scalars(select(Game).where(Game.id.in_(chunk)).options(*whole_game()))
        by_id = {game.id: game for game in games}
        for game_id in chunk:
            yield separator + json.dumps(game_record(by_id[game_id]))
            separator = ", "
        db.session.expunge_all()  # keep memory flat however many games there are
    yield "]}"


def import_games(raw: bytes | str) -> ImportResult:
    """Replay every game in the file, then store those not already here, or none at all."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise ImportTooLarge(
            sentence(
                "The file is %(size)s KB; an import takes at most %(limit)s KB. "
                "Split it into smaller exports.",
                size=len(raw) // 1024,
                limit=MAX_IMPORT_BYTES // 1024,
            )
        )
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise MalformedImport(
            sentence("The file is not valid JSON (%(problem)s).", problem=str(error))
        ) from None
    checked = [
        _checked_game(position, entry)
        for position, entry in enumerate(_listed_games(document), start=1)
    ]
    return _store_new_games(checked)


def _store_new_games(checked: list[CheckedGame]) -> ImportResult:
    """Store each game that is not already here, once; commit."""
    stored_ids = stored_fingerprints([game.created_at for game in checked])
    added: dict[str, tuple[Game, str, CheckedGame]] = {}
    repeats: list[tuple[str, CheckedGame]] = []
    for game in checked:
        key = fingerprint(replayed_record(game.state, game.created_at, game.updated_at))
        if key in stored_ids or key in added:  # a file may also hold one game twice
            repeats.append((key, game))
        else:
            added[key] = (*_stored(game), game)
    db.session.flush()
    imported = [
        ImportedGame(row.id, game.state.players, game.created_at, edit_key)
        for row, edit_key, game in added.values()
    ]
    already_here = [
        GameAlreadyHere(
            stored_ids[key] if key in stored_ids else added[key][0].id,
            game.state.players,
            game.created_at,
        )
        for key, game in repeats
    ]
    db.session.commit()
    return ImportResult(imported, already_here)


# What a refusal shows a file should look like.
EXPORT_SHAPE = json.dumps({"format": EXPORT_FORMAT, "games": ["..."]})


def _listed_games(document: object) -> list[object]:
    if not isinstance(document, dict) or document.get("format") is None:
        raise MalformedImport(
            sentence(
                "This is not a Chicago Scorer export: it should be %(shape)s.",
                shape=EXPORT_SHAPE,
            )
        )
    if document["format"] != EXPORT_FORMAT:
        raise MalformedImport(
            sentence(
                "Unknown format %(format)s: this version reads %(known)s.",
                format=repr(document["format"]),
                known=repr(EXPORT_FORMAT),
            )
        )
    unknown = sorted(set(document) - DOCUMENT_FIELDS)
    if unknown:
        raise MalformedImport(
            sentence(
                "Unknown field %(field)s: a file has 'format' and 'games'.", field=repr(unknown[0])
            )
        )
    games = document.get("games")
    if not isinstance(games, list):
        raise MalformedImport(sentence("'games' must be a list of games."))
    return games


def _game_name(position: int, entry: object) -> Message:
    """How a refusal names a game: its place in the file and, if readable, its players."""
    players = entry.get("players") if isinstance(entry, dict) else None
    if isinstance(players, list) and players and all(isinstance(n, str) for n in players):
        return sentence(
            "Game %(number)s (%(players)s)", number=position, players=", ".join(players)
        )
    return sentence("Game %(number)s", number=position)


def _checked_game(position: int, entry: object) -> CheckedGame:
    name = _game_name(position, entry)
    if not isinstance(entry, dict):
        raise MalformedImport(
            sentence(
                "%(game)s is not an object with %(fields)s.",
                game=name,
                fields=", ".join(GAME_FIELDS),
            )
        )
    unknown = sorted(set(entry) - set(GAME_FIELDS))
    missing = [
        field for field in GAME_FIELDS if field not in entry and field not in OPTIONAL_GAME_FIELDS
    ]
    if unknown or missing:
        problem = (
            sentence("unknown field %(field)s", field=repr(unknown[0]))
            if unknown
            else sentence("%(field)s is missing", field=repr(missing[0]))
        )
        raise MalformedImport(
            sentence(
                "%(game)s: %(problem)s; a game has %(fields)s.",
                game=name,
                problem=problem,
                fields=", ".join(GAME_FIELDS),
            )
        )
    created_at = _moment(name, entry, "created_at")
    updated_at = _moment(name, entry, "updated_at")
    if updated_at < created_at:
        raise MalformedImport(
            sentence("%(game)s: 'updated_at' is before 'created_at'.", game=name)
        )
    events = entry["events"]
    if not isinstance(events, list) or not all(isinstance(event, dict) for event in events):
        raise MalformedImport(
            sentence("%(game)s: 'events' must be a list of entries (objects).", game=name)
        )
    if len(events) > MAX_EVENTS_PER_GAME:
        raise IllegalGameInImport(
            sentence(
                "%(game)s has %(count)s entries; a game takes at most %(limit)s.",
                game=name,
                count=len(events),
                limit=MAX_EVENTS_PER_GAME,
            )
        )
    dealer = entry["first_dealer"]
    if not isinstance(dealer, str):
        raise IllegalGameInImport(
            sentence("%(game)s: 'first_dealer' must be one of the players' names.", game=name)
        )
    try:
        setup = new_setup(entry["players"], dealer, rules_from_settings(entry.get("rules")))
    except RuleError as refusal:
        raise IllegalGameInImport(
            sentence("%(game)s: %(refusal)s", game=name, refusal=refusal.text)
        ) from None
    return CheckedGame(_replayed(name, setup, events), created_at, updated_at)


def _replayed(name: Message, setup: GameSetup, events: list[Mapping[str, object]]) -> GameState:
    state = start_game(setup)
    for number, event in enumerate(events, start=1):
        try:
            state = record(state, event)
        except RuleError as refusal:
            raise IllegalGameInImport(
                sentence(
                    "%(game)s, entry %(number)s (round %(round)s %(step)s): %(refusal)s",
                    game=name,
                    number=number,
                    round=str(event.get("round")),
                    step=str(event.get("step")),
                    refusal=refusal.text,
                )
            ) from None
    return state


def _moment(name: Message, entry: Mapping[str, object], field: str) -> datetime:
    text = entry[field]
    try:
        moment = datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise MalformedImport(
            sentence(
                "%(game)s: %(field)s must be a date and time with its UTC offset, "
                "like 2026-11-29T19:02:11+00:00.",
                game=name,
                field=repr(field),
            )
        )
    return as_utc(moment)


def add_replayed_game(
    state: GameState, created_at: datetime, updated_at: datetime, edit_key_hash: str
) -> Game:
    """Add a game with its whole log and summary to the session (not committed)."""
    game = Game(
        created_at=created_at,
        first_dealer_seat=state.setup.first_dealer,
        edit_key_hash=edit_key_hash,
        event_count=len(state.history),
        rules=state.setup.rules.settings(),
    )
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(state.players)]
    game.events = [
        Event(seq=seq, payload=event_to_dict(scored.event), points=dict(scored.points))
        for seq, scored in enumerate(state.history, start=1)
    ]
    store_summary(game, state, updated_at=updated_at)
    db.session.add(game)
    return game


def _stored(checked: CheckedGame) -> tuple[Game, str]:
    edit_key = new_edit_key()
    game = add_replayed_game(
        checked.state, checked.created_at, checked.updated_at, hash_edit_key(edit_key)
    )
    return game, edit_key
