"""Read an export file: check its shape, and replay each game in it through the rules.

The file is refused whole, naming the first game and entry that break, before anything
of it is stored. The format, ``chicago-scorer/2``, is described in __init__.py; files of
``chicago-scorer/1``, the same without the trail, are still read.
"""

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from chicago_scorer.rules import (
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    GameSetup,
    GameState,
    RuleError,
    record,
    rules_from_settings,
    start_game,
)
from chicago_scorer.rules.errors import Message, counted, is_number, quoted, sentence
from chicago_scorer.rules.events import STEP_ORDER, STEP_WORDS, Step
from chicago_scorer.rules.setup import setup_as_stored
from chicago_scorer.services.errors import IllegalGameInImport, ImportTooLarge, MalformedImport
from chicago_scorer.services.games import MAX_ENTRIES_PER_GAME
from chicago_scorer.services.json_documents import (
    BeyondReading,
    NotAJsonNumber,
    RepeatedName,
    json_fault,
    read_json,
)
from chicago_scorer.services.transfer.import_trail import (
    NO_TRAIL,
    Span,
    Trail,
    read_moment,
    read_trail,
)

EXPORT_FORMAT = "chicago-scorer/2"
# The first format is the second without the trail: its games still import, without one.
FIRST_FORMAT = "chicago-scorer/1"
FORMATS_READ = (EXPORT_FORMAT, FIRST_FORMAT)
DOCUMENT_FIELDS = frozenset({"format", "games"})
GAME_FIELDS = ("players", "first_dealer", "rules", "created_at", "updated_at", "events", "changes")
FIRST_FORMAT_GAME_FIELDS = GAME_FIELDS[:-1]
# Files written before house rules existed have no "rules": those games were standard.
# A game's "changes", and an entry's "corrections", are there only when it has some.
OPTIONAL_GAME_FIELDS = frozenset({"rules", "changes"})
MAX_IMPORT_BYTES = 1024 * 1024
# A bound on an import's work, not just its bytes: 1 MB holds about 7,500 games without
# entries, or 20,000 short entries. A real export holds about 100 games of about 100
# entries per MB, well within both; a file past either is refused before any replay, and
# one within both is checked and stored in a few seconds (see importing.py).
MAX_GAMES_PER_IMPORT = 1000
MAX_ENTRIES_PER_IMPORT = 20_000


@dataclass(frozen=True)
class CheckedGame:
    """A game from a file, replayed through the rules and ready to store."""

    state: GameState
    created_at: datetime
    updated_at: datetime
    trail: Trail = NO_TRAIL


