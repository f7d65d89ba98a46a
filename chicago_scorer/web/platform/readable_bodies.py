"""How a request's body must be sent to be read one way: as it is, not compressed; and at
a page's address, as the form its page sends (URL-encoded, or in parts where it carries a
file), in UTF-8, each field once, and with no more fields than a page has.

Werkzeug reads each of these some way rather than refuse it: a form that is not UTF-8 as
empty or with U+FFFD in place of its bytes, a field given twice by its first value, a
form in broken parts, or JSON sent to a page, as an empty form (which the page then
refuses for a missing name). Each is refused here before a view reads the body, in
words that say what the address reads. The API's addresses read JSON instead
(api/bodies.py); how large a body may be is ``limits.py``'s.
"""

import math

from flask import Flask, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from chicago_scorer.rules.errors import Refusal, quoted, sentence
from chicago_scorer.web.platform.addresses import API_PREFIX, wants_json
from chicago_scorer.web.platform.limits import (
    StreamedBodyTooLarge,
    declared_too_large,
    view_reads_a_file,
)
from chicago_scorer.web.platform.url_encoded import field_given_twice, is_utf8_text

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
    if view_reads_a_file(view) and request.mimetype != IN_PARTS:
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
        if isinstance(refusal, StreamedBodyTooLarge) or declared_too_large():
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


def register(app: Flask) -> None:
    """Refuse a body that cannot be read one way before any view reads it, after
    ``limits.register`` has set how large it may be."""
    app.before_request(_refuse_compressed_bodies)
    app.before_request(_refuse_what_a_page_cannot_read)
    app.before_request(_refuse_unreadable_forms)
