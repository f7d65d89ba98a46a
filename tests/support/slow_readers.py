"""A long export on a live server, and a client that takes an answer a trickle at a time,
as one reading slowly on purpose does."""

import http.client
import json
import socket
import threading
import time
from dataclasses import dataclass, field

from support.export_documents import export_document
from support.games import new_game
from support.live_server import LiveServer

# Each read takes what the small window holds, 2 KB or so: about 20 KB a second, enough
# for every piece of an answer to be taken within the quick deadline of a second
# (support/quick_deadlines.py), and a long export still takes many seconds.
TRICKLE_EVERY_SECONDS = 0.1
TRICKLE_BYTES = 4096


def seed_a_long_export(server: LiveServer) -> int:
    """Import a thousand games of two players who have not begun; their export's size."""
    document = export_document(*[new_game("Ann", "Bo")] * 1000)
    connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
    try:
        connection.request(
            "POST", "/api/import", body=document, headers={"Content-Type": "application/json"}
        )
        imported = connection.getresponse()
        assert (imported.status, len(json.loads(imported.read())["games"])) == (201, 1000)
        connection.request("GET", "/export.json")
        return len(connection.getresponse().read())
    finally:
        connection.close()


@dataclass
class Trickle:
    """What a client taking an answer a trickle at a time has received, and when."""

    received: bytearray = field(default_factory=bytearray)
    began: float = 0.0  # time.monotonic() of its first bytes
    ended: float = 0.0  # and of the server's close, or of the client's giving up

    @property
    def seconds(self) -> float:
        """How long the answer went on from its first bytes."""
        return self.ended - self.began


def taking_a_trickle(
    server: LiveServer, path: str, *, at_most: float = 10.0
) -> tuple[threading.Thread, Trickle]:
    """Ask for ``path`` on a connection with a small window, and take the answer a few KB
    at a time in a thread, until the server closes it or ``at_most`` seconds have passed.
    Return once the answer has begun."""
    connection = socket.socket()
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    connection.connect((server.host, server.port))
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
    connection.settimeout(at_most)
    first = connection.recv(TRICKLE_BYTES)
    trickle = Trickle(bytearray(first), began=time.monotonic())

    def take_the_rest() -> None:
        with connection:
            try:
                while time.monotonic() - trickle.began < at_most:
                    time.sleep(TRICKLE_EVERY_SECONDS)
                    if not (piece := connection.recv(TRICKLE_BYTES)):
                        break
                    trickle.received += piece
            except (ConnectionResetError, TimeoutError):
                pass
            trickle.ended = time.monotonic()

    reading = threading.Thread(target=take_the_rest, daemon=True)
    reading.start()
    return reading, trickle