def read_import(raw: bytes | str, pause: Callable[[], None] = lambda: None) -> list[CheckedGame]:
    """Every game of an export file, replayed through the rules; the file is refused whole
    if it is too large, not a document of a format this version reads, or any game (or
    its trail) breaks a rule. ``pause`` is called after each game, to give way."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise ImportTooLarge(
            sentence(
                "The file is %(size)s KB; an import takes at most %(limit)s KB. "
                "Whoever runs the app can import it whole on its computer: flask import.",
                size=math.ceil(len(raw) / 1024),  # 1 MB and a byte is 1,025 KB, not 1,024
                limit=MAX_IMPORT_BYTES // 1024,
            )
        )
    listed = read_export(raw)
    _check_work(listed.games)
    checked = []
    for position in range(1, len(listed.games) + 1):
        checked.append(checked_game(listed, position))
        pause()
    return checked


@dataclass(frozen=True)
class ListedGames:
    """The games an export file lists, as read from its JSON and not yet checked."""

    with_trail: bool  # a file of the second format, whose games may carry their trail
    games: list[object]


def read_export(raw: bytes | str) -> ListedGames:
    """The games of an export file, whatever its size; refused if the file is not a
    document of a format this version reads. Each game is checked by ``checked_game``."""
    if not raw.strip():
        raise MalformedImport(
            sentence("The file is empty: choose the export file again, as it was exported.")
        )
    try:
        document = read_json(raw)
    except BeyondReading:
        raise MalformedImport(
            sentence(
                "The file is not JSON this app reads: a number is too long or it nests too deeply."
            )
        ) from None
    except UnicodeDecodeError as error:
        raise MalformedImport(
            sentence(
                "The file is not UTF-8 text: byte %(position)s is not valid UTF-8. "
                "Import the file as it was exported, or save it as UTF-8.",
                position=error.start + 1,
            )
        ) from None
    except json.JSONDecodeError as error:
        raise MalformedImport(_file_not_json(error)) from None
    except RepeatedName as error:
        raise MalformedImport(
            sentence(
                "The file gives %(name)s twice in one object: give each field once.",
                name=quoted(error.name),
            )
        ) from None
    except NotAJsonNumber as error:
        raise MalformedImport(
            sentence(
                "The file holds %(written)s, which JSON has no number for: import the file "
                "as it was exported.",
                written=error.written,
            )
        ) from None
    return ListedGames(_format_of(document) == EXPORT_FORMAT, _listed_games(document))


def checked_game(listed: ListedGames, position: int) -> CheckedGame:
    """The game at ``position`` (from 1) of the file, replayed through the rules; refused,
    naming it by its place in the file, if it (or its trail) is out of shape or breaks a
    rule."""
    return _checked_game(position, listed.games[position - 1], listed.with_trail)


def _file_not_json(error: json.JSONDecodeError) -> Message:
    """Where the file stops being JSON and, when the parser's complaint has words here,
    what is wrong there, and what to do: most often it is another file than an export,
    chosen by mistake. The API says the same of a request body in sentences of its own,
    so that each language words each as it needs."""
    fault = json_fault(error)
    if fault is None:
        return sentence(
            "The file is not valid JSON at line %(line)s, column %(column)s. Import the file "
            "as it was exported.",
            line=error.lineno,
            column=error.colno,
        )
    return sentence(
        "The file is not valid JSON at line %(line)s, column %(column)s: %(fault)s. Import "
        "the file as it was exported.",
        line=error.lineno,
        column=error.colno,
        fault=fault,
    )


def _check_work(games: list[object]) -> None:
    """Refuse a file with more games, or more entries in all, than an import takes."""
    if len(games) > MAX_GAMES_PER_IMPORT:
        raise ImportTooLarge(
            sentence(
                "The file holds %(count)s games; an import takes at most %(limit)s. "
                "Whoever runs the app can import it whole on its computer: flask import.",
                count=len(games),
                limit=MAX_GAMES_PER_IMPORT,
            )
        )
    entries = sum(
        len(game["events"])
        for game in games
        if isinstance(game, dict) and isinstance(game.get("events"), list)
    )
    if entries > MAX_ENTRIES_PER_IMPORT:
        raise ImportTooLarge(
            sentence(
                "The file holds %(count)s entries in all; an import takes at most %(limit)s. "
                "Whoever runs the app can import it whole on its computer: flask import.",
                count=entries,
                limit=MAX_ENTRIES_PER_IMPORT,
            )
        )


# What a refusal shows a file should look like.
EXPORT_SHAPE = json.dumps({"format": EXPORT_FORMAT, "games": ["..."]})


def _format_of(document: object) -> str:
    if not isinstance(document, dict) or document.get("format") is None:
        raise MalformedImport(
            sentence(
                "This is not a Chicago Scorer export: it should be %(shape)s.",
                shape=EXPORT_SHAPE,
            )
        )
    if document["format"] not in FORMATS_READ:
        raise MalformedImport(
            sentence(
                "Unknown format %(format)s: this version reads %(known)s. Import the file "
                "with the version of Chicago Scorer that exported it, or a newer one.",
                format=quoted(document["format"]),
                known=tuple(quoted(known) for known in FORMATS_READ),
            )
        )
    return document["format"]


def _listed_games(document: dict) -> list[object]:
    unknown = sorted(set(document) - DOCUMENT_FIELDS)
    if unknown:
        raise MalformedImport(
            sentence(
                "Unknown field %(field)s: a file has 'format' and 'games'.",
                field=quoted(unknown[0]),
            )
        )
    games = document.get("games")
    if not isinstance(games, list):
        raise MalformedImport(sentence("'games' must be a list of games."))
    return games


def _game_name(position: int, entry: object) -> Message:
    """How a refusal names a game: its place in the file and, if they read as names, its
    players (what else is sent is quoted by the refusal, or not repeated)."""
    players = entry.get("players") if isinstance(entry, dict) else None
    if (
        isinstance(players, list)
        and 0 < len(players) <= MAX_PLAYERS
        and all(
            isinstance(name, str) and name.isprintable() and len(name) <= MAX_NAME_LENGTH
            for name in players
        )
    ):
        return sentence(
            "Game %(number)s (%(players)s)", number=position, players=", ".join(players)
        )
    return sentence("Game %(number)s", number=position)


def _checked_game(position: int, entry: object, with_trail: bool) -> CheckedGame:
    name = _game_name(position, entry)
    fields = GAME_FIELDS if with_trail else FIRST_FORMAT_GAME_FIELDS
    if not isinstance(entry, dict):
        raise MalformedImport(
            sentence(
                "%(game)s is not an object with %(fields)s.",
                game=name,
                fields=", ".join(fields),
            )
        )
    unknown = sorted(set(entry) - set(fields))
    missing = [
        field for field in fields if field not in entry and field not in OPTIONAL_GAME_FIELDS
    ]
    if unknown or missing:
        problem = (
            sentence("unknown field %(field)s", field=quoted(unknown[0]))
            if unknown
            else sentence("%(field)s is missing", field=quoted(missing[0]))
        )
        raise MalformedImport(
            sentence(
                "%(game)s: %(problem)s; a game has %(fields)s.",
                game=name,
                problem=problem,
                fields=", ".join(fields),
            )
        )
    created_at = read_moment(name, entry["created_at"], "created_at")
    updated_at = read_moment(name, entry["updated_at"], "updated_at")
    if updated_at < created_at:
        raise MalformedImport(
            sentence("%(game)s: 'updated_at' is before 'created_at'.", game=name)
        )
    events = entry["events"]
    if not isinstance(events, list) or not all(isinstance(event, dict) for event in events):
        raise MalformedImport(
            sentence("%(game)s: 'events' must be a list of entries (objects).", game=name)
        )
    if len(events) > MAX_ENTRIES_PER_GAME:
        raise IllegalGameInImport(
            sentence(
                "%(game)s has %(count)s entries; a game takes at most %(limit)s.",
                game=name,
                count=len(events),
                limit=MAX_ENTRIES_PER_GAME,
            )
        )
    dealer = entry["first_dealer"]
    if not isinstance(dealer, str):
        raise IllegalGameInImport(
            sentence("%(game)s: 'first_dealer' must be one of the players' names.", game=name)
        )
    # A game may have been stored, and exported, with a name that a later rule of how
    # names look refuses; its backup must import all the same.
    try:
        setup = setup_as_stored(entry["players"], dealer, rules_from_settings(entry.get("rules")))
    except RuleError as refusal:
        raise IllegalGameInImport(
            sentence("%(game)s: %(refusal)s", game=name, refusal=refusal.text)
        ) from None
    if not with_trail:
        return CheckedGame(_replayed(name, setup, events), created_at, updated_at)
    earlier_versions = {
        number: event["corrections"]
        for number, event in enumerate(events, start=1)
        if "corrections" in event
    }
    entries = [
        {key: value for key, value in event.items() if key != "corrections"} for event in events
    ]
    state = _replayed(name, setup, entries)
    span = Span(created_at, updated_at)
    trail = read_trail(name, state, earlier_versions, entry.get("changes", []), span)
    return CheckedGame(state, created_at, updated_at, trail)


def _replayed(name: Message, setup: GameSetup, events: list[Mapping[str, object]]) -> GameState:
    state = start_game(setup)
    for number, event in enumerate(events, start=1):
        try:
            state = record(state, event)
        except RuleError as refusal:
            if state.winner is not None:  # "undo the last entry" cannot help an import
                raise IllegalGameInImport(
                    counted(
                        "%(game)s: %(winner)s won at entry %(won_at)s, so the %(count)s "
                        "entry after it has no place in the game.",
                        "%(game)s: %(winner)s won at entry %(won_at)s, so the %(count)s "
                        "entries after it have no place in the game.",
                        len(events) - number + 1,
                        game=name,
                        winner=state.winner,
                        won_at=number - 1,
                    )
                ) from None
            raise IllegalGameInImport(_refused_entry(name, number, event, refusal)) from None
    return state


def _refused_entry(
    name: Message, number: int, event: Mapping[str, object], refusal: RuleError
) -> Message:
    """Which entry of the file the rules refuse, and why; its round and step as the file
    gives them, where it gives both and the round is a whole number ("round inf" or
    "round 1.0" would say nothing the refusal does not)."""
    # The rule alone: a file cannot refresh to see the game.
    if not is_number(event.get("round")) or event.get("step") is None:
        return sentence(
            "%(game)s, entry %(number)s: %(refusal)s",
            game=name,
            number=number,
            refusal=refusal.rule,
        )
    return sentence(
        "%(game)s, entry %(number)s (round %(round)s %(step)s): %(refusal)s",
        game=name,
        number=number,
        round=_as_given(event.get("round")),
        step=_as_given(event.get("step")),
        refusal=refusal.rule,
    )


def _as_given(value: object) -> object:
    """An entry's round or step as a refusal repeats it: a number as it is, a step in the
    words players say it in; anything else as it was sent, cut short."""
    if is_number(value):
        return value
    if isinstance(value, str) and value in STEP_ORDER:
        return STEP_WORDS[Step(value)]
    return quoted(value)
