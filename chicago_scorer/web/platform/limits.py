"""What a request body may be: small everywhere (larger where a view says so), sent as it
is rather than compressed, a form where a page's address reads it, and with form fields
that can be read.

A body over the limit is refused with 413 however it is sent. Werkzeug refuses one whose
``Content-Length`` is too large, but a body sent in chunks (no ``Content-Length``, which
gunicorn and Werkzeug's server pass on with ``wsgi.input_terminated``) would be read up
to the limit and quietly cut there; ``BodyCappedRequest`` reads one byte more to tell.
Such a server also ends a body early when the client closes its side, and Werkzeug then
takes what came for the whole; ``BodyCappedRequest`` holds it to its ``Content-Length``.
"""

import math
import time
import typing as t
from collections.abc import Callable

from flask import Flask, Request, current_app, request
from werkzeug.exceptions import ClientDisconnected, RequestEntityTooLarge
from werkzeug.utils import cached_property
from werkzeug.wsgi import LimitedStream, get_input_stream

from chicago_scorer.rules.errors import Refusal, quoted, sentence
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext
from chicago_scorer.web.platform.addresses import API_PREFIX, wants_json
from chicago_scorer.web.platform.form_parts import StrictFormParser
from chicago_scorer.web.platform.url_encoded import field_given_twice, is_utf8_text

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
    elif _reads_a_file(view):  # the file may be as large as a body, and wrapped in a form
        request.max_content_length = current_app.config["MAX_CONTENT_LENGTH"] + FORM_WRAPPING


def _reads_a_file(view: Callable | None) -> bool:
    return getattr(view, "file_field", None) is not None


# The codings a body may come in: none, or chunked, which the server undoes (RFC 9112).
PLAIN_CODINGS = frozenset({"", "identity", "chunked"})


class BodyCompressed(Refusal):
    """A body sent compressed, which the app does not undo: it reads bodies as they are."""


def has_body() -> bool:
    """Whether the request carries a body: a length above zero, or one sent in chunks."""
    if request.content_length:
        return True
    return "chunked" in request.headers.get("Transfer-Encoding", "").lower()


def _refuse_compressed_bodies() -> None:
    """A body in a content coding, or a transfer coding besides chunked: 415, unread."""
    if not has_body():
        return
    for header in ("Content-Encoding", "Transfer-Encoding"):
        codings = request.headers.get(header, "").lower().split(",")
        coding = next((c.strip() for c in codings if c.strip() not in PLAIN_CODINGS), None)
        if coding is not None:
            raise BodyCompressed(
                sentence(
                    "The body was sent with %(header)s %(coding)s, which this address "
                    "does not read: send it again uncompressed.",
                    header=header,
                    coding=quoted(coding),
                )
            )


URL_ENCODED = "application/x-www-form-urlencoded"
IN_PARTS = "multipart/form-data"
FORM_TYPES = frozenset({URL_ENCODED, IN_PARTS})


class FormHasTooManyFields(Refusal):
    """A form within the body's size, of more fields than a page reads (Flask's
    ``MAX_FORM_PARTS``): no form of the app's has more than a few. Werkzeug counts the
    parts of a form sent in parts, but not the fields of one sent URL-encoded."""

    @classmethod
    def refusal(cls) -> "FormHasTooManyFields":
        return cls(
            sentence(
                "The form has more than %(count)s fields, more than this address reads: "
                "send fewer.",
                count=request.max_form_parts,
            )
        )


class BodyNotForm(Refusal):
    """A body other than a form, sent to a page's address: pages read only their forms."""


class FormPartsBroken(Refusal):
    """A form sent in parts (multipart/form-data) that cannot be read as parts: no
    boundary, a part cut off, or one without a name. Werkzeug would read it as an empty
    form, and the page would blame a missing name."""

    @classmethod
    def refusal(cls) -> "FormPartsBroken":
        return cls(
            sentence(
                "The form's parts could not be read, so nothing was recorded: "
                "send it again from the page."
            )
        )


class FormFieldRepeated(Refusal):
    """A form that gives one field twice, which no page of the app's sends: Werkzeug's
    forms would take the first, where another reader of the same body may take the last
    (as ``read_json`` refuses a JSON member given twice)."""


