"""The entries of a game's log, and their one JSON form (shared by API and storage)."""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import ClassVar

from .errors import Message, RuleViolation, quoted, sentence
from .hands.cards import Card, parse_hand
from .hands.hand_words import CATEGORY_WORDS, describe
from .hands.ranking import Category, classify
from .ruleset import Hand


class Step(StrEnum):
    """The four recorded steps of a round, in the order they happen."""

    PHASE1 = "phase1"
    PHASE2 = "phase2"
    TRICKS = "tricks"
    PHASE3 = "phase3"


STEP_ORDER: tuple[Step, ...] = tuple(Step)

# Each step's name as players say it, for messages and labels in any language.
STEP_WORDS: dict[Step, Message] = {
    Step.PHASE1: sentence("Phase 1"),
    Step.PHASE2: sentence("Phase 2"),
    Step.TRICKS: sentence("Tricks"),
    Step.PHASE3: sentence("Phase 3"),
}
HAND_STEPS = frozenset({Step.PHASE1, Step.PHASE2, Step.PHASE3})


class Outcome(StrEnum):
    """How a hand step ended."""

    WIN = "win"
    TIE = "tie"
    NONE = "none"


@dataclass(frozen=True)
class HandResult:
    """The best hand of phase 1, 2 or 3: one winner, an exact tie, or no hand at all."""

    round: int
    step: Step
    outcome: Outcome
    winner: str | None = None
    hand: Hand | None = None
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class LastTrick:
    """The tricks step without Chicago: who took the last trick."""

    round: int
    taker: str
    with_deuce: bool = False
    step: ClassVar[Step] = Step.TRICKS


@dataclass(frozen=True)
class ChicagoCall:
    """The tricks step with Chicago: who called it and whether they took all five."""

    round: int
    caller: str
    won: bool
    step: ClassVar[Step] = Step.TRICKS


Event = HandResult | LastTrick | ChicagoCall

_HAND_STEP_FIELDS = frozenset({"round", "step", "outcome", "winner", "hand", "cards"})
# Built once: every stored entry a page shows is read again, and listing an enum is slow.
_OUTCOMES: tuple[Outcome, ...] = tuple(Outcome)
_HANDS: tuple[Hand, ...] = tuple(Hand)
_TRICKS_FIELDS = frozenset({"round", "step", "last_trick", "with_deuce", "chicago", "chicago_won"})


def _choices(values) -> str:
    return ", ".join(str(value) for value in values)


def read_position(data: Mapping[str, object]) -> tuple[int, Step]:
    """The round and step an entry claims to be for."""
    if not isinstance(data, Mapping):
        raise RuleViolation("An entry is an object with 'round', 'step' and its result.")
    round_number = data.get("round")
    if round_number is None:
        raise RuleViolation("Say which round this is for: 'round' is missing.", "round")
    if type(round_number) is not int or round_number < 1:
        raise RuleViolation("'round' must be a whole number from 1 up.", "round")
    step = data.get("step")
    if step is None:
        raise RuleViolation("Say which step this is for: 'step' is missing.", "step")
    if step not in STEP_ORDER:
        raise RuleViolation(
            sentence("'step' must be one of %(steps)s.", steps=_choices(STEP_ORDER)), "step"
        )
    return round_number, Step(step)


def _reject_unknown_fields(data: Mapping[str, object], allowed: frozenset[str], step: Step):
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise RuleViolation(
            sentence(
                "The %(step)s step does not take %(unknown)s; it takes %(allowed)s.",
                step=str(step),
                unknown=_choices(quoted(key) for key in unknown),
                allowed=_choices(sorted(allowed)),
            )
        )


def _player_name(data: Mapping[str, object], key: str) -> str:
    name = data.get(key)
    if not isinstance(name, str) or not name.strip():
        raise RuleViolation(sentence("'%(key)s' must be a player's name.", key=key), key)
    return name.strip()


def _read_hand_result(data: Mapping[str, object], round_number: int, step: Step) -> HandResult:
    _reject_unknown_fields(data, _HAND_STEP_FIELDS, step)
    outcome = data.get("outcome")
    if outcome not in _OUTCOMES:
        raise RuleViolation(
            sentence(
                "'outcome' must be one of %(outcomes)s: a winner, a tie, or no hand.",
                outcomes=_choices(Outcome),
            ),
            "outcome",
        )
    if outcome != Outcome.WIN:
        extras = [key for key in ("winner", "hand", "cards") if data.get(key) is not None]
        if extras:
            raise RuleViolation(
                sentence(
                    "A '%(outcome)s' outcome scores nobody: leave out %(extras)s.",
                    outcome=outcome,
                    extras=_choices(extras),
                ),
                extras[0],
            )
        return HandResult(round_number, step, Outcome(outcome))
    winner = _player_name(data, "winner")
    hand = data.get("hand")
    if hand is None:
        raise RuleViolation(
            sentence(
                "Say which hand %(winner)s won with: 'hand' is missing.", winner=quoted(winner)
            ),
            "hand",
        )
    if hand not in _HANDS:
        raise RuleViolation(
            sentence(
                "Unknown hand %(hand)s: use one of %(hands)s.",
                hand=quoted(hand),
                hands=_choices(Hand),
            ),
            "hand",
        )
    cards = None if data.get("cards") is None else _cards_making(data["cards"], Hand(hand))
    return HandResult(round_number, step, Outcome.WIN, winner, Hand(hand), cards)


