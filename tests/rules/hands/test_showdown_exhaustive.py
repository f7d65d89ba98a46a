"""Every one of the 2,598,960 five-card hands, classified by the real classifier."""

from collections import Counter
from itertools import combinations

from chicago_scorer.rules.hands.cards import DECK
from chicago_scorer.rules.hands.ranking import Category, classify

HANDS_OF_EACH_CATEGORY = {
    Category.ROYAL_FLUSH: 4,
    Category.STRAIGHT_FLUSH: 36,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

# Hands that differ only in suits tie, which leaves 7,462 different strengths.
DIFFERENT_STRENGTHS_OF_EACH_CATEGORY = {
    Category.ROYAL_FLUSH: 1,
    Category.STRAIGHT_FLUSH: 9,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1_277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.ONE_PAIR: 2_860,
    Category.HIGH_CARD: 1_277,
}


def test_all_2598960_hands_fall_into_the_well_known_counts_and_7462_strengths():
    hands_by_ranking = Counter(map(classify, combinations(DECK, 5)))

    hands_of_each_category = Counter()
    strengths_of_each_category = Counter()
    for ranking, count in hands_by_ranking.items():
        hands_of_each_category[ranking.category] += count
        strengths_of_each_category[ranking.category] += 1
        assert ranking.key[0] == ranking.category.strength

    assert sum(hands_by_ranking.values()) == 2_598_960
    assert hands_of_each_category == HANDS_OF_EACH_CATEGORY
    assert strengths_of_each_category == DIFFERENT_STRENGTHS_OF_EACH_CATEGORY
    assert len(hands_by_ranking) == 7_462
