"""The scorekeeper's device keeps each game's edit key in its signed session."""

from flask import session

KEPT_GAMES = 20


def remember_edit_key(game_id: int, edit_key: str) -> None:
    """Keep the key on this device, for the most recent games only."""
    keys = dict(session.get("edit_keys", {}))
    keys.pop(str(game_id), None)
    keys[str(game_id)] = edit_key
    session["edit_keys"] = dict(list(keys.items())[-KEPT_GAMES:])
    session.permanent = True


def edit_key_for(game_id: int) -> str | None:
    """The key this device holds for a game, if it keeps score there."""
    return session.get("edit_keys", {}).get(str(game_id))


def forget_edit_key(game_id: int) -> None:
    """Stop keeping score for a game on this device."""
    keys = dict(session.get("edit_keys", {}))
    if keys.pop(str(game_id), None) is not None:
        session["edit_keys"] = keys
