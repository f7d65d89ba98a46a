"""The scoreboard page: the scores for everyone; for the scorekeeper the step card, with
the next step to record or a recorded entry open to correct, and the game's fixes."""

from flask import flash, render_template, url_for

from chicago_scorer.rules import Hand, Status, event_to_dict
from chicago_scorer.services import game_reads
from chicago_scorer.services.game_answers import EntryAtTable, GameAtTable
from chicago_scorer.web.entry_words import entry_words
from chicago_scorer.web.languages.rule_words import rule_differences
from chicago_scorer.web.languages.translation import gettext
from chicago_scorer.web.platform.security import keep_out_of_caches
from chicago_scorer.web.refused_forms import restore_refused
from chicago_scorer.web.score_chart import recent_score_chart
from chicago_scorer.web.scoreboard.correction_forms import CorrectionForm, FixPlayersForm
from chicago_scorer.web.scoreboard.forms import EntryForm
from chicago_scorer.web.scoreboard.offline import OfflineState
from chicago_scorer.web.scoreboard.refusal_places import ENTRY_CARD, NAMES_FORM, SCOREBOARD
from chicago_scorer.web.scoreboard.scorekeeper import edit_key_for, forget_edit_key
from chicago_scorer.web.scoreboard.sharing import share_context
from chicago_scorer.web.scoreboard.view import (
    correction_card,
    exchange_stop_note,
    next_step_card,
    player_rows,
    round_log,
)


def _correction_form(game_id: int, opened: EntryAtTable) -> CorrectionForm:
    """The card's choices: a refused correction's as they were sent, else the entry's as
    it is now (a stale card's refusal keeps no answers: they were of a game gone by)."""
    as_it_is = CorrectionForm.saying(event_to_dict(opened.scored.event))
    refused = restore_refused(
        CorrectionForm, ENTRY_CARD.named(game_id=game_id, number=opened.number)
    )
    if refused is None:
        return as_it_is
    if refused.answer.data or refused.winner.data:
        return refused
    as_it_is.form_errors.extend(refused.form_errors)
    return as_it_is


def scorekeepers_key(game: GameAtTable) -> str | None:
    """This device's key for the game, forgotten (with a word why) once it stops working."""
    edit_key = edit_key_for(game.id)
    if edit_key is None or game.opens_with(edit_key):
        return edit_key
    forget_edit_key(game.id)
    flash(gettext("This phone no longer keeps score: the scorekeeper gave the game a new key."))
    return None


def render_scoreboard(
    game_id: int, game: GameAtTable | None = None, *, opened: EntryAtTable | None = None
) -> str:
    """The scoreboard; with ``opened``, for the scorekeeper, that entry in the step card."""
    game = opened.game if opened is not None else game or game_reads.load_game_at_table(game_id)
    state = game.position
    last_entry = game.newest[-1] if game.newest else None
    log = round_log(game)
    edit_key = scorekeepers_key(game)
    is_scorekeeper = edit_key is not None
    if is_scorekeeper:
        keep_out_of_caches()  # the page holds the hand-over link, key and all
    # A watcher's page shows no form, so it needs no CSRF token (nor a cookie to hold one).
    form_meta = {} if is_scorekeeper else {"csrf": False}
    can_edit = is_scorekeeper and state.status is not Status.FINISHED
    if opened is not None and is_scorekeeper:
        card = correction_card(opened)
        entry_form = _correction_form(game_id, opened)
    else:
        card = next_step_card(state) if can_edit else None
        entry_form = restore_refused(
            EntryForm, SCOREBOARD.named(game_id=game_id), meta=form_meta
        ) or EntryForm(formdata=None, meta=form_meta)
    context = share_context(game, edit_key) | {
        "game": game,
        "log_version": game.log_version,
        "state": state,
        "rows": player_rows(state),
        "chart": recent_score_chart(game) if game.newest else None,
        "log": log,
        "earlier_rounds": bool(log) and log[-1].number > 1,
        "can_edit": can_edit,
        "can_undo": is_scorekeeper and game.event_count > 0,
        "is_scorekeeper": is_scorekeeper,
        # The phone keeps this address, and opens it again once its cookie has let the key
        # go (static/app.js, "keys that outlive a cookie").
        "keep_score_url": (
            url_for("sharing.keep_score", game_id=game.id, edit_key=edit_key)
            if is_scorekeeper
            else None
        ),
        "card": card,
        "is_correcting": card is not None and card.correcting is not None,
        # The scorekeeper's phone keeps scoring offline from here (offline.py).
        "offline_state": (
            OfflineState(game, edit_key).as_json() if is_scorekeeper and opened is None else None
        ),
        "entry_form": entry_form,
        "hands": list(Hand),
        "hand_points": state.setup.rules.hand_points,
        "rule_differences": rule_differences(state.setup.rules),
        "exchange_stop_note": exchange_stop_note(state),
        "deuce_points": state.setup.rules.deuce_last_trick_points,
        "last_entry": last_entry,
        "last_entry_text": (
            entry_words(last_entry.event, last_entry.points) if last_entry else None
        ),
        # Whom the page's messages may name: each is cut short there as in the score strip.
        "message_names": state.players,
    }
    if is_scorekeeper:
        # A refused fix comes back as it was typed, open, its refusal with the step's,
        # which names what was typed as the rules spell it.
        fix_form = restore_refused(FixPlayersForm, NAMES_FORM.named(game_id=game_id))
        typed = fix_form.named() if fix_form else []
        context |= {
            "fix_form": fix_form or FixPlayersForm.of_setup(state.setup),
            "message_names": [*state.players, *typed],
        }
    return render_template("scoreboard.html", **context)
