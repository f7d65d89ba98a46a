"""Clients that send slowly or not at all, against a real gunicorn server as `make run`
starts it: none of them keeps the app from answering the others for longer than the
worker's deadlines (web/platform/client_deadlines.py)."""

import http.client
import json
import socket
import threading
import time
from contextlib import ExitStack, suppress

import pytest

from chicago_scorer.web.platform.client_deadlines import ClientDeadlineWorker, defer_accept
from support.live_server import LiveServer, serving_a_fresh_database
from support.long_imports import importing_the_largest_file
from support.quick_deadlines import (
    PATIENT_WITH_BODIES,
    QUICK_DEADLINES,
    QuickDeadlineWorker,
)
from support.slow_readers import seed_a_long_export, taking_a_trickle

NEW_GAME = json.dumps({"players": ["Ann", "Bo"]}).encode()
HALF_A_HEAD = b"GET / HTTP/1.1\r\nHost: localhost\r\n"
HOME_PAGE = HALF_A_HEAD + b"\r\n"
# How long the kernel keeps a connection that has sent nothing before a worker takes it.
DEFERRAL = ClientDeadlineWorker.accept_deferral_seconds


@pytest.fixture(scope="module")
def server(databases, tmp_path_factory):
    """Two workers with the deadlines of `make run`, as it starts them."""
    logs = tmp_path_factory.mktemp("silent")
    with serving_a_fresh_database(databases, logs, workers=2) as running:
        yield running


@pytest.fixture(scope="module")
def quick_server(databases, tmp_path_factory):
    """One worker, with deadlines of a second, so that a client it waits on holds it."""
    logs = tmp_path_factory.mktemp("slow")
    with serving_a_fresh_database(
        databases, logs, workers=1, environment=QUICK_DEADLINES
    ) as running:
        yield running


@pytest.fixture(scope="module")
def long_export(quick_server) -> int:
    """The size of an export of a thousand games on ``quick_server``, which now holds them."""
    return seed_a_long_export(quick_server)


def connections(stack: ExitStack, server: LiveServer, count: int, sending: bytes = b""):
    """``count`` connections that send ``sending`` and then nothing more."""
    opened = []
    for _ in range(count):
        connection = stack.enter_context(socket.create_connection((server.host, server.port)))
        connection.sendall(sending)
        opened.append(connection)
    return opened


def seconds_to_answer(server: LiveServer) -> float:
    """How long another client waits for a page; it gives up after 10 s."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=10)
    started = time.monotonic()
    try:
        connection.request("GET", "/")
        response = connection.getresponse()
        response.read()
        assert response.status < 400
        return time.monotonic() - started
    finally:
        connection.close()


def everything_sent(connection: socket.socket) -> bytes:
    """All the server sends on ``connection`` until it closes it (10 s at most)."""
    connection.settimeout(10)
    received = bytearray()
    try:
        while chunk := connection.recv(65536):
            received += chunk
    except ConnectionResetError:
        pass
    return bytes(received)


def status_answered(connection: socket.socket) -> int:
    """Read the whole answer on ``connection`` and close it, as a browser does; the
    answer's status, or 0 if there was none."""
    with connection:
        answer = everything_sent(connection)
    return int(answer.split(b" ", 2)[1]) if answer else 0


def seconds_until_closed(connection: socket.socket) -> float:
    """How long the server keeps ``connection`` open."""
    started = time.monotonic()
    everything_sent(connection)
    return time.monotonic() - started


def test_connections_that_send_nothing_do_not_keep_the_app_from_answering(server):
    # A phone's browser opens connections ahead of need; without the deadlines, a worker
    # was held by each until gunicorn's timeout.
    with ExitStack() as stack:
        connections(stack, server, 20)
        time.sleep(0.5)

        assert seconds_to_answer(server) < 2


def test_more_silent_connections_than_a_worker_keeps_close_the_oldest_and_harm_nothing(
    server,
):
    kept = 2 * ClientDeadlineWorker.most_silent  # two workers
    with ExitStack() as stack:
        silent = connections(stack, server, kept + 100)
        time.sleep(DEFERRAL + 1)  # the kernel has handed them all to the workers

        assert seconds_to_answer(server) < 2
        closed = [connection for connection in silent if closed_by_the_server(connection)]
        # However the kernel shared them out, the workers kept at most ``kept``.
        assert 100 <= len(closed) < len(silent)
    assert "Traceback" not in server.log_tail(characters=1_000_000)


