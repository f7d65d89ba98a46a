"""JSON as the app reads what people send: an API body or an export file.

A document is UTF-8 text (RFC 8259), a leading byte order mark allowed, wherever it comes
from. ``json.loads`` would guess UTF-16 or UTF-32 from a document's first bytes, so a file
uploaded to the import page was read in an encoding the API refuses and the README rules
out; here both read its bytes as UTF-8 alone (``document_text``).

Python's parser keeps the last of two members of one object that share a name, which
RFC 8259 leaves to each reader. A body that sends ``"winner"`` twice would record one of
the two without a word, and another reader of the same bytes (a proxy, a log viewer, the
sender's own checks) might take the other. So a name given twice in an object is refused,
and so are ``NaN`` and ``Infinity``, which the parser reads as numbers and JSON has not.

The parser's own words for a document that is not JSON are English, and name what it
expected in its terms ("Expecting ',' delimiter"); a refusal says where the document
breaks and, for the parser's common complaints, what is wrong there in words it
translates (``json_fault``).
"""

import json

from chicago_scorer.rules.errors import Message, sentence


def _complaint_about(broken: str) -> str:
    """The parser's own complaint about a document that is not JSON."""
    try:
        json.loads(broken)
    except json.JSONDecodeError as error:
        return error.msg
    raise ValueError(f"{broken!r} is JSON")


# What is wrong where the parser stops, by its complaint (``JSONDecodeError.msg``), each
# complaint taken from the parser itself about a document that breaks that way, so the
# table follows the words of whichever Python runs it.
_FAULT_OF_BREAK: list[tuple[str, Message]] = [
    # Translators: this and the phrases below say what is wrong at the line and column a
    # refusal names, after "The body (or: The file) is not valid JSON at line 3, column 7:".
    ("[", sentence("a value was expected")),
    ("{1}", sentence("a name in double quotes was expected")),
    ('{"a" 1}', sentence("a colon was expected after the name")),
    ("[1 2]", sentence("a comma or a closing bracket was expected")),
    ('"abc', sentence("the text that starts here has no closing quote")),
    ('"a\nb"', sentence("a line break or tab inside text must be written as \\n or \\t")),
    ('"\\q"', sentence("a backslash inside text must be written as \\\\")),
    ('"\\u12"', sentence("\\u must be followed by four hexadecimal digits")),
    ("1 2", sentence("there is more after the end of the JSON")),
    # Python 3.13 and later name a trailing comma; earlier ones expect a value or a name
    # there, and keep those words.
    ("[1,]", sentence("remove the comma before the closing bracket")),
    ('{"a": 1,}', sentence("remove the comma before the closing bracket")),
]
JSON_FAULTS: dict[str, Message] = {}
for _broken, _fault in _FAULT_OF_BREAK:
    JSON_FAULTS.setdefault(_complaint_about(_broken), _fault)


def json_fault(error: json.JSONDecodeError) -> Message | None:
    """What is wrong where a document stops being JSON, in words a refusal translates;
    None for a complaint of the parser's that has no words here."""
    return JSON_FAULTS.get(error.msg)


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


class NotAJsonNumber(ValueError):
    """The document writes ``NaN``, ``Infinity`` or ``-Infinity``, which Python's parser
    reads as numbers though JSON has none of them (RFC 8259): another reader of the same
    bytes would refuse them."""

    def __init__(self, written: str) -> None:
        super().__init__(f"{written} is not a JSON number")
        self.written = written


def _no_constant(written: str) -> object:
    raise NotAJsonNumber(written)


class BeyondReading(ValueError):
    """A number longer, or a nesting deeper, than Python's parser reads (its limit on an
    integer's digits, its recursion limit): JSON, but not JSON this app reads. The
    parser's own words for it name settings of Python's, which nobody who sent the
    document can change."""


BYTE_ORDER_MARK = "\ufeff"


def document_text(raw: bytes) -> str:
    """A document's bytes as text: UTF-8, without the byte order mark it may begin with
    (RFC 8259 lets a reader ignore one). Bytes that are not UTF-8 raise
    ``UnicodeDecodeError``, whose ``start`` counts from the first byte, the mark's too.

    So does a NUL byte, though UTF-8 has one: no JSON document holds it (JSON writes it
    as \\u0000), and one that does is UTF-16 or UTF-32 text without its byte order mark,
    which the parser would refuse only at some character it did not expect."""
    text = raw.decode("utf-8").removeprefix(BYTE_ORDER_MARK)
    nul = raw.find(b"\x00")
    if nul >= 0:
        raise UnicodeDecodeError("utf-8", raw, nul, nul + 1, "UTF-16 or UTF-32 text")
    return text


def read_json(document: str | bytes) -> object:
    """The document read as ``json.loads`` reads text, bytes read as ``document_text``,
    refusing a name given twice in one object (``RepeatedName``) and the numbers JSON
    does not have (``NotAJsonNumber``). Every refusal is a ``ValueError``: the parser's
    own (``json.JSONDecodeError``, or ``UnicodeDecodeError`` for bytes), ``RepeatedName``,
    ``NotAJsonNumber``, or ``BeyondReading``."""
    try:
        if isinstance(document, bytes):
            document = document_text(document)
        return json.loads(document, object_pairs_hook=_object_of, parse_constant=_no_constant)
    except (json.JSONDecodeError, UnicodeDecodeError, RepeatedName, NotAJsonNumber):
        raise
    except (ValueError, RecursionError) as error:
        raise BeyondReading() from error
