"""Legal event sequences for the write benchmarks, made with the rules core.

A benchmark that records events must never be refused, so every entry here is checked
with ``record`` as it is made, and the games are kept from ever ending: nobody reaches
the target, so any number of entries can follow and a refusal in the run means a bug.
"""

import itertools
import json
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

from chicago_scorer.rules import (
    GameState,
    Hand,
    Step,
    chicago_refusal,
    new_setup,
    record,
    start_game,
)
from chicago_scorer.services.demo_games import USUAL_TABLE, random_entry

NAMES = ("Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")
# The usual table, but with royal flushes left out: one would end a game at once.
ENDLESS_TABLE = replace(
    USUAL_TABLE,
    hand_weights=MappingProxyType(
        {
            hand: weight
            for hand, weight in USUAL_TABLE.hand_weights.items()
            if hand is not Hand.ROYAL_FLUSH
        }
    ),
    chicago_called=0.1,
    chicago_won=0.5,
)
TRIES_PER_ENTRY = 4


@dataclass(frozen=True)
class WalkGame:
    """A game created on the server, its edit key, and the entries to send it in order."""

    id: int
    edit_key: str
    entries: tuple[dict[str, object], ...]


def random_seating(rng: random.Random) -> list[str]:
    """Two to four distinct names in seating order, three or four being the usual table."""
    return rng.sample(NAMES, rng.choice((2, 3, 3, 4, 4)))


def endless_game(rng: random.Random, players: Sequence[str], length: int) -> list[dict]:
    """``length`` legal entries in JSON form for a game that never ends.

    Random entries are tried first; one that would take a score to the target is
    replaced by another, and in the end by an entry that cannot raise the top score.
    """
    return list(itertools.islice(endless_entries(rng, players), length))


def endless_entries(rng: random.Random, players: Sequence[str]) -> Iterator[dict]:
    """The entries of ``endless_game``, made one at a time for as long as they are asked for.

    For a client that keeps a game going for an unknown number of taps.
    """
    state = start_game(new_setup(list(players)))
    while True:
        entry, state = _next_entry(rng, state)
        yield entry


def _next_entry(rng: random.Random, state: GameState) -> tuple[dict, GameState]:
    target = state.setup.rules.target
    for _ in range(TRIES_PER_ENTRY):
        entry = random_entry(rng, state, habits=ENDLESS_TABLE)
        after = record(state, entry)
        if max(after.scores) < target:
            return entry, after
    entry = _entry_that_keeps_scores_low(state)
    return entry, record(state, entry)


def _position(state: GameState) -> dict[str, object]:
    return {"round": state.round, "step": str(state.next_step)}


def _entry_that_keeps_scores_low(state: GameState) -> dict[str, object]:
    """Nobody scores a hand; at the tricks the leader calls Chicago and loses it.

    The leader may always call: with everyone under the Chicago minimum, the last
    trick goes to the lowest score instead, which stays far below the target.
    """
    if state.next_step is not Step.TRICKS:
        return _position(state) | {"outcome": "none"}
    seats = sorted(state.round_seats, key=lambda seat: state.scores[seat])
    leader, lowest = state.players[seats[-1]], state.players[seats[0]]
    if chicago_refusal(state, leader) is None:
        return _position(state) | {"chicago": leader, "chicago_won": False}
    return _position(state) | {"last_trick": lowest}


def walk_line(game: WalkGame) -> str:
    """One game as a line of the walk file: id, key and each entry's JSON, tab-separated."""
    entries = (json.dumps(entry, separators=(",", ":")) for entry in game.entries)
    return "\t".join([str(game.id), game.edit_key, *entries])


def write_walk_file(path: Path, games: Iterable[WalkGame]) -> None:
    """The file that bench/record_events.lua (and the fallback client) walk through."""
    path.write_text("".join(walk_line(game) + "\n" for game in games))


def read_walk_file(path: Path) -> list[WalkGame]:
    """The games of a walk file, in order."""
    games = []
    for line in path.read_text().splitlines():
        game_id, edit_key, *entries = line.split("\t")
        games.append(WalkGame(int(game_id), edit_key, tuple(json.loads(e) for e in entries)))
    return games


def walk_position(request_number: int, game_count: int) -> tuple[int, int]:
    """Request k goes to game k mod G with that game's entry k div G.

    With G far above the number of connections, a game's next entry is sent only
    long after its previous one was answered, so no request is ever out of turn.
    """
    return request_number % game_count, request_number // game_count
