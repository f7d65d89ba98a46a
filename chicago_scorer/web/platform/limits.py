"""How large a request may be: small everywhere, larger where a view says so."""

import time
from collections.abc import Callable

from flask import Flask, abort, current_app, request

from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext

SMALL_BODY_LIMIT = 64 * 1024
LARGE_BODY_LIMIT = 1024 * 1024


def allows_large_body(view: Callable) -> Callable:
    """Let a view (such as an import) accept bodies up to ``MAX_CONTENT_LENGTH``."""
    view.allows_large_body = True
    return view


def _limit_body_size() -> None:
    view = current_app.view_functions.get(request.endpoint or "")
    if not getattr(view, "allows_large_body", False):
        request.max_content_length = min(
            SMALL_BODY_LIMIT, current_app.config["MAX_CONTENT_LENGTH"]
        )


FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def _refuse_unreadable_forms() -> None:
    """A form field without a name cannot be read (and would trip the CSRF check): 400."""
    if request.mimetype in FORM_TYPES and any(not isinstance(key, str) for key in request.form):
        abort(400)


def too_large_message() -> str:
    """The 413 message, naming the limit that applied."""
    limit = request.max_content_length or LARGE_BODY_LIMIT
    return gettext(
        "The request is too large: this address takes at most %(limit)s KB.",
        limit=format_number(limit // 1024),
    )


def import_deadline() -> float:
    """The ``time.monotonic()`` moment after which this request's import begins no more
    batches: well before the server gives up on the request (gunicorn.conf.py)."""
    return time.monotonic() + current_app.config["IMPORT_DEADLINE_SECONDS"]


def register(app: Flask) -> None:
    """Cap every request body, with a larger cap only where a view allows it."""
    if app.config.get("MAX_CONTENT_LENGTH") is None:
        app.config["MAX_CONTENT_LENGTH"] = LARGE_BODY_LIMIT
    app.before_request(_limit_body_size)
    app.before_request(_refuse_unreadable_forms)