def closed_by_the_server(connection: socket.socket) -> bool:
    try:
        return connection.recv(1, socket.MSG_DONTWAIT | socket.MSG_PEEK) == b""
    except BlockingIOError:  # open, and nothing sent
        return False


def test_one_client_that_stops_half_way_does_not_keep_the_app_from_answering(server):
    # Its worker waits for the rest of its request; the other worker answers.
    with ExitStack() as stack:
        connections(stack, server, 1, sending=HALF_A_HEAD)
        time.sleep(0.5)

        assert seconds_to_answer(server) < 2


def test_clients_that_never_close_after_their_answer_do_not_keep_the_app_from_answering(
    server,
):
    # gunicorn waits up to 2 s on each answered connection for the client to close too:
    # forty such clients kept a phone's tap waiting 40 s.
    whole_request = b"GET /sw.js HTTP/1.1\r\nHost: phone\r\n\r\n"
    with ExitStack() as stack:
        connections(stack, server, 40, sending=whole_request)
        time.sleep(0.2)

        assert seconds_to_answer(server) < 5


def test_a_connection_that_sends_nothing_is_closed_after_its_silence(server):
    silence = DEFERRAL + ClientDeadlineWorker.silent_seconds
    with ExitStack() as stack:
        [silent] = connections(stack, server, 1)

        assert silence - 0.5 < seconds_until_closed(silent) < silence + 2


def test_the_kernel_keeps_new_connections_on_tcp_and_a_unix_socket_is_served_as_it_is():
    # gunicorn may be bound to a Unix socket behind a proxy: no TCP option there.
    with socket.socket() as tcp, socket.socket(socket.AF_UNIX) as unix:
        defer_accept(tcp, DEFERRAL)
        defer_accept(unix, DEFERRAL)

        assert tcp.getsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT) == DEFERRAL


def test_connections_opened_just_before_a_long_import_are_answered_while_it_runs(
    databases, tmp_path
):
    # A phone's browser opens connections ahead of need. A worker that took some before
    # their requests came, and then began the largest import, kept them waiting for the
    # whole of it, though the other worker was free.
    with serving_a_fresh_database(databases, tmp_path) as server, ExitStack() as stack:
        opened = connections(stack, server, 6)
        importing, imported = importing_the_largest_file(server)

        statuses = []
        for connection in opened:
            connection.sendall(HOME_PAGE)
            statuses.append(status_answered(connection))
        during = importing.is_alive()
        importing.join(120)

    assert during, "the pages waited for the import to end"
    assert statuses == [200] * len(opened)
    assert imported.status == 201, imported.body


def test_a_request_sent_while_its_worker_is_busy_is_answered_though_its_silence_ran_out(
    databases, tmp_path
):
    # The one worker holds both connections, silent, when ``busy`` begins a request that
    # keeps it; ``waiting`` sends its own meanwhile, and its silence runs out before the
    # worker is free. It was closed then, unanswered: it had sent nothing when last looked at.
    silence = DEFERRAL + ClientDeadlineWorker.silent_seconds
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % len(NEW_GAME)
    )
    with (
        serving_a_fresh_database(
            databases, tmp_path, workers=1, environment=PATIENT_WITH_BODIES
        ) as server,
        ExitStack() as stack,
    ):
        waiting, busy = connections(stack, server, 2)
        opened = time.monotonic()
        time.sleep(DEFERRAL + 0.5)  # the worker holds both, silent
        busy.sendall(head + NEW_GAME[:10])  # and waits for the rest of this body
        time.sleep(0.5)
        waiting.sendall(HOME_PAGE)
        time.sleep(opened + silence + 1 - time.monotonic())
        busy.sendall(NEW_GAME[10:])

        assert status_answered(busy) == 201
        assert status_answered(waiting) == 200


