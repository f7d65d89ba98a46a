"""How long the server waits on a client: gunicorn's threaded worker, with deadlines.

`make run` serves the phones from gunicorn itself, with no proxy in front to read each
request whole before passing it on. gunicorn's own workers read a request in the worker
or thread that will answer it, and set no time limit of their own on that:

- a sync worker is held by a connection that sends nothing, such as one a phone's
  browser opens ahead of need, until gunicorn's 40 s timeout; two such, and the app
  answers nobody;
- a threaded worker's thread is held for good by a connection that sends half a request
  and stops, such as a phone that leaves the Wi-Fi in the middle of a tap.

``ClientDeadlineWorker`` is gunicorn's threaded worker, with three limits:

- A new connection waits in the worker's event loop, holding no thread, until its first
  byte. One silent for ``silent_seconds`` is closed.
- Once a thread begins to read a request (its first byte is in), the whole request, head
  and body, must arrive within ``arrival_seconds``. A head still arriving then is
  dropped unanswered. A body still arriving is answered 408 (``RequestArrivedTooSlowly``),
  and nothing in it is recorded.
- An answer, or each piece of one sent in pieces, must be taken within
  ``answer_seconds``, or the connection is dropped.

So a client that stops, sending or reading, holds a thread for one of these deadlines at
most, and the other threads go on answering meanwhile. Many connections sending slowly on
purpose can still take every thread for that long: on an open network, a reverse proxy
that reads each request whole (deploy/nginx.conf) is still the answer. Reads and writes
that gunicorn bounds itself, such as draining a body nobody read and closing a
connection, keep gunicorn's bounds. Plain HTTP only: TLS ends at the proxy.

The threads are for waiting on clients. Python runs one thread of a process at a time, so
two requests run side by side in one worker would slow each other; a worker therefore
takes no new connection while one of its threads runs the app (``AppThreads``), and the
kernel hands it to another worker, as it did with sync workers. A thread waiting on a
client, for a body or for it to take the answer, does not count as running.
"""

import errno
import math
import selectors
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from functools import partial

from gunicorn.workers.gthread import TConn, ThreadWorker
from werkzeug.exceptions import RequestTimeout


class RequestArrivedTooSlowly(RequestTimeout):
    """A request's body was still arriving at its deadline."""


class AppThreads:
    """How many of a worker's threads run the app rather than wait on a client; ``changed``
    is called whenever the worker becomes idle or busy."""

    def __init__(self, changed: Callable[[], None]) -> None:
        self._changed = changed
        self._count = 0
        self._lock = threading.Lock()

    @property
    def idle(self) -> bool:
        return self._count == 0

    @contextmanager
    def running(self) -> Iterator[None]:
        self._add(1)
        try:
            yield
        finally:
            self._add(-1)

    @contextmanager
    def waiting(self) -> Iterator[None]:
        """A running thread waits on its client meanwhile."""
        self._add(-1)
        try:
            yield
        finally:
            self._add(1)

    def _add(self, step: int) -> None:
        with self._lock:
            was_idle = self._count == 0
            self._count += step
            now_idle = self._count == 0
        if was_idle != now_idle:
            self._changed()


class ClientSocket(socket.socket):
    """A client's connection, whose reads and writes without a bound of their own get the
    worker's deadlines."""

    arrival_seconds: float
    answer_seconds: float

    @classmethod
    def taking_over(
        cls,
        accepted: socket.socket,
        *,
        arrival_seconds: float,
        answer_seconds: float,
        app_threads: AppThreads,
    ) -> "ClientSocket":
        client = cls(accepted.family, accepted.type, accepted.proto, fileno=accepted.detach())
        client.arrival_seconds = arrival_seconds
        client.answer_seconds = answer_seconds
        client.app_threads = app_threads
        client.arrival_deadline = math.inf
        client.in_app = False
        return client

    def expect_request(self) -> None:
        """A thread begins to read a request: all of it must be here by ``arrival_seconds``."""
        self.arrival_deadline = time.monotonic() + self.arrival_seconds
        self.in_app = False

    def _waiting(self) -> AbstractContextManager:
        """While the app waits on this client, its thread does not count as running."""
        return self.app_threads.waiting() if self.in_app else nullcontext()

    def recv(self, size: int, flags: int = 0) -> bytes:
        if self.gettimeout() is not None:  # a read gunicorn bounds itself
            return super().recv(size, flags)
        try:
            remaining = self.arrival_deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            self.settimeout(remaining)
            with self._waiting():
                return super().recv(size, flags)
        except TimeoutError:
            return self._arrived_too_slowly()
        finally:
            self.settimeout(None)

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
        with self._answer_deadline():
            return super().sendfile(file, offset, count)

    @contextmanager
    def _answer_deadline(self) -> Iterator[None]:
        if self.gettimeout() is not None:  # a write gunicorn bounds itself
            yield
            return
        self.settimeout(self.answer_seconds)
        try:
            with self._waiting():
                yield
        except TimeoutError as slow:
            with suppress(OSError):
                self.shutdown(socket.SHUT_RDWR)
            # To gunicorn, a client that stopped taking the answer is one that went away.
            raise BrokenPipeError(errno.EPIPE, "the client took no answer in time") from slow
        finally:
            self.settimeout(None)


class ClientDeadlineWorker(ThreadWorker):
    """gunicorn's threaded worker, in which no client holds a thread past its deadlines,
    and which takes new connections only while it runs no request."""

    silent_seconds = 5.0
    arrival_seconds = 20.0
    answer_seconds = 20.0

    def init_process(self) -> None:
        self.app_threads = AppThreads(
            changed=lambda: self.method_queue.defer(self._take_connections_if_idle)
        )
        super().init_process()

    def set_accept_enabled(self, enabled: bool) -> None:
        super().set_accept_enabled(enabled and self.app_threads.idle)

    def _take_connections_if_idle(self) -> None:
        # On the event loop's thread, as gunicorn's own calls to set_accept_enabled.
        if self.alive:
            self.set_accept_enabled(self.nr_conns < self.worker_connections)

    def accept(self, listener: socket.socket) -> None:
        try:
            accepted, address = listener.accept()
        except OSError as error:
            if error.errno in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                return
            raise
        self.nr_conns += 1
        client = ClientSocket.taking_over(
            accepted,
            arrival_seconds=self.arrival_seconds,
            answer_seconds=self.answer_seconds,
            app_threads=self.app_threads,
        )
        conn = TConn(self.cfg, client, address, listener.getsockname())
        # Wait for its first byte here, as gunicorn waits on a connection kept alive,
        # rather than in a thread; gunicorn then hands it to a thread as one with data.
        conn.timeout = time.monotonic() + self.silent_seconds
        self.pending_conns.append(conn)
        self.poller.register(
            client, selectors.EVENT_READ, partial(self.on_pending_socket_readable, conn)
        )

    def handle(self, conn: TConn):
        # The deadline counts from when a thread begins to read, not from when the first
        # byte came: a request that waited for a free thread is not cut for that.
        conn.sock.expect_request()
        return super().handle(conn)

    def handle_request(self, req, conn: TConn):
        client = conn.sock
        client.in_app = True  # the head is in; the app runs, and reads the body
        try:
            with self.app_threads.running():
                return super().handle_request(req, conn)
        finally:
            client.in_app = False
