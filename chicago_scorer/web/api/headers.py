"""The request headers the API reads: the edit key, the versions a change is asked
against, and an entry's Idempotency-Key. A header not of its form is refused, as a body
is (bodies.py)."""

import re

from flask import request

from chicago_scorer.rules.errors import sentence
from chicago_scorer.services.repeats import is_idempotency_key
from chicago_scorer.storage.models import IDEMPOTENCY_KEY_LENGTH
from chicago_scorer.web.api.refusals import MalformedRequest

# An ETag as the API sends one, shown to a client whose If-Match is not of that form.
ETAG_EXAMPLE = '"12-1764444000.123456"'
# One element of an If-Match list (RFC 9110): an entity-tag, its opaque part in double
# quotes after W/ if it is weak, or nothing (a list may hold empty elements), then a comma
# or the end. Possessive, so that a header of thousands of spaces fails at once.
IF_MATCH_ELEMENT = re.compile(
    r'[ \t]*+(?:(?P<weak>W/)?+"(?P<tag>[!#-~\x80-\xff]*+)")?+[ \t]*+(?:(?P<comma>,)|\Z)'
)


def bearer_key() -> str | None:
    """The edit key an ``Authorization: Bearer`` header carries; None without one."""
    scheme, _, key = request.headers.get("Authorization", "").partition(" ")
    return key.strip() if scheme.lower() == "bearer" and key.strip() else None


def if_match_versions() -> frozenset[str] | None:
    """The versions an ``If-Match`` header allows the change to be made on; None for any
    (no header, or ``*``). A header that is not a list of strong entity-tags is refused
    rather than read as naming an old version: a weak tag never matches, as If-Match
    compares strongly, and the API sends only strong ones."""
    value = request.headers.get("If-Match")
    if value is None or value.strip(" \t") == "*":
        return None
    versions = _strong_entity_tags(value)
    if not versions:
        raise MalformedRequest(
            sentence(
                "The If-Match header must be the game's ETag as it was answered, in double "
                "quotes and without W/ (like %(example)s), several separated by commas, or *.",
                example=ETAG_EXAMPLE,
            )
        )
    return frozenset(versions)


def _strong_entity_tags(value: str) -> list[str] | None:
    """The opaque parts of a list of strong entity-tags; None for any other value."""
    tags = []
    position = 0
    while True:
        element = IF_MATCH_ELEMENT.match(value, position)
        if element is None or element["weak"]:
            return None
        if element["tag"] is not None:
            tags.append(element["tag"])
        if element["comma"] is None:
            return tags
        position = element.end()


def idempotency_key() -> str | None:
    """The entry's ``Idempotency-Key``, if it was sent with one; a key that is empty,
    too long, or holds anything but printable ASCII is refused, and so is the header sent
    twice. The server joins two headers of one name into one, with a comma between their
    values, so a comma in the key is all that shows they were two: taken whole, it would
    be a key that neither header sent."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if "," in key:
        raise MalformedRequest(
            sentence(
                "Send the Idempotency-Key header once, with a key that holds no comma: "
                "keys sent in two headers arrive joined by a comma, so a key with one "
                "cannot be told from two."
            )
        )
    if not is_idempotency_key(key):
        raise MalformedRequest(
            sentence(
                "The Idempotency-Key header must be 1 to %(most)s printable ASCII "
                "characters (letters, digits, punctuation or spaces), new for each entry.",
                most=IDEMPOTENCY_KEY_LENGTH,
            )
        )
    return key
