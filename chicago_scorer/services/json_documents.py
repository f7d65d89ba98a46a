"""JSON as the app reads what people send: an API body or an export file.

A document is UTF-8 text (RFC 8259), a leading byte order mark allowed, wherever it comes
from. ``json.loads`` would guess UTF-16 or UTF-32 from a document's first bytes, so a file
uploaded to the import page was read in an encoding the API refuses and the README rules
out; here both read its bytes as UTF-8 alone (``document_text``).

Python's parser keeps the last of two members of one object that share a name, which
RFC 8259 leaves to each reader. A body that sends ``"winner"`` twice would record one of
the two without a word, and another reader of the same bytes (a proxy, a log viewer, the
sender's own checks) might take the other. So a name given twice in an object is refused.
"""

import json


class RepeatedName(ValueError):
    """One object of the document gives the same member name twice."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name!r} is given twice in one object")
        self.name = name


def _object_of(members: list[tuple[str, object]]) -> dict[str, object]:
    """An object's members as a dict, or the name that one of them repeats."""
    found = dict(members)
    if len(found) < len(members):
        seen = set()
        for name, _ in members:
            if name in seen:
                raise RepeatedName(name)
            seen.add(name)
    return found


class BeyondReading(ValueError):
    """A number longer, or a nesting deeper, than Python's parser reads (its limit on an
    integer's digits, its recursion limit): JSON, but not JSON this app reads. The
    parser's own words for it name settings of Python's, which nobody who sent the
    document can change."""


BYTE_ORDER_MARK = "\ufeff"


def document_text(raw: bytes) -> str:
    """A document's bytes as text: UTF-8, without the byte order mark it may begin with
    (RFC 8259 lets a reader ignore one). Bytes that are not UTF-8 raise
    ``UnicodeDecodeError``, whose ``start`` counts from the first byte, the mark's too."""
    return raw.decode("utf-8").removeprefix(BYTE_ORDER_MARK)


def read_json(document: str | bytes) -> object:
    """The document read as ``json.loads`` reads text, bytes read as ``document_text``,
    refusing a name given twice in one object (``RepeatedName``). Every refusal is a
    ``ValueError``: the parser's own (``json.JSONDecodeError``, or ``UnicodeDecodeError``
    for bytes), ``RepeatedName``, or ``BeyondReading``."""
    try:
        if isinstance(document, bytes):
            document = document_text(document)
        return json.loads(document, object_pairs_hook=_object_of)
    except (json.JSONDecodeError, UnicodeDecodeError, RepeatedName):
        raise
    except (ValueError, RecursionError) as error:
        raise BeyondReading() from error
