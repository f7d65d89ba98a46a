"""Reading cards and five-card hands as people type them."""

import pytest

from chicago_scorer.rules.errors import RuleViolation
from chicago_scorer.rules.hands.cards import DECK, Card, Suit, parse_card, parse_hand, rank_symbol

WHAT_A_CARD_IS = "use a rank 2–10, J, Q, K or A and a suit s, h, d, c or ♠ ♥ ♦ ♣."


@pytest.mark.parametrize(
    ("typed", "rank", "suit"),
    [
        ("As", 14, Suit.SPADES),
        ("AS", 14, Suit.SPADES),
        ("as", 14, Suit.SPADES),
        ("10h", 10, Suit.HEARTS),
        ("10H", 10, Suit.HEARTS),
        ("Th", 10, Suit.HEARTS),
        ("td", 10, Suit.DIAMONDS),
        ("TD", 10, Suit.DIAMONDS),
        ("2c", 2, Suit.CLUBS),
        ("9d", 9, Suit.DIAMONDS),
        ("Jc", 11, Suit.CLUBS),
        ("qh", 12, Suit.HEARTS),
        ("Kd", 13, Suit.DIAMONDS),
        ("A♠", 14, Suit.SPADES),
        ("10♥", 10, Suit.HEARTS),
        ("K♦", 13, Suit.DIAMONDS),
        ("2♣", 2, Suit.CLUBS),
        ("j♣", 11, Suit.CLUBS),
        ("Q♥\ufe0f", 12, Suit.HEARTS),
        ("A♠\ufe0e", 14, Suit.SPADES),  # a suit drawn as text, not as an emoji
        ("  7s ", 7, Suit.SPADES),
    ],
)
def test_every_accepted_spelling_reads_as_the_same_card(typed, rank, suit):
    assert parse_card(typed) == Card(rank, suit)


def test_the_deck_has_52_different_cards_that_each_read_back_from_their_own_text():
    assert len(set(DECK)) == 52
    assert [parse_card(str(card)) for card in DECK] == list(DECK)


def test_a_card_prints_with_10_for_ten_and_a_letter_for_its_suit():
    assert str(parse_card("Th")) == "10h"
    assert str(parse_card("A♠")) == "As"
    assert Suit.CLUBS.symbol == "♣"


def test_ranks_print_as_2_to_10_j_q_k_and_a():
    assert [rank_symbol(rank) for rank in range(2, 15)] == "2 3 4 5 6 7 8 9 10 J Q K A".split()


def test_a_card_cannot_be_built_with_an_impossible_rank():
    with pytest.raises(ValueError):
        Card(15, Suit.SPADES)


@pytest.mark.parametrize("typed", ["1x", "1s", "11s", "Ax", "A", "s", "10", "0h", "♠A", "Kss"])
def test_a_card_that_is_no_card_is_refused_by_name(typed):
    with pytest.raises(RuleViolation) as refusal:
        parse_card(typed)
    assert refusal.value.message == f"{typed!r} is not a card: {WHAT_A_CARD_IS}"
    assert refusal.value.field == "hand"


def test_a_blank_card_is_refused():
    with pytest.raises(RuleViolation, match="^'' is not a card"):
        parse_card("  ")


def test_something_that_is_not_text_is_not_a_card():
    with pytest.raises(RuleViolation, match="^14 is not a card"):
        parse_card(14)


