"""What a five-card hand is, and a key that puts every hand in poker order."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import prod

from ..ruleset import Hand
from .cards import ACE, HAND_SIZE, LOWEST_RANK, Card, parse_hand


class Category(StrEnum):
    """Every kind of five-card hand, weakest first: high card, then the scoring hands."""

    HIGH_CARD = "high_card"
    ONE_PAIR = Hand.ONE_PAIR.value
    TWO_PAIR = Hand.TWO_PAIR.value
    THREE_OF_A_KIND = Hand.THREE_OF_A_KIND.value
    STRAIGHT = Hand.STRAIGHT.value
    FLUSH = Hand.FLUSH.value
    FULL_HOUSE = Hand.FULL_HOUSE.value
    FOUR_OF_A_KIND = Hand.FOUR_OF_A_KIND.value
    STRAIGHT_FLUSH = Hand.STRAIGHT_FLUSH.value
    ROYAL_FLUSH = Hand.ROYAL_FLUSH.value

    @property
    def strength(self) -> int:
        """0 for high card up to 9 for a royal flush."""
        return _CATEGORY_ORDER.index(self)

    @property
    def hand(self) -> Hand | None:
        """The scoring hand this is, or None for high card."""
        return None if self is Category.HIGH_CARD else Hand(self.value)


_CATEGORY_ORDER: tuple[Category, ...] = tuple(Category)


@dataclass(frozen=True, order=True)
class Ranking:
    """A hand's category and its poker-order key; equal keys are an exact tie.

    The key is the category's strength followed by the ranks that decide between
    hands of that category, most significant first: the rank of the biggest group
    (quads, trips, the higher pair), then smaller groups, then kickers high to low.
    A straight or straight flush is keyed by its top card, 5 for the wheel A-2-3-4-5.
    """

    key: tuple[int, ...]
    category: Category = field(compare=False)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The deciding ranks, most significant first."""
        return self.key[1:]


def classify(cards: Sequence[Card]) -> Ranking:
    """The ranking of five distinct cards (as parse_hand gives them)."""
    first, second, third, fourth, fifth = cards
    suit = first.suit
    is_flush = second.suit is suit and third.suit is suit and fourth.suit is suit
    is_flush = is_flush and fifth.suit is suit
    signature = (
        _PRIME_OF_RANK[first.rank]
        * _PRIME_OF_RANK[second.rank]
        * _PRIME_OF_RANK[third.rank]
        * _PRIME_OF_RANK[fourth.rank]
        * _PRIME_OF_RANK[fifth.rank]
    )
    return _rankings_by_signature()[is_flush][signature]


def rank_hand(cards: object) -> Ranking:
    """Read a hand as parse_hand does and rank it."""
    return classify(parse_hand(cards))


# A product of one prime per rank is the same for every ordering of the same ranks,
# so with a flush flag it identifies one of the 7,462 distinct five-card hands.
_PRIME_OF_RANK: tuple[int, ...] = (0, 0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


@cache
def _rankings_by_signature() -> tuple[dict[int, Ranking], dict[int, Ranking]]:
    """The ranking of every rank multiset, without and with a flush (built once, on use)."""
    all_ranks = range(LOWEST_RANK, ACE + 1)
    plain = {
        _signature(ranks): _ranking_of(ranks, is_flush=False)
        for ranks in combinations_with_replacement(all_ranks, HAND_SIZE)
        if len(set(ranks)) > 1
    }
    suited = {
        _signature(ranks): _ranking_of(ranks, is_flush=True)
        for ranks in combinations(all_ranks, HAND_SIZE)
    }
    return plain, suited


def _signature(ranks: Sequence[int]) -> int:
    return prod(_PRIME_OF_RANK[rank] for rank in ranks)


def _ranking_of(ranks: Sequence[int], *, is_flush: bool) -> Ranking:
    """Rank five cards the plain way; used only to fill the lookup table."""
    groups = sorted(Counter(ranks).items(), key=lambda group: (group[1], group[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    by_significance = tuple(rank for rank, _ in groups)
    straight_top = _straight_top(ranks)
    if straight_top is not None and is_flush:
        category = Category.ROYAL_FLUSH if straight_top == ACE else Category.STRAIGHT_FLUSH
        return Ranking((category.strength, straight_top), category)
    if straight_top is not None:
        return Ranking((Category.STRAIGHT.strength, straight_top), Category.STRAIGHT)
    if is_flush:
        return Ranking((Category.FLUSH.strength, *by_significance), Category.FLUSH)
    category = _CATEGORY_BY_SHAPE[shape]
    return Ranking((category.strength, *by_significance), category)


_CATEGORY_BY_SHAPE: dict[tuple[int, ...], Category] = {
    (4, 1): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (2, 2, 1): Category.TWO_PAIR,
    (2, 1, 1, 1): Category.ONE_PAIR,
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
}

_WHEEL = frozenset({ACE, 2, 3, 4, 5})


def _straight_top(ranks: Sequence[int]) -> int | None:
    """The top card of a straight (5 for the wheel), or None if it is no straight."""
    distinct = set(ranks)
    if len(distinct) != HAND_SIZE:
        return None
    if distinct == _WHEEL:
        return 5
    if max(distinct) - min(distinct) == HAND_SIZE - 1:
        return max(distinct)
    return None
