"""Rendered pages and JSON kept in each worker, under the state of the data they show.

A watcher's scoreboard and the API's game change only when the game's log does, and the
history and player pages only when a listed game does. So each is kept under a key made
of what it shows, that data's state (``game_reads.game_log_version`` or
``summaries.listings_key``), and ``response_variant()``: what the answer depends on
besides the data (the rules' revision, and the parts of the request it reads). A write
moves the state, so the next request misses and renders afresh; nothing is ever
invalidated by hand, and a stale entry just ages out of the bounded LRU.

Only answers without a CSRF token or a key are kept: the views decide that before
asking. A page that would show a flash message is never taken from or put in the cache.

The same bounded LRU keeps the addresses templates build (``template_url_for``): a
scoreboard writes some forty, and werkzeug's routing builds each anew, which cost about
as much as the step card. An address depends only on its endpoint, its values and the
root path the app is served under; the URL map and the static files' versions never
change while a worker runs. An absolute address (its host is the request's), one with an
anchor, scheme or method, or one whose values cannot be a key, is built as before.
"""

from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock
from typing import Generic, TypeVar

from flask import Flask, current_app, has_request_context, request, session, url_for

from chicago_scorer.rules import revision
from chicago_scorer.web.languages.locales import language_code

MAX_ENTRIES = 512
MAX_ADDRESSES = 4096

Kept = TypeVar("Kept", bytes, str)


def response_variant(*, in_a_language: bool = True) -> str:
    """What a cached answer depends on besides its data: the rules that replayed it, its
    language (unless it has no words to translate) and its links' address."""
    # The parts url_for(_external=True) builds from; request.host_url would cost more.
    address = f"{request.scheme}://{request.host}{request.root_path}"
    language = language_code() if in_a_language else "-"
    return f"r{revision.RULES_REVISION} {language} {address}"


class ResponseCache(Generic[Kept]):
    """A bounded LRU of response bodies (or addresses), safe to share between a worker's
    threads."""

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self.max_entries = max_entries
        self._entries: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = Lock()

    def get(self, key: Hashable) -> Kept | None:
        """The body kept under ``key``, if any, now the most recently used."""
        with self._lock:
            body = self._entries.get(key)
            if body is not None:
                self._entries.move_to_end(key)
            return body

    def put(self, key: Hashable, body: Kept) -> None:
        """Keep a body, forgetting the least recently used beyond the bound."""
        with self._lock:
            self._entries[key] = body
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget every body."""
        with self._lock:
            self._entries.clear()


def response_cache() -> ResponseCache[bytes]:
    """This app's cache (each app, and so each test, has its own)."""
    return current_app.extensions.setdefault("response_cache", ResponseCache())


def template_url_for(endpoint: str, **values: object) -> str:
    """``url_for`` for templates: an address built once per worker, then kept."""
    if (
        not has_request_context()
        or endpoint.startswith(".")  # relative to the request's blueprint
        or any(name.startswith("_") for name in values)  # absolute, or with an anchor
    ):
        return url_for(endpoint, **values)
    try:
        key = (request.root_path, endpoint, frozenset(values.items()))
        addresses = current_app.extensions["built_addresses"]
        address = addresses.get(key)
    except TypeError:  # a value that cannot be a key, like a list of query values
        return url_for(endpoint, **values)
    if address is None:
        address = url_for(endpoint, **values)
        addresses.put(key, address)
    return address


def register(app: Flask) -> None:
    """Give templates the ``url_for`` that keeps what it built."""
    app.extensions["built_addresses"] = ResponseCache[str](MAX_ADDRESSES)
    app.jinja_env.globals["url_for"] = template_url_for


def cached_body(
    what: tuple[Hashable, ...],
    data_state: Hashable | None,
    render: Callable[[], tuple[bytes, Hashable]],
    *,
    in_a_language: bool = True,
) -> bytes:
    """The body kept for ``what`` at ``data_state``, or the one ``render`` returns, then kept.

    ``render`` returns its body and the data's state it actually shows, which may be newer
    than the one read before it; the body is kept under that one. With no state to
    key it by, nothing is kept. A body without words to translate (the API's games)
    says so with ``in_a_language=False``, and is kept once for every language.
    """
    if data_state is None:
        return render()[0]
    cache = response_cache()
    variant = response_variant(in_a_language=in_a_language)
    body = cache.get((*what, data_state, variant))
    if body is None:
        body, shown = render()
        cache.put((*what, shown, variant), body)
    return body


def cached_page(
    what: tuple[Hashable, ...],
    data_state: Hashable | None,
    render: Callable[[], tuple[bytes, Hashable]],
) -> bytes:
    """Like ``cached_body``, for HTML: a request with a flash message waiting renders afresh.

    A page's language switcher links back to the very address it was asked at, query and
    all, so a page is kept for each address: one visitor's query never reaches another's.
    """
    if "_flashes" in session:  # where Flask keeps them until a page shows them
        return render()[0]
    return cached_body((*what, request.full_path), data_state, render)
