"""The scorekeeper's device keeps each game's edit key in its signed session, and a page
that tries to change a game this device does not keep score for says so in its words."""

from flask import session

from chicago_scorer.services.errors import EditKeyMissing, EditKeyWrong
from chicago_scorer.web.languages.translation import lazy_gettext

KEPT_GAMES = 20


def remember_edit_key(game_id: int, edit_key: str) -> None:
    """Keep the key on this device, as that of the game it played last."""
    keys = kept_edit_keys()
    keys.pop(game_id, None)
    keep_edit_keys([*keys.items(), (game_id, edit_key)])


def kept_edit_keys() -> dict[int, str]:
    """The keys this device keeps, by game, the game it played longest ago first."""
    return {int(game_id): key for game_id, key in session.get("edit_keys", {}).items()}


def keep_edit_keys(keys: list[tuple[int, str]]) -> None:
    """Keep these keys, the game played longest ago first, and of them the last
    ``KEPT_GAMES`` only: a signed cookie holds about 4 KB."""
    session["edit_keys"] = {str(game_id): key for game_id, key in keys[-KEPT_GAMES:]}
    session.permanent = True


def edit_key_for(game_id: int) -> str | None:
    """The key this device holds for a game, if it keeps score there."""
    return session.get("edit_keys", {}).get(str(game_id))


def forget_edit_key(game_id: int) -> None:
    """Stop keeping score for a game on this device."""
    keys = dict(session.get("edit_keys", {}))
    if keys.pop(str(game_id), None) is not None:
        session["edit_keys"] = keys


# The refusals of a change asked for by a device without the game's key, or with a key the
# game no longer has. The API's words for them ("send its edit key") mean nothing on a
# page, where the key is this device's own.
KEEPER_REFUSALS = (EditKeyMissing, EditKeyWrong)
NOT_THE_SCOREKEEPER = lazy_gettext(
    "Only the scorekeeper's phone can change this game, so nothing was changed. To keep "
    "score on this phone, open the hand-over link from the scorekeeper's phone."
)
NO_LONGER_THE_SCOREKEEPER = lazy_gettext(
    "This phone no longer keeps score, so nothing was changed: the scorekeeper gave the game "
    "a new key. Ask them for a new hand-over link to keep score here; you can still watch."
)


def not_the_scorekeeper(game_id: int, refusal: EditKeyMissing | EditKeyWrong) -> str:
    """Why this device could not change the game; a key the game no longer has is let go,
    so that its pages show the game as a watcher's."""
    if isinstance(refusal, EditKeyWrong):
        forget_edit_key(game_id)
        return str(NO_LONGER_THE_SCOREKEEPER)
    return str(NOT_THE_SCOREKEEPER)
