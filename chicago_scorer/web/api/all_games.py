"""The JSON API over all games: a player's statistics, the export of every game, and an
import of games; one service call per request."""

from flask import Blueprint

from chicago_scorer.rules import Hand
from chicago_scorer.services.errors import ImportInterrupted
from chicago_scorer.services.players import player_statistics
from chicago_scorer.services.transfer.import_results import ImportResult
from chicago_scorer.services.transfer.importing import import_games
from chicago_scorer.web.api.bodies import json_text
from chicago_scorer.web.exports import export_answer, exported_games
from chicago_scorer.web.languages.wording import reason
from chicago_scorer.web.platform.limits import allows_large_body, import_deadline
from chicago_scorer.web.platform.rate_limits import EXPORTING, IMPORTING, READS, limited_as
from chicago_scorer.web.platform.security import keep_out_of_caches
from chicago_scorer.web.refusal_statuses import retry_after, status_of

api_all_games = Blueprint("api_all_games", __name__, url_prefix="/api")


# Written as the player's page is (history/player_addresses.py), "/" and all.
@api_all_games.get("/players/<player:name>/stats", merge_slashes=False)
def player_stats(name: str):
    """A player's totals over every game they sat in, matched whatever the case."""
    stats = player_statistics(name)
    return {
        "name": stats.name,
        "games": stats.totals.games,
        "wins": stats.totals.wins,
        "chicago_called": stats.chicago_called,
        "chicago_won": stats.chicago_won,
        "last_tricks": stats.last_tricks,
        "hands": {hand.value: stats.hand_wins[hand] for hand in Hand},
    }


@api_all_games.get("/export")
@limited_as(EXPORTING, methods=READS)
def export():
    """Every game, as ``{"format": "chicago-scorer/2", "games": [...]}``."""
    return export_answer(exported_games())


@api_all_games.post("/import")
@allows_large_body
@limited_as(IMPORTING)
def import_document():
    """Add each game of an export that is not already here, with a new edit key; or none.

    An import stopped part way (see services/transfer/importing.py) answers 503 with what
    it stored so far: their edit keys are given nowhere else.
    """
    keep_out_of_caches()  # the answer holds the new games' edit keys
    try:
        result = import_games(json_text(), deadline=import_deadline())
    except ImportInterrupted as refusal:
        return (
            _result_json(refusal.result) | {"error": reason(refusal)},
            status_of(refusal),
            retry_after(refusal),
        )
    return _result_json(result), 201 if result.imported else 200


def _result_json(result: ImportResult) -> dict[str, object]:
    return {
        "games": [
            {"id": game.id, "players": list(game.players), "edit_key": game.edit_key}
            for game in result.imported
        ],
        "already_here": [
            {
                "id": game.id,
                "players": list(game.players),
                "created_at": game.created_at.isoformat(),
            }
            for game in result.already_here
        ],
    }
