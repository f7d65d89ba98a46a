"""What the scorekeeper's phone needs to keep scoring without a connection.

The scoreboard holds the game as it stands (``offline_state``), small enough for every
page. Everything else the phone needs offline, the same for every page of a game in one
language, is the *offline kit*: the step cards as this page would draw them, and the
words the page says about a step, a refusal or the queue, in the page's language
(``offline_words.py``). The kit's address names its contents, so a phone fetches it
once per game and language.

The rules themselves are ``static/rules.js``, a predictor that agrees with the Python
core on every log (tests/e2e/test_predictor_agrees.py); the server stays the judge of
what is recorded.
"""

import hashlib
import json
from dataclasses import dataclass

from flask import Blueprint, current_app, render_template, url_for

from chicago_scorer.rules import Hand, Step
from chicago_scorer.rules.game import GameState
from chicago_scorer.rules.position import position_of
from chicago_scorer.services import game_reads
from chicago_scorer.services.game_answers import GameAtTable
from chicago_scorer.web.languages.locales import language_code
from chicago_scorer.web.platform.static_files import asset_version
from chicago_scorer.web.player_names import SHORT_NAME_CHARACTERS
from chicago_scorer.web.scoreboard.forms import EntryForm
from chicago_scorer.web.scoreboard.offline_words import kit_words
from chicago_scorer.web.scoreboard.view import ChicagoChoice, StepCard

offline = Blueprint("offline", __name__)

# The scripts the scorekeeper's page loads once it is interactive: the rules, then the queue.
OFFLINE_SCRIPTS = ("rules.js", "offline.js")


def _any_step_card(state: GameState, step: Step) -> StepCard:
    """A step card for ``step`` with every player on it and Chicago open to all: the
    phone hides who sits out and closes Chicago to whom the rules refuse it."""
    everyone = list(state.players)
    return StepCard(
        round=state.round,
        step=step,
        in_tiebreak=False,
        round_players=everyone,
        chicago_choices=[ChicagoChoice(name, True) for name in everyone],
        hidden={"round": "", "step": str(step)},
    )


def _cards(game: GameAtTable) -> dict[str, str]:
    state = game.position
    form = EntryForm(formdata=None, meta={"csrf": False})
    context = {
        "game": game,
        "state": state,
        "entry_form": form,
        "hands": list(Hand),
        "hand_points": state.setup.rules.hand_points,
        "deuce_points": state.setup.rules.deuce_last_trick_points,
    }
    return {
        "hand": render_template(
            "_scoreboard/step_form.html", card=_any_step_card(state, Step.PHASE1), **context
        ),
        "tricks": render_template(
            "_scoreboard/step_form.html", card=_any_step_card(state, Step.TRICKS), **context
        ),
    }


def _setup_json(state: GameState) -> dict[str, object]:
    setup = state.setup
    rules = setup.rules.settings() | {"score_floor": setup.rules.score_floor}
    return {"players": list(setup.players), "first_dealer": setup.first_dealer, "rules": rules}


def _kit_version(setup: dict[str, object]) -> str:
    """Names the kit's contents: the game's setup, the page's language, the static files."""
    text = json.dumps([setup, language_code(), asset_version(current_app.static_folder)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class OfflineState:
    """What the scorekeeper's page tells its offline script."""

    game: GameAtTable
    edit_key: str

    def as_json(self) -> dict[str, object]:
        state = self.game.position
        setup = _setup_json(state)
        return {
            "game": self.game.id,
            "version": self.game.log_version,
            "events": self.game.event_count,
            "key": self.edit_key,
            "setup": setup,
            "position": position_of(state),
            # Which names the phone cuts short in the messages it draws, as the page does.
            "short_name_characters": SHORT_NAME_CHARACTERS,
            "urls": {
                "events": url_for("api.record_event", game_id=self.game.id),
                "game": url_for("api.get_game", game_id=self.game.id),
                "kit": url_for("offline.kit", game_id=self.game.id, v=_kit_version(setup)),
                "scripts": [url_for("static", filename=name) for name in OFFLINE_SCRIPTS],
            },
        }


@offline.get("/games/<int:game_id>/offline-kit")
def kit(game_id: int):
    """The step cards and words of a game for its scorekeeper's phone, in the page's
    language. The address names the contents, so the answer may be kept for good."""
    game = game_reads.load_game_at_table(game_id)
    body = {"language": language_code(), "words": kit_words(game.position), "cards": _cards(game)}
    response = current_app.json.response(body)
    response.headers["Cache-Control"] = "private, max-age=31536000, immutable"
    response.vary.update(["Cookie", "Accept-Language"])
    return response
