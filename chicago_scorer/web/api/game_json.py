"""The API's game object, built from a replayed game or a listed one."""

from datetime import datetime

from flask import current_app

from chicago_scorer.rules import GameState
from chicago_scorer.rules.hands.showdown import Verdict
from chicago_scorer.services.game_answers import Correction, LoadedGame, LoggedGame
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


def game_body(game: LoadedGame | LoggedGame, **members: object) -> bytes:
    """The whole game object as the API sends it, events and trail included, with
    ``members``.

    Each event's form and points are JSON text already (a long log's are written out as
    they are stored), so the events are put in after the rest is encoded.
    """
    changes = [
        {"what": change.what, "was": change.was, "now": change.now, "at": change.at.isoformat()}
        for change in game.changes
    ]
    head = _encoded(
        _standing_json(game.id, game.created_at, game.standing)
        | members
        | ({"changes": changes} if changes else {})
    )
    events = ",".join(
        _event_text(payload, points, game.corrections.get(number))
        for number, (payload, points) in enumerate(game.event_texts(), start=1)
    )
    return f'{head[:-1]},"events":[{events}]}}'.encode()


def _event_text(payload: str, points: str, corrections: tuple[Correction, ...] | None) -> str:
    """An event object: its stored form with its points and, for an entry that was
    corrected, its earlier versions (oldest first) put in as its last members."""
    # The stored form is an object, never empty: it has its round and step.
    members = f',"points":{points}'
    if corrections:
        earlier = [
            {"was": correction.was, "at": correction.at.isoformat()} for correction in corrections
        ]
        members += f',"corrections":{_encoded(earlier)}'
    return f"{payload.rstrip()[:-1]}{members}}}"


def _encoded(value: object) -> str:
    return current_app.json.dumps(value, separators=(",", ":"))


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
