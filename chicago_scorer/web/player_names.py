"""A player's name as a page shows it: isolated from the text around it, and in a
message, cut short to its look.

A name written right to left, or one stored before names were checked that holds a
direction override, would otherwise pull the scores and names beside it into its own
direction ("3 yC · 5 oB · 21 nnA"). In HTML a name goes in a ``<bdi>``; where markup
cannot go (a page title, an attribute, a sentence built in Python, an SVG description)
it is put between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE. A name written left
to right throughout is left as it is there: isolating it would change nothing but
what a reader copies.
"""

import re
import unicodedata
from collections.abc import Iterable

from flask import Flask
from markupsafe import Markup, escape

FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"

# Characters that can move the text around them: right-to-left letters and Arabic
# digits, and the explicit embeddings, overrides and isolates.
_DIRECTIONAL = frozenset(
    {"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
)


def isolated_name(name: str) -> Markup:
    """A name for HTML, in a ``<bdi>`` that keeps its direction to itself."""
    return Markup("<bdi>%s</bdi>") % name


def isolated_name_text(name: str) -> str:
    """A name for plain text, between directional isolates when it could move the text
    around it."""
    if any(unicodedata.bidirectional(character) in _DIRECTIONAL for character in name):
        return f"{FIRST_STRONG_ISOLATE}{name}{POP_DIRECTIONAL_ISOLATE}"
    return name


# A name this long or shorter fits a message's line as it is: only a longer one is marked
# up to be cut short there, so that a player called "Round" or "a" leaves the words of
# the same spelling alone.
SHORT_NAME_CHARACTERS = 12


def names_marked(message: str, names: Iterable[str]) -> Markup:
    """A message built as text (a refusal, what an undo or a correction did) for HTML,
    each long name of ``names`` in it in a ``<bdi>``, as everywhere else on a page, so
    that the page can cut it short there as it does in the score strip: a correction
    between two names of forty letters took six lines of the first screen.

    A name counts where it stands as a word of its own, not inside a longer word or name
    (the longest is looked for first). Each marked name goes in a ``name-in-message``
    box with the punctuation it touches, which a line may not break from it: "'Ann'",
    "Ann:", "Ann,"."""
    spelled = sorted({name for name in names if len(name) > SHORT_NAME_CHARACTERS}, key=len)
    if not spelled:
        return escape(message)
    alternatives = "|".join(map(re.escape, reversed(spelled)))
    pattern = re.compile(
        f"{FIRST_STRONG_ISOLATE}?(?P<name>{alternatives}){POP_DIRECTIONAL_ISOLATE}?"
    )
    marked: list[Markup] = []
    written_up_to = 0
    for found in pattern.finditer(message):
        start, end = found.span()
        if start < written_up_to or _in_a_word(message, start, end):
            continue
        before, after = start, end
        while before > written_up_to and _touches_a_name(message[before - 1]):
            before -= 1
        while after < len(message) and _touches_a_name(message[after]):
            after += 1
        marked += [
            escape(message[written_up_to:before]),
            Markup('<span class="name-in-message">%s%s%s</span>')
            % (message[before:start], isolated_name(found["name"]), message[end:after]),
        ]
        written_up_to = after
    marked.append(escape(message[written_up_to:]))
    return Markup("").join(marked)


def _in_a_word(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is part of a longer word: a letter, digit or a mark
    (an accent, a vowel sign) goes on from it on either side."""
    beside = text[start - 1 : start] + text[end : end + 1]
    return any(
        character.isalnum() or character == "_" or unicodedata.category(character)[0] == "M"
        for character in beside
    )


def _touches_a_name(character: str) -> bool:
    """Whether a character is punctuation or a symbol, which stays on a name's line."""
    return unicodedata.category(character)[0] in "PS"


def register(app: Flask) -> None:
    """Give templates ``name`` (HTML) and ``name_text`` (titles, attributes) filters, and
    ``names_marked`` for messages."""
    app.jinja_env.filters.update(
        name=isolated_name, name_text=isolated_name_text, names_marked=names_marked
    )
