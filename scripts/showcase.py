"""A server full of games worth looking at, for the screenshots and the Lighthouse budgets.

It serves the app with gunicorn (tests/support/live_server.py) on a fresh SQLite database
in a temporary folder, adds finished demo games with ``flask seed-demo``, and plays two
games through the JSON API: one ten rounds in and waiting at the tricks step, and one
waiting at a hand step.
"""

import http.client
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from support.live_server import TEST_SECRET_KEY, LiveServer  # noqa: E402

DEMO_GAMES = 40
DEMO_SEED = 52
PLAYER = "Ann"


def _hand(step: str, winner: str | None = None, hand: str | None = None) -> dict:
    if winner is None:
        return {"step": step, "outcome": hand or "none"}
    return {"step": step, "outcome": "win", "winner": winner, "hand": hand}


def _last_trick(taker: str) -> dict:
    return {"step": "tricks", "last_trick": taker}


def _chicago(caller: str, won: bool) -> dict:
    return {"step": "tricks", "chicago": caller, "chicago_won": won}


TIE = "tie"
# Ten rounds of Ann, Bo and Cy with a Chicago won and one lost, nobody near 52; then
# round 11's phases 1 and 2, so the game waits at the tricks step with Ann (10 points)
# too low to call Chicago and the others able to.
TEN_ROUNDS_AND_A_BIT = [
    [_hand("phase1", "Ann", "one_pair"), _hand("phase2", "Bo", "two_pair"),
     _last_trick("Cy"), _hand("phase3")],
    [_hand("phase1", "Bo", "three_of_a_kind"), _hand("phase2", hand=TIE),
     _last_trick("Ann"), _hand("phase3", "Cy", "one_pair")],
    [_hand("phase1"), _hand("phase2", "Cy", "straight"),
     _last_trick("Bo"), _hand("phase3", "Ann", "two_pair")],
    [_hand("phase1", "Ann", "one_pair"), _hand("phase2", "Bo", "one_pair"),
     _last_trick("Cy"), _hand("phase3", hand=TIE)],
    [_hand("phase1", "Cy", "two_pair"), _hand("phase2"),
     _chicago("Cy", won=True), _hand("phase3", "Bo", "two_pair")],
    [_hand("phase1", "Ann", "flush"), _hand("phase2", "Bo", "one_pair"),
     _last_trick("Ann"), _hand("phase3")],
    [_hand("phase1", hand=TIE), _hand("phase2", "Ann", "one_pair"),
     _chicago("Ann", won=False), _hand("phase3", "Cy", "one_pair")],
    [_hand("phase1", "Bo", "straight"), _hand("phase2"),
     _last_trick("Bo"), _hand("phase3", "Ann", "two_pair")],
    [_hand("phase1", "Cy", "three_of_a_kind"), _hand("phase2", "Cy", "one_pair"),
     _last_trick("Bo"), _hand("phase3", "Bo", "one_pair")],
    [_hand("phase1"), _hand("phase2", "Bo", "two_pair"),
     _last_trick("Cy"), _hand("phase3", "Ann", "one_pair")],
    [_hand("phase1", "Bo", "three_of_a_kind"), _hand("phase2", "Ann", "two_pair")],
]  # fmt: skip
# Four players one step from the end of round 1, for the tie picker.
AT_A_HAND_STEP = [
    [_hand("phase1", "Ann", "one_pair"), _hand("phase2", hand=TIE), _last_trick("Dee")],
]


@dataclass(frozen=True)
class ShowcaseGame:
    """A game played through the API, with the key that makes a phone its scorekeeper."""

    id: int
    edit_key: str

    @property
    def path(self) -> str:
        return f"/games/{self.id}"

    @property
    def keep_score_path(self) -> str:
        return f"/games/{self.id}/keep-score/{self.edit_key}"


@dataclass(frozen=True)
class Showcase:
    """The served app and the games in it."""

    server: LiveServer
    ten_rounds: ShowcaseGame
    at_a_hand_step: ShowcaseGame
    finished_id: int
    player: str = PLAYER

    @property
    def url(self) -> str:
        return self.server.url

    def scorekeeper_cookie(self, game: ShowcaseGame) -> str:
        """The ``Cookie`` header of a phone that opened the game's hand-over link."""
        response = _request(self.server, "GET", game.keep_score_path)
        cookie = response.getheader("Set-Cookie", "")
        if response.status != 303 or not cookie.startswith("session="):
            raise RuntimeError(f"the hand-over link answered {response.status}, no session")
        cookie = cookie.split(";", 1)[0]
        scoreboard = _request(self.server, "GET", game.path, headers={"Cookie": cookie})
        if b"step-card" not in scoreboard.data:
            raise RuntimeError("the hand-over cookie does not show the scorekeeper's scoreboard")
        return cookie


def _request(server: LiveServer, method: str, path: str, body=None, headers=None):
    connection = http.client.HTTPConnection(server.host, server.port, timeout=30)
    try:
        payload = None if body is None else json.dumps(body)
        all_headers = {"Content-Type": "application/json"} | (headers or {})
        connection.request(method, path, body=payload, headers=all_headers)
        response = connection.getresponse()
        response.data = response.read()
        return response
    finally:
        connection.close()


def _call(server: LiveServer, method: str, path: str, body=None, edit_key=None) -> dict:
    headers = {"Authorization": f"Bearer {edit_key}"} if edit_key else {}
    response = _request(server, method, path, body, headers)
    if response.status >= 300:
        raise RuntimeError(f"{method} {path} answered {response.status}: {response.data!r}")
    return json.loads(response.data)


def _play(server: LiveServer, players: list[str], rounds: list[list[dict]]) -> ShowcaseGame:
    created = _call(server, "POST", "/api/games", {"players": players})
    game = ShowcaseGame(created["id"], created["edit_key"])
    for number, steps in enumerate(rounds, start=1):
        for step in steps:
            entry = {"round": number} | step
            state = _call(server, "POST", f"/api/games/{game.id}/events", entry, game.edit_key)
    if state["status"] != "in_progress":
        raise RuntimeError(f"the showcase game should still be going: {state}")
    return game


def _finished_demo_game(server: LiveServer) -> int:
    """A finished demo game to review, four players if there is one."""
    games = _call(server, "GET", "/api/games?limit=100")["games"]
    finished = [game for game in games if game["status"] == "finished"]
    finished.sort(key=lambda game: len(game["players"]), reverse=True)
    return finished[0]["id"]


def _flask(database_url: str, *arguments: str) -> None:
    flask = Path(sys.executable).with_name("flask")
    environment = os.environ | {"DATABASE_URL": database_url, "SECRET_KEY": TEST_SECRET_KEY}
    command = [str(flask), "--app", "app", *arguments]
    done = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")


@contextmanager
def serve_showcase() -> Iterator[Showcase]:
    """Serve the app on a fresh database with the showcase games; stop it afterwards."""
    with tempfile.TemporaryDirectory(prefix="chicago-showcase-") as folder:
        database_url = f"sqlite:///{folder}/showcase.sqlite3"
        _flask(database_url, "db", "upgrade")
        _flask(database_url, "seed-demo", "--games", str(DEMO_GAMES), "--seed", str(DEMO_SEED))
        with LiveServer(database_url, log_path=Path(folder) / "gunicorn.log") as server:
            yield Showcase(
                server=server,
                ten_rounds=_play(server, ["Ann", "Bo", "Cy"], TEN_ROUNDS_AND_A_BIT),
                at_a_hand_step=_play(server, ["Ann", "Bo", "Cy", "Dee"], AT_A_HAND_STEP),
                finished_id=_finished_demo_game(server),
            )
