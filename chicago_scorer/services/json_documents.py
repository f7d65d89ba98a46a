"""JSON as the app reads what people send: an API body or an export file.

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


def read_json(document: str | bytes) -> object:
    """The document read as ``json.loads`` reads it, refusing a name given twice in one
    object (``RepeatedName``). Every refusal is a ``ValueError``: the parser's own
    (``json.JSONDecodeError``, ``UnicodeDecodeError`` for bytes), ``RepeatedName``, or
    ``BeyondReading``."""
    try:
        return json.loads(document, object_pairs_hook=_object_of)
    except (json.JSONDecodeError, UnicodeDecodeError, RepeatedName):
        raise
    except (ValueError, RecursionError) as error:
        raise BeyondReading() from error
