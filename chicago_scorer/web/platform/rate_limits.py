"""How often one client address may use the writes that need no key.

Creating a game, importing and settling a tie need no edit key, so nothing but a limit
keeps one client from sending thousands of them. Nor does the export of every game, which
holds the turn for long tasks (services/transfer/long_tasks.py) while it reads the games, whether
or not its client waits for them: one client asking for it again and again, and leaving
at once, kept every import out. The limit is per address, and the
phones at a table share one behind their home router, so it is set to leave a real
evening alone by a wide margin: a table starts a game every twenty minutes or so, a full
party of ten tables a few a minute, an import is one file, and a tie is settled a few
times a game. ``RATE_LIMIT`` (default ``60/minute``, a game a second) counts each kind
of write on its own, through the API and through the forms alike; a flood is held to it
instead of the hundreds a second a script can send. ``RATE_LIMIT=off`` turns it off, as
the tests and the bench do.

The counts are kept in each worker's memory, so with gunicorn's two workers a client may
get up to twice the limit, unless ``RATE_LIMIT_STORAGE_URI`` names a store the workers
and hosts share (``redis://``, ``memcached://``; its client library must be installed).
A refused request never reaches its view: nothing is recorded.
"""

import math
import time
from collections.abc import Callable

from flask import Flask, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many

from chicago_scorer.config import (
    DEFAULT_RATE_LIMIT,
    DEFAULT_RATE_LIMIT_STORAGE_URI,
    RATE_LIMIT_OFF,
)
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import ngettext

# Each kind of keyless write, counted apart, whether through the API or a form; and the
# export of every game, which reads every game whether or not its client stays for it.
CREATING = "creating games"
IMPORTING = "importing"
SETTLING = "settling ties"
EXPORTING = "exporting every game"
WRITES = ("POST",)
READS = ("GET", "HEAD")


def limited_as(scope: str, methods: tuple[str, ...] = WRITES) -> Callable[[Callable], Callable]:
    """Count requests to a view (its posts, unless ``methods`` says otherwise) with those to
    every other view of ``scope``, per client."""

    def mark(view: Callable) -> Callable:
        view.rate_limit_scope = scope
        view.rate_limit_methods = list(methods)
        return view

    return mark


def _limiter() -> Limiter:
    return current_app.extensions["rate_limiter"]


def _rate_limit() -> str:
    return current_app.config["RATE_LIMIT"]


def seconds_to_wait() -> int:
    """How long until the limit this request broke lets the client in again."""
    broken = _limiter().current_limit
    if broken is None:
        return 1
    resets_at, _remaining = broken.window
    return max(1, math.ceil(resets_at - time.time()))


def too_many_message(seconds: int) -> str:
    """The 429 message, saying how long to wait in the reader's digits (``Retry-After``
    keeps ASCII's, for the client)."""
    return ngettext(
        "Too many requests from this network in a short time, so nothing was done. "
        "Try again in %(num)s second.",
        "Too many requests from this network in a short time, so nothing was done. "
        "Try again in %(num)s seconds.",
        seconds,
        num=format_number(seconds),
    )


def register(app: Flask) -> None:
    """Give the app its limiter, counting the views marked ``limited_as`` (call it once
    every blueprint is registered), or none when ``RATE_LIMIT`` is off.

    Each app has a limiter of its own: Flask-Limiter keeps whether it is on, and its
    counts, on the limiter, which would carry them from one app to the next.
    """
    setting = str(app.config.setdefault("RATE_LIMIT", DEFAULT_RATE_LIMIT)).strip()
    enabled = setting.lower() != RATE_LIMIT_OFF
    if enabled:
        try:
            parse_many(setting)
        except ValueError as error:
            raise ValueError(
                f"RATE_LIMIT={setting!r} is not a limit: write it like 60/minute, or off"
            ) from error
    app.config["RATELIMIT_ENABLED"] = enabled
    app.config.setdefault("RATELIMIT_STORAGE_URI", DEFAULT_RATE_LIMIT_STORAGE_URI)
    limiter = Limiter(get_remote_address, app=app)
    app.extensions["rate_limiter"] = limiter
    count = limiter.shared_limit
    for endpoint, view in list(app.view_functions.items()):
        scope = getattr(view, "rate_limit_scope", None)
        if scope is not None:  # the limiter counts, and refuses, as the view is called
            methods = view.rate_limit_methods
            app.view_functions[endpoint] = count(_rate_limit, scope=scope, methods=methods)(view)
