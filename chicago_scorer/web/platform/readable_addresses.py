"""What an address may be: its path and its query UTF-8 text, and each field of its query
given once, as every link and form of the app's writes them.

Werkzeug reads bytes that are not UTF-8 as U+FFFD, in the path and in a percent-escape of
the query alike, and a field given twice by its first value: ``/players/%FF`` showed the
page of a player called "\ufffd", ``/api/players/Bj%F6rn/stats`` looked for "Bj\ufffdrn"
as ``?player=Bj%F6rn`` did, and ``/history?player=Ann&player=Bo`` listed Ann's games
alone. Each is refused with 400 before a view reads the address, as a form that does the
same is (readable_bodies.py) and a JSON object that gives a name twice (``read_json``).

Nor may a field of the query hold a control character or line break, which no name may
hold (rules/names.py) and no link of the app's writes: ``/history?player=A%00B`` wrote
a NUL into the page, in its search box and its heading.
"""

from flask import Flask, request
from werkzeug.datastructures import MultiDict

from chicago_scorer.rules.errors import Refusal, quoted, sentence
from chicago_scorer.rules.names import breaks_text, named_code_point
from chicago_scorer.web.platform.url_encoded import field_given_twice, is_utf8_text


class AddressUnreadable(Refusal):
    """An address whose path or query is not UTF-8 text, or whose query gives a field
    twice or holds a control character."""


def is_utf8_path(path_info: str) -> bool:
    """Whether a WSGI ``PATH_INFO`` is UTF-8 text. The server undoes the path's
    percent-escapes and passes its bytes as Latin-1 characters (PEP 3333), as gunicorn
    and Werkzeug's test client do; Werkzeug decodes them again with U+FFFD for bad ones."""
    try:
        path_info.encode("latin-1").decode()
    except UnicodeDecodeError:
        return False
    return True


def field_breaking_text(fields: MultiDict) -> tuple[str, str] | None:
    """The first field whose name or value holds a control character or line break, and
    that character; None when none does."""
    return next(
        (
            (name, character)
            for name, value in fields.items(multi=True)
            for character in name + value
            if breaks_text(character)
        ),
        None,
    )


def _refuse_unreadable_addresses() -> None:
    if not is_utf8_path(request.environ.get("PATH_INFO", "")):
        raise AddressUnreadable(
            sentence("The address is not UTF-8 text: check the link, or send it in UTF-8.")
        )
    if not request.query_string:
        return
    if not is_utf8_text(request.query_string):
        raise AddressUnreadable(
            sentence("The address's query is not UTF-8 text: check the link, or send it in UTF-8.")
        )
    repeated = field_given_twice(request.args)
    if repeated is not None:
        raise AddressUnreadable(
            sentence("The address gives %(name)s twice: give it once.", name=quoted(repeated))
        )
    breaking = field_breaking_text(request.args)
    if breaking is not None:
        field, character = breaking
        raise AddressUnreadable(
            sentence(
                "The address gives %(name)s with a control character or line break "
                "(%(character)s): check the link, or type it again without one.",
                name=quoted(field),
                character=named_code_point(character),
            )
        )


def register(app: Flask) -> None:
    """Refuse an address that cannot be read one way before any view reads it."""
    app.before_request(_refuse_unreadable_addresses)
