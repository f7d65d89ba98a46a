"""Settling a showdown: who wins, what it scores, and why in plain English."""

from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_scorer.rules import names
from chicago_scorer.rules.errors import RuleViolation, RuleViolations
from chicago_scorer.rules.events import Outcome
from chicago_scorer.rules.hands.cards import DECK, Card, Suit
from chicago_scorer.rules.hands.hand_words import CATEGORY_WORDS
from chicago_scorer.rules.hands.ranking import Category, classify, rank_hand
from chicago_scorer.rules.hands.showdown import describe, hand_problems, settle
from chicago_scorer.rules.ruleset import STANDARD_RULES, Hand, RuleSet
from chicago_scorer.rules.setup import new_setup
from support.clashing_names import CLASHING_WITH_ANN

# --- Describing --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("As Jd 9c 6h 2s", "high card, A, J, 9, 6 and 2"),
        ("Js Jd Ac 9s 4d", "one pair, jacks with A, 9 and 4 kickers"),
        ("Ks Kd 5c 5h 9s", "two pair, kings and fives with a 9 kicker"),
        ("7s 7d 7c Kh 2s", "three of a kind, sevens with K and 2 kickers"),
        ("As 2d 3c 4h 5s", "straight, 5-high"),
        ("10s 6s 3s 4s 2s", "flush, 10, 6, 4, 3 and 2"),
        ("Ks Kd Kc 5h 5s", "full house, kings over fives"),
        ("6s 6d 6c 6h 3s", "four of a kind, sixes with a 3 kicker"),
        ("9h 10h Jh Qh Kh", "straight flush, K-high"),
        ("Ah Kh Qh Jh 10h", "royal flush"),
    ],
)
def test_a_hand_is_described_in_plain_words(cards, words):
    assert str(describe(rank_hand(cards))) == words


# --- Settling ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "explanation"),
    [
        (
            {"Ann": "Ks Kd Kc 5h 5s", "Bo": "Qs Qd 9h 9s 2c"},
            "Ann wins: full house beats two pair",
        ),
        (
            {"Ann": "9s 8s 6s 4s 3s", "Bo": "Qh 9h 7h 4h 2h"},
            "Bo wins: both flush; first difference Q against 9",
        ),
        (
            {"Ann": "As 2d 3c 4h 5s", "Bo": "2h 3h 4d 5c 6s"},
            "Bo wins: both straight; 6-high against 5-high",
        ),
        (
            {"Ann": "As Ad 7c 4h 2s", "Bo": "Ks Kd Ac Qh Jd"},
            "Ann wins: both one pair; aces against kings",
        ),
        (
            {"Ann": "Js Jd Ac 9s 7d", "Bo": "Jh Jc Ad 9h 6h"},
            "Ann wins: both one pair, jacks; first difference 7 against 6",
        ),
        (
            {"Ann": "Ks Kd 6c 6s 9d", "Bo": "Kh Kc 5h 5d Ah"},
            "Ann wins: both two pair, kings; sixes against fives",
        ),
        (
            {"Ann": "Ks Kd 6c 6s 9d", "Bo": "Kh Kc 6h 6d 8h"},
            "Ann wins: both two pair, kings and sixes; first difference 9 against 8",
        ),
        (
            {"Ann": "Ks Kd 5c 5s 9d", "Bo": "Kh Kc 5h 5d 9h"},
            "Exact tie: both two pair, kings and fives with a 9 kicker; nobody scores",
        ),
        (
            {"Ann": "As Kd 9c 7h 2s", "Bo": "Qh Jh 9h 8d 6c"},
            "Nobody has a scoring hand; nobody scores",
        ),
        (
            {"Ann": "Ah 2h 3h 4h 5h", "Bo": "Ks Kd Kc Kh 3s"},
            "Ann wins: straight flush beats four of a kind",
        ),
        (
            {"Ann": "As Ks Qs Js 10s", "Bo": "Kh Qh Jh 10h 9h"},
            "Ann wins: royal flush beats straight flush",
        ),
        (
            {"Ann": "Js Jd Ac 9s 7d", "Bo": "Jh Jc Ad 9h 6h", "Cy": "2c 3c 4d 5c 7h"},
            "Ann wins: Ann and Bo both one pair, jacks; first difference 7 against 6",
        ),
        (
            {"Ann": "Ks Kd 5c 5s 9d", "Bo": "Kh Kc 5h 5d 9h", "Cy": "2c 3c 4d 6c 7h"},
            "Exact tie: Ann and Bo both two pair, kings and fives with a 9 kicker; nobody scores",
        ),
    ],
)
def test_the_explanation_says_why_in_plain_english(hands, explanation):
    assert settle(hands).explanation == explanation


