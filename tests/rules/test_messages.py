"""The rules' messages keep their English template and values apart, for translation."""

import ast
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago_scorer.rules import RuleError, RuleViolation, record
from chicago_scorer.rules.errors import (
    QUOTED_CHARACTERS,
    Message,
    counted,
    names_in_words,
    quoted,
    sentence,
)
from chicago_scorer.rules.hands.cards import parse_hand
from chicago_scorer.rules.hands.showdown import settle
from support.games import new_game

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def test_a_sentence_reads_as_its_english_with_the_values_filled_in():
    message = sentence("%(name)s needs %(needed)s points.", name="Ann", needed=15)

    assert str(message) == "Ann needs 15 points."
    assert message.template == "%(name)s needs %(needed)s points."


def test_a_counted_message_picks_the_singular_only_for_one():
    def appears(count: int) -> Message:
        return counted(
            "%(card)s appears %(count)s time.",
            "%(card)s appears %(count)s times.",
            count,
            card="A♠",
        )

    assert str(appears(1)) == "A♠ appears 1 time."
    assert str(appears(3)) == "A♠ appears 3 times."


@pytest.mark.parametrize(
    ("names", "words"),
    [(("Ann",), "Ann"), (("Ann", "Bo"), "Ann and Bo"), (("Ann", "Bo", "Cy"), "Ann, Bo and Cy")],
)
def test_a_tuple_of_names_reads_as_an_english_list(names, words):
    assert names_in_words(names) == words
    assert str(sentence("Only %(players)s may score.", players=names)) == (
        f"Only {words} may score."
    )


def test_a_message_inside_a_message_is_read_in_place():
    inner = sentence("%(card)s appears twice.", card="A♠")

    assert str(sentence("%(name)s's hand: %(refusal)s", name="Bo", refusal=inner)) == (
        "Bo's hand: A♠ appears twice."
    )


def test_a_refusal_carries_its_message_and_says_it_in_english():
    with pytest.raises(RuleViolation) as refused:
        parse_hand("As As Kd Qc Jh")

    assert refused.value.message == "As appears twice."
    assert refused.value.text.template == "%(card)s appears twice."


def _placeholders_filled(message: Message) -> bool:
    templates = [message.template] + ([message.plural] if message.plural else [])
    needed = {name for template in templates for name in PLACEHOLDER.findall(template)}
    nested = [value for value in message.values.values() if isinstance(value, Message)]
    return needed <= set(message.values) and all(_placeholders_filled(m) for m in nested)


@given(st.lists(st.sampled_from(["As", "Ks", "Qs", "Js", "10s", "9s", "2h", "x", ""]), max_size=7))
def test_every_card_refusal_names_every_value_its_template_needs(pieces):
    try:
        settle({"Ann": " ".join(pieces), "Bo": "2c 3d 4h 5s 7c"})
    except RuleViolation as refusal:
        assert _placeholders_filled(refusal.text)


@given(
    st.fixed_dictionaries(
        {
            "round": st.sampled_from([1, 2, 0, "1", None]),
            "step": st.sampled_from(["phase1", "tricks", "nope", None]),
            "outcome": st.sampled_from(["win", "tie", "none", "maybe", None]),
            "winner": st.sampled_from(["Ann", "Zed", "", None]),
            "hand": st.sampled_from(["flush", "royal_flush", "five_aces", None]),
            "chicago": st.sampled_from(["Ann", None]),
        }
    )
)
def test_every_entry_refusal_names_every_value_its_template_needs(entry):
    state = new_game("Ann", "Bo")
    try:
        record(state, {key: value for key, value in entry.items() if value is not None})
    except RuleError as refusal:  # a RuleViolation or an OutOfTurn
        assert _placeholders_filled(refusal.text)


