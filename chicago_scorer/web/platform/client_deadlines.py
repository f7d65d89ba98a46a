"""How long the server waits on a client: gunicorn's sync worker, with deadlines.

`make run` serves the phones from gunicorn itself, with no proxy in front to read each
request whole before passing it on. gunicorn's sync worker reads a request itself, and
sets no time limit of its own on that: a connection that sends nothing, such as one a
phone's browser opens ahead of need, holds it until gunicorn's timeout, and two such keep
the app from answering anyone.

``ClientDeadlineWorker`` is gunicorn's sync worker, with these limits, which each
connection it takes keeps as a ``ClientSocket`` (client_sockets.py):

- A new connection that has sent nothing yet is kept by the kernel, until its first bytes
  arrive or ``accept_deferral_seconds`` pass (Linux's TCP_DEFER_ACCEPT): a connection a
  browser opens ahead of need goes to the worker that is free when its request comes, not
  to one that took it early and began an import since. One still silent then waits
  beside the listening socket, holding nothing: the worker goes on to other connections
  and comes back to it once it sends, even if it sent while the worker was busy. One
  silent for ``silent_seconds`` more is closed, and so is the oldest when ``most_silent``
  are waiting.
- Once the worker begins to read a request, its head (a phone sends it in one packet)
  must arrive within ``head_seconds``, and the whole of it, head and body, within
  ``arrival_seconds``. Its body may also fall no more than ``body_grace_seconds`` behind
  a stream of ``least_body_rate`` bytes a second from the end of its head: a tap's body
  comes in the head's packet or the next, and a body sent at 200 kbit/s or faster, the
  slowest uplink a phone still uses, keeps ahead of it; but one sent a byte a second
  held its worker for the whole 20 s. A head still arriving at its deadline is dropped
  unanswered. A body still arriving at its, as from a phone that left the Wi-Fi in the
  middle of a tap, is answered 408 (``RequestArrivedTooSlowly``), and nothing in it is
  recorded.
- An answer, or each piece of one sent in pieces (a file goes in pieces of 8 KB), must
  be taken within ``answer_seconds``, and the whole of it within ``whole_answer_seconds``
  of its first byte, or the connection is dropped. Without the second, a client taking a
  long answer a few bytes at a time, each piece in time, held its worker until gunicorn
  killed it at 60 s. The longest answer is the export of every game: 22 MB for 5,000
  finished games, which a phone on Wi-Fi takes in a few seconds, and one on 4G, through
  a home line that sends 10 Mbit/s, in 17 s; 30 s leave room for one on 6 Mbit/s. The
  worker reads those games for about 10 s before the first byte, after a head of 5 s at
  most, so even that answer is over, taken or dropped, by 45 s.

A request the worker cannot read, whether its head (too long, or not HTTP) or its body
(chunks that are not HTTP), is refused by the app in its own words rather than in
gunicorn's (unreadable_requests.py).

So a client that stops, sending or reading, or reads a trickle at a time, holds its
worker for one of these deadlines at most, and the other workers go on answering
meanwhile: a busy sync worker takes no new connection, so the kernel hands it to
another. Clients sending or reading slowly on purpose, one per worker, can still hold
every worker for that long, and more of them hold it in turn: on an open network, a
reverse proxy that reads each request whole (deploy/nginx.conf) is still the answer.
Reads and writes that gunicorn bounds itself keep gunicorn's bounds, but for its
lingering on a connection it has answered and closed its side of: it reads for up to 2 s
there, waiting for the client to close too, and forty clients that never close held a
worker for 40 s in all. That wait is the socket's ``CLOSING_LINGER_SECONDS``: what the client
had sent is read at once, so none of it turns the close into a reset. Plain HTTP only:
TLS ends at the proxy.

A worker with threads would not be held by one client, but Python runs one thread of a
process at a time. Measured here, gunicorn's threaded worker let an import slow the writes
beside it more than tests/services/transfer/test_import_beside_writes.py allows; mended so that a
worker running a request took no new connection, it still served a third to a half fewer
requests a second than sync workers do.
"""

import select
import socket
import time

from gunicorn import util
from gunicorn.workers.sync import SyncWorker

from chicago_scorer.web.platform.client_sockets import ClientSocket
from chicago_scorer.web.platform.gunicorn_errors import UNREADABLE_BODY, status_of_unreadable_head
from chicago_scorer.web.platform.unreadable_requests import (
    answer_unreadable,
    refusing_unreadable_bodies,
)


