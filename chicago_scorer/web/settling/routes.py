"""Settling a tie from the cards: standalone, or as the result of a game's hand step."""

from collections.abc import Mapping
from dataclasses import dataclass, field

from flask import Blueprint, redirect, render_template, request, url_for

from chicago_scorer.rules import HAND_STEPS, RuleError
from chicago_scorer.rules.hands.cards import RANK_SYMBOLS, Suit
from chicago_scorer.rules.hands.showdown import Verdict
from chicago_scorer.services import game_reads, showdowns
from chicago_scorer.services.game_answers import LoadedGame
from chicago_scorer.web.languages.translation import lazy_gettext
from chicago_scorer.web.platform.rate_limits import SETTLING, limited_as
from chicago_scorer.web.refusal_statuses import status_of
from chicago_scorer.web.refused_forms import RefusalPlace, refusals_go_to, restore_refused
from chicago_scorer.web.scoreboard.forms import EntryForm
from chicago_scorer.web.scoreboard.scorekeeper import edit_key_for
from chicago_scorer.web.scoreboard.view import next_step_card
from chicago_scorer.web.settling.forms import ShowdownForm

settling = Blueprint("settling", __name__)

# The picker's grid: one row per rank, ace first, one column per suit.
GRID_RANKS = [RANK_SYMBOLS[rank] for rank in sorted(RANK_SYMBOLS, reverse=True)]
GRID_SUITS = list(Suit)

# The pickers a refused settle goes back to, with the hands as they were typed: the start
# page's, and a game's. An out-of-date picker is answered where it was sent.
PICKER = RefusalPlace("settle", "settling.standalone")
GAME_PICKER = RefusalPlace("scoreboard/{game_id}/settle", "settling.in_game")
SETTLE_OUT_OF_DATE = lazy_gettext(
    "This page was out of date, so no cards were compared. Open the page again and pick the cards."
)


@dataclass(frozen=True)
class Settled:
    """What the picker page shows after a submit: a verdict, or a refusal's status."""

    verdict: Verdict | None = None
    hands: Mapping[str, str] = field(default_factory=dict)
    status: int = 200


def _picker_form(game_id: int | None) -> ShowdownForm:
    """The form as posted; on a GET, one sent back refused (by the rate limit, say) with
    the hands as they were typed, else an empty one."""
    if request.method == "GET":
        picker = PICKER.named() if game_id is None else GAME_PICKER.named(game_id=game_id)
        return restore_refused(ShowdownForm, picker) or ShowdownForm()
    return ShowdownForm()


def _settle(form: ShowdownForm, game: LoadedGame | None, names: list[str] | None) -> Settled:
    """The verdict for a posted form; a refusal is put on the form."""
    if not form.is_submitted():
        return Settled()
    if not form.validate():
        return Settled(status=422)
    try:
        hands = form.showdown(names)
        return Settled(showdowns.settle_showdown(hands, game), hands)
    except RuleError as error:
        form.attach(error, names)
        return Settled(status=status_of(error))


def _render(form: ShowdownForm, settled: Settled, names: list[str] | None, **context):
    """The picker, with the game's ``names`` on its rows, or boxes to type them in."""
    verdict = settled.verdict
    return render_template(
        "settle.html",
        form=form,
        names=names,
        # Each long name in a refusal is cut short there, as in the scoreboard's messages.
        message_names=form.named(names),
        verdict=verdict,
        winner_cards=settled.hands.get(verdict.winner) if verdict and verdict.winner else None,
        grid_ranks=GRID_RANKS,
        grid_suits=GRID_SUITS,
        **context,
    ), settled.status


@settling.route("/settle", methods=["GET", "POST"])
@refusals_go_to(PICKER, ShowdownForm, out_of_date=SETTLE_OUT_OF_DATE, out_of_date_in_place=True)
@limited_as(SETTLING)
def standalone():
    """Settle any argument at the table from the cards."""
    form = _picker_form(None)
    return _render(form, _settle(form, None, None), None, game=None)


@settling.route("/games/<int:game_id>/settle", methods=["GET", "POST"])
@refusals_go_to(
    GAME_PICKER, ShowdownForm, out_of_date=SETTLE_OUT_OF_DATE, out_of_date_in_place=True
)
@limited_as(SETTLING)
def in_game(game_id: int):
    """Settle the current hand step's tie, then record the verdict in one tap."""
    game = game_reads.load_game(game_id)
    state = game.state
    if state.next_step not in HAND_STEPS:
        return redirect(url_for("pages.scoreboard", game_id=game_id), 303)
    names = [state.players[seat] for seat in state.round_seats]
    form = _picker_form(game_id)
    return _render(
        form,
        _settle(form, game, names),
        names,
        game=game,
        state=state,
        entry_form=EntryForm(formdata=None),
        step_fields=next_step_card(state).hidden,
        can_record=edit_key_for(game_id) is not None,
    )
