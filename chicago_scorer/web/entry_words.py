"""A recorded entry in a few words, for the round log, the review's marks of corrected
entries and the messages about an undo or a correction: with the points it moved when
they are known ("Ann +2 · two pair"), else what it said ("Ann · two pair"). The review's
table says less, its columns naming the step (``history.review.cell_text``)."""

from collections.abc import Mapping

from chicago_scorer.rules import ChicagoCall, Event, HandResult, LastTrick, Outcome
from chicago_scorer.web.languages.labels import signed
from chicago_scorer.web.languages.translation import gettext
from chicago_scorer.web.languages.wording import hand_words
from chicago_scorer.web.player_names import isolated_name_text


def entry_words(event: Event, points: Mapping[str, int] | None = None) -> str:
    """'Ann +2 · two pair', 'Bo Chicago lost −15'; without ``points``, 'Ann · two pair',
    'Cy · last trick with a 2' (the points an entry moved say the deuce themselves)."""
    # Each name is isolated from the words around it (see player_names.py).
    match event:
        case HandResult(outcome=Outcome.WIN, winner=str(winner), hand=hand) if hand:
            if points is None:
                return gettext(
                    "%(name)s · %(hand)s", name=isolated_name_text(winner), hand=hand_words(hand)
                )
            return gettext(
                "%(name)s %(points)s · %(hand)s",
                name=isolated_name_text(winner),
                points=signed(points[winner]),
                hand=hand_words(hand),
            )
        case HandResult(outcome=Outcome.TIE):
            # Translators: a recorded tie, said after "Last entry:" or "Removed:"; the
            # button that records one says "Tie: nobody scores".
            return gettext("Tie · nobody scored")
        case HandResult():
            return gettext("Nobody had a hand")
        case LastTrick(taker=taker, with_deuce=with_deuce):
            if points is not None:
                return gettext(
                    "%(name)s %(points)s · last trick",
                    name=isolated_name_text(taker),
                    points=signed(points[taker]),
                )
            if with_deuce:
                # Translators: a last trick taken with a two (deuce) card.
                return gettext("%(name)s · last trick with a 2", name=isolated_name_text(taker))
            return gettext("%(name)s · last trick", name=isolated_name_text(taker))
        case ChicagoCall(caller=caller, won=True):
            if points is None:
                return gettext("%(name)s Chicago won", name=isolated_name_text(caller))
            return gettext(
                "%(name)s Chicago won %(points)s",
                name=isolated_name_text(caller),
                points=signed(points[caller]),
            )
        case ChicagoCall(caller=caller):
            if points is None:
                return gettext("%(name)s Chicago lost", name=isolated_name_text(caller))
            return gettext(
                "%(name)s Chicago lost %(points)s",
                name=isolated_name_text(caller),
                points=signed(points[caller]),
            )
    raise TypeError(f"not an event: {event!r}")