class ClientDeadlineWorker(SyncWorker):
    """gunicorn's sync worker, in which no client holds the worker past its deadlines."""

    accept_deferral_seconds = 1
    silent_seconds = 5.0
    # A client sending its head slowly on purpose holds a worker this long; the sync
    # workers take such clients in turn, so six of them held a tap for 59 s when a head
    # had the whole 20 s a body may take.
    head_seconds = 5.0
    arrival_seconds = 20.0
    # A body trickling in holds its worker this long, not the whole 20 s: six clients
    # sending theirs a byte a second kept another client's request waiting 48.7 s.
    body_grace_seconds = 5.0
    least_body_rate = 25_000  # bytes a second: 200 kbit/s
    answer_seconds = 20.0
    whole_answer_seconds = 30.0
    # Silent connections kept at most; past that the oldest is closed. A browser opens a
    # few; the cap keeps a flood of them within what the worker's file descriptors (and
    # select()) can hold.
    most_silent = 256

    def load_wsgi(self) -> None:
        super().load_wsgi()
        self.wsgi = refusing_unreadable_bodies(self.wsgi, UNREADABLE_BODY)

    def init_process(self) -> None:
        # Connections that have sent nothing yet: what each came on, and when it closes.
        self.silent: dict[ClientSocket, tuple[socket.socket, object, float]] = {}
        for listener in self.sockets:
            defer_accept(listener, self.accept_deferral_seconds)
        super().init_process()

    def accept(self, listener: socket.socket) -> None:
        # First those that were silent and have sent since: under steady load the worker
        # may go from one new connection to the next without waiting in between.
        self._serve_silent_ones_that_sent()
        accepted, address = listener.accept()
        client = ClientSocket.taking_over(
            accepted,
            head_seconds=self.head_seconds,
            arrival_seconds=self.arrival_seconds,
            body_grace_seconds=self.body_grace_seconds,
            least_body_rate=self.least_body_rate,
            answer_seconds=self.answer_seconds,
            whole_answer_seconds=self.whole_answer_seconds,
        )
        util.close_on_exec(client)
        if client.has_sent():
            self.handle(listener, client, address)
        else:
            if len(self.silent) >= self.most_silent:
                oldest = next(iter(self.silent))  # kept in the order they came
                del self.silent[oldest]
                util.close(oldest)
            closes_at = time.monotonic() + self.silent_seconds
            self.silent[client] = (listener, address, closes_at)

    def wait(self, timeout: float):
        """Wait for a new connection, or for a silent one to send."""
        if self.silent:
            first_to_close = min(closes_at for _, _, closes_at in self.silent.values())
            timeout = min(timeout, max(0.0, first_to_close - time.monotonic()))
        # gunicorn's own wait, over the silent connections too, so that one sending wakes it.
        listening = self.wait_fds
        self.wait_fds = listening + list(self.silent)
        try:
            ready = super().wait(timeout)
        finally:
            self.wait_fds = listening
        self._serve_silent_ones_that_sent()
        if ready is None:
            return None
        return [fd for fd in ready if not isinstance(fd, ClientSocket)]

    def _serve_silent_ones_that_sent(self) -> None:
        """Serve each silent connection that has sent something since; close those whose
        silence has lasted too long.

        Serving one may keep the worker a while (an import): those that sent meanwhile are
        served too before any is closed, for their silence ended in time."""
        while sent := self._silent_ones_that_sent():
            for client in sent:
                listener, address, _closes_at = self.silent.pop(client)
                self.handle(listener, client, address)
        now = time.monotonic()
        for client, (_listener, _address, closes_at) in list(self.silent.items()):
            if closes_at <= now:
                del self.silent[client]
                util.close(client)

    def _silent_ones_that_sent(self) -> list[ClientSocket]:
        if not self.silent:
            return []
        return select.select(list(self.silent), [], [], 0)[0]

    def handle(self, listener, client: ClientSocket, addr) -> None:
        client.expect_request()
        super().handle(listener, client, addr)

    def handle_request(self, listener, req, client: ClientSocket, addr) -> None:
        if isinstance(client, ClientSocket):  # a TLS socket is gunicorn's own
            client.expect_body()  # the head is in; the app runs, and reads the body
        super().handle_request(listener, req, client, addr)

    def handle_error(self, req, client: ClientSocket, addr, error: BaseException) -> None:
        """A request the server could not read is refused by the app, in its own words
        (unreadable_requests.py); any other error gets gunicorn's own answer."""
        read_by_the_app = getattr(client, "in_app", True)  # a TLS socket is gunicorn's own
        status = None if read_by_the_app else status_of_unreadable_head(error)
        if status is None:
            super().handle_error(req, client, addr, error)
            return
        self.log.warning("Invalid request from %s: %s", addr[0] if addr else "", error)
        try:
            answer = answer_unreadable(self.wsgi, status, client.first_bytes, client.getsockname())
        except Exception:
            self.log.exception("The app could not refuse an unreadable request; gunicorn does.")
            super().handle_error(req, client, addr, error)
            return
        try:
            client.sendall(answer)
        except OSError:
            self.log.debug("The client left before its refusal was sent.")


def defer_accept(listener: socket.socket, seconds: int) -> None:
    """Have the kernel keep each new connection on ``listener`` until its first bytes
    arrive, or ``seconds`` pass. Linux only, and TCP only: elsewhere the worker takes
    connections as they open."""
    option = getattr(socket, "TCP_DEFER_ACCEPT", None)
    if option is not None and listener.family in (socket.AF_INET, socket.AF_INET6):
        listener.setsockopt(socket.IPPROTO_TCP, option, seconds)
