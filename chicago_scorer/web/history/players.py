"""The players and their statistics: pages that only read."""

from flask import Blueprint, render_template, request

from chicago_scorer.rules import Hand
from chicago_scorer.services.players import player_list, player_statistics
from chicago_scorer.storage.summaries import listings_key
from chicago_scorer.web.history.forms import PageForm
from chicago_scorer.web.page_cache import cached_page

players = Blueprint("players", __name__)


@players.get("/players")
def player_index():
    """Every player who has sat in a game, those with the most games first."""
    form = PageForm(request.args)
    if not form.validate():
        return render_template("players.html", form=form, page=None), 400
    listings = listings_key()
    return cached_page(("players",), listings, lambda: (_index(form), listings))


def _index(form: PageForm) -> bytes:
    return render_template(
        "players.html", form=form, page=player_list(form.page_number())
    ).encode()


# Not merged: "/players//Ann" is the page of the player "/Ann", not a redirect to Ann's.
@players.get("/players/<player:name>", merge_slashes=False)
def player_page(name: str):
    """One player's statistics over every game they sat in."""
    listings = listings_key()
    return cached_page(("player", name), listings, lambda: (_player(name), listings))


def _player(name: str) -> bytes:
    stats = player_statistics(name)
    most = max(stats.hand_wins.values()) or 1
    html = render_template(
        "player.html",
        stats=stats,
        hands=list(Hand),
        # Bar lengths in percent of the longest, so the template only draws them.
        hand_bars={hand: 100 * count / most for hand, count in stats.hand_wins.items()},
    )
    return html.encode()
