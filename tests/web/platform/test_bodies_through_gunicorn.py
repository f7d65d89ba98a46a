"""Bodies sent in chunks or compressed through a real gunicorn server, which the test
client does not pass on as gunicorn does: over the limit they are refused with 413, never
cut and read; compressed, with 415, never read as if they were not."""

import gzip
import http.client
import json
import socket

import pytest

from support.live_server import LiveServer

NEW_GAME = json.dumps({"players": ["Ann", "Bo"]}).encode()
BODY_CUT_SHORT = "The body ended before its stated length, so nothing was recorded: send it again."


def send_chunked(
    server: LiveServer,
    path: str,
    body: bytes,
    content_type: str = "application/json",
    headers: dict[str, str] | None = None,
):
    """POST ``body`` in 64 KB chunks with no Content-Length; the status, or None if the
    server closed the connection before it could be read."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=30)
    chunks = (body[start : start + 65536] for start in range(0, len(body), 65536))
    try:
        connection.request(
            "POST",
            path,
            body=chunks,
            headers=({"Content-Type": content_type} if content_type else {}) | (headers or {}),
            encode_chunked=True,
        )
        response = connection.getresponse()
        return response.status, response.read()
    except (ConnectionResetError, BrokenPipeError):
        return None, b""
    finally:
        connection.close()


def test_a_small_chunked_game_is_created(server):
    status, _body = send_chunked(server, "/api/games", NEW_GAME)

    assert status == 201


def test_a_chunked_body_just_over_the_limit_is_refused_with_413(server):
    before = server.game_count()

    status, body = send_chunked(server, "/api/games", NEW_GAME + b" " * (70 * 1024) + b"junk")

    assert status == 413, body
    assert "64 KB" in json.loads(body)["error"]
    assert server.game_count() == before


def test_five_megabytes_in_chunks_create_nothing(server):
    before = server.game_count()

    status, _body = send_chunked(
        server, "/api/games", NEW_GAME + b" " * (5 * 1024 * 1024) + b"garbage"
    )

    # The server answers 413 as soon as it has read one byte past the limit; a client
    # still sending then may see the connection closed instead of the answer.
    assert status in {413, None}
    assert server.game_count() == before


def test_a_chunked_body_without_a_content_type_is_refused_with_415(server):
    before = server.game_count()

    status, body = send_chunked(server, "/api/games", NEW_GAME, content_type=None)

    assert status == 415, body
    assert "send Content-Type: application/json" in json.loads(body)["error"]
    assert server.game_count() == before


@pytest.mark.parametrize(
    ("header", "value", "named"),
    [
        ("Content-Encoding", "gzip", "Content-Encoding 'gzip'"),
        # http.client frames the chunks; the header says that they hold gzip.
        ("Transfer-Encoding", "gzip, chunked", "Transfer-Encoding 'gzip'"),
    ],
)
def test_a_gzipped_game_is_refused_with_415_not_read_as_broken_utf8(server, header, value, named):
    before = server.game_count()

    status, body = send_chunked(
        server, "/api/games", gzip.compress(NEW_GAME), headers={header: value}
    )

    assert status == 415, body
    assert json.loads(body)["error"] == (
        f"The body was sent with {named}, which this address does not read: "
        "send it again uncompressed."
    )
    assert server.game_count() == before


def test_a_compressed_form_is_refused_on_a_page_that_says_so(server):
    before = server.game_count()

    status, body = send_chunked(
        server,
        "/games",
        gzip.compress(b"players-0=Ann&players-1=Bo"),
        content_type="application/x-www-form-urlencoded",
        headers={"Content-Encoding": "gzip"},
    )

    assert status == 415
    assert "send it again uncompressed" in body.decode()
    assert server.game_count() == before


def test_a_body_that_ends_before_its_length_is_refused_though_what_came_is_whole_json(server):
    # The client says 50 bytes, sends a whole game in 24 and closes its side: the body was
    # cut, and what came must not be taken for all of it.
    before = server.game_count()
    with socket.create_connection((server.host, server.port), timeout=10) as connection:
        connection.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(NEW_GAME) + 26, NEW_GAME)
        )
        connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk

    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 "), answer
    assert json.loads(body)["error"] == BODY_CUT_SHORT
    assert server.game_count() == before
