"""The largest import, sent to a live server from a thread of its own, for tests of what
the server does meanwhile."""

import http.client
import threading
from dataclasses import dataclass

from sqlalchemy import create_engine, func, select

from chicago_scorer.storage.models import Game
from support.export_documents import largest_file
from support.live_server import LiveServer


@dataclass
class Answer:
    status: int = 0  # none yet, or none at all: the server was killed
    body: bytes = b""


def send(server: LiveServer, method: str, path: str, body: bytes | None = None) -> Answer:
    connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body, headers)
        response = connection.getresponse()
        return Answer(response.status, response.read())
    finally:
        connection.close()


def importing_the_largest_file(server: LiveServer) -> tuple[threading.Thread, Answer]:
    """Start the largest import in a thread; return once it has stored its first games.

    The games are counted in the database itself, not through the server, whose worker
    the import keeps."""
    answer = Answer()

    def run() -> None:
        try:
            finished = send(server, "POST", "/api/import", largest_file())
        except (OSError, http.client.HTTPException):
            return  # the server was killed: no answer
        answer.status, answer.body = finished.status, finished.body

    importing = threading.Thread(target=run, daemon=True)
    importing.start()
    engine = create_engine(server.database_url)
    try:
        while _games_stored(engine) == 0:
            assert importing.is_alive(), f"the import ended before storing a game: {answer}"
            importing.join(0.05)
    finally:
        engine.dispose()
    return importing, answer


def _games_stored(engine) -> int:
    with engine.connect() as connection:
        return connection.scalar(select(func.count()).select_from(Game))