def test_the_best_hand_wins_its_points_and_every_hand_is_named():
    verdict = settle({"Ann": "Ks Kd Kc 5h 5s", "Bo": "Qs Qd 9h 9s 2c", "Cy": "2d 3d 4d 5d 7d"})
    assert (verdict.winner, verdict.tied, verdict.hand, verdict.points) == (
        "Ann",
        (),
        "full_house",
        6,
    )
    assert verdict.outcome is Outcome.WIN
    assert dict(verdict.hands) == {"Ann": "full_house", "Bo": "two_pair", "Cy": "flush"}


@pytest.mark.parametrize(
    ("winning_cards", "hand"),
    [
        ("2s 2d 5c 4h 3s", Hand.ONE_PAIR),
        ("2s 2d 5c 5h 3s", Hand.TWO_PAIR),
        ("2s 2d 2c 5h 3s", Hand.THREE_OF_A_KIND),
        ("As 2d 3c 4h 5s", Hand.STRAIGHT),
        ("2s 4s 6s 8s 10s", Hand.FLUSH),
        ("2s 2d 2c 3h 3s", Hand.FULL_HOUSE),
        ("2s 2d 2c 2h 3s", Hand.FOUR_OF_A_KIND),
        ("6s 2s 3s 4s 5s", Hand.STRAIGHT_FLUSH),
        ("As Ks Qs Js 10s", Hand.ROYAL_FLUSH),
    ],
)
def test_a_win_scores_the_points_of_the_winning_hand(winning_cards, hand):
    verdict = settle({"Ann": winning_cards, "Bo": "Kh Qh 9d 8c 7c"})
    assert (verdict.winner, verdict.hand) == ("Ann", hand)
    assert verdict.points == STANDARD_RULES.points_for(hand)


def test_the_points_come_from_the_rule_set_given():
    house_rules = RuleSet(hand_points={hand: 10 for hand in Hand})
    assert settle({"Ann": "2s 2d 5c 4h 3s", "Bo": "Kh Qh 9d 8c 7c"}, house_rules).points == 10


def test_an_exact_tie_scores_nobody_and_names_who_tied():
    verdict = settle({"Ann": "Ks Kd 5c 5s 9d", "Bo": "Kh Kc 5h 5d 9h", "Cy": "2c 3c 4d 6c 7h"})
    assert (verdict.winner, verdict.tied, verdict.hand, verdict.points) == (
        None,
        ("Ann", "Bo"),
        None,
        0,
    )
    assert verdict.outcome is Outcome.TIE


def test_when_nobody_has_a_scoring_hand_nobody_scores_even_on_a_tie():
    verdict = settle({"Ann": "As Kd 9c 7h 2s", "Bo": "Ah Kc 9d 7s 2h"})
    assert (verdict.winner, verdict.tied, verdict.hand, verdict.points) == (
        None,
        (),
        "high_card",
        0,
    )
    assert verdict.outcome is Outcome.NONE
    assert verdict.explanation == "Nobody has a scoring hand; nobody scores"


def test_four_players_can_show_and_hands_can_be_lists_of_cards():
    verdict = settle(
        {
            "Ann": ["As", "Ad", "7c", "4h", "2s"],
            "Bo": "Ks Kd Ac Qh Jd",
            "Cy": "3c 3d 3h 8s 9s",
            "Di": "10h 10d 6s 6d 5c",
        }
    )
    assert (verdict.winner, verdict.hand) == ("Cy", "three_of_a_kind")
    assert verdict.explanation == "Cy wins: three of a kind beats two pair"


