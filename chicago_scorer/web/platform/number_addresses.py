"""A number in an address, its path or its query (a game's or an entry's, ``?rematch=``,
a list's ``?page=``, the API's ``?limit=`` and ``?offset=``): ASCII digits without a
leading zero, as every link of the app's writes it.

Werkzeug's ``int`` converter reads any Unicode digit and a leading zero: ``/games/٦``,
``/games/６`` and ``/games/06`` were all game 6, and ``PUT /api/games/6/events/١``
corrected entry 1. So one game had many addresses, each kept apart in the page cache,
and a link no page wrote still opened it. Here each number has one address; any other
is no address of the app's (404).
"""

from flask import Flask
from werkzeug.routing import IntegerConverter, ValidationError

from chicago_scorer.web.whole_numbers import is_written_whole_number


def written_number(text: str | None) -> int | None:
    """The number ``text`` writes, if the app could have written it: a whole number as
    pages and the API write one, and without a leading zero; else None."""
    if text is None or not is_written_whole_number(text):
        return None
    if len(text) > 1 and text.startswith("0"):
        return None
    try:
        return int(text)
    except ValueError:  # more digits than Python reads at once (4,300): no number of ours
        return None


class WrittenNumberConverter(IntegerConverter):
    """``<int:…>``, read only as the app writes it (``written_number``)."""

    def to_python(self, value: str) -> int:
        if written_number(value) is None:
            raise ValidationError()
        return super().to_python(value)


def register(app: Flask) -> None:
    """Give the routes this ``int``, before any blueprint's rules are added."""
    app.url_map.converters["int"] = WrittenNumberConverter
