"""Read an export file: check its shape and its size, then each game in it
(``game_checks.py``).

The file is refused whole, naming the first game and entry that break, before anything
of it is stored. The format, ``chicago-scorer/2``, is described in __init__.py; files of
``chicago-scorer/1``, the same without the trail, are still read.
"""

import json
import math
from collections.abc import Callable

from chicago_scorer.rules.errors import Message, quoted, sentence
from chicago_scorer.services.errors import ImportTooLarge, MalformedImport
from chicago_scorer.services.json_documents import (
    BeyondReading,
    NotAJsonNumber,
    RepeatedName,
    json_fault,
    read_json,
)
from chicago_scorer.services.transfer.game_checks import CheckedGame, ListedGames, checked_game

EXPORT_FORMAT = "chicago-scorer/2"
# The first format is the second without the trail: its games still import, without one.
FIRST_FORMAT = "chicago-scorer/1"
FORMATS_READ = (EXPORT_FORMAT, FIRST_FORMAT)
DOCUMENT_FIELDS = frozenset({"format", "games"})
MAX_IMPORT_BYTES = 1024 * 1024
# A bound on an import's work, not just its bytes: 1 MB holds about 7,500 games without
# entries, or 20,000 short entries. A real export holds about 100 games of about 100
# entries per MB, well within both; a file past either is refused before any replay, and
# one within both is checked and stored in a few seconds (see importing.py).
MAX_GAMES_PER_IMPORT = 1000
MAX_ENTRIES_PER_IMPORT = 20_000


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
