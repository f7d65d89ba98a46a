"""An export of every game, sent from the file it was written to (services/transfer.py)."""

import os
from collections.abc import Iterator
from typing import IO

from flask import Response

# The file is sent in pieces of this size, as werkzeug and gunicorn send a file: each
# must be taken within the worker's deadline for a piece (web/platform/client_deadlines.py).
PIECE = 8192


def export_answer(exported: IO[bytes], headers: dict[str, str] | None = None) -> Response:
    """The export file as a JSON answer, with its length, so that a phone shows how much
    of it has come. The file is closed once sent, or once the answer is dropped.

    Not through ``send_file``: that would let a cache keep the file as long as a static
    one, and answer a request for a part of it, though the next export need not be the
    same file."""
    answer = Response(_pieces_of(exported), mimetype="application/json", headers=headers)
    answer.content_length = os.fstat(exported.fileno()).st_size
    answer.call_on_close(exported.close)
    return answer


def _pieces_of(exported: IO[bytes]) -> Iterator[bytes]:
    with exported:
        while piece := exported.read(PIECE):
            yield piece
