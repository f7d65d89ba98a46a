"""Backing up and restoring in tests: scorekeepers recording entries while a backup runs,
and a look into the files the commands write."""

import random
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

from chicago_scorer import PROJECT_ROOT
from chicago_scorer.rules import record, start_game
from chicago_scorer.rules.setup import new_setup
from chicago_scorer.services.demo_games import random_entry, random_seating
from chicago_scorer.storage import backup


def run(app, *args: str):
    """Run a ``flask`` command of the app."""
    return app.test_cli_runner().invoke(args=list(args))


def file_of(database_url: str) -> Path:
    """The file of an SQLite URL."""
    return Path(database_url.removeprefix("sqlite:///"))


def games_in(path: Path) -> int:
    """How many games the SQLite database at ``path`` holds."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        return connection.execute("SELECT count(*) FROM games").fetchone()[0]


def schema_revisions() -> list[str]:
    """This code's migrations, oldest first."""
    return backup.schema_revisions(str(PROJECT_ROOT / "migrations"))


def schema_head() -> str:
    """This code's newest migration."""
    return schema_revisions()[-1]


class Table(threading.Thread):
    """A scorekeeper recording random legal entries through the API, game after game,
    until told to stop; it keeps every game's key and each answer by entry count."""

    def __init__(self, app, seed: int, stop: threading.Event) -> None:
        super().__init__()
        self.client = app.test_client()
        self.rng = random.Random(seed)
        self.stop = stop
        self.keys: dict[int, str] = {}
        self.answers: dict[int, dict[int, dict]] = {}
        self.entries = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        """Play until told to stop, keeping any failure for the test to raise."""
        try:
            while not self.stop.is_set():
                self.play_a_game()
        except BaseException as error:  # handed to the test, which raises it
            self.error = error

    def play_a_game(self) -> None:
        """Start a game and record entries until it ends or the table is told to stop."""
        players = random_seating(self.rng)
        created = self.client.post("/api/games", json={"players": players})
        assert created.status_code == 201, created.get_json()
        game = created.get_json()
        game_id, key = game["id"], game.pop("edit_key")
        self.keys[game_id] = key
        self.answers[game_id] = {0: game}
        state = start_game(new_setup(players))
        while state.next_step is not None and not self.stop.is_set():
            entry = random_entry(self.rng, state, 0.2)
            answer = self.client.post(
                f"/api/games/{game_id}/events",
                json=entry,
                headers={"Authorization": f"Bearer {key}"},
            )
            assert answer.status_code == 201, answer.get_json()
            state = record(state, entry)
            self.answers[game_id][len(state.history)] = answer.get_json()
            self.entries += 1


def next_entry(game: dict) -> dict:
    """A legal entry for a game's next step, from its API answer."""
    step = game["next"]
    if step["step"] == "tricks":
        taker = (game["tiebreak_players"] or [player["name"] for player in game["players"]])[0]
        return step | {"last_trick": taker}
    return step | {"outcome": "none"}
