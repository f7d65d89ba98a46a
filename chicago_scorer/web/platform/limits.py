"""How large a request's body may be: small everywhere, larger where a view says so. How
it must be sent to be read (as it is, and at a page's address as its form) is
``readable_bodies.py``'s.

A body over the limit is refused with 413 however it is sent. Werkzeug refuses one whose
``Content-Length`` is too large, but a body sent in chunks (no ``Content-Length``, which
gunicorn and Werkzeug's server pass on with ``wsgi.input_terminated``) would be read up
to the limit and quietly cut there; ``BodyCappedRequest`` reads one byte more to tell.
Such a server also ends a body early when the client closes its side, and Werkzeug then
takes what came for the whole; ``BodyCappedRequest`` holds it to its ``Content-Length``.
"""

import time
import typing as t
from collections.abc import Callable

from flask import Flask, Request, current_app, request
from werkzeug.exceptions import ClientDisconnected, RequestEntityTooLarge
from werkzeug.utils import cached_property
from werkzeug.wsgi import LimitedStream, get_input_stream

from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext
from chicago_scorer.web.platform.form_parts import StrictFormParser

SMALL_BODY_LIMIT = 64 * 1024
LARGE_BODY_LIMIT = 1024 * 1024
# Room in a form's body, beside the file it carries, for the form's own wrapping: its
# boundaries, each part's headers and its other fields (the CSRF token). Without it, a
# file a few hundred bytes under the file's limit made a body over it, and was refused.
FORM_WRAPPING = 16 * 1024


def allows_large_body(view: Callable) -> Callable:
    """Let a view (such as an import) accept bodies up to ``MAX_CONTENT_LENGTH``."""
    view.allows_large_body = True
    return view


def reads_a_file(field: str) -> Callable[[Callable], Callable]:
    """Mark a page's view whose form sends a file in ``field``: it reads that form only
    as its page sends it, in parts (multipart/form-data), which alone can carry a file."""

    def mark(view: Callable) -> Callable:
        view.file_field = field
        return view

    return mark


def _limit_body_size() -> None:
    view = current_app.view_functions.get(request.endpoint or "")
    if not getattr(view, "allows_large_body", False):
        request.max_content_length = min(
            SMALL_BODY_LIMIT, current_app.config["MAX_CONTENT_LENGTH"]
        )
    elif view_reads_a_file(view):  # the file may be as large as a body, and wrapped in a form
        request.max_content_length = current_app.config["MAX_CONTENT_LENGTH"] + FORM_WRAPPING


def view_reads_a_file(view: Callable | None) -> bool:
    """Whether ``view`` is marked with ``reads_a_file``."""
    return getattr(view, "file_field", None) is not None


def declared_too_large() -> bool:
    """Whether the body's ``Content-Length`` alone is over this request's limit."""
    length, limit = request.content_length, request.max_content_length
    return length is not None and limit is not None and length > limit


class StreamedBodyTooLarge(RequestEntityTooLarge):
    """A body sent in chunks went past the limit: told apart from a form of too many
    fields, which Werkzeug refuses with the same exception."""


class CappedStream(LimitedStream):
    """A body of unknown length, read up to ``limit`` bytes: a byte more is a 413, not a cut."""

    def __init__(self, stream: t.IO[bytes], limit: int) -> None:
        super().__init__(stream, limit + 1, is_max=True)

    def readinto(self, buffer) -> int | None:
        size = super().readinto(buffer)
        if self.is_exhausted:  # limit + 1 bytes came: the body is longer than allowed
            raise StreamedBodyTooLarge()
        return size


class BodyCutShort(ClientDisconnected):
    """A body that ended before its ``Content-Length``: the client closed its side early."""


class BodyOfStatedLength(LimitedStream):
    """A body read to its ``Content-Length``; ending before it is a 400, not a whole body."""

    def on_disconnect(self, error: Exception | None = None) -> None:
        raise BodyCutShort() from error


class BodyCappedRequest(Request):
    """Flask's request, whose body stream refuses a streamed body over the limit, and one
    that ends before its stated length, and whose form parser says when it cannot read
    a form and reads text parts strictly (form_parts.py)."""

    form_data_parser_class = StrictFormParser

    @cached_property
    def stream(self) -> t.IO[bytes]:
        if self.shallow:
            raise RuntimeError("A shallow request may not read its body.")
        limit = self.max_content_length
        terminated = "wsgi.input_terminated" in self.environ
        if self.content_length is None and terminated and limit is not None:
            return CappedStream(self.environ["wsgi.input"], limit)
        stream = get_input_stream(self.environ, max_content_length=limit)  # 413 if over
        if self.content_length is not None and terminated:
            # A server that ends the body itself (gunicorn) ends it early too, when the
            # client closes its side, and Werkzeug then reads what came as the whole.
            return BodyOfStatedLength(self.environ["wsgi.input"], self.content_length)
        return stream


def too_large_message() -> str:
    """The 413 message, naming the limit that applied: at an address that reads a file,
    the file's, which its form's wrapping does not count against."""
    limit = request.max_content_length or LARGE_BODY_LIMIT
    if view_reads_a_file(current_app.view_functions.get(request.endpoint or "")):
        limit -= FORM_WRAPPING
    return gettext(
        "The request is too large: this address takes at most %(limit)s KB.",
        limit=format_number(limit // 1024),
    )


def import_deadline() -> float:
    """The ``time.monotonic()`` moment after which this request's import begins no more
    batches: well before the server gives up on the request (gunicorn.conf.py)."""
    return time.monotonic() + current_app.config["IMPORT_DEADLINE_SECONDS"]


def register(app: Flask) -> None:
    """Cap every request body, with a larger cap only where a view allows it. Before
    ``readable_bodies.register``, whose checks of a form read it within the cap."""
    if app.config.get("MAX_CONTENT_LENGTH") is None:
        app.config["MAX_CONTENT_LENGTH"] = LARGE_BODY_LIMIT
    # A form's text may be as long as its body: the body's cap is the one limit on size,
    # and the 413 names it. (Flask's own 500,000 bytes refused a form of 501 KB sent to
    # the import, whose body may be 1 MB, as "too large: at most 1,024 KB".)
    app.config["MAX_FORM_MEMORY_SIZE"] = app.config["MAX_CONTENT_LENGTH"]
    app.request_class = BodyCappedRequest
    app.before_request(_limit_body_size)
