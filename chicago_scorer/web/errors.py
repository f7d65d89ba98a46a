"""The one place where errors become answers: JSON for the API, HTML pages otherwise.

``answer_refusal`` is the one handler that answers a refusal nobody caught, with its
status from the one table (``refusal_statuses.py``), which views that show a refusal on
their own page (the settle pages, the import page) take it from too. The scorekeeper's
forms put a refusal back on the scoreboard instead (``refused_forms.py``). So do the
refusals that stop a page's form before its view, here: an out-of-date page, the rate
limit, a busy database, each sent back to the page its view's mark names (but an
out-of-date settle or import page is answered where it was sent, as its words ask for
the page anew); the API answers them with their status.
"""

from collections.abc import Iterable

from flask import Flask, current_app, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from chicago_scorer.extensions import db
from chicago_scorer.rules.errors import Refusal
from chicago_scorer.web.languages.translation import gettext, lazy_gettext
from chicago_scorer.web.languages.wording import in_a_list, reason
from chicago_scorer.web.platform.addresses import wants_json
from chicago_scorer.web.platform.limits import BodyCutShort, too_large_message
from chicago_scorer.web.platform.rate_limits import seconds_to_wait, too_many_message
from chicago_scorer.web.platform.request_origin import may_write_the_session
from chicago_scorer.web.platform.unreadable_requests import BodyUnreadable
from chicago_scorer.web.refusal_statuses import RETRY_SOON, retry_after, status_of
from chicago_scorer.web.refused_forms import OUT_OF_DATE, form_refusals, send_back_stopped

NO_SESSION_COOKIE = lazy_gettext(
    "This phone did not send back the cookie its page gave it, so nothing was recorded: "
    "allow cookies for this site, then reload the page and try again."
)
# Flask-WTF's reason when the request brought no session to check the form's token with.
_NO_SESSION_TOKEN = "The CSRF session token is missing."


def sent_no_session(error: CSRFError) -> bool:
    """Whether a form of this site's was refused for coming without any session cookie:
    cookies are off (or were cleared), so no refusal could wait in one across a redirect
    either. (A form another site posts comes without the cookie too, by the browser's
    rule, SameSite, but is refused as another site's before this is asked.)"""
    sent_no_cookie = current_app.config["SESSION_COOKIE_NAME"] not in request.cookies
    return error.description == _NO_SESSION_TOKEN and sent_no_cookie


BODY_CUT_SHORT = lazy_gettext(
    "The body ended before its stated length, so nothing was recorded: send it again."
)
BODY_UNREADABLE = lazy_gettext(
    "The body was sent in broken pieces that could not be read, so nothing was recorded: "
    "send it again."
)

PLAIN_MESSAGES = {
    # Bytes the server could not read as HTTP (web/platform/unreadable_requests.py).
    400: lazy_gettext(
        "The request could not be read as HTTP, so nothing was recorded: check the address, "
        "and send it again from a browser or an HTTP client."
    ),
    403: lazy_gettext("This device may not do that."),
    404: lazy_gettext("There is nothing at this address; check the link."),
    405: lazy_gettext("That action is not allowed here."),
    408: lazy_gettext(
        "The request arrived too slowly, so nothing was recorded. "
        "Check the connection and try again."
    ),
    412: lazy_gettext(
        "This file is not the one the request's If-Match names: ask for it without that header."
    ),
    414: lazy_gettext("The address is too long to read: check the link, or use a shorter one."),
    415: lazy_gettext("Send the body as JSON or as a form."),
    416: lazy_gettext("The file has no such part: ask for it whole, without the Range header."),
    417: lazy_gettext("The server cannot meet the request's Expect header: send it without one."),
    431: lazy_gettext(
        "The request's headers are too many or too long to read: send fewer or shorter "
        "ones. In a browser, clearing this site's cookies may help."
    ),
    503: lazy_gettext("The database is busy, so nothing was recorded. Try again in a moment."),
    500: lazy_gettext(
        "Something went wrong on our side; nothing you recorded was lost. Try again."
    ),
}


def error_json(message: str, status: int):
    """The API's one error shape: ``{"error": "..."}``."""
    return jsonify(error=message), status


def _answer(status: int, message: object, headers: dict[str, str] | None = None):
    message = str(message)
    if wants_json():
        body, status = error_json(message, status)
    else:
        body = render_template(
            "error.html", status=status, message=message, game_id=_game_of_this_page(status)
        )
    return body, status, headers or {}


