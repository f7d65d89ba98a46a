"""The history of games and the review of one game: pages that only read."""

from flask import Blueprint, render_template, request

from chicago_scorer.rules import STEP_ORDER
from chicago_scorer.services import game_reads
from chicago_scorer.services.history import game_history
from chicago_scorer.storage.summaries import listings_key
from chicago_scorer.web.history.forms import HistoryFilterForm
from chicago_scorer.web.history.review import round_table, standings
from chicago_scorer.web.languages.rule_words import rule_differences
from chicago_scorer.web.page_cache import cached_page
from chicago_scorer.web.score_chart import score_chart
from chicago_scorer.web.scoreboard.scorekeeper import edit_key_for

history = Blueprint("history", __name__)


@history.get("/history")
def game_list():
    """Every game, newest first, filtered by player and status, 25 to a page."""
    form = HistoryFilterForm(request.args)
    if not form.validate():
        return render_template("history.html", form=form, page=None), 400
    listings = listings_key()
    return cached_page(("history",), listings, lambda: (_page(form), listings))


def _page(form: HistoryFilterForm) -> bytes:
    page = game_history(form.player_name(), form.status_filter(), form.page_number())
    html = render_template("history.html", form=form, page=page, filters=form.query_args())
    return html.encode()


@history.get("/games/<int:game_id>/review")
def review(game_id: int):
    """One game round by round, its standings and its score chart; the scorekeeper opens
    an entry from its table to correct it."""
    game = game_reads.load_game(game_id)
    state = game.state
    rounds = round_table(state, game.corrections_in_todays_names())
    return render_template(
        "review.html",
        game=game,
        state=state,
        rounds=rounds,
        can_correct=game.opens_with(edit_key_for(game_id)),
        has_tiebreak_rounds=any(logged.is_tiebreak for logged in rounds),
        steps=STEP_ORDER,
        standings=standings(state),
        chart=score_chart(state),
        rule_differences=rule_differences(state.setup.rules),
    )
