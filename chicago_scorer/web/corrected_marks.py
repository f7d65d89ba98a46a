"""The mark a corrected entry carries in the scoreboard's round log and in the review:
"corrected, was Ann · two pair", from the trail of its earlier versions.

The trail keeps what an earlier version said, not what it scored (that depended on the
game as it then stood), so the mark says it without points.
"""

from collections.abc import Sequence

from chicago_scorer.rules import ChicagoCall, Event, HandResult, LastTrick, Outcome, read_event
from chicago_scorer.services.game_answers import Correction
from chicago_scorer.web.languages.translation import gettext
from chicago_scorer.web.languages.wording import hand_words


def said(event: Event) -> str:
    """What an entry said, without its points: 'Ann · two pair', 'Bo Chicago lost'."""
    match event:
        case HandResult(outcome=Outcome.WIN, winner=str(winner), hand=hand) if hand:
            return gettext("%(name)s · %(hand)s", name=winner, hand=hand_words(hand))
        case HandResult(outcome=Outcome.TIE):
            return gettext("Tie: nobody scores")
        case HandResult():
            return gettext("Nobody had a hand")
        case LastTrick(taker=taker, with_deuce=True):
            # Translators: a last trick taken with a two (deuce) card.
            return gettext("%(name)s · last trick with a 2", name=taker)
        case LastTrick(taker=taker):
            return gettext("%(name)s · last trick", name=taker)
        case ChicagoCall(caller=caller, won=True):
            return gettext("%(name)s Chicago won", name=caller)
        case ChicagoCall(caller=caller):
            return gettext("%(name)s Chicago lost", name=caller)
    raise TypeError(f"not an event: {event!r}")


def corrected_mark(earlier: Sequence[Correction]) -> str | None:
    """'corrected, was …' for an entry with earlier versions (oldest first), saying the
    one the last correction replaced; None for an entry never corrected."""
    if not earlier:
        return None
    # Translators: after a corrected entry of the round log, like "corrected, was Ann · two pair".
    return gettext("corrected, was %(entry)s", entry=said(read_event(earlier[-1].was)))
