"""The players and their statistics: pages that only read."""

from flask import Blueprint, render_template, request

from .history_errors import answer_refusals_with_pages
from .history_forms import PageForm
from .player_services import player_list, player_statistics
from .rules import Hand

players = Blueprint("players", __name__)
answer_refusals_with_pages(players)


@players.get("/players")
def player_index():
    """Every player who has sat in a game, those with the most games first."""
    form = PageForm(request.args)
    if not form.validate():
        return render_template("players.html", form=form, page=None), 400
    return render_template("players.html", form=form, page=player_list(form.page_number()))


@players.get("/players/<path:name>")
def player_page(name: str):
    """One player's statistics over every game they sat in."""
    stats = player_statistics(name)
    most = max(stats.hand_wins.values()) or 1
    return render_template(
        "player.html",
        stats=stats,
        hands=list(Hand),
        # Bar lengths in percent of the longest, so the template only draws them.
        hand_bars={hand: 100 * count / most for hand, count in stats.hand_wins.items()},
    )
