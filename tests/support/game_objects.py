"""A game as the API's JSON object, decoded, for comparing what two reads answer."""

import json

from chicago_scorer.services.game_answers import LoadedGame, LoggedGame
from chicago_scorer.web.api.game_json import game_body


def game_object(game: LoadedGame | LoggedGame) -> dict:
    """The object the API sends for ``game`` (needs an app context)."""
    return json.loads(game_body(game))
