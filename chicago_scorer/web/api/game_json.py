"""The API's game object, built from a replayed game or a listed one."""

from datetime import datetime

from chicago_scorer.rules import GameState
from chicago_scorer.rules.showdown import Verdict
from chicago_scorer.services.game_answers import Correction
from chicago_scorer.services.games import LoadedGame
from chicago_scorer.services.history import ListedGame
from chicago_scorer.web.languages.wording import translate


def listed_game_json(game: ListedGame) -> dict[str, object]:
    """A game without its events, for listings."""
    return _standing_json(game.id, game.created_at, game.standing)


def _standing_json(game_id: int, created_at: datetime, state: GameState) -> dict[str, object]:
    """Where a game stands; reads nothing of the state's history."""
    next_step = state.next_step
    return {
        "id": game_id,
        "created_at": created_at.isoformat(),
        "players": [
            {"name": name, "score": score}
            for name, score in zip(state.players, state.scores, strict=True)
        ],
        "status": str(state.status),
        "winner": state.winner,
        "tiebreak_players": list(state.tiebreak_players),
        "dealer": state.dealer_name,
        "next": None if next_step is None else {"round": state.round, "step": str(next_step)},
        "rules": state.setup.rules.settings(),
    }


def game_json(game: LoadedGame) -> dict[str, object]:
    """The whole game object, events included."""
    events = [
        payload | {"points": dict(points)} | _corrections_json(game.corrections.get(number))
        for number, (payload, points) in enumerate(game.event_log(), start=1)
    ]
    changes = [
        {"what": change.what, "was": change.was, "now": change.now, "at": change.at.isoformat()}
        for change in game.changes
    ]
    return (
        _standing_json(game.id, game.created_at, game.state)
        | {"events": events}
        | ({"changes": changes} if changes else {})
    )


def _corrections_json(corrections: tuple[Correction, ...] | None) -> dict[str, object]:
    """An entry's earlier versions, oldest first; nothing for an entry never corrected."""
    if not corrections:
        return {}
    return {
        "corrections": [
            {"was": correction.was, "at": correction.at.isoformat()} for correction in corrections
        ]
    }


def verdict_json(verdict: Verdict) -> dict[str, object]:
    """A settled showdown, as ``POST /api/settle`` answers it."""
    return {
        "winner": verdict.winner,
        "tied": list(verdict.tied),
        "hand": None if verdict.hand is None else str(verdict.hand),
        "points": verdict.points,
        "hands": {name: str(category) for name, category in verdict.hands.items()},
        "explanation": translate(verdict.reason),
    }
