"""Export pages (CSV and JSON downloads) and the import upload."""

from datetime import UTC, datetime

from flask import Blueprint, Response, render_template
from werkzeug.exceptions import RequestEntityTooLarge

from chicago_scorer.services import game_reads
from chicago_scorer.services.errors import ImportInterrupted, ImportMustWait, ImportRefused
from chicago_scorer.services.transfer.exporting import export_game, export_text
from chicago_scorer.services.transfer.import_file import MAX_IMPORT_BYTES
from chicago_scorer.services.transfer.import_results import ImportResult
from chicago_scorer.services.transfer.importing import import_games
from chicago_scorer.web.exports import export_answer, exported_games
from chicago_scorer.web.languages.translation import lazy_gettext
from chicago_scorer.web.languages.wording import reason
from chicago_scorer.web.platform.limits import (
    allows_large_body,
    import_deadline,
    reads_a_file,
    too_large_message,
)
from chicago_scorer.web.platform.rate_limits import EXPORTING, IMPORTING, READS, limited_as
from chicago_scorer.web.platform.security import keep_out_of_caches
from chicago_scorer.web.refusal_statuses import retry_after, status_of
from chicago_scorer.web.refused_forms import RefusalPlace, refusals_go_to, restore_refused
from chicago_scorer.web.scoreboard.scorekeeper import KEPT_GAMES, keep_edit_keys, kept_edit_keys
from chicago_scorer.web.transfer.forms import ImportForm
from chicago_scorer.web.transfer.game_csv import game_csv

transfer = Blueprint("transfer", __name__)
# Where a kept game no longer here stands among the games played: first to be let go.
LONG_AGO = datetime.min.replace(tzinfo=UTC)
# The page a refused import goes back to, which asks for the file again. An out-of-date
# import page is answered where it was sent.
IMPORT_PAGE = RefusalPlace("import", "transfer.import_page")
IMPORT_OUT_OF_DATE = lazy_gettext(
    "This page was out of date, so nothing was imported. Open the import page again and "
    "choose the file."
)


def _download(body, mimetype: str, filename: str) -> Response:
    return Response(body, mimetype=mimetype, headers=_attachment(filename))


def _attachment(filename: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{filename}"'}


@transfer.get("/games/<int:game_id>/export.csv")
def game_as_csv(game_id: int):
    """One game's log, a row per entry, with the running scores."""
    game = game_reads.load_game(game_id)
    return _download(game_csv(game.state), "text/csv", f"chicago-game-{game_id}.csv")


@transfer.get("/games/<int:game_id>/export.json")
def game_as_json(game_id: int):
    """One game in the export format, ready to import elsewhere."""
    document = export_text(export_game(game_id))
    return _download(document, "application/json", f"chicago-game-{game_id}.json")


@transfer.get("/export.json")
@limited_as(EXPORTING, methods=READS)
def all_games_as_json():
    """Every game in the export format, read whole before it is sent."""
    today = datetime.now(UTC).date().isoformat()
    exported = exported_games()
    return export_answer(exported, _attachment(f"chicago-scorer-{today}.json"))


@transfer.errorhandler(RequestEntityTooLarge)
def _upload_too_large(error: RequestEntityTooLarge):
    form = ImportForm(formdata=None)
    form.file.errors = [too_large_message()]
    return _render_import(form, status=413)


def _render_import(
    form: ImportForm,
    result: ImportResult | None = None,
    status: int = 200,
    headers: dict[str, str] | None = None,
):
    keep_out_of_caches()  # the result shows edit keys
    kept = kept_edit_keys()
    page = render_template(
        "import.html",
        form=form,
        result=result,
        max_kb=MAX_IMPORT_BYTES // 1024,
        # Whether this phone keeps score in every game imported (_keep_keys).
        keeps_them_all=result is None or all(game.id in kept for game in result.imported),
        kept_games=KEPT_GAMES,
    )
    return page, status, headers or {}


@transfer.route("/import", methods=["GET", "POST"])
@refusals_go_to(
    IMPORT_PAGE,
    ImportForm,
    keep_answers=False,
    also=ImportForm.ask_for_the_file,
    out_of_date=IMPORT_OUT_OF_DATE,
    out_of_date_in_place=True,
)
@allows_large_body
@reads_a_file("file")
@limited_as(IMPORTING)
def import_page():
    """Upload an export: every game is checked, then those not already here are added.

    This device becomes the scorekeeper of the games it added.
    """
    form = ImportForm()
    if not form.is_submitted():  # with an import sent back refused, if one was
        return _render_import(restore_refused(ImportForm, IMPORT_PAGE.named()) or form)
    if not form.validate():
        return _render_import(form, status=400)
    try:
        # Read whole: the body's cap bounds it, and a refusal then tells its true size.
        result = import_games(form.file.data.read(), deadline=import_deadline())
    except (ImportRefused, ImportMustWait) as refusal:
        form.file.errors = [reason(refusal)]
        return _render_import(form, status=status_of(refusal), headers=retry_after(refusal))
    except ImportInterrupted as refusal:  # what was stored is shown, and its keys kept
        form.file.errors = [reason(refusal)]
        _keep_keys(refusal.result)
        return _render_import(form, refusal.result, status_of(refusal), retry_after(refusal))
    _keep_keys(result)
    return _render_import(form, result)


def _keep_keys(result: ImportResult) -> None:
    """This device becomes the scorekeeper of the games the import added. It keeps the
    keys of the games played most recently, its own and the imported alike, so that an
    import of old games takes nobody's place at tonight's table."""
    keys = kept_edit_keys() | {game.id: game.edit_key for game in result.imported}
    played = game_reads.last_played(keys)
    keep_edit_keys(sorted(keys.items(), key=lambda kept: played.get(kept[0], LONG_AGO)))
