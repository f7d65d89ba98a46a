"""The mark a corrected entry carries in the scoreboard's round log and in the review:
"corrected, was Ann · two pair", from the trail of its earlier versions.

The trail keeps what an earlier version said, not what it scored (that depended on the
game as it then stood), so the mark says it without points.
"""

from collections.abc import Sequence

from chicago_scorer.rules import read_event
from chicago_scorer.services.game_answers import Correction
from chicago_scorer.web.entry_words import entry_words
from chicago_scorer.web.languages.translation import gettext


def corrected_mark(earlier: Sequence[Correction]) -> str | None:
    """'corrected, was …' for an entry with earlier versions (oldest first), saying the
    one the last correction replaced; None for an entry never corrected."""
    if not earlier:
        return None
    # Translators: after a corrected entry of the round log, like "corrected, was Ann · two pair".
    return gettext("corrected, was %(entry)s", entry=entry_words(read_event(earlier[-1].was)))