def test_a_request_whose_head_stops_arriving_is_dropped_at_its_deadline(quick_server):
    # Sooner than a body's: a phone sends its head at once, so slow heads, which the
    # workers take in turn, hold a tap on another game for less.
    deadline = QuickDeadlineWorker.head_seconds
    assert deadline < QuickDeadlineWorker.arrival_seconds
    with ExitStack() as stack:
        [stopped] = connections(stack, quick_server, 1, sending=HALF_A_HEAD)

        assert deadline - 0.4 < seconds_until_closed(stopped) < deadline + 1


def test_a_half_sent_request_holds_its_worker_for_its_deadline_at_most(quick_server):
    # The only worker waits for the rest of the request: without a deadline, for good.
    deadline = QuickDeadlineWorker.head_seconds
    with ExitStack() as stack:
        connections(stack, quick_server, 1, sending=HALF_A_HEAD)
        time.sleep(0.2)

        assert seconds_to_answer(quick_server) < deadline + 1.5


def test_a_body_that_stops_arriving_is_answered_408_and_records_nothing(quick_server):
    games_before = quick_server.game_count()
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % len(NEW_GAME)
    )
    with ExitStack() as stack:
        [stopped] = connections(stack, quick_server, 1, sending=head + NEW_GAME[:10])
        stopped.settimeout(10)
        response = http.client.HTTPResponse(stopped)
        response.begin()

        assert response.status == 408
        assert json.loads(response.read()) == {
            "error": "The request arrived too slowly, so nothing was recorded. "
            "Check the connection and try again."
        }
    assert quick_server.game_count() == games_before


def test_a_body_sent_a_byte_at_a_time_is_answered_408_once_it_falls_behind(quick_server):
    # Not at the whole request's deadline: clients trickling their bodies, which the
    # workers take in turn, held another client's request for 20 s each.
    grace = QuickDeadlineWorker.body_grace_seconds
    assert grace + 1 < QuickDeadlineWorker.arrival_seconds
    games_before = quick_server.game_count()
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000\r\n\r\n"
    )
    stop = threading.Event()
    with ExitStack() as stack:
        [trickling] = connections(stack, quick_server, 1, sending=head)
        started = time.monotonic()

        def a_byte_every_tenth_of_a_second() -> None:
            with suppress(OSError):
                while not stop.wait(0.1):
                    trickling.send(b" ")

        sender = threading.Thread(target=a_byte_every_tenth_of_a_second)
        sender.start()
        try:
            trickling.settimeout(10)
            response = http.client.HTTPResponse(trickling)
            response.begin()
            answered_after = time.monotonic() - started
        finally:
            stop.set()
            sender.join()

        assert response.status == 408
        assert grace - 0.2 < answered_after < grace + 1
    assert quick_server.game_count() == games_before


def test_a_client_that_takes_no_answer_holds_its_worker_for_its_deadline_at_most(
    quick_server, long_export
):
    deadline = QuickDeadlineWorker.answer_seconds
    with ExitStack() as stack:
        # With a window of a few KB, such a client is sent a long answer only as fast as
        # it reads; and it does not read.
        not_reading = stack.enter_context(socket.socket())
        not_reading.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        not_reading.connect((quick_server.host, quick_server.port))
        not_reading.sendall(b"GET /export.json HTTP/1.1\r\nHost: localhost\r\n\r\n")
        time.sleep(0.2)

        assert seconds_to_answer(quick_server) < deadline + 1.5
        # What it got when it read at last: the start of the export.
        assert len(everything_sent(not_reading)) < long_export / 2


def test_a_client_that_takes_an_answer_a_trickle_at_a_time_holds_its_worker_for_its_deadline(
    quick_server, long_export
):
    # Each piece is taken in time, but the whole answer is not: without a deadline on the
    # whole of it, such a client held its worker until gunicorn killed it.
    deadline = QuickDeadlineWorker.whole_answer_seconds
    assert deadline > QuickDeadlineWorker.answer_seconds
    reading, trickle = taking_a_trickle(quick_server, "/export.json")

    waited = seconds_to_answer(quick_server)  # the only worker is sending the export
    reading.join()

    assert deadline - 0.5 < trickle.seconds < deadline + 1
    assert len(trickle.received) < long_export / 2
    assert waited < deadline + 1.5