class FormNotUtf8(Refusal):
    """A form whose text, a percent-escape in it or a text part of it is not UTF-8:
    Werkzeug would read the first as an empty form and keep the others with U+FFFD in
    place of the bytes ("Bj%F6rn" as "Bj\ufffdrn")."""

    @classmethod
    def refusal(cls) -> "FormNotUtf8":
        return cls(
            sentence(
                "The form is not UTF-8 text, as its page sends it: send it again from the page."
            )
        )


def _refuse_what_a_page_cannot_read() -> None:
    """A page's address reads the form its page sends, and nothing else (the API's
    addresses read JSON: api/bodies.py). JSON, text or any body that is no form, or at an
    address that reads a file (``reads_a_file``) any body but a form in parts: 415,
    saying what the address reads, rather than a form read as empty and refused for a
    missing name or file (or, as served, for a missing CSRF token). A form that is not
    UTF-8, as the page sends it, each percent-escape included: 400."""
    if wants_json() or request.method != "POST" or not has_body():
        return
    view = current_app.view_functions.get(request.endpoint or "")
    if _reads_a_file(view) and request.mimetype != IN_PARTS:
        raise BodyNotForm(
            sentence(
                "This address reads only the form on its page, sent as %(type)s with its "
                "file in the field %(field)s; to send JSON, use the API under %(api)s.",
                type=IN_PARTS,
                field=quoted(view.file_field),
                api=API_PREFIX,
            )
        )
    if request.mimetype not in FORM_TYPES:
        raise BodyNotForm(
            sentence(
                "This address reads only the form on its page, sent as %(type)s; "
                "to send JSON, use the API under %(api)s.",
                type=URL_ENCODED,
                api=API_PREFIX,
            )
        )
    if request.mimetype == URL_ENCODED and not is_utf8_text(request.get_data(cache=True)):
        raise FormNotUtf8.refusal()


def _refuse_unreadable_forms() -> None:
    """A form of too many fields, in parts or URL-encoded: 413 that says so, not that it
    is too large. A form in broken parts, or a field without a name, cannot be read (and
    would trip the CSRF check): 400, as is one that gives a field twice or has a text part
    that is not UTF-8. The API's addresses read no form, and leave it unread for their 415."""
    if request.mimetype not in FORM_TYPES or wants_json():
        return
    try:
        fields = request.form
    except UnicodeDecodeError:  # a text part: form_parts.StrictTextParts
        raise FormNotUtf8.refusal() from None
    except ValueError:  # the parser is not silent: form_parts.StrictFormParser
        raise FormPartsBroken.refusal() from None
    except RequestEntityTooLarge as refusal:
        if isinstance(refusal, StreamedBodyTooLarge) or _declared_too_large():
            raise  # too large indeed
        raise FormHasTooManyFields.refusal() from None
    if sum(map(len, fields.listvalues())) > (request.max_form_parts or math.inf):
        raise FormHasTooManyFields.refusal()  # sent URL-encoded: Werkzeug reads them all
    if any(not isinstance(key, str) for key in fields):  # a part without a name
        raise FormPartsBroken.refusal()
    repeated = field_given_twice(fields, request.files)
    if repeated is not None:
        raise FormFieldRepeated(
            sentence(
                "The form gives %(name)s twice: send it again from the page.",
                name=quoted(repeated),
            )
        )


def _declared_too_large() -> bool:
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
    if _reads_a_file(current_app.view_functions.get(request.endpoint or "")):
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
    """Cap every request body, with a larger cap only where a view allows it."""
    if app.config.get("MAX_CONTENT_LENGTH") is None:
        app.config["MAX_CONTENT_LENGTH"] = LARGE_BODY_LIMIT
    # A form's text may be as long as its body: the body's cap is the one limit on size,
    # and the 413 names it. (Flask's own 500,000 bytes refused a form of 501 KB sent to
    # the import, whose body may be 1 MB, as "too large: at most 1,024 KB".)
    app.config["MAX_FORM_MEMORY_SIZE"] = app.config["MAX_CONTENT_LENGTH"]
    app.request_class = BodyCappedRequest
    app.before_request(_limit_body_size)
    app.before_request(_refuse_compressed_bodies)
    app.before_request(_refuse_what_a_page_cannot_read)
    app.before_request(_refuse_unreadable_forms)
