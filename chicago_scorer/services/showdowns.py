"""Deciding a tie from the players' cards: the settle pages' one use case, and the
API's (``POST /api/settle``). It reads no game and writes none: a game's hand step
gives only the rules its hands are judged by."""

from collections.abc import Mapping

from chicago_scorer.rules import STANDARD_RULES
from chicago_scorer.rules.hands.showdown import Verdict, settle
from chicago_scorer.services.game_answers import LoadedGame


def settle_showdown(hands: Mapping[str, object], game: LoadedGame | None = None) -> Verdict:
    """Decide a tie from the cards, by the rules of the game it is for, if any."""
    return settle(hands, STANDARD_RULES if game is None else game.state.setup.rules)
