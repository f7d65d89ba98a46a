"""Words for the rules' values, as players say them."""

from flask import Flask

from .rules import Hand, Step

HAND_LABELS: dict[Hand, str] = {
    Hand.ONE_PAIR: "One pair",
    Hand.TWO_PAIR: "Two pair",
    Hand.THREE_OF_A_KIND: "Three of a kind",
    Hand.STRAIGHT: "Straight",
    Hand.FLUSH: "Flush",
    Hand.FULL_HOUSE: "Full house",
    Hand.FOUR_OF_A_KIND: "Four of a kind",
    Hand.STRAIGHT_FLUSH: "Straight flush",
    Hand.ROYAL_FLUSH: "Royal flush",
}

STEP_LABELS: dict[Step, str] = {
    Step.PHASE1: "Phase 1",
    Step.PHASE2: "Phase 2",
    Step.TRICKS: "Tricks",
    Step.PHASE3: "Phase 3",
}

STEP_QUESTIONS: dict[Step, str] = {
    Step.PHASE1: "best hand?",
    Step.PHASE2: "best hand?",
    Step.TRICKS: "last trick or Chicago?",
    Step.PHASE3: "best hand after the tricks?",
}


def signed(points: int) -> str:
    """Points with their sign, using a true minus: +5, −15."""
    return f"+{points}" if points >= 0 else f"\u2212{-points}"


def register(app: Flask) -> None:
    """Make the labels available to templates."""
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.globals.update(hand_labels=HAND_LABELS, step_labels=STEP_LABELS)
