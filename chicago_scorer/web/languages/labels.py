"""Words for the rules' values, as players say them."""

from flask import Flask
from flask_babel import LazyString

from chicago_scorer.rules import Hand, Step
from chicago_scorer.rules.events import STEP_WORDS
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import lazy_gettext
from chicago_scorer.web.languages.wording import translate

HAND_LABELS: dict[Hand, str] = {
    # Translators: the nine hands' names stand three to a row on buttons, about 90 pixels
    # wide on a small phone: mark where a longer word may break with soft hyphens (U+00AD).
    Hand.ONE_PAIR: lazy_gettext("One pair"),
    Hand.TWO_PAIR: lazy_gettext("Two pair"),
    Hand.THREE_OF_A_KIND: lazy_gettext("Three of a kind"),
    Hand.STRAIGHT: lazy_gettext("Straight"),
    Hand.FLUSH: lazy_gettext("Flush"),
    Hand.FULL_HOUSE: lazy_gettext("Full house"),
    Hand.FOUR_OF_A_KIND: lazy_gettext("Four of a kind"),
    Hand.STRAIGHT_FLUSH: lazy_gettext("Straight flush"),
    Hand.ROYAL_FLUSH: lazy_gettext("Royal flush"),
}

STEP_LABELS: dict[Step, LazyString] = {
    step: LazyString(translate, words) for step, words in STEP_WORDS.items()
}

STEP_QUESTIONS: dict[Step, str] = {
    Step.PHASE1: lazy_gettext("best hand?"),
    Step.PHASE2: lazy_gettext("best hand?"),
    Step.TRICKS: lazy_gettext("last trick or Chicago?"),
    Step.PHASE3: lazy_gettext("best hand after the tricks?"),
}


def signed(points: int) -> str:
    """Points with their sign, using a true minus: +5, −15."""
    return f"+{format_number(points)}" if points >= 0 else f"\u2212{format_number(-points)}"


def register(app: Flask) -> None:
    """Make the labels available to templates."""
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.globals.update(hand_labels=HAND_LABELS, step_labels=STEP_LABELS)
