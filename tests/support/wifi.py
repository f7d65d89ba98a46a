"""A Wi-Fi between a phone and the live server that a test can switch off.

Chromium's offline emulation (``context.set_offline``) sets ``navigator.onLine`` and
fails the requests of the pages it is attached to, but a page reloaded under a service
worker can, for a moment, run and send before that emulation reaches it. A phone that
opens the app through this relay is really cut off while the Wi-Fi is off: every
connection, new or open, is reset, whichever part of the browser made it.
"""

import socket
import struct
import threading
from collections.abc import Callable
from types import TracebackType

from support.phone import Phone

HOST = "127.0.0.1"
CHUNK = 64 * 1024


def _reset(connection: socket.socket) -> None:
    """Close with a TCP reset, as a dropped network looks to the browser. Shutting the
    socket down first wakes the relay thread that waits on it."""
    try:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        connection.shutdown(socket.SHUT_RDWR)
    except OSError:  # already gone
        pass
    connection.close()


class Wifi:
    """Relays every connection to ``upstream_port`` while on; resets them all while off."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream = (HOST, upstream_port)
        self._listener = socket.create_server((HOST, 0))
        self.url = f"http://{HOST}:{self._listener.getsockname()[1]}"
        self._on = True
        self._answers_lost = False
        self._held: tuple[bytes, int] | None = None  # see hold_answers
        self._answers_flow = threading.Event()
        self._answers_flow.set()
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._accepting = threading.Thread(target=self._accept, daemon=True)
        self._accepting.start()

    def switch_off(self) -> None:
        with self._lock:
            self._on = False
            for connection in self._open:
                _reset(connection)
            self._open.clear()

    def switch_on(self) -> None:
        with self._lock:
            self._on = True
            self._answers_lost = False

    def lose_answers(self) -> None:
        """Carry what the phone sends to the server, but cut each connection as the answer
        comes back: the server acts on a request the phone never hears it answer."""
        self._answers_lost = True

    def hold_answers(self, to: bytes, *, after: int = 0) -> None:
        """Keep back the server's answers to the requests whose first line begins with
        ``to`` (``b"POST "``, ``b"GET /games/1 "``), past their first ``after`` bytes, until
        ``let_answers_through``: a tap has reached the server and its answer is on its way,
        or a page has begun to arrive and the rest of it is still coming."""
        self._held = (to, after)
        self._answers_flow.clear()

    def let_answers_through(self) -> None:
        self._answers_flow.set()

    def close(self) -> None:
        self.switch_off()
        self._listener.close()

    def __enter__(self) -> "Wifi":
        return self

    def __exit__(
        self,
        _type: type[BaseException] | None,
        _error: BaseException | None,
        _traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _accept(self) -> None:
        while True:
            try:
                phone_side, _address = self._listener.accept()
            except OSError:  # closed
                return
            threading.Thread(target=self._relay, args=(phone_side,), daemon=True).start()

    def _relay(self, phone_side: socket.socket) -> None:
        with self._lock:
            if not self._on:
                _reset(phone_side)
                return
            self._open.add(phone_side)
        try:
            server_side = socket.create_connection(self.upstream)
        except OSError:
            self._forget(phone_side)
            return
        with self._lock:
            if not self._on:  # switched off while connecting
                _reset(server_side)
                return
            self._open.add(server_side)
        asked = Asked()

        def ask(piece: bytes) -> bool:
            asked.note(piece)
            server_side.sendall(piece)
            return True

        back = threading.Thread(
            target=self._pump,
            args=(server_side, phone_side, lambda piece: self._answer(piece, phone_side, asked)),
            daemon=True,
        )
        back.start()
        self._pump(phone_side, server_side, ask)
        back.join()
        self._forget(phone_side, server_side)

    def _answer(self, piece: bytes, phone_side: socket.socket, asked: "Asked") -> bool:
        """Carry a piece of an answer to the phone: nothing once answers are lost, and of an
        answer held (``hold_answers``), what lies past its first bytes only once answers are
        let through."""
        if self._answers_lost:
            return False
        if self._held and asked.line.startswith(self._held[0]):
            first = piece[: max(0, self._held[1] - asked.answered)]
            phone_side.sendall(first)
            asked.answered += len(first)
            piece = piece[len(first) :]
            if piece:
                self._answers_flow.wait()
        phone_side.sendall(piece)
        asked.answered += len(piece)
        return True

    @staticmethod
    def _pump(
        source: socket.socket, target: socket.socket, carry: Callable[[bytes], bool]
    ) -> None:
        """Carry each piece from ``source`` on (``carry`` sends it to ``target``), then the
        end; a piece ``carry`` refuses resets ``target``."""
        try:
            while data := source.recv(CHUNK):
                if not carry(data):
                    _reset(target)
                    return
            target.shutdown(socket.SHUT_WR)
        except OSError:  # reset, or switched off
            pass

    def _forget(self, *connections: socket.socket) -> None:
        with self._lock:
            for connection in connections:
                if connection in self._open:
                    self._open.discard(connection)
                    connection.close()


METHODS = {b"GET", b"HEAD", b"POST", b"PUT", b"PATCH", b"DELETE", b"OPTIONS"}


class Asked:
    """The request last begun on one connection, by its first line, and how many bytes of
    its answer have gone back to the phone."""

    def __init__(self) -> None:
        self.line = b""
        self.answered = 0

    def note(self, piece: bytes) -> None:
        """Note ``piece`` if it begins a request, not if it is a part of a body."""
        if piece.split(b" ", 1)[0] in METHODS:
            self.line = piece.split(b"\r\n", 1)[0]
            self.answered = 0


def go_offline(phone: Phone, wifi: Wifi) -> None:
    """The phone loses the table's Wi-Fi: every connection through it is cut, and the
    browser knows it is offline."""
    wifi.switch_off()
    phone.page.context.set_offline(True)


def back_online(phone: Phone, wifi: Wifi) -> None:
    wifi.switch_on()
    phone.page.context.set_offline(False)
