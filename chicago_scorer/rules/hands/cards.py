"""Playing cards, and reading a five-card hand from what a person types."""

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..errors import Message, RuleViolation, counted, quoted, sentence
from ..names import code_point
from ..unicode.invisible import is_invisible

HAND_SIZE = 5
LOWEST_RANK = 2
ACE = 14

RANK_SYMBOLS: dict[int, str] = {rank: str(rank) for rank in range(LOWEST_RANK, 11)} | {
    11: "J",
    12: "Q",
    13: "K",
    ACE: "A",
}

_RANKS_BY_TEXT: dict[str, int] = {symbol: rank for rank, symbol in RANK_SYMBOLS.items()} | {
    "T": 10
}

# Phone keyboards often send a suit symbol followed by a variation selector, which draws
# it as an emoji (U+FE0F) or as text (U+FE0E): the same suit either way.
_SUIT_STYLES = str.maketrans("", "", "\ufe0e\ufe0f")
_SEPARATORS = re.compile(r"[\s,]+")
_WHAT_A_CARD_IS = sentence("use a rank 2–10, J, Q, K or A and a suit s, h, d, c or ♠ ♥ ♦ ♣.")
_SEPARATE_THE_CARDS = sentence("separate the cards with spaces or commas.")


class Suit(StrEnum):
    """The four suits, by the letter used to type them."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """The suit's printed symbol."""
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUITS_BY_TEXT: dict[str, Suit] = {suit.value: suit for suit in Suit} | {
    symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank from 2 to 14 (ace high) and a suit."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if self.rank not in RANK_SYMBOLS or not isinstance(self.suit, Suit):
            raise ValueError(f"not a card: rank {self.rank!r}, suit {self.suit!r}")

    def __str__(self) -> str:
        return f"{RANK_SYMBOLS[self.rank]}{self.suit}"


DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in Suit for rank in range(LOWEST_RANK, ACE + 1)
)
_DECK_BY_RANK_AND_SUIT = {(card.rank, card.suit): card for card in DECK}


def rank_symbol(rank: int) -> str:
    """How a rank is printed: 2 to 10, J, Q, K or A."""
    return RANK_SYMBOLS[rank]


def _not_a_card(given: str, advice: Message) -> Message:
    return sentence("%(given)s is not a card: %(advice)s", given=given, advice=advice)


def parse_card(text: object) -> Card:
    """Read one card such as 'As', 'AS', '10h', 'Th', 'td' or 'A♠'."""
    if not isinstance(text, str):
        raise RuleViolation(_not_a_card(quoted(text), _WHAT_A_CARD_IS), "hand")
    cleaned = text.strip().translate(_SUIT_STYLES)
    hidden = next((character for character in cleaned if is_invisible(character)), None)
    if hidden is not None:  # the card may look right: say what is in it that does not show
        advice = sentence(
            "it has an invisible character (%(code)s); type it again without it.",
            code=code_point(hidden),
        )
        raise RuleViolation(_not_a_card(quoted(text.strip()), advice), "hand")
    rank = _RANKS_BY_TEXT.get(cleaned[:-1].upper())
    suit = _SUITS_BY_TEXT.get(cleaned[-1:].lower())
    if rank is None or suit is None:
        advice = _SEPARATE_THE_CARDS if len(cleaned) > 3 and rank is None else _WHAT_A_CARD_IS
        raise RuleViolation(_not_a_card(quoted(text.strip()), advice), "hand")
    return _DECK_BY_RANK_AND_SUIT[rank, suit]


def _pieces(cards: object) -> list[object] | None:
    """A hand's cards one by one, as given in one string or a sequence; None for neither."""
    if isinstance(cards, str):
        return [piece for piece in _SEPARATORS.split(cards.strip()) if piece]
    if isinstance(cards, Sequence):
        return list(cards)
    return None


def readable_cards(cards: object) -> tuple[Card, ...]:
    """The cards of a hand (as ``parse_hand`` takes one) that read as cards, each once:
    what a hand shows even when it is refused for too few cards or an unknown one."""
    readable: dict[Card, None] = {}
    for piece in _pieces(cards) or []:
        try:
            readable.setdefault(parse_card(piece))
        except RuleViolation:
            continue
    return tuple(readable)


def parse_hand(cards: object) -> tuple[Card, ...]:
    """Read exactly five distinct cards, given as one string or a sequence of strings."""
    pieces = _pieces(cards)
    if pieces is None:
        raise RuleViolation(
            "A hand is five cards, such as 'As Ks Qs Js 10s'.",
            "hand",
        )
    hand = tuple(parse_card(piece) for piece in pieces)
    if len(hand) != HAND_SIZE:
        if not hand:
            raise RuleViolation(
                sentence("A hand has %(size)s cards; none were given.", size=HAND_SIZE), "hand"
            )
        given = " ".join(piece.strip() for piece in pieces)
        raise RuleViolation(
            sentence(
                "A hand has %(size)s cards; %(given)s has %(count)s.",
                size=HAND_SIZE,
                given=quoted(given),
                count=len(hand),
            ),
            "hand",
        )
    repeated = [(card, count) for card, count in Counter(hand).items() if count > 1]
    if repeated:
        card, count = repeated[0]
        if count == 2:
            raise RuleViolation(sentence("%(card)s appears twice.", card=str(card)), "hand")
        raise RuleViolation(
            counted(
                "%(card)s appears %(count)s time.",
                "%(card)s appears %(count)s times.",
                count,
                card=str(card),
            ),
            "hand",
        )
    return hand
