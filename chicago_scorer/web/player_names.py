"""A player's name as a page shows it: isolated from the text around it.

A name written right to left, or one stored before names were checked that holds a
direction override, would otherwise pull the scores and names beside it into its own
direction ("3 yC · 5 oB · 21 nnA"). In HTML a name goes in a ``<bdi>``; where markup
cannot go (a page title, an attribute, a sentence built in Python, an SVG description)
it is put between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE. A name written left
to right throughout is left as it is there: isolating it would change nothing but
what a reader copies.
"""

import unicodedata

from flask import Flask
from markupsafe import Markup

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


def register(app: Flask) -> None:
    """Give templates ``name`` (HTML) and ``name_text`` (titles, attributes) filters."""
    app.jinja_env.filters.update(name=isolated_name, name_text=isolated_name_text)