def _cards_making(text: object, hand: Hand) -> tuple[Card, ...]:
    """The winner's five cards, which must make the hand declared."""
    try:
        cards = parse_hand(text)
    except RuleViolation as refusal:
        raise RuleViolation(
            sentence("The winner's cards: %(refusal)s", refusal=refusal.text), "cards"
        ) from None
    ranking = classify(cards)
    if ranking.category.hand is not hand:
        raise RuleViolation(
            sentence(
                "Those cards make %(made)s, not %(declared)s: check the cards or the hand.",
                made=describe(ranking),
                declared=CATEGORY_WORDS[Category(hand.value)],
            ),
            "cards",
        )
    return cards


def _read_tricks(data: Mapping[str, object], round_number: int) -> LastTrick | ChicagoCall:
    _reject_unknown_fields(data, _TRICKS_FIELDS, Step.TRICKS)
    has_last_trick = data.get("last_trick") is not None
    has_chicago = data.get("chicago") is not None
    if has_last_trick and has_chicago:
        raise RuleViolation(
            "Record either the last trick or a Chicago call, not both: "
            "a called Chicago decides the tricks.",
            "chicago",
        )
    if has_last_trick:
        if "chicago_won" in data:
            raise RuleViolation("'chicago_won' goes with a Chicago call only.", "chicago_won")
        with_deuce = data.get("with_deuce", False)
        if not isinstance(with_deuce, bool):
            raise RuleViolation(
                "'with_deuce' must be true or false: was the last trick taken with a 2?",
                "with_deuce",
            )
        return LastTrick(round_number, _player_name(data, "last_trick"), with_deuce)
    if has_chicago:
        # False says what leaving it out says: the call decides the tricks, not a 2.
        if data.get("with_deuce", False) is not False:
            raise RuleViolation("'with_deuce' goes with the last trick only.", "with_deuce")
        won = data.get("chicago_won")
        if not isinstance(won, bool):
            raise RuleViolation(
                "'chicago_won' must be true or false: did the caller take all five tricks?",
                "chicago_won",
            )
        return ChicagoCall(round_number, _player_name(data, "chicago"), won)
    raise RuleViolation(
        "Say who took the last trick ('last_trick'), or who called Chicago ('chicago').",
        "last_trick",
    )


def read_event(data: Mapping[str, object]) -> Event:
    """Parse an entry in its JSON form, refusing anything malformed."""
    round_number, step = read_position(data)
    if step is Step.TRICKS:
        return _read_tricks(data, round_number)
    return _read_hand_result(data, round_number, step)


def says_the_same(one: Event, other: Event) -> bool:
    """Whether two entries say the same: their cards, if any, count as the hand they are,
    in whatever order they were typed (the log keeps that order, which says nothing)."""
    return _as_said(one) == _as_said(other)


def _as_said(event: Event) -> object:
    if isinstance(event, HandResult) and event.cards is not None:
        return replace(event, cards=None), frozenset(event.cards)
    return event


def event_to_dict(event: Event) -> dict[str, object]:
    """The JSON form of an entry, as the API shows it and the log stores it."""
    position: dict[str, object] = {"round": event.round, "step": str(event.step)}
    match event:
        case HandResult(outcome=Outcome.WIN, cards=None):
            return position | {"outcome": "win", "winner": event.winner, "hand": str(event.hand)}
        case HandResult(outcome=Outcome.WIN, cards=cards):
            win = {"outcome": "win", "winner": event.winner, "hand": str(event.hand)}
            return position | win | {"cards": " ".join(str(card) for card in cards)}
        case HandResult():
            return position | {"outcome": str(event.outcome)}
        case LastTrick(with_deuce=True):
            return position | {"last_trick": event.taker, "with_deuce": True}
        case LastTrick():
            return position | {"last_trick": event.taker}
        case ChicagoCall():
            return position | {"chicago": event.caller, "chicago_won": event.won}
    raise TypeError(f"not an event: {event!r}")
