"""The phone pages: parse a form, call one service, then redirect or re-render."""

from flask import Blueprint, flash, redirect, render_template, request, url_for

from chicago_scorer.rules import RuleError
from chicago_scorer.services import game_reads, games
from chicago_scorer.services.errors import (
    AlreadyUndone,
    GameFull,
    IdempotencyKeyReused,
    VersionMismatch,
)
from chicago_scorer.services.history import newest_games
from chicago_scorer.web.languages.translation import lazy_gettext
from chicago_scorer.web.languages.wording import reason
from chicago_scorer.web.page_cache import cached_page
from chicago_scorer.web.platform.number_addresses import written_number
from chicago_scorer.web.platform.rate_limits import CREATING, limited_as
from chicago_scorer.web.refused_forms import (
    holds_refusal,
    refusals_go_to,
    restore_refused,
    send_back_refused,
)
from chicago_scorer.web.scoreboard.forms import EntryForm, UndoForm
from chicago_scorer.web.scoreboard.house_rules_form import CUSTOM, PRESET_CHOICES
from chicago_scorer.web.scoreboard.page import render_scoreboard
from chicago_scorer.web.scoreboard.refusal_places import SCOREBOARD, START_PAGE
from chicago_scorer.web.scoreboard.scorekeeper import (
    KEEPER_REFUSALS,
    edit_key_for,
    not_the_scorekeeper,
    remember_edit_key,
)
from chicago_scorer.web.scoreboard.seating_forms import NewGameForm
from chicago_scorer.web.scoreboard.view import removed_message, stale_tap

pages = Blueprint("pages", __name__)

RECENT_GAMES = 10
# A second tap on a page whose first tap was recorded: a page gone back to, say.
PAGE_ALREADY_TAPPED = lazy_gettext(
    "This phone already recorded a tap from this page, so this one was not recorded; "
    "here is the game now."
)
NEW_GAME_OUT_OF_DATE = lazy_gettext(
    "This page was out of date, so no game was started. Check the names and tap Start game again."
)
UNDO_STALE = lazy_gettext(
    "The game changed on another phone since this page was shown, so nothing was undone. "
    "Here is the game now."
)


# The refusals a scorekeeper's tap can meet, besides this device's (KEEPER_REFUSALS). They
# are not answered with a status: the tap goes back to the scoreboard, which shows why.
# Any other (an unknown game) reaches the app's one handler in web/errors.py.
TAP_REFUSALS = (RuleError, GameFull)


def _render_home(form: NewGameForm):
    games, _total = newest_games(limit=RECENT_GAMES)
    return render_template(
        "home.html",
        form=form,
        games=games,
        presets=PRESET_CHOICES,
        custom=CUSTOM,
        # A refusal names what was typed as the rules spell it; each long name is cut
        # short there, as in the scoreboard's messages.
        message_names=form.named(),
    )


@pages.get("/")
def home():
    """Start a game, or open a recent one; ``?rematch=<id>`` fills in that game's table."""
    refused = restore_refused(NewGameForm, START_PAGE.named())
    if refused is not None:
        refused.rules.form.show_as_played()
        return _render_home(refused)
    rematch = written_number(request.args.get("rematch"))
    if rematch is not None:
        setup = game_reads.load_game_at_table(rematch).position.setup
        return _render_home(NewGameForm.rematch_of(setup))
    return _render_home(NewGameForm(formdata=None))


@pages.post("/games")
@refusals_go_to(START_PAGE, NewGameForm, out_of_date=NEW_GAME_OUT_OF_DATE)
@limited_as(CREATING)
def create_game():
    """Create a game and make this device its scorekeeper."""
    form = NewGameForm()
    if not form.validate_on_submit():
        form.attach_name_faults()
        return send_back_refused(form)
    try:
        created = games.create_game(form.names(), form.dealer_name(), form.rules.form.settings())
    except RuleError as error:
        form.attach(error)
        return send_back_refused(form)
    remember_edit_key(created.game.id, created.edit_key)
    return redirect(url_for(".scoreboard", game_id=created.game.id), 303)


@pages.get("/games/<int:game_id>")
def scoreboard(game_id: int):
    """The scores, and for the scorekeeper the next step to record."""
    if edit_key_for(game_id) is not None or holds_refusal(SCOREBOARD.named(game_id=game_id)):
        return render_scoreboard(game_id)
    # Without a key or a message to show, the page is the same for every watcher.
    return cached_page(
        ("scoreboard", game_id),
        game_reads.game_log_version(game_id),
        lambda: _watchers_page(game_id),
    )


def _watchers_page(game_id: int) -> tuple[bytes, str]:
    game = game_reads.load_game_at_table(game_id)
    return render_scoreboard(game_id, game=game).encode(), game.log_version


@pages.post("/games/<int:game_id>/entries")
@refusals_go_to(SCOREBOARD, EntryForm)
def record_entry(game_id: int):
    """Record the step the scorekeeper tapped."""
    form = EntryForm()
    if not form.validate_on_submit():
        return send_back_refused(form)
    try:
        # Sent again with its key, a tap already recorded is found: the game is the answer.
        games.record_event(game_id, edit_key_for(game_id), form.entry(), form.tap_key())
    except KEEPER_REFUSALS as error:
        form.form_errors.append(not_the_scorekeeper(game_id, error))
        return send_back_refused(form, keep_answers=False)
    except IdempotencyKeyReused:
        form.form_errors.append(PAGE_ALREADY_TAPPED)
        return send_back_refused(form, keep_answers=False)
    except TAP_REFUSALS as error:
        now = game_reads.load_game_at_table(game_id)
        stale = stale_tap(now.position, now.newest, form.round.data, form.step.data)
        if stale is None:
            form.attach(error)
            return send_back_refused(form)
        form.form_errors.append(stale)
        return send_back_refused(form, keep_answers=False)
    return redirect(url_for(".scoreboard", game_id=game_id), 303)


@pages.post("/games/<int:game_id>/undo")
@refusals_go_to(SCOREBOARD, UndoForm, keep_answers=False)
def undo(game_id: int):
    """Undo the newest entry, if it is still the one the page showed, and say what went."""
    form = UndoForm()
    if not form.validate_on_submit():
        form.form_errors.extend(form.version.errors)  # the page shows no hidden field
        return send_back_refused(form)
    try:
        undone = games.undo_last_event(
            game_id, edit_key_for(game_id), shown_version=form.version.data
        )
    except AlreadyUndone as error:
        form.form_errors.append(reason(error))
        return send_back_refused(form)
    except VersionMismatch:
        form.form_errors.append(UNDO_STALE)
        return send_back_refused(form)
    except KEEPER_REFUSALS as error:
        form.form_errors.append(not_the_scorekeeper(game_id, error))
        return send_back_refused(form)
    except RuleError as error:
        form.form_errors.append(reason(error))
        return send_back_refused(form)
    flash(removed_message(undone.removed))
    return redirect(url_for(".scoreboard", game_id=game_id), 303)
