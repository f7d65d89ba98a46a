"""A form sent in parts (multipart/form-data) read as strictly as one sent URL-encoded.

Werkzeug decodes each text part with ``errors="replace"``: a name sent in Latin-1 bytes
("Bj\\xf6rn") became "Bj\ufffdrn" and was recorded so. Here a text part is decoded
strictly: bytes that are not UTF-8 raise ``UnicodeDecodeError``, which
``readable_bodies.py`` refuses with 400 as it refuses a URL-encoded form that is not
UTF-8. A part that names ISO-8859-1 as its charset, one of the few Werkzeug honours, is
read in it: every byte is a character there. Files are not decoded here; the import
reads its own.
"""

import codecs
import typing as t

from werkzeug.datastructures import Headers
from werkzeug.formparser import FormDataParser, MultiPartParser

# Werkzeug decodes a part with the codec its charset names and ``errors="replace"``; this
# codec is UTF-8 that refuses bad bytes whatever the ``errors`` it is given.
STRICT_UTF8 = "chicago_scorer_strict_utf_8"
_STRICT_UTF8_CODEC = codecs.CodecInfo(
    name=STRICT_UTF8,
    encode=codecs.utf_8_encode,
    decode=lambda data, errors="strict": codecs.utf_8_decode(data, "strict", True),
)


def _find_strict_utf8(name: str) -> codecs.CodecInfo | None:
    return _STRICT_UTF8_CODEC if name == STRICT_UTF8 else None


codecs.register(_find_strict_utf8)


class StrictTextParts(MultiPartParser):
    """Werkzeug's parser of parts, whose text parts must be UTF-8 (or say ISO-8859-1)."""

    def get_part_charset(self, headers: Headers) -> str:
        charset = super().get_part_charset(headers)
        return charset if charset == "iso-8859-1" else STRICT_UTF8


class StrictFormParser(FormDataParser):
    """Werkzeug's form parser, not silent (a form it cannot read raises ``ValueError``,
    where it would give an empty one) and reading parts with ``StrictTextParts``."""

    def __init__(self, *arguments: t.Any, **options: t.Any) -> None:
        super().__init__(*arguments, **options)
        self.silent = False

    def _parse_multipart(
        self,
        stream: t.IO[bytes],
        mimetype: str,
        content_length: int | None,
        options: dict[str, str],
    ) -> tuple[t.IO[bytes], t.Any, t.Any]:
        boundary = options.get("boundary", "").encode("ascii")
        if not boundary:
            raise ValueError("Missing boundary")
        parser = StrictTextParts(
            stream_factory=self.stream_factory,
            max_form_memory_size=self.max_form_memory_size,
            max_form_parts=self.max_form_parts,
            cls=self.cls,
        )
        form, files = parser.parse(stream, boundary, content_length)
        return stream, form, files
