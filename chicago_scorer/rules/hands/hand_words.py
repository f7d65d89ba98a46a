"""Hands in the words players use: 'two pair, kings and fives with a 9 kicker'."""

from collections.abc import Sequence

from ..errors import Message, sentence
from .cards import rank_symbol
from .ranking import Category, Ranking

# Markers for the catalogs: the shell shows each in the reader's language.
PLURAL_RANK_WORDS: dict[int, Message] = {
    2: sentence("twos"),
    3: sentence("threes"),
    4: sentence("fours"),
    5: sentence("fives"),
    6: sentence("sixes"),
    7: sentence("sevens"),
    8: sentence("eights"),
    9: sentence("nines"),
    10: sentence("tens"),
    11: sentence("jacks"),
    12: sentence("queens"),
    13: sentence("kings"),
    14: sentence("aces"),
}

CATEGORY_WORDS: dict[Category, Message] = {
    Category.HIGH_CARD: sentence("high card"),
    Category.ONE_PAIR: sentence("one pair"),
    Category.TWO_PAIR: sentence("two pair"),
    Category.THREE_OF_A_KIND: sentence("three of a kind"),
    Category.STRAIGHT: sentence("straight"),
    Category.FLUSH: sentence("flush"),
    Category.FULL_HOUSE: sentence("full house"),
    Category.FOUR_OF_A_KIND: sentence("four of a kind"),
    Category.STRAIGHT_FLUSH: sentence("straight flush"),
    Category.ROYAL_FLUSH: sentence("royal flush"),
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


def describe(ranking: Ranking) -> Message:
    """A hand in words, such as 'two pair, kings and fives with a 9 kicker'."""
    category, ranks = ranking.category, ranking.ranks
    words = CATEGORY_WORDS[category]
    match category:
        case Category.ROYAL_FLUSH:
            return words
        case Category.STRAIGHT | Category.STRAIGHT_FLUSH:
            return high(words, ranks[0])
        case Category.FULL_HOUSE:
            return sentence(
                "%(hand)s, %(trips)s over %(pair)s",
                hand=words,
                trips=plural(ranks[0]),
                pair=plural(ranks[1]),
            )
        case Category.HIGH_CARD | Category.FLUSH:
            return sentence("%(hand)s, %(ranks)s", hand=words, ranks=symbols(ranks))
    group_count = GROUP_COUNT[category]
    groups = tuple(plural(rank) for rank in ranks[:group_count])
    kickers = symbols(ranks[group_count:])
    if len(kickers) == 1:
        return sentence(
            "%(hand)s, %(groups)s with a %(kicker)s kicker",
            hand=words,
            groups=groups,
            kicker=kickers[0],
        )
    return sentence(
        "%(hand)s, %(groups)s with %(kickers)s kickers", hand=words, groups=groups, kickers=kickers
    )


def high(words: Message, rank: int) -> Message:
    """A straight by its top card: 'straight, 9-high'."""
    return sentence("%(hand)s, %(rank)s-high", hand=words, rank=rank_symbol(rank))


def plural(rank: int) -> Message:
    """A rank as a group of them: 'kings'."""
    return PLURAL_RANK_WORDS[rank]


def symbols(ranks: Sequence[int]) -> tuple[str, ...]:
    """Ranks as printed, to be read as a list: 'A, K and 9'."""
    return tuple(rank_symbol(rank) for rank in ranks)
