"""Build import files (the ``chicago-scorer/1`` format) from games played in memory, and
send them through the import page."""

import io
import json
from datetime import UTC, datetime, timedelta

from flask.testing import FlaskClient

from chicago_scorer.rules import (
    STANDARD_RULES,
    GameState,
    RuleSet,
    event_to_dict,
    new_setup,
    record,
    rules_from_settings,
    start_game,
)
from chicago_scorer.services.transfer.import_file import (
    MAX_ENTRIES_PER_IMPORT,
    MAX_GAMES_PER_IMPORT,
    MAX_IMPORT_BYTES,
)

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


def largest_file(first_created_at: datetime = FIRST_GAME_AT) -> bytes:
    """The largest import there is: as many games as a file may hold, a second apart,
    with as many entries as its bytes then allow."""
    entries_per_game = MAX_ENTRIES_PER_IMPORT // MAX_GAMES_PER_IMPORT
    while True:
        state = played_without_a_hand(entries_per_game)
        games = [
            game_entry(state, first_created_at + timedelta(seconds=number))
            for number in range(MAX_GAMES_PER_IMPORT)
        ]
        document = {"format": "chicago-scorer/1", "games": games}
        body = json.dumps(document, separators=(",", ":")).encode()
        if len(body) <= MAX_IMPORT_BYTES:
            return body
        entries_per_game -= 1


def endless_game_file(entries: int) -> bytes:
    """A file of one game of Ann and Bo, ``entries`` entries in, that nobody can ever win:
    nobody has a hand, and the last trick, which Bo takes every round, scores nothing."""
    state = played_without_a_hand(entries, rules_from_settings({"last_trick_points": 0}))
    game = game_entry(state) | {"rules": state.setup.rules.settings()}
    return json.dumps({"format": "chicago-scorer/2", "games": [game]}).encode()


def played_without_a_hand(entries: int, rules: RuleSet = STANDARD_RULES) -> GameState:
    """Ann and Bo, ``entries`` entries in: nobody has a hand, and Bo takes every last trick."""
    state = start_game(new_setup(["Ann", "Bo"], "Bo", rules))
    for _ in range(entries):
        step = str(state.next_step)
        entry = {"round": state.round, "step": step}
        entry |= {"last_trick": "Bo"} if step == "tricks" else {"outcome": "none"}
        state = record(state, entry)
    return state


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
