"""Moving the scorekeeper's role between phones, and letting others watch."""

import secrets

from flask import Blueprint, flash, redirect, url_for
from wtforms import HiddenField

from chicago_scorer.services import games
from chicago_scorer.services.game_answers import GameAtTable
from chicago_scorer.web.errors import answer_refusal
from chicago_scorer.web.languages.form_translations import TranslatedForm
from chicago_scorer.web.languages.translation import gettext, lazy_gettext
from chicago_scorer.web.platform.security import keep_out_of_caches, secret_rotation
from chicago_scorer.web.refused_forms import refusals_go_to, send_back_refused
from chicago_scorer.web.scoreboard.qr_codes import qr_svg
from chicago_scorer.web.scoreboard.refusal_places import SCOREBOARD
from chicago_scorer.web.scoreboard.scorekeeper import (
    KEEPER_REFUSALS,
    edit_key_for,
    not_the_scorekeeper,
    remember_edit_key,
)

sharing = Blueprint("sharing", __name__)

LINK_NO_LONGER_WORKS = lazy_gettext(
    "This hand-over link no longer works: the scorekeeper revoked it, or it was copied wrong. "
    "Ask the scorekeeper for a new one. You can still watch the game."
)


class RevokeForm(TranslatedForm):
    """Confirm giving the game a new key.

    The page names its rotation (``rotation``), so that the same form sent again, after
    an answer that never came, gets the key the first one made (``games.rotate_edit_key``).
    """

    rotation = HiddenField()


def share_context(game: GameAtTable, edit_key: str | None) -> dict[str, object]:
    """Links and QR codes for the scoreboard: watch for everyone, hand over for the keeper."""
    watch_url = url_for("pages.scoreboard", game_id=game.id, _external=True)
    context: dict[str, object] = {
        "watch_url": watch_url,
        # Translators: read by screen readers on the QR code that opens the game read-only.
        "watch_qr": qr_svg(watch_url, gettext("QR code to watch this game")),
    }
    if edit_key is not None:
        handover_url = url_for(
            "sharing.keep_score", game_id=game.id, edit_key=edit_key, _external=True
        )
        context |= {
            "handover_url": handover_url,
            "rotation": secrets.token_hex(16),
            # Translators: read by screen readers on the QR code that hands scorekeeping over.
            "handover_qr": qr_svg(handover_url, gettext("QR code to keep score on another phone")),
        }
    return context


@sharing.get("/games/<int:game_id>/keep-score/<edit_key>")
def keep_score(game_id: int, edit_key: str):
    """Open a hand-over link: this phone keeps score from now on."""
    keep_out_of_caches()  # the address itself is the key
    try:
        games.confirm_edit_key(game_id, edit_key)
    except KEEPER_REFUSALS as error:
        return answer_refusal(error, LINK_NO_LONGER_WORKS)
    remember_edit_key(game_id, edit_key)
    flash(gettext("This phone now keeps score for this game."))
    return redirect(url_for("pages.scoreboard", game_id=game_id), 303)


@sharing.post("/games/<int:game_id>/revoke")
@refusals_go_to(SCOREBOARD, RevokeForm, keep_answers=False)
def revoke(game_id: int):
    """Give the game a new key: other phones and old hand-over links stop working."""
    # CSRFProtect has checked the token before any view, and the rotation's name may be
    # any text (secret_rotation only signs it): the form has nothing left to check.
    form = RevokeForm()
    try:
        new_key = games.rotate_edit_key(
            game_id, edit_key_for(game_id), secret_rotation(form.rotation.data or None)
        )
    except KEEPER_REFUSALS as error:
        form.form_errors.append(not_the_scorekeeper(game_id, error))
        return send_back_refused(form)
    remember_edit_key(game_id, new_key)
    flash(gettext("Other phones no longer keep score, and old hand-over links stop working."))
    return redirect(url_for("pages.scoreboard", game_id=game_id), 303)
