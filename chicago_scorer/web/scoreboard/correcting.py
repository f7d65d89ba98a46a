"""Changing what a game's log says, from the scoreboard: a recorded entry corrected on the
step card, the names and the first dealer fixed, the game deleted.

Each is the scorekeeper's, and each goes back to the scoreboard with what it did, or why
it did nothing: a refused correction to the entry's card, where it can be answered again.
"""

from collections.abc import Callable
from functools import wraps

from flask import Blueprint, flash, redirect, url_for

from chicago_scorer.rules import RuleError, Step
from chicago_scorer.rules.corrections import NoSuchEntry, NothingToCorrect
from chicago_scorer.services import corrections
from chicago_scorer.services.errors import AlreadyCorrected, NothingToChange, VersionMismatch
from chicago_scorer.web.languages.labels import STEP_LABELS
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext, lazy_gettext
from chicago_scorer.web.languages.wording import in_a_list, reason
from chicago_scorer.web.player_names import isolated_name_text
from chicago_scorer.web.refused_forms import (
    refusals_go_to,
    send_back_refused,
    send_refused_to,
)
from chicago_scorer.web.scoreboard.correction_forms import (
    VERSION_UNSAID,
    CorrectionForm,
    DeleteGameForm,
    FixPlayersForm,
)
from chicago_scorer.web.scoreboard.forms import EntryForm
from chicago_scorer.web.scoreboard.page import render_scoreboard
from chicago_scorer.web.scoreboard.refusal_places import ENTRY_CARD, NAMES_FORM, SCOREBOARD
from chicago_scorer.web.scoreboard.scorekeeper import (
    KEEPER_REFUSALS,
    NOT_THE_SCOREKEEPER,
    edit_key_for,
    forget_edit_key,
    not_the_scorekeeper,
)
from chicago_scorer.web.scoreboard.view import corrected_message

correcting = Blueprint("correcting", __name__)

ENTRY_GONE = lazy_gettext(
    "That entry is no longer in the game, so there is nothing to correct. Here is the game now."
)
CORRECTION_STALE = lazy_gettext(
    "The game changed on another phone since this entry was opened, so nothing was "
    "corrected. Here is the entry now."
)
FIX_STALE = lazy_gettext(
    "The game changed on another phone since this page was shown, so no name was "
    "changed. Here is the game now."
)
DELETE_STALE = lazy_gettext(
    "The game changed on another phone since this page was shown, so it was not "
    "deleted. Here is the game now."
)


def _back(game_id: int, message: str):
    """Back to the scoreboard, with ``message`` where a refused tap's would be."""
    form = EntryForm(formdata=None)
    form.form_errors.append(message)
    return send_refused_to(SCOREBOARD, form, keep_answers=False, game_id=game_id)


def scorekeepers_only(view: Callable) -> Callable:
    """A device without the game's key is told that only the scorekeeper's phone changes
    the game before anything it sent is judged: the refusal of a form it filled in wrongly
    would go back to an entry's card or to the names' form, which a watcher is not shown."""

    @wraps(view)
    def for_the_scorekeeper(game_id: int, **kwargs):
        if edit_key_for(game_id) is None:
            return _back(game_id, str(NOT_THE_SCOREKEEPER))
        return view(game_id, **kwargs)

    return for_the_scorekeeper


@correcting.get("/games/<int:game_id>/entries/<int:number>")
@scorekeepers_only
def entry(game_id: int, number: int):
    """Entry ``number`` (from 1) open in the step card, filled in as it was, to correct."""
    try:
        opened = corrections.entry_at_table(game_id, number)
    except NoSuchEntry:
        return _back(game_id, ENTRY_GONE)
    return render_scoreboard(game_id, opened=opened)


@correcting.post("/games/<int:game_id>/entries/<int:number>")
@refusals_go_to(ENTRY_CARD, CorrectionForm)
@scorekeepers_only
def correct_entry(game_id: int, number: int):
    """Put the card's answer in the place of the entry, if every later entry still holds."""
    form = CorrectionForm()
    if not form.validate_on_submit():
        return send_back_refused(form)
    try:
        corrected = corrections.correct_entry(
            game_id, edit_key_for(game_id), number, form.entry(), form.version.data
        )
    except NothingToCorrect:
        return _back(game_id, _nothing_corrected(form))
    except AlreadyCorrected as error:  # sent again; said as a tap or an undo sent again is
        return _back(game_id, reason(error))
    except VersionMismatch:
        form.form_errors.append(CORRECTION_STALE)
        return send_back_refused(form, keep_answers=False)
    except NoSuchEntry:
        return _back(game_id, ENTRY_GONE)
    except KEEPER_REFUSALS as error:
        return _back(game_id, not_the_scorekeeper(game_id, error))
    except RuleError as error:
        form.attach(error)
        return send_back_refused(form)
    flash(corrected_message(corrected.state.history[number - 1], corrected.replaced))
    return redirect(url_for("pages.scoreboard", game_id=game_id), 303)


def _nothing_corrected(form: CorrectionForm) -> str:
    # The rules refuse only an entry at its own round and step as saying nothing new.
    return gettext(
        "Round %(number)s · %(step)s already says that, so nothing was changed.",
        number=format_number(form.round.data),
        step=STEP_LABELS[Step(form.step.data)],
    )


@correcting.post("/games/<int:game_id>/players")
@refusals_go_to(NAMES_FORM, FixPlayersForm)
@scorekeepers_only
def fix_players(game_id: int):
    """Give the seats new names or another first dealer; every entry follows them."""
    form = FixPlayersForm()
    if not form.validate_on_submit():
        form.form_errors.extend(form.version.errors)  # the page shows no hidden field
        return send_back_refused(form)
    try:
        corrections.fix_players(
            game_id,
            edit_key_for(game_id),
            form.names(),
            form.dealer_name(),
            form.version.data,
        )
    except VersionMismatch:
        # What was typed comes back too, to be saved again onto the game as it is now.
        form.form_errors.append(str(FIX_STALE))
        return send_back_refused(form)
    except KEEPER_REFUSALS as error:
        return _back(game_id, not_the_scorekeeper(game_id, error))
    except (RuleError, NothingToChange) as error:
        form.attach(error)  # what was typed comes back with it, to be put right
        return send_back_refused(form)
    flash(gettext("Names and first dealer saved; every entry follows them."))
    return redirect(url_for("pages.scoreboard", game_id=game_id), 303)


@correcting.post("/games/<int:game_id>/delete")
@refusals_go_to(SCOREBOARD, DeleteGameForm, keep_answers=False)
def delete_game(game_id: int):
    """Delete the game and all that was recorded in it, then go home and say which."""
    form = DeleteGameForm()
    if not form.validate_on_submit():
        # CSRFProtect has checked the token before any view: what is left is the version.
        return _back(game_id, str(VERSION_UNSAID))
    try:
        setup = corrections.delete_game(game_id, edit_key_for(game_id), form.version.data)
    except VersionMismatch:
        return _back(game_id, DELETE_STALE)
    except KEEPER_REFUSALS as error:
        return _back(game_id, not_the_scorekeeper(game_id, error))
    forget_edit_key(game_id)
    # Translators: said on the start page once a game is deleted; %(names)s is its players.
    flash(
        gettext(
            "Deleted the game of %(names)s.",
            names=in_a_list(map(isolated_name_text, setup.players)),
        )
    )
    return redirect(url_for("pages.home"), 303)