@pytest.mark.parametrize(
    "typed",
    [
        "As Ks Qs Js 10s",
        "As,Ks,Qs,Js,10s",
        "As, Ks, Qs, Js, 10s",
        "  As   Ks\tQs\nJs 10s  ",
        "A♠ K♠ Q♠ J♠ 10♠",
        "as ks qs js ts",
        ["As", "Ks", "Qs", "Js", "Ts"],
        ("A♠", " K♠ ", "Q♠", "J♠", "10♠"),
    ],
)
def test_a_hand_reads_from_spaces_commas_or_a_sequence_in_the_order_given(typed):
    assert parse_hand(typed) == (
        Card(14, Suit.SPADES),
        Card(13, Suit.SPADES),
        Card(12, Suit.SPADES),
        Card(11, Suit.SPADES),
        Card(10, Suit.SPADES),
    )


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("As Ks", "A hand has 5 cards; 'As Ks' has 2."),
        ("As,Ks,Qs,Js", "A hand has 5 cards; 'As Ks Qs Js' has 4."),
        ("As Ks Qs Js 10s 9s", "A hand has 5 cards; 'As Ks Qs Js 10s 9s' has 6."),
        (["As"], "A hand has 5 cards; 'As' has 1."),
        ("", "A hand has 5 cards; none were given."),
        (" , ", "A hand has 5 cards; none were given."),
        ([], "A hand has 5 cards; none were given."),
    ],
)
def test_a_hand_without_exactly_five_cards_is_refused_with_its_count(typed, message):
    with pytest.raises(RuleViolation) as refusal:
        parse_hand(typed)
    assert refusal.value.message == message
    assert refusal.value.field == "hand"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("Ks As Ks Qs Js", "Ks appears twice."),
        ("Ks As KS Qs Js", "Ks appears twice."),
        ("K♠ As ks Qs Js", "Ks appears twice."),
        ("Th 10h 10♥ 2c 3c", "10h appears 3 times."),
    ],
)
def test_a_card_held_twice_is_refused_by_name_however_it_was_spelled(typed, message):
    with pytest.raises(RuleViolation) as refusal:
        parse_hand(typed)
    assert refusal.value.message == message


def test_a_bad_card_in_a_hand_is_named_before_the_count_is_checked():
    with pytest.raises(RuleViolation) as refusal:
        parse_hand("As 1x Qs")
    assert refusal.value.message == f"'1x' is not a card: {WHAT_A_CARD_IS}"


def test_cards_typed_without_separators_are_refused_with_advice_to_separate_them():
    with pytest.raises(RuleViolation) as refusal:
        parse_hand("AsKsQsJsTs")
    assert refusal.value.message == (
        "'AsKsQsJsTs' is not a card: separate the cards with spaces or commas."
    )


@pytest.mark.parametrize(
    ("typed", "shown", "code"),
    [
        ("10s\u2060", "'10s\\u2060'", "U+2060"),  # a word joiner, pasted from a chat
        ("A\u200bs", "'A\\u200bs'", "U+200B"),  # a zero-width space
        ("\ufeffKs", "'\\ufeffKs'", "U+FEFF"),
        ("Q♥\ufe00", "'Q♥\\ufe00'", "U+FE00"),  # a variation selector for no emoji style
        ("\u2060", "'\\u2060'", "U+2060"),
    ],
)
def test_a_card_with_an_invisible_character_is_refused_naming_the_character(typed, shown, code):
    with pytest.raises(RuleViolation) as refusal:
        parse_card(typed)
    assert refusal.value.message == (
        f"{shown} is not a card: it has an invisible character ({code}); type it again without it."
    )
    assert refusal.value.field == "hand"


def test_a_hand_with_an_invisible_character_is_told_so_not_to_separate_its_cards():
    with pytest.raises(RuleViolation) as refusal:
        parse_hand("As Ks Qs Js 10s\u2060")
    assert refusal.value.message == (
        "'10s\\u2060' is not a card: it has an invisible character (U+2060); "
        "type it again without it."
    )


def test_a_hand_typed_with_suits_as_text_or_as_emoji_reads_the_same():
    assert parse_hand("A♠\ufe0e K♠ Q♠ J♠ T♠") == parse_hand("A♠\ufe0f K♠ Q♠ J♠ T♠")


@pytest.mark.parametrize("typed", [["As", "Ks", "Qs", "Js", 10], ["As", None, "Qs", "Js", "Ts"]])
def test_a_sequence_holding_something_other_than_text_is_refused_by_name(typed):
    with pytest.raises(RuleViolation, match="is not a card"):
        parse_hand(typed)


@pytest.mark.parametrize("typed", [None, 5, {"As": 1}])
def test_something_that_is_neither_text_nor_a_list_is_refused(typed):
    with pytest.raises(RuleViolation) as refusal:
        parse_hand(typed)
    assert refusal.value.message == "A hand is five cards, such as 'As Ks Qs Js 10s'."
