"""A cheap check for phones watching a game: has anything changed since they last looked?"""

from flask import Blueprint, request

from chicago_scorer.services import game_reads

live = Blueprint("live", __name__)


@live.get("/games/<int:game_id>/version")
def version(game_id: int):
    """The game's version, with an ETag: 304 Not Modified while nothing has changed."""
    current = game_reads.game_log_version(game_id)
    headers = {"ETag": f'"{current}"', "Cache-Control": "no-cache"}
    if request.if_none_match.contains_weak(current):  # RFC 9110: compared weakly
        return "", 304, headers
    return {"version": current}, 200, headers
