"""A client's connection whose reads and writes get the worker's deadlines.

``ClientDeadlineWorker`` (client_deadlines.py, which says why each deadline is what it
is) wraps each connection it accepts in a ``ClientSocket`` and tells it when a request
begins and when the app reads its body. The socket keeps the deadlines: a read past its
head's or body's deadline ends the request (``RequestArrivedTooSlowly`` once the app
reads the body), and a write past its answer's drops the connection, which gunicorn
takes for a client gone away. Reads and writes that gunicorn bounds itself keep its
bounds, but for its lingering on a connection it has answered and closed its side of.
"""

import errno
import math
import select
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress

from werkzeug.exceptions import RequestTimeout

from chicago_scorer.web.platform.unreadable_requests import FIRST_BYTES_KEPT

# How long a worker reads on a connection it has answered and half closed, for the
# client's close: what the client sent is there already, so a moment is enough.
CLOSING_LINGER_SECONDS = 0.05
# A file is sent in pieces of this size, as Python itself sends one without the kernel's
# sendfile: each must be taken within ``answer_seconds``, 0.4 KB/s at the least.
FILE_PIECE = 8192


class RequestArrivedTooSlowly(RequestTimeout):
    """A request's body was still arriving at its deadline."""


class ClientSocket(socket.socket):
    """A client's connection, whose reads and writes without a bound of their own get the
    worker's deadlines."""

    head_seconds: float
    arrival_seconds: float
    body_grace_seconds: float
    least_body_rate: float
    answer_seconds: float
    whole_answer_seconds: float

    @classmethod
    def taking_over(
        cls,
        accepted: socket.socket,
        *,
        head_seconds: float,
        arrival_seconds: float,
        body_grace_seconds: float,
        least_body_rate: float,
        answer_seconds: float,
        whole_answer_seconds: float,
    ) -> "ClientSocket":
        client = cls(accepted.family, accepted.type, accepted.proto, fileno=accepted.detach())
        client.head_seconds = head_seconds
        client.arrival_seconds = arrival_seconds
        client.body_grace_seconds = body_grace_seconds
        client.least_body_rate = least_body_rate
        client.head_deadline = math.inf
        client.body_deadline = math.inf
        client.answer_seconds = answer_seconds
        client.whole_answer_seconds = whole_answer_seconds
        client.arrival_deadline = math.inf
        client.answer_deadline = math.inf
        client.in_app = False
        client.first_bytes = b""
        return client

    def shutdown(self, how: int) -> None:
        super().shutdown(how)
        if how == socket.SHUT_WR:  # gunicorn has answered, and lingers for the client's close
            self.closing = True

    def settimeout(self, value: float | None) -> None:
        if value is not None and getattr(self, "closing", False):
            value = min(value, CLOSING_LINGER_SECONDS)
        super().settimeout(value)

    def has_sent(self) -> bool:
        """Whether something from the client is here to read (or it has closed)."""
        return bool(select.select([self], [], [], 0)[0])

    def expect_request(self) -> None:
        """The worker begins to read a request: its head must be here by ``head_seconds``,
        and all of it by ``arrival_seconds``; its answer is yet to begin."""
        now = time.monotonic()
        self.head_deadline = now + self.head_seconds
        self.arrival_deadline = now + self.arrival_seconds
        self.answer_deadline = math.inf

    def expect_body(self) -> None:
        """The head is in, and the app reads the body: it may fall ``body_grace_seconds``
        behind ``least_body_rate`` at most, each byte that comes putting that off."""
        self.in_app = True
        self.body_deadline = time.monotonic() + self.body_grace_seconds

    def recv(self, size: int, flags: int = 0) -> bytes:
        if self.gettimeout() is not None:  # a read gunicorn bounds itself
            return super().recv(size, flags)
        try:
            deadline = self.body_deadline if self.in_app else self.head_deadline
            remaining = min(deadline, self.arrival_deadline) - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            self.settimeout(remaining)
            received = super().recv(size, flags)
        except TimeoutError:
            return self._arrived_too_slowly()
        finally:
            self.settimeout(None)
        if self.in_app:
            self.body_deadline += len(received) / self.least_body_rate
        if not self.first_bytes:  # where a request the server cannot read was going
            self.first_bytes = received[:FIRST_BYTES_KEPT]
        return received

    def _arrived_too_slowly(self) -> bytes:
        with suppress(OSError):
            self.shutdown(socket.SHUT_RD)  # any later read ends at once
        if self.in_app:
            raise RequestArrivedTooSlowly()
        return b""  # to gunicorn, a client gone before its request was whole

    def sendall(self, data, flags: int = 0) -> None:
        with self._answer_deadline():
            super().sendall(data, flags)

    def sendfile(self, file, offset: int = 0, count: int | None = None) -> int:
        if self.gettimeout() is not None:  # a write gunicorn bounds itself
            return super().sendfile(file, offset, count)
        # A piece at a time, through sendall, whose bound is on the whole call: the
        # kernel's sendfile is bounded only on each wait for the client, and a client
        # taking a few bytes before each bound would keep it going past the answer's.
        file.seek(offset)
        sent = 0
        while count is None or sent < count:
            piece = file.read(FILE_PIECE if count is None else min(FILE_PIECE, count - sent))
            if not piece:
                break
            self.sendall(piece)
            sent += len(piece)
        return sent

    @contextmanager
    def _answer_deadline(self) -> Iterator[None]:
        if self.gettimeout() is not None:  # a write gunicorn bounds itself
            yield
            return
        now = time.monotonic()
        if self.answer_deadline == math.inf:  # the answer's first byte
            self.answer_deadline = now + self.whole_answer_seconds
        try:
            remaining = self.answer_deadline - now
            if remaining <= 0:
                raise TimeoutError
            self.settimeout(min(self.answer_seconds, remaining))
            yield
        except TimeoutError as slow:
            with suppress(OSError):
                self.shutdown(socket.SHUT_RDWR)
            # To gunicorn, a client that stopped taking the answer is one that went away.
            raise BrokenPipeError(errno.EPIPE, "the client took no answer in time") from slow
        finally:
            self.settimeout(None)
