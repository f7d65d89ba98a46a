"""How refusals reach people: JSON for the API, HTML pages for the browser."""

from flask import Flask, jsonify, render_template, request
from flask_babel import lazy_gettext
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException

from .extensions import db
from .limits import too_large_message
from .rules import OutOfTurn, RuleViolation
from .rules.errors import Refusal
from .services import EditKeyMissing, EditKeyWrong, GameNotFound
from .wording import reason


class MalformedBody(Refusal):
    """The request body is not a JSON object."""


STATUS_OF = {
    MalformedBody: 400,
    # A device without the key is refused like one with a wrong key: it may only watch.
    EditKeyMissing: 403,
    EditKeyWrong: 403,
    GameNotFound: 404,
    OutOfTurn: 409,
    RuleViolation: 422,
}

FORM_EXPIRED = lazy_gettext(
    "This page was out of date, so nothing was recorded. Check the scores and tap again."
)

PLAIN_MESSAGES = {
    400: lazy_gettext("The request could not be understood."),
    403: lazy_gettext("This device may not do that."),
    404: lazy_gettext("There is nothing at this address; check the link."),
    405: lazy_gettext("That action is not allowed here."),
    415: lazy_gettext("Send the body as JSON or as a form."),
    503: lazy_gettext("The database is busy, so nothing was recorded. Try again in a moment."),
    500: lazy_gettext(
        "Something went wrong on our side; nothing you recorded was lost. Try again."
    ),
}


def status_of(error: Exception) -> int:
    """The HTTP status for a refusal raised by the rules or the services."""
    for kind, status in STATUS_OF.items():
        if isinstance(error, kind):
            return status
    raise TypeError(f"no status for {type(error).__name__}")


def error_json(message: str, status: int):
    """The API's one error shape: ``{"error": "..."}``."""
    return jsonify(error=message), status


def wants_json() -> bool:
    """API paths always answer in JSON; pages answer in HTML."""
    return request.path.startswith("/api/")


def _answer(status: int, message: object, headers: dict[str, str] | None = None):
    message = str(message)
    if wants_json():
        body, status = error_json(message, status)
    else:
        body = render_template("error.html", status=status, message=message)
    return body, status, headers or {}


def answer_http_error(error: HTTPException):
    """The app's answer to an HTTP error: its own JSON or HTML page, with a plain message."""
    status = error.code or 500
    if status == 413:
        return _answer(413, too_large_message())
    if isinstance(error, CSRFError):
        return _answer(400, FORM_EXPIRED)
    return _answer(status, PLAIN_MESSAGES.get(status, error.description or error.name))


def _database_busy(error: OperationalError):
    """SQLite's 'database is locked' becomes a 503 to retry, never a 500."""
    db.session.rollback()
    text = str(error.orig).lower()
    if "locked" in text or "busy" in text:
        return _answer(503, PLAIN_MESSAGES[503], {"Retry-After": "1"})
    raise error


def _unknown_game(error: GameNotFound):
    return _answer(404, reason(error))


def _server_error(error: Exception):
    db.session.rollback()
    return _answer(500, PLAIN_MESSAGES[500])


def register(app: Flask) -> None:
    """Install the error handlers."""
    app.register_error_handler(HTTPException, answer_http_error)
    app.register_error_handler(OperationalError, _database_busy)
    app.register_error_handler(GameNotFound, _unknown_game)
    app.register_error_handler(500, _server_error)
