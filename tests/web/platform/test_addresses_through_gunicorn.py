"""Addresses as a real gunicorn server passes them on, with the path's escapes undone into
Latin-1 characters: a path that is not UTF-8 is refused with 400, as a query that is not
is, rather than read with U+FFFD for its bad bytes; a path in UTF-8 finds its player
(web/platform/readable_addresses.py). A byte of a path that is not ASCII must come escaped, as
browsers send it: gunicorn refuses a raw one itself (RFC 9112)."""

import http.client
import json
import socket

import pytest

from support.live_server import LiveServer

NOT_UTF8 = "The address is not UTF-8 text: check the link, or send it in UTF-8."


def got(server: LiveServer, request_line_path: bytes) -> tuple[int, str, str]:
    """GET a path sent byte for byte as given: the status, content type and body."""
    request = b"GET " + request_line_path + b" HTTP/1.1\r\nHost: localhost\r\n"
    with socket.create_connection((server.host, server.port), timeout=10) as connection:
        connection.sendall(request + b"Connection: close\r\n\r\n")
        received = bytearray()
        while chunk := connection.recv(65536):
            received += chunk
    head, _, body = bytes(received).partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in header_lines)
    return int(status_line.split(" ", 2)[1]), headers["content-type"], body.decode()


@pytest.fixture(scope="module")
def bjorn(server):
    connection = http.client.HTTPConnection(server.host, server.port, timeout=10)
    body = json.dumps({"players": ["Björn", "Bo"]})
    connection.request("POST", "/api/games", body, {"Content-Type": "application/json"})
    assert connection.getresponse().status == 201
    connection.close()


def test_a_path_whose_escapes_are_not_utf8_is_refused_in_json_at_the_api(server, bjorn):
    status, content_type, body = got(server, b"/api/players/Bj%F6rn/stats")

    assert status == 400
    assert content_type == "application/json"
    assert json.loads(body)["error"] == NOT_UTF8


@pytest.mark.parametrize("path", [b"/players/%FF", b"/players/Bj%F6rn", b"/players/Bj%C3"])
def test_a_path_that_is_not_utf8_is_refused_on_the_error_page(server, bjorn, path):
    status, content_type, body = got(server, path)

    assert status == 400
    assert content_type == "text/html; charset=utf-8"
    assert NOT_UTF8 in body
    assert "\ufffd" not in body


def test_a_path_in_utf8_finds_its_player(server, bjorn):
    status, _content_type, body = got(server, b"/players/Bj%C3%B6rn")

    assert status == 200
    assert "Björn" in body