def test_a_verdict_cannot_be_changed_afterwards():
    verdict = settle({"Ann": "Ks Kd Kc 5h 5s", "Bo": "Qs Qd 9h 9s 2c"})
    with pytest.raises(FrozenInstanceError):
        verdict.points = 60
    with pytest.raises(TypeError):
        verdict.hands["Bo"] = Category.ROYAL_FLUSH


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ({"Ann": "Ks Kd Kc 5h 5s"}, "A showdown compares 2 to 4 players' hands; 1 was given."),
        ({}, "A showdown compares 2 to 4 players' hands; 0 were given."),
        (
            {name: " ".join(map(str, DECK[5 * i : 5 * i + 5])) for i, name in enumerate("ABCDE")},
            "A showdown compares 2 to 4 players' hands; 5 were given.",
        ),
        (
            ["Ks Kd Kc 5h 5s", "Qs Qd 9h 9s 2c"],
            "Give each player's name with the five cards they hold.",
        ),
    ],
)
def test_a_showdown_needs_two_to_four_named_hands(hands, message):
    with pytest.raises(RuleViolation) as refusal:
        settle(hands)
    assert refusal.value.message == message
    assert refusal.value.field == "hands"


def test_too_many_hands_are_refused_for_their_count_alone():
    """Each hand's own problems would be a sentence apiece: 2,000 of them about hands
    that are not to be sent again."""
    hands = {f"Q{number:04d}": "" for number in range(2000)}

    with pytest.raises(RuleViolation) as refusal:
        settle(hands)

    assert len(refusal.value.texts) == 1
    assert refusal.value.message == "A showdown compares 2 to 4 players' hands; 2000 were given."
    assert refusal.value.field == "hands"


def test_a_lone_hand_is_refused_for_the_count_before_its_cards():
    with pytest.raises(RuleViolation) as refusal:
        settle({"Ann": "As Ks Qs Js"})

    assert len(refusal.value.texts) == 1
    assert refusal.value.message == "A showdown compares 2 to 4 players' hands; 1 was given."


def test_many_hands_are_each_read_once_not_against_every_other(monkeypatch):
    """Thousands of hands fit in a few kilobytes: compared pair by pair, their names would
    hold a server for minutes."""
    hands = {f"Q{number:04d}": "" for number in range(2000)}
    skeletons = []
    monkeypatch.setattr(names, "skeleton", lambda text: skeletons.append(text) or text)

    problems = hand_problems(hands)

    assert len(problems) == 2000  # each hand's missing cards
    assert len(skeletons) <= 2 * len(hands)  # each name's two forms, once


def test_a_card_in_two_hands_is_refused_naming_the_card_and_both_players():
    with pytest.raises(RuleViolation) as refusal:
        settle({"Ann": "Ks Kd Kc 5h 5s", "Bo": "Qs Qd 9h 9s 2c", "Cy": "2d 3d K♠ 6c 7h"})
    assert refusal.value.message == "Ks is in both Ann's and Cy's hands; a deck has one Ks."
    assert refusal.value.field == "hands.Cy"


@pytest.mark.parametrize(
    ("bo_holds", "message"),
    [
        ("Qs Qd 9h 9s Qs", "Bo's hand: Qs appears twice."),
        ("Qs Qd 9h 9s", "Bo's hand: A hand has 5 cards; 'Qs Qd 9h 9s' has 4."),
        ("Qs Qd 9h 9s 1x", "Bo's hand: '1x' is not a card: use a rank 2–10, J, Q, K or A "
         "and a suit s, h, d, c or ♠ ♥ ♦ ♣."),
    ],
)  # fmt: skip
def test_a_bad_hand_is_refused_naming_the_player_and_the_offender(bo_holds, message):
    with pytest.raises(RuleViolation) as refusal:
        settle({"Ann": "Ks Kd Kc 5h 5s", "Bo": bo_holds})
    assert refusal.value.message == message
    assert refusal.value.field == "hands.Bo"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Bo\u202e", "Player 2's name has an invisible character (U+202E); "
         "type it again without it."),
        ("Bo\nCy", "Player 2's name has a control character or line break (U+000A); "
         "type it again with letters, digits and spaces."),
        ("B" * 41, f"The name {'B' * 20}… has 41 characters; keep it to 40."),
    ],
)  # fmt: skip
def test_a_hand_is_refused_under_a_name_no_player_could_have(name, message):
    with pytest.raises(RuleViolation) as refusal:
        settle({"Ann": "Ks Kd Kc 5h 5s", name: "Qs Qd 9h 9s 2c"})
    assert refusal.value.message == message
    assert refusal.value.field == f"hands.{name}"


