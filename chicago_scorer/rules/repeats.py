"""Telling an entry sent again from another entry.

Two entries are the same entry when the rules read them alike: the same round and step,
and the same outcome, hand, cards and player, the player however spelt or cased (as the
game spells the name) and the cards however written and in whichever order, since five
cards are a hand whatever order they are typed in. The order of the fields, the spaces
between them and the spelling of a name do not make another entry.
"""

from collections.abc import Iterable, Mapping

from .corrections import named_player, renamed
from .errors import RuleError
from .events import Event, event_to_dict, read_event, says_the_same
from .names import same_name_key
from .setup import GameSetup


def entry_as_logged(setup: GameSetup, data: Mapping[str, object]) -> dict[str, object] | None:
    """An entry in the form the log keeps it (parsed, its player named as the game spells
    the name), or None if it cannot be read as an entry of this game."""
    event = _read_in_game(setup, data)
    return None if event is None else event_to_dict(event)


def is_same_entry(
    setup: GameSetup,
    data: Mapping[str, object],
    recorded: Iterable[Mapping[str, object]],
    former_names: Mapping[str, str] | None = None,
) -> bool:
    """Whether ``data`` is the entry recorded in one of these forms (as the log keeps it).

    ``former_names`` gives the names that fixes have since replaced, each with the name
    its seat has now: an entry sent before a fix names its player the old way, and a fix
    renames the log, so "Bjorn" sent again after the fix to "Björn" is still that entry.
    """
    sent = _read_in_game(setup, data, former_names or {})
    return sent is not None and any(says_the_same(sent, read_event(logged)) for logged in recorded)


def _read_in_game(
    setup: GameSetup, data: Mapping[str, object], former_names: Mapping[str, str] | None = None
) -> Event | None:
    """The entry, its player named as the game spells the name; None if it cannot be read
    as an entry of this game."""
    try:
        event = read_event(data)
        name = named_player(event)
        if name is not None:
            event = renamed(event, {name: _named_now(setup, name, former_names or {})})
    except RuleError:
        return None
    return event


def _named_now(setup: GameSetup, name: str, former_names: Mapping[str, str]) -> str:
    """The game's name now for the player ``name`` names, however spelt or cased: one of
    its players, or else a name a fix replaced, by the name that replaced it."""
    try:
        return setup.players[setup.seat_of(name)]
    except RuleError:
        wanted = same_name_key(name)
        for former, now in former_names.items():
            if same_name_key(former) == wanted:
                return setup.players[setup.seat_of(now)]
        raise
