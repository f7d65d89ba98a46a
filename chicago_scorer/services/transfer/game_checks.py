"""One game of an export file checked: its fields, its times and its setup read, its
entries replayed through the rules, and its trail read against them; refused, naming the
game by its place in the file and its players, at the first thing that breaks.
"""

from collections.abc import Mapping
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
from chicago_scorer.services.errors import IllegalGameInImport, MalformedImport
from chicago_scorer.services.games import MAX_ENTRIES_PER_GAME
from chicago_scorer.services.transfer.import_trail import (
    NO_TRAIL,
    Span,
    Trail,
    read_moment,
    read_trail,
)

GAME_FIELDS = ("players", "first_dealer", "rules", "created_at", "updated_at", "events", "changes")
FIRST_FORMAT_GAME_FIELDS = GAME_FIELDS[:-1]
# Files written before house rules existed have no "rules": those games were standard.
# A game's "changes", and an entry's "corrections", are there only when it has some.
OPTIONAL_GAME_FIELDS = frozenset({"rules", "changes"})


@dataclass(frozen=True)
class CheckedGame:
    """A game from a file, replayed through the rules and ready to store."""

    state: GameState
    created_at: datetime
    updated_at: datetime
    trail: Trail = NO_TRAIL


@dataclass(frozen=True)
class ListedGames:
    """The games an export file lists, as read from its JSON and not yet checked."""

    with_trail: bool  # a file of the second format, whose games may carry their trail
    games: list[object]


def checked_game(listed: ListedGames, position: int) -> CheckedGame:
    """The game at ``position`` (from 1) of the file, replayed through the rules; refused,
    naming it by its place in the file, if it (or its trail) is out of shape or breaks a
    rule."""
    return _checked_game(position, listed.games[position - 1], listed.with_trail)


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
        "%(game)s, entry %(number)s (Round %(round)s · %(step)s): %(refusal)s",
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
