"""A file sent on a client's connection, as gunicorn sends one a view answers with
(``send_file``), keeps the worker's deadlines for answers: each piece taken in time, and
the whole within its own deadline (web/platform/client_sockets.py)."""

import socket
import threading
import time

import pytest

from chicago_scorer.web.platform.client_sockets import ClientSocket

ANSWER_SECONDS = 1.0
WHOLE_ANSWER_SECONDS = 2.0


@pytest.fixture
def connection():
    """Both ends of a loopback connection: the client's, with a window of a few KB, and
    the worker's, with a small send buffer, so a file is sent only as fast as it is read."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        client = socket.socket()
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        client.connect(listener.getsockname())
        accepted, _address = listener.accept()
    accepted.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    worker_side = ClientSocket.taking_over(
        accepted,
        head_seconds=0.5,
        arrival_seconds=2.0,
        body_grace_seconds=0.5,
        least_body_rate=25_000,
        answer_seconds=ANSWER_SECONDS,
        whole_answer_seconds=WHOLE_ANSWER_SECONDS,
    )
    worker_side.expect_request()
    with client, worker_side:
        yield client, worker_side


def reading(client: socket.socket, received: bytearray, every: float) -> threading.Thread:
    """Read 4 KB every ``every`` seconds, until the connection ends or for 10 s at most."""

    def read() -> None:
        client.settimeout(1)
        until = time.monotonic() + 10
        try:
            while time.monotonic() < until and (piece := client.recv(4096)):
                received.extend(piece)
                time.sleep(every)
        except (ConnectionResetError, TimeoutError):
            pass

    reading = threading.Thread(target=read, daemon=True)
    reading.start()
    return reading


def test_a_file_taken_a_trickle_at_a_time_is_dropped_at_the_whole_answers_deadline(
    connection, tmp_path
):
    # The kernel's sendfile bounds each wait for the client, not the whole: a client
    # taking a few KB before each bound kept it sending for as long as the file lasted.
    client, worker_side = connection
    file = tmp_path / "long.json"
    file.write_bytes(b"x" * 1_000_000)
    received = bytearray()
    trickle = reading(client, received, every=0.1)  # about 20 KB/s: a piece a second

    started = time.monotonic()
    with file.open("rb") as sent, pytest.raises(BrokenPipeError):
        worker_side.sendfile(sent)
    took = time.monotonic() - started
    trickle.join()

    assert WHOLE_ANSWER_SECONDS - 0.2 < took < WHOLE_ANSWER_SECONDS + 0.5
    assert 0 < len(received) < 1_000_000 / 2


def test_a_file_taken_at_once_is_sent_whole_from_where_it_is_asked(connection, tmp_path):
    client, worker_side = connection
    file = tmp_path / "short.json"
    file.write_bytes(bytes(range(256)) * 400)
    received = bytearray()
    taking = reading(client, received, every=0)

    with file.open("rb") as sent:
        count = worker_side.sendfile(sent, offset=1000, count=50_000)
    worker_side.shutdown(socket.SHUT_WR)
    taking.join()

    assert count == 50_000
    assert received == file.read_bytes()[1000:51_000]
