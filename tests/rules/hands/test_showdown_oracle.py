"""The comparator agrees with pokerkit, an independent poker library, hand for hand.

pokerkit's ``StandardHighHand`` ranks the wheel A-2-3-4-5 as the lowest straight (and
straight flush), as we do, and files a royal flush under "Straight flush"; it reads
ten as ``T`` only.
"""

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from pokerkit import StandardHighHand
from pokerkit.lookups import Label

from chicago_scorer.rules.hands.cards import DECK, Card, Suit, parse_hand
from chicago_scorer.rules.hands.ranking import Category, classify

RANDOM_PAIRS = 50_000
SUIT_ONLY_PAIRS = 2_000

POKERKIT_LABEL = {
    Category.HIGH_CARD: Label.HIGH_CARD,
    Category.ONE_PAIR: Label.ONE_PAIR,
    Category.TWO_PAIR: Label.TWO_PAIR,
    Category.THREE_OF_A_KIND: Label.THREE_OF_A_KIND,
    Category.STRAIGHT: Label.STRAIGHT,
    Category.FLUSH: Label.FLUSH,
    Category.FULL_HOUSE: Label.FULL_HOUSE,
    Category.FOUR_OF_A_KIND: Label.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH: Label.STRAIGHT_FLUSH,
    Category.ROYAL_FLUSH: Label.STRAIGHT_FLUSH,
}


def pokerkit_hand(cards):
    return StandardHighHand("".join(str(card).replace("10", "T") for card in cards))


def order(first, second):
    """-1, 0 or 1 as the first hand is worse than, ties or beats the second."""
    return (first > second) - (first < second)


def disagreement(first, second):
    """What the two libraries disagree on about a pair of hands, or None."""
    ours = classify(first), classify(second)
    theirs = pokerkit_hand(first), pokerkit_hand(second)
    if order(*ours) != order(*theirs):
        return f"{first} vs {second}: we say {order(*ours)}, pokerkit {order(*theirs)}"
    for cards, ranking, hand in zip((first, second), ours, theirs, strict=True):
        if POKERKIT_LABEL[ranking.category] != hand.entry.label:
            return f"{cards}: we say {ranking.category}, pokerkit {hand.entry.label}"
    return None


def one_hand_of_each_strength():
    """One hand for each of the 7,462 different strengths: every rank multiset, plus flushes."""
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if len(set(ranks)) == 1:
            continue
        suits = [list(Suit)[ranks[:position].count(rank)] for position, rank in enumerate(ranks)]
        if len(set(ranks)) == 5:
            suits[0] = Suit.HEARTS
        yield tuple(Card(rank, suit) for rank, suit in zip(ranks, suits, strict=True))
    for ranks in combinations(range(2, 15), 5):
        yield tuple(Card(rank, Suit.CLUBS) for rank in ranks)


def test_all_7462_strengths_are_in_exactly_pokerkits_order():
    hands = list(one_hand_of_each_strength())
    ours = sorted(hands, key=classify)
    pokerkit_index_in_our_order = [pokerkit_hand(cards).entry.index for cards in ours]

    assert len(hands) == 7_462
    assert len({classify(cards) for cards in hands}) == 7_462
    assert pokerkit_index_in_our_order == list(range(7_462))
    assert [
        cards
        for cards in hands
        if POKERKIT_LABEL[classify(cards).category] != pokerkit_hand(cards).entry.label
    ] == []


def test_50000_random_pairs_of_disjoint_hands_compare_as_pokerkit_compares_them():
    dealer = random.Random(50_000)
    pairs = []
    for _ in range(RANDOM_PAIRS):
        dealt = dealer.sample(DECK, 10)
        pairs.append((tuple(dealt[:5]), tuple(dealt[5:])))

    disagreements = [
        found for first, second in pairs if (found := disagreement(first, second)) is not None
    ]

    assert disagreements == []
    categories_seen = Counter(classify(cards).category for pair in pairs for cards in pair)
    assert len(categories_seen) >= 9


def test_hands_with_the_same_ranks_in_other_suits_tie_for_pokerkit_too():
    dealer = random.Random(2_000)
    pairs = []
    while len(pairs) < SUIT_ONLY_PAIRS:
        first = tuple(dealer.sample(DECK, 5))
        unused = [card for card in DECK if card not in first]
        second = []
        for card in first:
            same_rank = [spare for spare in unused if spare.rank == card.rank]
            if not same_rank:
                break
            second.append(dealer.choice(same_rank))
            unused.remove(second[-1])
        if len(second) == 5:
            pairs.append((first, tuple(second)))

    disagreements = [
        found for first, second in pairs if (found := disagreement(first, second)) is not None
    ]
    ties = sum(classify(first) == classify(second) for first, second in pairs)

    assert disagreements == []
    assert ties > SUIT_ONLY_PAIRS * 0.9


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("2s 2d 3c 4h 5s", "As Kd Qc Jh 9s"),
        ("As Kd Qc Jh 9s", "Ah Kc Qd Jd 8s"),
        ("7h 6c 5d 4s 2h", "7s 5d 4c 3h 2s"),
        ("As Kd Qc Jh 9s", "As 2d 3c 4h 6s"),
        ("3s 3d 2c 2h 4s", "As Ad Kc Qh Jd"),
        ("2s 2d 2c 3h 4s", "As Ad Kc Kh Qd"),
        ("As 2d 3c 4h 5s", "As Ad Ac Kh Qd"),
        ("2s 3d 4c 5h 6s", "As 2d 3c 4h 5s"),
        ("As Kd Qc Jh 10s", "Ks Qd Jc 10h 9s"),
        ("7h 5h 4h 3h 2h", "As Kd Qc Jh 10s"),
        ("As Ks Qs Js 9s", "Ah Kh Qh Jh 8h"),
        ("2s 2d 2c 3h 3s", "As Ks Qs Js 9s"),
        ("Ks Kd Kc 3h 3s", "Qs Qd Qc Ah As"),
        ("2s 2d 2c 2h 3s", "As Ad Ac Kh Ks"),
        ("As Ad Ac Ah 2s", "Ks Kd Kc Kh As"),
        ("Ah 2h 3h 4h 5h", "As Ad Ac Ah Ks"),
        ("6h 2h 3h 4h 5h", "Ah 2h 3h 4h 5h"),
        ("Ah Kh Qh Jh 10h", "Kh Qh Jh 10h 9h"),
        ("Ah Kh Qh Jh 10h", "As Ks Qs Js 9s"),
        ("Js Jd Ac 9s 7d", "Jh Jc Ad 9h 6h"),
        ("As Qd 9c 7h 3s", "Ad Qc 9h 7s 2d"),
        ("Ks Kd 6c 6s 9d", "Kh Kc 5h 5d Ah"),
    ],
)
def test_at_each_category_boundary_both_libraries_pick_the_same_better_hand(better, worse):
    first, second = parse_hand(better), parse_hand(worse)
    assert classify(first) > classify(second)
    assert disagreement(first, second) is None


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("As Kd Qc Jh 9s", "Ah Kc Qd Js 9h"),
        ("Ah Kh Qh Jh 10h", "As Ks Qs Js 10s"),
        ("Ah 2h 3h 4h 5h", "Ac 2c 3c 4c 5c"),
        ("Ks Kd 5c 5s 9d", "Kh Kc 5h 5d 9h"),
    ],
)
def test_suit_only_differences_are_exact_ties_for_both_libraries(first, second):
    first, second = parse_hand(first), parse_hand(second)
    assert classify(first) == classify(second)
    assert disagreement(first, second) is None
