"""Requests gunicorn cannot read (an address or headers over its limits, bytes that are
not HTTP, a body in broken chunks, an Expect it does not meet) are refused by the app in
its own words, as JSON at the API's addresses and as its error page elsewhere, with its
security headers, not with gunicorn's bare page or as the app's own failure
(web/platform/unreadable_requests.py, web/platform/gunicorn_errors.py)."""

import json
import socket

import pytest

from support.live_server import LiveServer

LONG_ADDRESS = "The address is too long to read: check the link, or use a shorter one."
LARGE_HEADERS = (
    "The request's headers are too many or too long to read: send fewer or shorter ones. "
    "In a browser, clearing this site's cookies may help."
)
NOT_HTTP = (
    "The request could not be read as HTTP, so nothing was recorded: check the address, "
    "and send it again from a browser or an HTTP client."
)
BROKEN_BODY = (
    "The body was sent in broken pieces that could not be read, so nothing was recorded: "
    "send it again."
)
UNMET_EXPECTATION = "The server cannot meet the request's Expect header: send it without one."


class Answer:
    def __init__(self, raw: bytes) -> None:
        head, _, self.body = raw.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        self.status = int(status_line.split(" ", 2)[1])
        self.headers = {
            name.lower(): value
            for name, _, value in (line.partition(": ") for line in header_lines)
        }

    def error(self) -> str:
        assert self.headers["content-type"] == "application/json", self.headers
        return json.loads(self.body)["error"]

    def page(self) -> str:
        assert self.headers["content-type"] == "text/html; charset=utf-8", self.headers
        return self.body.decode()


def sent_raw(server: LiveServer, request: bytes, *, then_stop_sending: bool = False) -> Answer:
    """Send ``request`` as it is and read the whole answer; ``then_stop_sending`` closes
    the sending side after it, as a client that gave up on its body does."""
    with socket.create_connection((server.host, server.port), timeout=10) as connection:
        connection.sendall(request)
        if then_stop_sending:
            connection.shutdown(socket.SHUT_WR)
        received = bytearray()
        while chunk := connection.recv(65536):
            received += chunk
    return Answer(bytes(received))


def new_game_sent_with(header: str) -> bytes:
    """A request that creates a game, with one more header."""
    body = json.dumps({"players": ["Ann", "Bo"]})
    return (
        f"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        f"{header}\r\nContent-Length: {len(body)}\r\n\r\n{body}"
    ).encode()


def long_address(path: str) -> bytes:
    return f"GET {path}{'a' * 5000} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode()


def headers_over_the_limit(
    method: str, path: str, *, count: int, size: int, json_body: str = ""
) -> bytes:
    fields = "".join(f"X-Padding-{n}: {'y' * size}\r\n" for n in range(count))
    if json_body:
        fields += f"Content-Type: application/json\r\nContent-Length: {len(json_body)}\r\n"
    return f"{method} {path} HTTP/1.1\r\nHost: localhost\r\n{fields}\r\n{json_body}".encode()


def test_an_api_address_too_long_to_read_is_refused_with_414_in_json(server):
    answer = sent_raw(server, long_address("/api/games/"))

    assert answer.status == 414
    assert answer.error() == LONG_ADDRESS


def test_a_page_address_too_long_to_read_is_refused_with_414_on_the_error_page(server):
    answer = sent_raw(server, long_address("/games/"))

    assert answer.status == 414
    assert LONG_ADDRESS in answer.page()
    assert "Request Line is too large" not in answer.page()  # gunicorn's words


@pytest.mark.parametrize(
    ("count", "size"), [(120, 1), (1, 9000)], ids=["too many", "one too long"]
)
def test_headers_too_large_to_read_are_refused_with_431_and_record_nothing(server, count, size):
    before = server.game_count()
    new_game = json.dumps({"players": ["Ann", "Bo"]})
    request = headers_over_the_limit(
        "POST", "/api/games", count=count, size=size, json_body=new_game
    )

    answer = sent_raw(server, request)

    assert answer.status == 431
    assert answer.error() == LARGE_HEADERS
    assert server.game_count() == before


def test_a_page_asked_for_with_headers_too_large_gets_431_on_the_error_page(server):
    answer = sent_raw(server, headers_over_the_limit("GET", "/", count=1, size=9000))

    assert answer.status == 431
    assert "clearing this site&#39;s cookies may help" in answer.page()


def test_bytes_that_are_not_http_are_refused_with_400_on_the_error_page(server):
    answer = sent_raw(server, b"GARBAGE\r\n\r\n")

    assert answer.status == 400
    assert NOT_HTTP in answer.page()


def test_a_host_no_address_can_be_built_on_is_refused_with_400_on_the_error_page(server):
    host = "a" * 64  # a label over 63 characters: no address can be built on it
    answer = sent_raw(
        server, f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()
    )

    assert answer.status == 400
    assert NOT_HTTP in answer.page()
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_an_api_address_in_absolute_form_of_an_unknown_http_version_gets_400_in_json(server):
    answer = sent_raw(server, b"GET http://localhost/api/games HTTP/9.9\r\n\r\n")

    assert answer.status == 400
    assert answer.error() == NOT_HTTP


def test_the_refusal_has_the_apps_security_headers_and_closes_the_connection(server):
    answer = sent_raw(server, long_address("/"))

    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["connection"] == "close"
    assert int(answer.headers["content-length"]) == len(answer.body)


def test_the_worker_answers_the_next_request_after_refusing_one(server):
    sent_raw(server, b"GARBAGE\r\n\r\n")

    answer = sent_raw(
        server, b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )

    assert answer.status == 200
    assert "games" in json.loads(answer.body)


def test_a_body_whose_chunks_are_not_http_is_refused_with_400_not_a_server_error(server):
    before = server.game_count()
    body = json.dumps({"players": ["Ann", "Bo"]}).encode()
    request = (
        b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\nZZ\r\n" + body + b"\r\n0\r\n\r\n"
    )

    answer = sent_raw(server, request)

    assert answer.status == 400
    assert answer.error() == BROKEN_BODY
    assert server.game_count() == before


def test_a_body_whose_chunks_stop_before_the_last_is_refused_with_400_and_records_nothing(
    server,
):
    before = server.game_count()
    body = json.dumps({"players": ["Ann", "Bo"]}).encode()
    request = (
        b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n" + f"{len(body):x}".encode() + b"\r\n" + body[:5]
    )

    answer = sent_raw(server, request, then_stop_sending=True)

    assert answer.status == 400
    assert answer.error() == BROKEN_BODY
    assert server.game_count() == before


def test_an_expectation_the_server_does_not_meet_is_refused_with_417_in_the_apps_words(server):
    before = server.game_count()

    answer = sent_raw(server, new_game_sent_with("Expect: a-miracle"))

    assert answer.status == 417
    assert answer.error() == UNMET_EXPECTATION
    assert server.game_count() == before


def test_expect_100_continue_as_curl_sends_it_with_a_large_body_still_works(server):
    answered = sent_raw(server, new_game_sent_with("Expect: 100-continue"))

    # gunicorn's interim 100, then the answer itself.
    assert answered.status == 100
    assert answered.body.startswith(b"HTTP/1.1 201 ")
