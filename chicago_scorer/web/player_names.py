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


def names_marked(message: str, names: Iterable[str]) -> Markup:
    """A message built as text (a refusal, what an undo or a correction did) for HTML,
    each of ``names`` in it in a ``<bdi>``, as everywhere else on a page: so that a page
    can cut a long name short in its messages too, as it does in the score strip (a
    correction that names two players of forty letters took six lines of the first
    screen). A name counts where it stands as a word of its own, isolates and all, not
    inside a longer word or name: the longest name is looked for first."""
    spelled = sorted({name for name in names if name}, key=len, reverse=True)
    if not spelled:
        return escape(message)
    alternatives = "|".join(map(re.escape, spelled))
    pattern = re.compile(
        rf"(?<!\w){FIRST_STRONG_ISOLATE}?({alternatives}){POP_DIRECTIONAL_ISOLATE}?(?!\w)"
    )
    marked: list[Markup] = []
    written_up_to = 0
    for found in pattern.finditer(message):
        marked += [escape(message[written_up_to : found.start()]), isolated_name(found[1])]
        written_up_to = found.end()
    marked.append(escape(message[written_up_to:]))
    return Markup("").join(marked)


def register(app: Flask) -> None:
    """Give templates ``name`` (HTML) and ``name_text`` (titles, attributes) filters, and
    ``names_marked`` for messages."""
    app.jinja_env.filters.update(
        name=isolated_name, name_text=isolated_name_text, names_marked=names_marked
    )
