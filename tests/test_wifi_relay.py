"""The browser tests' switchable Wi-Fi (tests/support/wifi.py) cuts a phone off for real:
while it is off no request reaches the server, not even on a connection already open."""

import http.client
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from support.wifi import Wifi


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    requests_seen: list[str]
    release: threading.Event

    def handle_error(self, request, client_address) -> None:
        """An answer written to a connection the relay has cut is what the test wants."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        self.server.requests_seen.append(self.path)
        if self.path == "/slow":
            self.server.release.wait(10)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *_args) -> None:
        pass


@pytest.fixture
def server() -> Iterator[_Server]:
    server = _Server(("127.0.0.1", 0), _Handler)
    server.requests_seen = []
    server.release = threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.release.set()
    server.shutdown()
    server.server_close()


def _get(wifi: Wifi, path: str) -> int:
    host, port = wifi.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def test_requests_pass_while_on_and_none_reaches_the_server_while_off(server):
    with Wifi(server.server_address[1]) as wifi:
        assert _get(wifi, "/before") == 200
        wifi.switch_off()
        with pytest.raises((ConnectionError, http.client.RemoteDisconnected)):
            _get(wifi, "/while-off")
        wifi.switch_on()
        assert _get(wifi, "/after") == 200
    assert server.requests_seen == ["/before", "/after"]


def test_switching_off_cuts_a_request_already_on_its_way(server):
    with Wifi(server.server_address[1]) as wifi:
        failures: list[BaseException] = []

        def ask_slowly() -> None:
            try:
                _get(wifi, "/slow")
            except (ConnectionError, http.client.HTTPException) as error:
                failures.append(error)

        asking = threading.Thread(target=ask_slowly)
        asking.start()
        while server.requests_seen != ["/slow"]:
            threading.Event().wait(0.01)
        wifi.switch_off()
        server.release.set()  # the server answers, but the answer never arrives
        asking.join(10)
        assert len(failures) == 1
