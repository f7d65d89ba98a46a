"""Every number and switch the rules use, gathered in one frozen value.

The fold reads each rule from the game's ``RuleSet`` and never asks which preset it
came from. Where settings meet, the core applies them in the order written at the
top of ``game.py``.
"""

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
    """The rules a table plays by; the defaults are the standard rules."""

    target: int = 52
    exact_target: bool = False
    hand_points: Mapping[Hand, int] = field(default_factory=lambda: STANDARD_HAND_POINTS)
    royal_flush_wins: bool = False
    last_trick_points: int = 5
    deuce_last_trick_points: int | None = None
    chicago_points: int = 15
    chicago_penalty: int = 15
    chicago_failure_to_zero: bool = False
    chicago_min_score: int = 15
    must_win_on_last_trick: bool = False
    chicago_required_to_win: bool = False
    exchange_stop: int | None = None
    score_floor: int = 0

    def __hash__(self) -> int:
        return hash(
            tuple(sorted(self.hand_points.items()))
            + tuple(value for key, value in self.settings().items() if key != "hand_points")
        )

    def points_for(self, hand: Hand) -> int:
        """Points a winning hand scores."""
        return self.hand_points[hand]

    def floored(self, score: int) -> int:
        """A score raised to the floor if a change took it below."""
        return max(self.score_floor, score)

    def last_trick_value(self, with_deuce: bool) -> int:
        """Points for the last trick, taken with a deuce or not."""
        if with_deuce and self.deuce_last_trick_points is not None:
            return self.deuce_last_trick_points
        return self.last_trick_points

    def settings(self) -> dict[str, object]:
        """Every setting in its JSON form, as games store and the API shows them."""
        return {
            "target": self.target,
            "exact_target": self.exact_target,
            "hand_points": {str(hand): points for hand, points in self.hand_points.items()},
            "royal_flush_wins": self.royal_flush_wins,
            "last_trick_points": self.last_trick_points,
            "deuce_last_trick_points": self.deuce_last_trick_points,
            "chicago_points": self.chicago_points,
            "chicago_penalty": self.chicago_penalty,
            "chicago_failure_to_zero": self.chicago_failure_to_zero,
            "chicago_min_score": self.chicago_min_score,
            "must_win_on_last_trick": self.must_win_on_last_trick,
            "chicago_required_to_win": self.chicago_required_to_win,
            "exchange_stop": self.exchange_stop,
        }


STANDARD_RULES = RuleSet()
