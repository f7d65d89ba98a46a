"""Build import files (the ``chicago-scorer/1`` format) from games played in memory, and
send them through the import page."""

import io
import json
from datetime import UTC, datetime, timedelta

from flask.testing import FlaskClient

from chicago_scorer.rules import GameState, event_to_dict

FIRST_GAME_AT = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)


def game_entry(state: GameState, created_at: datetime = FIRST_GAME_AT) -> dict[str, object]:
    """One game as the export format writes it."""
    return {
        "players": list(state.players),
        "first_dealer": state.players[state.setup.first_dealer],
        "created_at": created_at.isoformat(),
        "updated_at": (created_at + timedelta(minutes=len(state.history))).isoformat(),
        "events": [event_to_dict(scored.event) for scored in state.history],
    }


def export_document(*states: GameState) -> bytes:
    """A file holding these games, an hour apart, the first at ``FIRST_GAME_AT``."""
    games = [
        game_entry(state, FIRST_GAME_AT + timedelta(hours=number))
        for number, state in enumerate(states)
    ]
    return json.dumps({"format": "chicago-scorer/1", "games": games}).encode()


def empty_game_export(first: str = "Ann", second: str = "Bo") -> dict[str, object]:
    """A ``chicago-scorer/2`` file of one game of two players with no entries yet."""
    return {
        "format": "chicago-scorer/2",
        "games": [
            {
                "players": [first, second],
                "first_dealer": first,
                "created_at": "2026-11-29T19:02:11+00:00",
                "updated_at": "2026-11-29T19:30:00+00:00",
                "events": [],
            }
        ],
    }


def upload_on_import_page(client: FlaskClient, body: bytes, filename: str = "export.json"):
    """Send ``body`` as the file of the import page's form, as a phone's file picker does."""
    return client.post(
        "/import",
        data={"file": (io.BytesIO(body), filename)},
        content_type="multipart/form-data",
    )
