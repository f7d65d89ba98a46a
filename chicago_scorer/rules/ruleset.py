"""Every number the rules use, gathered in one frozen value."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType


class Hand(StrEnum):
    """The scoring poker hands, weakest first."""

    ONE_PAIR = "one_pair"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    ROYAL_FLUSH = "royal_flush"


STANDARD_HAND_POINTS: Mapping[Hand, int] = MappingProxyType(
    {
        Hand.ONE_PAIR: 1,
        Hand.TWO_PAIR: 2,
        Hand.THREE_OF_A_KIND: 3,
        Hand.STRAIGHT: 4,
        Hand.FLUSH: 5,
        Hand.FULL_HOUSE: 6,
        Hand.FOUR_OF_A_KIND: 7,
        Hand.STRAIGHT_FLUSH: 8,
        Hand.ROYAL_FLUSH: 52,
    }
)


@dataclass(frozen=True)
class RuleSet:
    """The numbers a table plays by; the fold reads every rule from here."""

    hand_points: Mapping[Hand, int] = field(default_factory=lambda: STANDARD_HAND_POINTS)
    last_trick_points: int = 5
    chicago_points: int = 15
    chicago_penalty: int = 15
    chicago_min_score: int = 15
    target: int = 52
    score_floor: int = 0

    def points_for(self, hand: Hand) -> int:
        """Points a winning hand scores."""
        return self.hand_points[hand]

    def floored(self, score: int) -> int:
        """A score raised to the floor if a change took it below."""
        return max(self.score_floor, score)


STANDARD_RULES = RuleSet()
