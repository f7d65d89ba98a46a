"""Requests the server cannot read, refused by the app in its own words.

gunicorn refuses some requests before the app sees them: a first line over 4,094 bytes
(414), more than 100 headers or one over 8,190 bytes (431), an ``Expect`` it does not meet
(417), or bytes that are not HTTP (400). Its answer was a bare page of its own: English
HTML in the parser's words ("Request Line is too large (5014 > 4094)"), even to an API
client that was promised ``{"error": ...}``, and without the app's security headers. A
body it cannot read (chunks that are not HTTP) raised its error inside the app, which
answered 500, as if the app had failed.

So the worker (``client_deadlines.ClientDeadlineWorker``, with the statuses of
``gunicorn_errors.py``) hands both to the app:

- a request whose head it could not read, as a GET that carries only the status
  (``UNREADABLE_STATUS`` in its environ), at the address its first line named, so the
  app's own rule says whether to answer in JSON.
  ``_refuse_unreadable`` aborts it with that status before anything else runs. None of its
  headers were read, so the answer is in the app's default language;
- a body it cannot read, through ``refusing_unreadable_bodies``: the server's error on
  reading it becomes ``BodyUnreadable``, a 400 that says the body was broken.

Nor can the app read a ``Host`` whose name has an empty label or one over 63 characters
(``a..b``, 64 letters): Werkzeug binds no address to it, so Flask could build no address,
not even its error page's, and the answer was gunicorn's bare 500 page.
``refusing_unreadable_hosts`` takes such a request for one the server could not read,
with status 400, and lets the app build its answer as if the request named ``localhost``.

The app's one error handler answers them all: JSON for the API, the error page
otherwise, with every header the app sends. This module names no server: the worker says
which of its errors mean what.
"""

import io
import sys
from collections.abc import Callable, Iterable
from urllib.parse import unquote_to_bytes

from flask import Flask, abort, request
from werkzeug.exceptions import BadRequest
from werkzeug.wsgi import get_host

# The environ key of a request the server could not read: the status to refuse it with.
# Only the server and this module set environ keys: a client's headers arrive as HTTP_*.
UNREADABLE_STATUS = "chicago_scorer.unreadable_status"

# How much of a connection's first bytes the worker keeps, to find the address in them.
FIRST_BYTES_KEPT = 1024


def requested_path(first_bytes: bytes) -> str:
    """The path a request's first line named, as far as it came (WSGI's ``PATH_INFO``),
    or ``/`` when it named none: the app then answers as it does at that address (JSON
    for the API, a page elsewhere)."""
    words = first_bytes.split(b"\n", 1)[0].split(b" ")
    target = words[1] if len(words) > 1 else b""
    if b"://" in target:  # absolute form: http://host/path
        target = b"/" + target.split(b"://", 1)[1].partition(b"/")[2]
    path = target.partition(b"?")[0]
    return unquote_to_bytes(path).decode("latin-1") if path.startswith(b"/") else "/"


def answer_unreadable(
    app: Callable, status: int, first_bytes: bytes, server_address: tuple | str
) -> bytes:
    """The app's whole answer, head and body, to a request the server could not read;
    ``server_address`` is where the connection came to (a Unix socket's is a path)."""
    host, port = server_address[:2] if isinstance(server_address, tuple) else ("", "")
    environ = {
        "REQUEST_METHOD": "GET",
        "SCRIPT_NAME": "",
        "PATH_INFO": requested_path(first_bytes),
        "QUERY_STRING": "",
        "SERVER_NAME": str(host or "localhost"),
        "SERVER_PORT": str(port),
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        UNREADABLE_STATUS: status,
    }
    answered: dict[str, object] = {}

    def start_response(status_line: str, headers: list, exc_info=None) -> None:
        answered["status"], answered["headers"] = status_line, headers

    chunks: Iterable[bytes] = app(environ, start_response)
    try:
        body = b"".join(chunks)
    finally:
        getattr(chunks, "close", lambda: None)()
    head = [f"HTTP/1.1 {answered['status']}"]
    head += [
        f"{name}: {value}"
        for name, value in answered["headers"]
        if name.lower() not in ("connection", "content-length")
    ]
    head += [f"Content-Length: {len(body)}", "Connection: close"]
    return "\r\n".join(head).encode("latin-1") + b"\r\n\r\n" + body


class BodyUnreadable(BadRequest):
    """A body the server could not read: chunks that are not HTTP's, or that stopped
    before the last one."""


def refusing_unreadable_bodies(app: Callable, server_errors: tuple[type[Exception], ...]):
    """``app``, whose request bodies refuse as ``BodyUnreadable`` what ``server_errors``
    say the server could not read."""

    def served(environ: dict, start_response: Callable) -> Iterable[bytes]:
        environ["wsgi.input"] = _BodyTheServerReads(environ["wsgi.input"], server_errors)
        return app(environ, start_response)

    return served


class _BodyTheServerReads:
    """A request's body as the server reads it, with the server's errors on reading it
    turned into ``BodyUnreadable``."""

    def __init__(self, body, server_errors: tuple[type[Exception], ...]) -> None:
        self._body = body
        self._server_errors = server_errors

    def read(self, *size) -> bytes:
        return self._reading(self._body.read, *size)

    def readline(self, *size) -> bytes:
        return self._reading(self._body.readline, *size)

    def readlines(self, *hint) -> list[bytes]:
        return self._reading(self._body.readlines, *hint)

    def __iter__(self):
        while line := self.readline():
            yield line

    def _reading(self, read: Callable, *arguments):
        try:
            return read(*arguments)
        except self._server_errors as unreadable:
            raise BodyUnreadable() from unreadable


def binds_to_its_host(environ: dict) -> bool:
    """Whether Werkzeug can bind the request's addresses to the host it names, as
    ``werkzeug.routing.Map.bind`` does: the name before any port, encoded as IDNA."""
    name = get_host(environ).lower().partition(":")[0]
    try:
        name.encode("idna")
    except UnicodeError:
        return False
    return True


def refusing_unreadable_hosts(wsgi_app: Callable) -> Callable:
    """``wsgi_app``, which takes a request whose host it cannot bind to for one the server
    could not read (400), answered as if it named ``localhost``: the error page's links
    are relative, and a trusted proxy's ``ProxyFix`` has set the server's name to that
    host too."""

    def served(environ: dict, start_response: Callable) -> Iterable[bytes]:
        if not binds_to_its_host(environ):
            environ["HTTP_HOST"] = "localhost"
            environ[UNREADABLE_STATUS] = 400
        return wsgi_app(environ, start_response)

    return served


def _refuse_unreadable() -> None:
    status = request.environ.get(UNREADABLE_STATUS)
    if status is not None:
        abort(status)


def register(app: Flask) -> None:
    """Refuse a request the server could not read, before anything else looks at it, and
    one whose host the app cannot read. Registered before ``security.py`` puts a trusted
    proxy's ``ProxyFix`` around the app, so that the host read is the one it forwarded."""
    app.wsgi_app = refusing_unreadable_hosts(app.wsgi_app)
    app.before_request(_refuse_unreadable)
