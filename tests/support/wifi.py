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
        back = threading.Thread(
            target=self._pump, args=(server_side, phone_side, True), daemon=True
        )
        back.start()
        self._pump(phone_side, server_side)
        back.join()
        self._forget(phone_side, server_side)

    def _pump(self, source: socket.socket, target: socket.socket, answers: bool = False) -> None:
        try:
            while data := source.recv(CHUNK):
                if answers and self._answers_lost:
                    _reset(target)
                    return
                target.sendall(data)
            target.shutdown(socket.SHUT_WR)
        except OSError:  # reset, or switched off
            pass

    def _forget(self, *connections: socket.socket) -> None:
        with self._lock:
            for connection in connections:
                if connection in self._open:
                    self._open.discard(connection)
                    connection.close()


def go_offline(phone: Phone, wifi: Wifi) -> None:
    """The phone loses the table's Wi-Fi: every connection through it is cut, and the
    browser knows it is offline."""
    wifi.switch_off()
    phone.page.context.set_offline(True)


def back_online(phone: Phone, wifi: Wifi) -> None:
    wifi.switch_on()
    phone.page.context.set_offline(False)
