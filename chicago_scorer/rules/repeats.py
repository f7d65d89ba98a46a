"""Telling an entry sent again from another entry.

Two entries are the same entry when the rules read them alike: the same round and step,
and the same outcome, hand, cards and player, the player however spelt or cased (as the
game spells the name) and the cards however written and in whichever order, since five
cards are a hand whatever order they are typed in. The order of the fields, the spaces
between them and the spelling of a name do not make another entry.
"""

from collections.abc import Iterable, Mapping, Sequence
from itertools import chain

from .corrections import named_player, renamed
from .errors import RuleError
from .events import Event, event_to_dict, read_event, says_the_same
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
    earlier_seatings: Iterable[Sequence[str]] = (),
) -> bool:
    """Whether ``data`` is the entry recorded in one of these forms (as the log keeps it).

    ``earlier_seatings`` gives the players' names, seat by seat, as the game had them
    before each fix of names: an entry sent before a fix names its player the old way, and
    the fix renamed the log, so "Bjorn" sent again after the fix to "Björn" is still that
    entry, and so is "Ann" after a fix that swapped Ann's and Bo's seats.
    """
    logged = [read_event(entry) for entry in recorded]
    # The earlier seatings are looked at only if the names now do not find the entry.
    for seating in chain((setup.players,), earlier_seatings):
        sent = _read_in_game(setup, data, seating)
        if sent is not None and any(says_the_same(sent, event) for event in logged):
            return True
    return False


def _read_in_game(
    setup: GameSetup, data: Mapping[str, object], seating: Sequence[str] | None = None
) -> Event | None:
    """The entry, its player named as the game spells the name now, the player found by
    their seat in ``seating`` (the game's names now, unless another is given); None if it
    cannot be read as an entry of this game."""
    try:
        event = read_event(data)
        name = named_player(event)
        if name is not None:
            seated = setup if seating is None else GameSetup(tuple(seating))
            event = renamed(event, {name: setup.players[seated.seat_of(name)]})
    except RuleError:
        return None
    return event
