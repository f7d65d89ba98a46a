"""A game's or an entry's number in an address, its path or its query: ASCII digits
without a leading zero, as every link of the app's writes it.

Werkzeug's ``int`` converter reads any Unicode digit and a leading zero: ``/games/٦``,
``/games/６`` and ``/games/06`` were all game 6, and ``PUT /api/games/6/events/١``
corrected entry 1. So one game had many addresses, each kept apart in the page cache,
and a link no page wrote still opened it. Here each number has one address; any other
is no address of the app's (404).
"""

import re

from flask import Flask
from werkzeug.routing import IntegerConverter

# In a group of its own, so that werkzeug's signed form ("-?" before it) signs it whole.
WRITTEN_NUMBER = r"(?:0|[1-9][0-9]*)"
_WRITTEN_NUMBER = re.compile(WRITTEN_NUMBER)


class WrittenNumberConverter(IntegerConverter):
    """``<int:…>``, read only as the app writes it."""

    regex = WRITTEN_NUMBER


def written_number(text: str | None) -> int | None:
    """A number in a query (``?rematch=6``) read as a path's is: None unless the app
    could have written it."""
    if text is None or not _WRITTEN_NUMBER.fullmatch(text):
        return None
    return int(text)


def register(app: Flask) -> None:
    """Give the routes this ``int``, before any blueprint's rules are added."""
    app.url_map.converters["int"] = WrittenNumberConverter
