"""What an address's query may be: each field once, in UTF-8, as every link and form of
the app's writes it.

Werkzeug reads a field given twice by its first value, and a percent-escape that is not
UTF-8 as U+FFFD: ``/history?player=Ann&player=Bo`` listed Ann's games alone, and
``?player=Bj%F6rn`` looked for "Bj\ufffdrn". Either is refused with 400 before a view
reads the query, as a form that does the same is (limits.py) and a JSON object that gives
a name twice (``read_json``).
"""

from flask import Flask, request

from chicago_scorer.rules.errors import Refusal, quoted, sentence
from chicago_scorer.web.platform.url_encoded import field_given_twice, is_utf8_text


class QueryUnreadable(Refusal):
    """An address whose query gives a field twice, or is not UTF-8 text."""


def _refuse_unreadable_queries() -> None:
    if not request.query_string:
        return
    if not is_utf8_text(request.query_string):
        raise QueryUnreadable(
            sentence("The address's query is not UTF-8 text: check the link, or send it in UTF-8.")
        )
    repeated = field_given_twice(request.args)
    if repeated is not None:
        raise QueryUnreadable(
            sentence("The address gives %(name)s twice: give it once.", name=quoted(repeated))
        )


def register(app: Flask) -> None:
    """Refuse a query that cannot be read one way before any view reads it."""
    app.before_request(_refuse_unreadable_queries)