@pytest.mark.parametrize(("second", "message"), CLASHING_WITH_ANN)
def test_two_hands_may_not_be_called_by_one_name_or_names_that_look_alike(second, message):
    # A verdict of "Ann wins" would not say which of them won, so two such hands are
    # refused as two such players of a game are.
    with pytest.raises(RuleViolation) as refusal:
        settle({"Ann": "As Ks Qs Js Ts", second: "9h 9d 9c 2s 2d"})
    assert refusal.value.message == message
    assert refusal.value.field == f"hands.{second}"


def faults_of_settling(hands: dict[str, str]) -> list[tuple[str, str]]:
    """Each fault that settling ``hands`` is refused for, all at once: its field, its words."""
    with pytest.raises(RuleViolations) as refusal:
        settle(hands)
    return [(problem.field, problem.message) for problem in refusal.value.violations]


def test_a_name_like_an_earlier_hand_is_refused_with_the_other_bad_hands():
    hands = {"Ann": "As Ks Qs", "Bo": "Qh 8h 7h 4h 2h", "B0": "9h 9d 9c 2s 2d"}

    assert faults_of_settling(hands) == [
        ("hands.Ann", "Ann's hand: A hand has 5 cards; 'As Ks Qs' has 3."),
        ("hands.B0", "'Bo' and 'B0' look alike; give each player a name that looks different."),
    ]


@given(
    st.lists(
        st.sampled_from(["Ann", "ann", "ANN", "\u0410nn", "Bo", "B0", "Cy"]),
        min_size=2,
        max_size=4,
        unique=True,
    )
)
def test_hands_are_settled_under_exactly_the_names_a_game_could_seat(names):
    dealt = {
        name: " ".join(map(str, DECK[5 * seat : 5 * seat + 5])) for seat, name in enumerate(names)
    }
    try:
        new_setup(names)
    except RuleViolation:
        with pytest.raises(RuleViolation, match="same name|look alike"):
            settle(dealt)
    else:
        assert settle(dealt).hands.keys() == set(names)


def test_every_bad_hand_is_refused_at_once_each_under_its_own_name():
    with pytest.raises(RuleViolations) as refusal:
        settle(
            {
                "Ann": "Ks Kd Kc 5h",
                "Bo": "Qs Qd 9h 9s Qs",
                "Cy": "2d 3d 4d 6c 1x",
                "Di": "Ah Kh Qh Jh 9h",
            }
        )
    problems = refusal.value.violations
    assert [problem.field for problem in problems] == [
        "hands.Ann",
        "hands.Bo",
        "hands.Cy",
        "hands.Di",
    ]
    assert [problem.message for problem in problems] == [
        "Ann's hand: A hand has 5 cards; 'Ks Kd Kc 5h' has 4.",
        "Bo's hand: Qs appears twice.",
        "Cy's hand: '1x' is not a card: use a rank 2–10, J, Q, K or A "
        "and a suit s, h, d, c or ♠ ♥ ♦ ♣.",
        # Bo's hand is refused, yet shows the 9h that Di's holds too.
        "9h is in both Bo's and Di's hands; a deck has one 9h.",
    ]
    assert refusal.value.message == " ".join(problem.message for problem in problems)


def test_a_refusal_of_several_hands_is_led_by_the_first_problem():
    with pytest.raises(RuleViolations) as refusal:
        settle({"Ann": "Ks Kd Kc 5h", "Bo": "Qs Qd 9h 9s Qs"})
    assert refusal.value.field == "hands.Ann"
    assert refusal.value.text == refusal.value.violations[0].text


def test_a_card_in_two_hands_is_refused_with_the_other_bad_hands():
    hands = {"Ann": "Ks Kd Kc 5h 5s", "Bo": "Qs Qd 9h 9s", "Cy": "2d 3d K♠ 6c 7h"}

    assert faults_of_settling(hands) == [
        ("hands.Bo", "Bo's hand: A hand has 5 cards; 'Qs Qd 9h 9s' has 4."),
        ("hands.Cy", "Ks is in both Ann's and Cy's hands; a deck has one Ks."),
    ]


