"""A game's or an entry's number in an address: ASCII digits without a leading zero, as
every link of the app's writes it.

Werkzeug's ``int`` converter reads any Unicode digit and a leading zero: ``/games/٦``,
``/games/６`` and ``/games/06`` were all game 6, and ``PUT /api/games/6/events/١``
corrected entry 1. So one game had many addresses, each kept apart in the page cache,
and a link no page wrote still opened it. Here each number has one address; any other
is no address of the app's (404).
"""

from flask import Flask
from werkzeug.routing import IntegerConverter


class WrittenNumberConverter(IntegerConverter):
    """``<int:…>``, read only as the app writes it."""

    regex = r"[1-9][0-9]*|0"


def register(app: Flask) -> None:
    """Give the routes this ``int``, before any blueprint's rules are added."""
    app.url_map.converters["int"] = WrittenNumberConverter
