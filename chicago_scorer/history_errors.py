"""How the history, statistics and import refusals reach people: a page or JSON."""

from flask import Blueprint, render_template

from .history_services import PageNotFound
from .http_errors import error_json, status_of
from .import_file import IllegalGameInImport, ImportTooLarge, MalformedImport
from .player_services import PlayerNotFound
from .rules.errors import Refusal
from .services import GameNotFound
from .wording import reason

STATUS_OF_REFUSAL = {
    PageNotFound: 404,
    PlayerNotFound: 404,
    MalformedImport: 400,
    ImportTooLarge: 413,
    IllegalGameInImport: 422,
}


def refusal_status(error: Refusal) -> int:
    """The HTTP status for a refusal, these features' own or the app's."""
    for kind, status in STATUS_OF_REFUSAL.items():
        if isinstance(error, kind):
            return status
    return status_of(error)


def _refusal_page(error: Refusal):
    status = refusal_status(error)
    return render_template("error.html", status=status, message=reason(error)), status


def _refusal_json(error: Refusal):
    return error_json(reason(error), refusal_status(error))


def answer_refusals_with_pages(blueprint: Blueprint) -> None:
    """Show an unknown game, player or page as an error page."""
    for kind in (GameNotFound, PlayerNotFound, PageNotFound):
        blueprint.register_error_handler(kind, _refusal_page)


def answer_refusals_with_json(blueprint: Blueprint, kinds) -> None:
    """Answer every listed refusal as ``{"error": ...}`` with its status."""
    for kind in (*kinds, *STATUS_OF_REFUSAL):
        blueprint.register_error_handler(kind, _refusal_json)