def test_a_card_a_refused_hand_shows_is_still_said_to_be_in_a_later_hand_too():
    hands = {"Ann": "As Ks Qs Js", "Bo": "As 9h 8d 7c 6s", "Cy": "2d 1x Qs 4c 5h"}

    assert faults_of_settling(hands) == [
        ("hands.Ann", "Ann's hand: A hand has 5 cards; 'As Ks Qs Js' has 4."),
        ("hands.Bo", "As is in both Ann's and Bo's hands; a deck has one As."),
        (
            "hands.Cy",
            "Cy's hand: '1x' is not a card: use a rank 2–10, J, Q, K or A "
            "and a suit s, h, d, c or ♠ ♥ ♦ ♣.",
        ),
        ("hands.Cy", "Qs is in both Ann's and Cy's hands; a deck has one Qs."),
    ]


def test_cards_taken_from_each_earlier_hand_are_named_in_one_sentence_per_hand():
    hands = {"Ann": "Ks Kd Kc 5h 5s", "Bo": "Qs Qd 9h 9s 2c", "Cy": "Kd 5s Qd 6c 7h"}

    assert faults_of_settling(hands) == [
        ("hands.Cy", "Kd and 5s are in both Ann's and Cy's hands; a deck has one of each."),
        ("hands.Cy", "Qd is in both Bo's and Cy's hands; a deck has one Qd."),
    ]


def test_too_many_hands_with_a_bad_hand_among_them_are_refused_for_the_count_alone():
    hands = {name: " ".join(map(str, DECK[5 * i : 5 * i + 5])) for i, name in enumerate("ABCDE")}
    with pytest.raises(RuleViolation) as refusal:
        settle(hands | {"C": "2s 3s"})
    assert not isinstance(refusal.value, RuleViolations)
    assert (refusal.value.field, refusal.value.message) == (
        "hands",
        "A showdown compares 2 to 4 players' hands; 5 were given.",
    )


def test_good_hands_have_no_problems_whatever_their_number():
    assert hand_problems({"Ann": "Ks Kd Kc 5h 5s"}) == ()
    assert hand_problems({"Ann": "Ks Kd Kc 5h 5s", "Bo": "Qs Qd 9h 9s 2c"}) == ()


def test_a_refusal_needs_something_to_refuse():
    with pytest.raises(ValueError):
        RuleViolations([])


# --- Invariants --------------------------------------------------------------------------

NAMES = ("Ann", "Bo", "Cy", "Di")


@st.composite
def deals(draw):
    """Two to four players' hands dealt from one shuffled deck."""
    players = draw(st.integers(min_value=2, max_value=4))
    deck = draw(st.permutations(DECK))
    return {NAMES[seat]: deck[5 * seat : 5 * seat + 5] for seat in range(players)}


def _typed(deal):
    return {name: [str(card) for card in cards] for name, cards in deal.items()}


@given(deals())
def test_a_showdown_scores_only_a_single_best_scoring_hand(deal):
    verdict = settle(_typed(deal))
    rankings = {name: classify(cards) for name, cards in deal.items()}
    best = max(rankings.values())
    holders = [name for name, ranking in rankings.items() if ranking == best]
    if verdict.winner is None:
        assert verdict.points == 0
        assert len(holders) > 1 or best.category is Category.HIGH_CARD
    else:
        assert holders == [verdict.winner]
        assert verdict.points == STANDARD_RULES.points_for(best.category.hand) > 0


@given(deals(), st.permutations(NAMES))
def test_the_seating_order_of_the_hands_does_not_change_the_verdict(deal, new_order):
    verdict = settle(_typed(deal))
    reordered = {name: deal[name] for name in new_order if name in deal}
    other = settle(_typed(reordered))
    assert (other.winner, set(other.tied), other.hand, other.points) == (
        verdict.winner,
        set(verdict.tied),
        verdict.hand,
        verdict.points,
    )


@given(deals(), st.permutations(tuple(Suit)))
def test_renaming_the_suits_does_not_change_the_verdict(deal, suits):
    renamed_suit = dict(zip(Suit, suits, strict=True))
    renamed = {
        name: [Card(card.rank, renamed_suit[card.suit]) for card in cards]
        for name, cards in deal.items()
    }
    assert settle(_typed(renamed)) == settle(_typed(deal))


def test_every_category_has_words_for_sentences():
    assert str(CATEGORY_WORDS[Category.THREE_OF_A_KIND]) == "three of a kind"
    assert [str(CATEGORY_WORDS[category]) for category in Category] == [
        category.value.replace("_", " ") for category in Category
    ]