def test_a_refusal_quotes_what_was_sent_as_python_writes_it_and_cut_short():
    assert quoted("Ann") == "'Ann'"
    assert quoted("D'Arcy") == '"D\'Arcy"'
    # Invisible, control and unpaired characters are written as escapes, never as they are.
    assert quoted("A\u200bn\x00\ud800") == "'A\\u200bn\\x00\\ud800'"
    assert quoted("x" * QUOTED_CHARACTERS) == repr("x" * QUOTED_CHARACTERS)
    assert quoted("x" * (QUOTED_CHARACTERS + 1)) == repr("x" * QUOTED_CHARACTERS) + "…"
    assert quoted(list(range(100))) == repr(list(range(100)))[:QUOTED_CHARACTERS] + "…"
    assert quoted(7) == "7"


def test_a_number_in_a_refusal_is_cut_short_as_quoted_text_is():
    huge = int("9" * 4000)

    refusal = refusal_of(
        new_game("Ann", "Bo"), {"round": huge, "step": "phase1", "outcome": "none"}
    )

    assert refusal.message == (
        f"Round {'9' * QUOTED_CHARACTERS}… · Phase 1 is not the next step: Round 1 · Phase 1 is. "
        "It may already be recorded; refresh to see the game."
    )
    assert str(sentence("Entry %(number)s", number=10**QUOTED_CHARACTERS)) == (
        f"Entry 1{'0' * (QUOTED_CHARACTERS - 1)}…"
    )
    assert str(sentence("Entry %(number)s", number=10 ** (QUOTED_CHARACTERS - 1))) == (
        f"Entry 1{'0' * (QUOTED_CHARACTERS - 1)}"
    )


def refusal_of(state, entry) -> RuleError:
    with pytest.raises(RuleError) as refused:
        record(state, entry)
    return refused.value


def test_a_quoted_emoji_or_script_keeps_the_joiners_it_is_written_with():
    assert quoted("\U0001f469\u200d\U0001f9b0") == "'\U0001f469\u200d\U0001f9b0'"
    assert quoted("\u0639\u0644\u06cc\u200c\u0631\u0636\u0627") == (
        "'\u0639\u0644\u06cc\u200c\u0631\u0636\u0627'"
    )
    # A joiner that joins nothing is escaped, as is every other invisible character.
    assert quoted("D'Arcy\u200d\U0001f469") == '"D\'Arcy\\u200d\U0001f469"'


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Ann\ufe0e", "'Ann\\ufe0e'"),  # a variation selector after a letter selects nothing
        ("Ann\U000e0100", "'Ann\\U000e0100'"),
        ("\u2764\ufe0f Ann", "'\u2764\ufe0f Ann'"),  # after a heart it draws it as an emoji
        ("\u3164", "'\\u3164'"),  # a Hangul filler, which shows nothing
        ("\u2800Bo", "'\\u2800Bo'"),  # a braille blank
        ("A\u034fnn", "'A\\u034fnn'"),  # a combining grapheme joiner
    ],
)
def test_a_quoted_text_shows_every_invisible_character_that_draws_nothing(text, shown):
    # "'Ann' and 'Ann︎' look alike" would show two names no one can tell apart.
    assert quoted(text) == shown
    assert ast.literal_eval(shown) == text


@given(st.text(st.sampled_from(["\U0001f469", "\u200d", "\ufe0f", "'", '"', "\\", "a", "\x00"])))
def test_a_quoted_text_reads_back_in_python_as_what_was_sent(text):
    written = quoted(text)
    shown = written.removesuffix("…")

    assert ast.literal_eval(shown) == text[:QUOTED_CHARACTERS]
    # A variation selector shows as it is only where it draws the emoji before it as one.
    kept = [index for index, character in enumerate(shown) if character == "\ufe0f"]
    assert all(shown[index - 1] == "\U0001f469" for index in kept)
    assert "\U0001f469\\ufe0f" not in shown
    if "\u200d" not in shown:  # with no joiner kept, as repr writes it, selectors aside
        assert shown.replace("\\ufe0f", "\ufe0f") == repr(text[:QUOTED_CHARACTERS])
