"""Clients that play legal games of Chicago against a live server through the JSON API.

Each client keeps a local mirror of its game in the rules core, so it always knows which
entries are legal next and what the server should answer.
"""

import http.client
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import pytest

from chicago_scorer.rules import (
    GameSetup,
    GameState,
    Hand,
    event_to_dict,
    read_event,
    record,
    replay,
)
from chicago_scorer.services.demo_games import TableHabits, random_entry

PLAYER_NAMES = ("Ann", "Bo", "Cy", "Di")
# Strong hands and won Chicagos come up far more often than at a real table, so that a
# game lasts about five rounds rather than a dozen; a royal flush (52 points) stays rare.
FAST_GAMES = TableHabits(
    hand_weights=MappingProxyType(
        {
            Hand.ONE_PAIR: 1,
            Hand.TWO_PAIR: 2,
            Hand.THREE_OF_A_KIND: 3,
            Hand.STRAIGHT: 6,
            Hand.FLUSH: 10,
            Hand.FULL_HOUSE: 16,
            Hand.FOUR_OF_A_KIND: 20,
            Hand.STRAIGHT_FLUSH: 20,
            Hand.ROYAL_FLUSH: 1,
        }
    ),
    nobody_has_a_hand=0.02,
    exact_tie=0.03,
    chicago_called=0.4,
    chicago_won=0.75,
)


@dataclass(frozen=True)
class Reply:
    """An HTTP answer: its status and its JSON body."""

    status: int
    body: dict

    @property
    def error(self) -> str:
        """The refusal's message, or '' if there is none."""
        return str(self.body.get("error", ""))


class JsonConnection:
    """One keep-alive HTTP connection that speaks JSON; it reconnects when the server closes."""

    def __init__(self, host: str, port: int, timeout: float = 30.0) -> None:
        self._connection = http.client.HTTPConnection(host, port, timeout=timeout)

    def send(
        self, method: str, path: str, body: object = None, edit_key: str | None = None
    ) -> Reply:
        """Send one request and read the whole answer."""
        headers = {"Accept": "application/json"}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if edit_key is not None:
            headers["Authorization"] = f"Bearer {edit_key}"
        try:
            self._connection.request(method, path, payload, headers)
            response = self._connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            self._connection.close()
            raise
        return Reply(response.status, json.loads(raw) if raw else {})

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> "JsonConnection":
        return self

    def __exit__(self, *_exc_info) -> None:
        self.close()


def new_table(rng: random.Random) -> tuple[list[str], str]:
    """Two to four players in seating order, and who deals first."""
    players = list(PLAYER_NAMES[: rng.randint(2, len(PLAYER_NAMES))])
    return players, rng.choice(players)


def choose_entry(state: GameState, rng: random.Random) -> dict[str, object]:
    """A legal entry for the game's next step, in the JSON form the API takes."""
    return random_entry(rng, state, habits=FAST_GAMES)


def play_locally(state: GameState, entry: Mapping[str, object]) -> GameState:
    """The mirror after an entry; the entry must already be in its stored form."""
    after = record(state, entry)
    assert event_to_dict(after.history[-1].event) == entry
    return after


def logged_entries(game: Mapping[str, object]) -> list[dict[str, object]]:
    """A fetched game's events as they were sent: without the points they moved."""
    return [
        {key: value for key, value in event.items() if key != "points"} for event in game["events"]
    ]


def replay_fetched(setup: GameSetup, game: Mapping[str, object]) -> GameState:
    """Replay a fetched game's events through the rules core."""
    return replay(setup, (read_event(entry) for entry in logged_entries(game)))


def differences_from_replay(setup: GameSetup, game: Mapping[str, object]) -> list[str]:
    """Where a fetched game disagrees with the replay of its own events; empty if nowhere."""
    state = replay_fetched(setup, game)
    expected = {
        "scores": [list(pair) for pair in zip(state.players, state.scores, strict=True)],
        "status": str(state.status),
        "winner": state.winner,
        "dealer": state.dealer_name,
        "next": None
        if state.next_step is None
        else {"round": state.round, "step": str(state.next_step)},
        "points": [dict(scored.points) for scored in state.history],
    }
    shown = {key: game.get(key) for key in ("status", "winner", "dealer", "next")}
    shown["scores"] = [[player["name"], player["score"]] for player in game["players"]]
    shown["points"] = [event.get("points") for event in game["events"]]
    return [
        f"game {game.get('id')}: {key} is {shown[key]!r}, the replay gives {value!r}"
        for key, value in expected.items()
        if shown[key] != value
    ]


SUMMARY_LINES = pytest.StashKey[list[str]]()


class _SummarySection:
    """A pytest plugin that prints the collected lines at the end of the run."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def pytest_terminal_summary(self, terminalreporter) -> None:
        terminalreporter.write_sep("-", "live server figures")
        for line in self.lines:
            terminalreporter.write_line(line)


def show_in_summary(config: pytest.Config, line: str) -> None:
    """Print a line in pytest's terminal summary, so the figures show without ``-s``."""
    lines = config.stash.get(SUMMARY_LINES, None)
    if lines is None:
        lines = config.stash[SUMMARY_LINES] = []
        config.pluginmanager.register(_SummarySection(lines), "live-server-figures")
    lines.append(line)
