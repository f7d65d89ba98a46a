"""An export of every game, sent from the file it was written to (services/transfer/exporting.py).

To a client that takes gzip, as every browser does, the file is sent gzipped: the
export's JSON says the same names and fields again and again, and 5,000 games, 22 MB as
they are, fit in about a tenth of that. So even a phone on a slow line takes it well
within the worker's deadline for a whole answer (web/platform/client_deadlines.py). The
file is packed after the export has let go of its turn, so the packing holds no other
import or export back.
"""

import gzip
import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import IO

from flask import Response, current_app, request

from chicago_scorer.services.transfer.exporting import export_all_games

# The file is sent in pieces of this size, as werkzeug and gunicorn send a file: each
# must be taken within the worker's deadline for a piece (web/platform/client_deadlines.py).
PIECE = 8192
# zlib's default: most of the gain of the highest level, for a fraction of its work.
GZIP_LEVEL = 6


def exported_games() -> IO[bytes]:
    """Every game as an export file, after the rest the app's settings give exports."""
    return export_all_games(current_app.config["EXPORT_REST_SECONDS"])


def export_answer(exported: IO[bytes], headers: dict[str, str] | None = None) -> Response:
    """The export file as a JSON answer, with its length, so that a phone shows how much
    of it has come; gzipped for a client that takes gzip. The file is closed once sent,
    or once the answer is dropped.

    Not through ``send_file``: that would let a cache keep the file as long as a static
    one, and answer a request for a part of it, though the next export need not be the
    same file."""
    headers = dict(headers or {})
    if request.accept_encodings["gzip"] > 0:
        exported = _gzipped(exported)
        headers["Content-Encoding"] = "gzip"
    answer = Response(_pieces_of(exported), mimetype="application/json", headers=headers)
    answer.content_length = os.fstat(exported.fileno()).st_size
    answer.vary.add("Accept-Encoding")
    answer.call_on_close(exported.close)
    return answer


def _gzipped(plain: IO[bytes]) -> IO[bytes]:
    """The file's bytes gzipped into a new temporary file, read from its start; the plain
    one is closed."""
    packed = tempfile.TemporaryFile()  # gone from the disk once closed
    try:
        # No time in the header: the same games give the same bytes.
        with (
            plain,
            gzip.GzipFile(fileobj=packed, mode="wb", compresslevel=GZIP_LEVEL, mtime=0) as packing,
        ):
            shutil.copyfileobj(plain, packing, 16 * PIECE)
    except BaseException:
        packed.close()
        raise
    packed.seek(0)
    return packed


def _pieces_of(exported: IO[bytes]) -> Iterator[bytes]:
    with exported:
        while piece := exported.read(PIECE):
            yield piece