def _game_of_this_page(status: int) -> int | None:
    """The game an error page at a game's address leads back to (an out-of-date settle
    page of the game, say), unless the game is what was not found."""
    game_id = (request.view_args or {}).get("game_id")
    return game_id if isinstance(game_id, int) and status != 404 else None


def _answer_or_send_back(status: int, message: object, headers: dict[str, str] | None = None):
    """A refusal that stopped a request before it did anything: a page's form goes back to
    its page, which says why (post, redirect, get); anything else is answered here, and so
    is another site's form, whose answer may not write the session a refusal would wait in."""
    if not wants_json() and may_write_the_session():
        back = send_back_stopped(str(message))
        if back is not None:
            return back
    return _answer(status, message, headers)


def _answer_out_of_date(error: CSRFError):
    """A form whose CSRF token was refused, in words its sender can act on. Reloading
    alone would not help a phone that keeps no cookies, which could not carry the words
    across a redirect either. Otherwise the page was older than its token: its form did
    nothing, and goes back to its page unless its view's mark says a reload there would
    only meet the same refusal."""
    if sent_no_session(error):
        return _answer(400, NO_SESSION_COOKIE)
    refusals = form_refusals()
    if refusals is None:
        return _answer(400, OUT_OF_DATE)
    if refusals.out_of_date_in_place:
        return _answer(400, refusals.out_of_date)
    return _answer_or_send_back(400, refusals.out_of_date)


def answer_refusal(refusal: Refusal, words: object | None = None):
    """A refusal nobody caught, or one a view tells in ``words`` of its own: its status,
    and why in the reader's language."""
    said = reason(refusal) if words is None else words
    return _answer(status_of(refusal), said, retry_after(refusal))


def answer_http_error(error: HTTPException):
    """The app's answer to an HTTP error: its own JSON or HTML page, with a plain message."""
    status = error.code or 500
    if status == 413:
        return _answer(413, too_large_message())
    if status == 429:
        seconds = seconds_to_wait()
        return _answer_or_send_back(429, too_many_message(seconds), {"Retry-After": str(seconds)})
    if isinstance(error, CSRFError):
        return _answer_out_of_date(error)
    if isinstance(error, BodyCutShort):
        return _answer(400, BODY_CUT_SHORT)
    if isinstance(error, BodyUnreadable):
        return _answer(400, BODY_UNREADABLE)
    # Werkzeug's own headers for the error, such as the Allow of a 405, stay with it.
    headers = {name: value for name, value in error.get_headers() if name != "Content-Type"}
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        return _answer(405, methods_message(error.valid_methods), headers)
    return _answer(status, PLAIN_MESSAGES.get(status, error.description or error.name), headers)


# Methods that any address answering GET takes too, which a person never asks for.
_IMPLIED_METHODS = frozenset({"HEAD", "OPTIONS"})


def methods_message(valid_methods: Iterable[str]) -> str:
    """The 405's words: the methods this address does take (as ``Allow`` lists them, less
    HEAD and OPTIONS), and the one it was sent."""
    methods = sorted(set(valid_methods) - _IMPLIED_METHODS) or sorted(valid_methods)
    return gettext(
        "This address takes %(methods)s, not %(method)s.",
        methods=in_a_list(methods),
        method=request.method,
    )


# PostgreSQL's codes for a wait the app cut short (lock_timeout, statement_timeout) and
# for a deadlock it broke: like SQLite's "database is locked", busy for now.
BUSY_SQLSTATES = frozenset({"55P03", "57014", "40P01"})


def _database_busy(error: OperationalError):
    """A database that stayed locked or busy longer than the app waits (storage/database.py)
    becomes a 503 to retry, never a 500; the transaction is rolled back whole."""
    db.session.rollback()
    text = str(error.orig).lower()
    if (
        getattr(error.orig, "sqlstate", None) in BUSY_SQLSTATES
        or "locked" in text
        or "busy" in text
    ):
        return _answer_or_send_back(503, PLAIN_MESSAGES[503], RETRY_SOON)
    raise error


def _server_error(error: Exception):
    db.session.rollback()
    return _answer(500, PLAIN_MESSAGES[500])


def register(app: Flask) -> None:
    """Install the error handlers; a refusal that reaches one meets ``answer_refusal``."""
    app.register_error_handler(Refusal, answer_refusal)
    app.register_error_handler(HTTPException, answer_http_error)
    app.register_error_handler(OperationalError, _database_busy)
    app.register_error_handler(500, _server_error)
