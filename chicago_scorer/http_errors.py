"""How refusals reach people: JSON for the API, HTML pages for the browser."""

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from .extensions import db
from .rules import OutOfTurn, RuleViolation
from .services import EditKeyMissing, EditKeyWrong, GameNotFound


class MalformedBody(Exception):
    """The request body is not a JSON object."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


STATUS_OF = {
    MalformedBody: 400,
    EditKeyMissing: 401,
    EditKeyWrong: 403,
    GameNotFound: 404,
    OutOfTurn: 409,
    RuleViolation: 422,
}

PLAIN_MESSAGES = {
    400: "The request could not be understood.",
    404: "There is nothing at this address; check the link.",
    405: "That action is not allowed here.",
    500: "Something went wrong on our side; nothing you recorded was lost. Try again.",
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


def _http_error(error: HTTPException):
    status = error.code or 500
    message = PLAIN_MESSAGES.get(status, error.description or error.name)
    if wants_json():
        return error_json(message, status)
    return render_template("error.html", status=status, message=message), status


def _server_error(error: Exception):
    db.session.rollback()
    message = PLAIN_MESSAGES[500]
    if wants_json():
        return error_json(message, 500)
    return render_template("error.html", status=500, message=message), 500


def register(app: Flask) -> None:
    """Install the error handlers."""
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(500, _server_error)
