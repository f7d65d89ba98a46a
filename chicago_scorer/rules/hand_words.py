"""Hands in the words players use: 'two pair, kings and fives with a 9 kicker'."""

from collections.abc import Sequence

from .cards import rank_symbol
from .ranking import Category, Ranking

PLURAL_RANK_WORDS: dict[int, str] = {
    2: "twos",
    3: "threes",
    4: "fours",
    5: "fives",
    6: "sixes",
    7: "sevens",
    8: "eights",
    9: "nines",
    10: "tens",
    11: "jacks",
    12: "queens",
    13: "kings",
    14: "aces",
}

# How many of a category's deciding ranks are groups (pairs, trips, quads, a straight's
# top card); the rest are single cards compared one by one from the top.
GROUP_COUNT: dict[Category, int] = {
    Category.HIGH_CARD: 0,
    Category.ONE_PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 1,
    Category.STRAIGHT: 1,
    Category.FLUSH: 0,
    Category.FULL_HOUSE: 2,
    Category.FOUR_OF_A_KIND: 1,
    Category.STRAIGHT_FLUSH: 1,
    Category.ROYAL_FLUSH: 1,
}


def describe(ranking: Ranking) -> str:
    """A hand in words, such as 'two pair, kings and fives with a 9 kicker'."""
    category, ranks = ranking.category, ranking.ranks
    match category:
        case Category.ROYAL_FLUSH:
            return category.words
        case Category.STRAIGHT | Category.STRAIGHT_FLUSH:
            return f"{category.words}, {rank_symbol(ranks[0])}-high"
        case Category.FULL_HOUSE:
            return f"{category.words}, {plural(ranks[0])} over {plural(ranks[1])}"
        case Category.HIGH_CARD | Category.FLUSH:
            return f"{category.words}, {in_words([rank_symbol(rank) for rank in ranks])}"
    group_count = GROUP_COUNT[category]
    groups = in_words([plural(rank) for rank in ranks[:group_count]])
    kickers = [rank_symbol(rank) for rank in ranks[group_count:]]
    if len(kickers) == 1:
        return f"{category.words}, {groups} with a {kickers[0]} kicker"
    return f"{category.words}, {groups} with {in_words(kickers)} kickers"


def plural(rank: int) -> str:
    """A rank as a group of them: 'kings'."""
    return PLURAL_RANK_WORDS[rank]


def in_words(items: Sequence[str]) -> str:
    """A list as a sentence: 'A, K and 9'."""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]
