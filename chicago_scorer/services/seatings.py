"""The players' names as the game had them at any moment of its trail.

A fix of names renames the log, but the trail keeps what was: an earlier version of an
entry names its player as the game did when the entry was corrected, and a change's
``was`` and ``now`` are the names of that moment. So "Ann" in the trail may be the seat
that is "Bo" today, after a fix that swapped their names.
"""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime

from chicago_scorer.rules import event_to_dict, read_event
from chicago_scorer.rules.corrections import renamed
from chicago_scorer.storage.trail import Change, Correction


def earlier_seatings(
    names: Sequence[str], changes: Iterable[Change]
) -> Iterator[tuple[datetime, tuple[str, ...]]]:
    """The players' names, seat by seat, before each fix of names, the latest fix first,
    each with when that fix was made; ``names`` are the game's names now. A fix's renames
    are undone together, since it may swap two seats' names."""
    fixes: dict[datetime, dict[str, str]] = {}  # by when each fix was made, in order
    for change in changes:
        if change.what == "name":
            fixes.setdefault(change.at, {})[change.now] = change.was
    seating = tuple(names)
    for at, was_of in reversed(fixes.items()):
        seating = tuple(was_of.get(name, name) for name in seating)
        yield at, seating


def in_todays_names(
    corrections: Mapping[int, tuple[Correction, ...]],
    changes: Iterable[Change],
    names: Sequence[str],
) -> Mapping[int, tuple[Correction, ...]]:
    """The trail's earlier versions of entries, each naming its player as the game names
    that seat now: what "corrected, was …" beside an entry shows, so that it speaks of the
    seats the entry itself names. The trail itself, as the API and the export give it,
    keeps the names of its time."""
    fixes = list(earlier_seatings(names, changes))
    if not fixes or not corrections:
        return corrections

    def todays(correction: Correction) -> Correction:
        then = tuple(names)
        for fixed_at, before in fixes:  # undo each fix made after the correction
            if fixed_at <= correction.at:
                break
            then = before
        now_of = dict(zip(then, names, strict=True))
        was = event_to_dict(renamed(read_event(correction.was), now_of))
        return correction._replace(was=was)

    return {
        number: tuple(todays(correction) for correction in earlier)
        for number, earlier in corrections.items()
    }
