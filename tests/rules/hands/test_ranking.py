"""Classifying five-card hands and putting them in poker order."""

import pytest

from chicago_scorer.rules.hands.ranking import Category, rank_hand
from chicago_scorer.rules.ruleset import Hand

# --- Classifying -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("As Kd 9c 7h 2s", "high_card"),
        ("Qs Kd Ac 2h 3s", "high_card"),
        ("Js Qd Kc Ah 2s", "high_card"),
        ("2s 2d 5c 4h 3s", "one_pair"),
        ("Ks Kd 5c 5h 9s", "two_pair"),
        ("7s 7d 7c Kh 2s", "three_of_a_kind"),
        ("As 2d 3c 4h 5s", "straight"),
        ("6s 2d 3c 4h 5s", "straight"),
        ("10s Jd Qc Kh As", "straight"),
        ("2h 3h 4h 5h 7h", "flush"),
        ("Ks Kd Kc 5h 5s", "full_house"),
        ("9s 9d 9c 9h 3s", "four_of_a_kind"),
        ("Ah 2h 3h 4h 5h", "straight_flush"),
        ("9c Kc Qc Jc 10c", "straight_flush"),
        ("A♦ K♦ Q♦ J♦ 10♦", "royal_flush"),
    ],
)
def test_every_hand_falls_into_its_category(cards, category):
    assert rank_hand(cards).category == category


def test_categories_are_high_card_then_the_scoring_hands_in_order():
    assert [str(category) for category in Category] == ["high_card"] + [str(h) for h in Hand]
    assert [category.strength for category in Category] == list(range(10))
    assert Category.HIGH_CARD.hand is None
    assert Category.ROYAL_FLUSH.hand is Hand.ROYAL_FLUSH


def test_the_order_of_the_cards_does_not_change_the_ranking():
    assert rank_hand("5s 4h 3c 2d As") == rank_hand("As 2d 3c 4h 5s")


def test_a_straight_is_keyed_by_its_top_card_and_the_wheel_by_5():
    assert rank_hand("As 2d 3c 4h 5s").key == (Category.STRAIGHT.strength, 5)
    assert rank_hand("6s 2d 3c 4h 5s").key == (Category.STRAIGHT.strength, 6)
    assert rank_hand("Ah Kh Qh Jh 10h").key == (Category.ROYAL_FLUSH.strength, 14)


def test_groups_come_before_kickers_in_the_key():
    assert rank_hand("5s Kd 5c Kh 9s").ranks == (13, 5, 9)
    assert rank_hand("2s 2d 2c Ah Ad").ranks == (2, 14)
    assert rank_hand("3s 8d Jc Jh 4s").ranks == (11, 8, 4, 3)


# --- Comparing ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        pytest.param("As Qd 9c 7h 3s", "Ad Qc 9h 6s 5d", id="high card decided at the 4th card"),
        pytest.param("As Qd 9c 7h 3s", "Ad Qc 9h 7s 2d", id="high card decided at the 5th card"),
        pytest.param("Js Jd Ac 9s 7d", "Jh Jc Ad 8h 7h", id="pair decided at the 4th card"),
        pytest.param("Js Jd Ac 9s 7d", "Jh Jc Ad 9h 6h", id="pair decided at the 5th card"),
        pytest.param("Ks Js 9s 7s 3s", "Kh Jh 9h 6h 5h", id="flush decided at the 4th card"),
        pytest.param("Ks Js 9s 6s 3s", "Kh Jh 9h 6h 2h", id="flush decided at the 5th card"),
        pytest.param("2s 2d 3c 4h 5s", "As Kd Qc Jh 9s", id="worst pair beats best high card"),
        pytest.param("As Ad 3c 4h 5s", "Ks Kd Ac Qh Jd", id="higher pair beats better kickers"),
        pytest.param("As Ad 2c 2h 3s", "Ks Kd Qc Qh Jd", id="two pair: high pair first"),
        pytest.param("Ks Kd 6c 6h 2s", "Kc Kh 5d 5s As", id="two pair: then the low pair"),
        pytest.param("Ks Kd 6c 6h 9s", "Kc Kh 6d 6s 8s", id="two pair: then the kicker"),
        pytest.param("3s 3d 3c 2h 4s", "As Ad Kc Kh Qd", id="trips beat two pair"),
        pytest.param("8s 8d 8c 3h 2s", "7s 7d 7c Ah Kd", id="higher trips beat kickers"),
        pytest.param("2s 3d 4c 5h 6s", "As 2d 3c 4h 5s", id="6-high straight beats the wheel"),
        pytest.param("As 2d 3c 4h 5s", "As Ad Ac Kh Qd", id="the wheel beats trips"),
        pytest.param("As 2d 3c 4h 5s", "Ks Ad Qc Jh 9s", id="the wheel beats ace high"),
        pytest.param("7h 5h 4h 3h 2h", "As Kd Qc Jh 10s", id="worst flush beats best straight"),
        pytest.param("3s 3d 3c 4h 4s", "2s 2d 2c Ah Ad", id="full house: trips first"),
        pytest.param("Ks Kd Kc 3h 3s", "Kh Kd Kc 2h 2s", id="full house: then the pair"),
        pytest.param("2s 2d 2c 3h 3s", "As Ks Qs Js 9s", id="worst full house beats best flush"),
        pytest.param("2s 2d 2c 2h 3s", "As Ad Ac Kh Ks", id="worst quads beat best full house"),
        pytest.param("9s 9d 9c 9h 3s", "9s 9d 9c 9h 2s", id="quads: then the kicker"),
        pytest.param("Ah 2h 3h 4h 5h", "As Ad Ac Ah Ks", id="wheel straight flush beats quads"),
        pytest.param("6h 2h 3h 4h 5h", "Ah 2h 3h 4h 5h", id="6-high beats the wheel flush"),
        pytest.param("Ah Kh Qh Jh 10h", "Kh Qh Jh 10h 9h", id="royal beats K-high"),
    ],
)
def test_the_better_hand_has_the_greater_key(better, worse):
    assert rank_hand(better).key > rank_hand(worse).key
    assert rank_hand(better) > rank_hand(worse)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("As Kd Qc Jh 9s", "Ah Kc Qd Js 9h"),
        ("Ks Js 9s 6s 3s", "Kh Jh 9h 6h 3h"),
        ("Ks Kd 5c 5h 9s", "Kh Kc 5d 5s 9h"),
        ("As 2d 3c 4h 5s", "Ah 2s 3d 4c 5h"),
        ("9s 10s Js Qs Ks", "9d 10d Jd Qd Kd"),
        ("Ah Kh Qh Jh 10h", "As Ks Qs Js 10s"),
    ],
)
def test_hands_that_differ_only_in_suits_are_an_exact_tie(first, second):
    assert rank_hand(first).key == rank_hand(second).key
    assert rank_hand(first) == rank_hand(second)
