"""An entry sent again with the Idempotency-Key it was recorded with: found, not recorded
twice.

A phone that sent an entry and lost the answer sends it again with the same key. If the
game's log holds an entry with that key, and it is the same entry (as the rules read it:
``rules.repeats``), nothing is recorded and the answer is the game as it stands; an
entry sent with a key already used for another entry is refused. The entry is compared
with what it says now and with what it said before each correction, so a retry of an
entry that was corrected meanwhile is still that entry; and a player it names by a name
fixed meanwhile is that name's player.

A key is kept with its entry's row in the log: a correction keeps it, a rebuild of the
projections never touches it, and an undo removes it with the entry, so that the same
entry sent again after an undo is recorded again. Keys belong to one game (the same key
in another game names another entry), and they are not exported: they belong to the
conversation between a phone and this server, not to the game.
"""

from collections.abc import Iterator, Mapping

from chicago_scorer.rules.repeats import is_same_entry
from chicago_scorer.services.errors import IdempotencyKeyReused
from chicago_scorer.services.game_answers import RepeatedEntry
from chicago_scorer.services.seatings import earlier_seatings
from chicago_scorer.storage import game_log, trail
from chicago_scorer.storage.models import IDEMPOTENCY_KEY_LENGTH


def is_idempotency_key(key: str) -> bool:
    """Whether a key can name an entry: 1 to ``IDEMPOTENCY_KEY_LENGTH`` printable ASCII
    characters, as a header carries them and the log keeps them."""
    return 1 <= len(key) <= IDEMPOTENCY_KEY_LENGTH and all(" " <= c <= "~" for c in key)


def entry_sent_before(
    stored: game_log.StoredGame, idempotency_key: str, entry: Mapping[str, object]
) -> RepeatedEntry | None:
    """The entry this key already recorded in the game, if ``entry`` is that entry; None
    if the key recorded nothing here; refused if it recorded another entry."""
    keyed = game_log.entry_with_key(stored.id, idempotency_key)
    if keyed is None:
        return None
    if not is_same_entry(stored.setup(), entry, keyed.versions, _earlier_seatings(stored)):
        raise IdempotencyKeyReused(keyed.number)
    return RepeatedEntry(stored.id, keyed.number)


def _earlier_seatings(stored: game_log.StoredGame) -> Iterator[tuple[str, ...]]:
    """The players' names, seat by seat, before each fix of names, the latest fix first;
    the trail is read only once one is asked for."""
    for _, seating in earlier_seatings(stored.names, trail.changes_of(stored.id)):
        yield seating
