"""Telling an entry sent again from another entry.

Two entries are the same entry when the rules read them alike: the same round and step,
and the same outcome, hand, cards and player, the player however spelt or cased (as the
game spells the name) and the cards however written and in whichever order, since five
cards are a hand whatever order they are typed in. The order of the fields, the spaces
between them and the spelling of a name do not make another entry.
"""

from collections.abc import Iterable, Mapping

from .cards import parse_hand
from .corrections import named_player, renamed
from .errors import RuleError
from .events import event_to_dict, read_event
from .setup import GameSetup


def entry_as_logged(setup: GameSetup, data: Mapping[str, object]) -> dict[str, object] | None:
    """An entry in the form the log keeps it (parsed, its player named as the game spells
    the name), or None if it cannot be read as an entry of this game."""
    try:
        event = read_event(data)
        name = named_player(event)
        if name is not None:
            event = renamed(event, {name: setup.players[setup.seat_of(name)]})
    except RuleError:
        return None
    return event_to_dict(event)


def is_same_entry(
    setup: GameSetup, data: Mapping[str, object], recorded: Iterable[Mapping[str, object]]
) -> bool:
    """Whether ``data`` is the entry recorded in one of these forms (as the log keeps it)."""
    sent = entry_as_logged(setup, data)
    if sent is None:
        return False
    compared = _as_compared(sent)
    return any(compared == _as_compared(logged) for logged in recorded)


def _as_compared(entry: Mapping[str, object]) -> dict[str, object]:
    """An entry (as the log keeps it) with its cards, if any, as the set of cards they
    are: the log keeps them in the order they were typed, which says nothing."""
    compared = dict(entry)
    if compared.get("cards") is not None:
        compared["cards"] = frozenset(parse_hand(compared["cards"]))
    return compared
