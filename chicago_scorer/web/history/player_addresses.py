"""A player's name in an address: one path segment that a browser leaves as it is.

Werkzeug's ``path`` converter writes a name's ``/`` as it is, and a browser reads it as a
separator and removes dot segments before it asks: the link to "Ann/../Bo" opened Bo's
page, the one to ".." the start page, and the one to "/Ann" ``/players//Ann``, which
the server redirected to Ann's. Here every ``/`` is percent-escaped, with ``%``, ``?``
and ``#``, so a name is one segment; a server undoes the escapes before the app reads the
path, so the segment reads back as the name.

A segment that is only one or two dots is still a dot segment to a browser, escaped or
not (``%2E%2E`` too, by the WHATWG URL standard), so the names "." and ".." are written
with a space after them (``/players/..%20``). A name is stored without spaces around it
(``normal_name``), so reading an address drops that space and can never mistake it for
another player's.
"""

from urllib.parse import quote

from flask import Flask
from werkzeug.routing import BaseConverter

from chicago_scorer.rules.names import normal_name

# Werkzeug's characters left as they are in a path segment, less its separator '/'.
_SEGMENT_AS_IS = "!$&'()*+,:;=@"
_DOT_SEGMENTS = frozenset({".", ".."})


class PlayerNameConverter(BaseConverter):
    """``<player:name>``: a name of any characters, written as one path segment."""

    # The server has undone the escapes, so the name's own '/' reaches the router as '/'.
    regex = ".+"
    part_isolating = False
    weight = 200

    def to_url(self, value: str) -> str:
        """The name as one segment, never a dot segment."""
        segment = quote(value, safe=_SEGMENT_AS_IS)
        return f"{segment}%20" if segment in _DOT_SEGMENTS else segment

    def to_python(self, value: str) -> str:
        """The name the segment was written from, in its stored spelling."""
        return normal_name(value)


def register(app: Flask) -> None:
    """Give the routes ``<player:name>``, before any blueprint's rules are added."""
    app.url_map.converters["player"] = PlayerNameConverter
