"""The rules' messages in the reader's language."""

from collections.abc import Iterable

from babel.lists import format_list

from chicago_scorer.rules.errors import (
    Digits,
    Message,
    Refusal,
    cut_short,
    is_number,
    names_in_words,
)
from chicago_scorer.rules.hands.hand_words import CATEGORY_WORDS
from chicago_scorer.rules.hands.ranking import Category
from chicago_scorer.web.languages.locales import SOURCE_LANGUAGE, format_number, in_native_digits
from chicago_scorer.web.languages.translation import gettext, ngettext, response_language
from chicago_scorer.web.player_names import isolated_name_text


def translate(message: Message | str) -> str:
    """A message from the rules, in this response's language, with its values written there."""
    if isinstance(message, str):
        return gettext(message)
    values = {name: _written(value) for name, value in message.values.items()}
    if message.plural is not None:
        return ngettext(message.template, message.plural, message.values["count"], **values)
    return gettext(message.template, **values) if values else gettext(message.template)


def _written(value: object) -> str:
    if isinstance(value, Message):
        return translate(value)
    if isinstance(value, tuple):
        return in_a_list(_written(item) for item in value)
    if is_number(value):
        return cut_short(format_number(value))
    if isinstance(value, Digits):
        return in_native_digits(value, response_language().locale)
    # Mostly a player's name: kept from turning the sentence around it (player_names.py).
    return isolated_name_text(str(value))


def in_a_list(items: Iterable[str]) -> str:
    """Names or words as one list, the way this response's language joins them."""
    items = tuple(items)
    locale = response_language().locale
    if locale.language == SOURCE_LANGUAGE:
        return names_in_words(items)
    return format_list(list(items), locale=locale)


def reason(refusal: Refusal) -> str:
    """Why a request was refused, in this response's language, every problem in turn."""
    return " ".join(translate(text) for text in refusal.texts)


def hand_words(hand: str) -> str:
    """A hand or category as a sentence says it, in this response's language: 'full house'."""
    return translate(CATEGORY_WORDS[Category(hand)])
