"""Fields sent URL-encoded, as an address's query or a page's form: the two checks that
tell whether they can be read one way, shared by ``readable_addresses.py`` and
``readable_bodies.py``."""

from urllib.parse import unquote_to_bytes

from werkzeug.datastructures import MultiDict


def is_utf8_text(encoded: bytes) -> bool:
    """Whether URL-encoded fields are UTF-8 text, each percent-escape included, as every
    page of the app's sends them: Werkzeug reads a bad escape as U+FFFD ("Bj%F6rn")."""
    try:
        for field in encoded.split(b"&"):
            unquote_to_bytes(field.replace(b"+", b" ")).decode()
    except UnicodeDecodeError:
        return False
    return True


def field_given_twice(*fields: MultiDict) -> str | None:
    """The first field given more than once, which Werkzeug would read by its first value
    where another reader may take the last; None when each is given once."""
    return next(
        (name for part in fields for name, values in part.lists() if len(values) > 1), None
    )
