"""Reading a JSON request body, the same way at every API address that takes one.

A body is read only when it says it is JSON (``application/json`` or another
``application/*+json`` type): a browser may send ``text/plain`` or a form to another
site without asking first, so a body of another type is refused (415) rather than read
as JSON. The body must be UTF-8 (RFC 8259), as an uploaded import file must: a byte that
is not is refused (400) rather than replaced, and so is an object that gives one name
twice (both in ``json_documents``). Its size is checked as it is read, and a compressed
one is refused before (see ``platform/readable_bodies.py``).
"""

import json

from flask import request

from chicago_scorer.rules.errors import Message, quoted, sentence
from chicago_scorer.services.json_documents import (
    BeyondReading,
    NotAJsonNumber,
    RepeatedName,
    document_text,
    json_fault,
    read_json,
)
from chicago_scorer.web.api.refusals import BodyNotJson, MalformedRequest
from chicago_scorer.web.platform.readable_bodies import has_body

JSON_TYPE = "application/json"


def json_text() -> str:
    """The body as text, once it says it is JSON and reads as UTF-8; "" when there is none."""
    if not request.is_json and (request.mimetype or has_body()):
        raise BodyNotJson(
            sentence(
                "This address reads only JSON: send Content-Type: %(type)s with the body.",
                type=JSON_TYPE,
            )
        )
    try:
        return document_text(request.get_data(cache=False))
    except UnicodeDecodeError as error:
        raise MalformedRequest(
            sentence(
                "The body is not UTF-8 text: byte %(position)s is not valid UTF-8. "
                "Send the JSON encoded as UTF-8.",
                position=error.start + 1,
            )
        ) from None


def json_object(*, like: str) -> dict[str, object]:
    """The body as a JSON object, or the refusal that says what is wrong with it; ``like``
    is an example of a body this address takes, for the refusal of one that is no object."""
    text = json_text()
    try:
        body = read_json(text or "null")
    except RepeatedName as error:
        raise MalformedRequest(
            sentence(
                "The body gives %(name)s twice in one object: send each field once.",
                name=quoted(error.name),
            )
        ) from error
    except NotAJsonNumber as error:
        raise MalformedRequest(
            sentence(
                "The body holds %(written)s, which is not JSON: send each value as JSON "
                "writes it.",
                written=error.written,
            )
        ) from error
    except json.JSONDecodeError as error:
        raise MalformedRequest(_body_not_json(error)) from error
    except BeyondReading as error:
        raise MalformedRequest(
            sentence(
                "The body is not JSON this app reads: a number is too long or it nests too deeply."
            )
        ) from error
    if not isinstance(body, dict):
        raise MalformedRequest(
            sentence("The body must be a JSON object, like %(example)s.", example=like)
        )
    return body


def _body_not_json(error: json.JSONDecodeError) -> Message:
    """Where the body stops being JSON and, when the parser's complaint has words here,
    what is wrong there. An import file's refusal says the same of "the file"
    (``import_file._file_not_json``): each is a whole sentence, for translators to word
    as their language needs, and only the lookup of the fault is shared (``json_fault``)."""
    fault = json_fault(error)
    if fault is None:
        return sentence(
            "The body is not valid JSON at line %(line)s, column %(column)s.",
            line=error.lineno,
            column=error.colno,
        )
    return sentence(
        "The body is not valid JSON at line %(line)s, column %(column)s: %(fault)s.",
        line=error.lineno,
        column=error.colno,
        fault=fault,
    )
