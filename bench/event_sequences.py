"""Legal event sequences for the write benchmarks, made with the rules core.

A benchmark that records events must never be refused, so every entry here is checked
with ``record`` as it is made, and the games are kept from ever ending: nobody reaches
the target, so any number of entries can follow and a refusal in the run means a bug.
"""

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from chicago_scorer.rules import (
    GameState,
    Hand,
    Step,
    chicago_refusal,
    new_setup,
    record,
    start_game,
)

NAMES = ("Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")
# Roughly how often each hand is the best at the table; the big ones are rare.
HAND_WEIGHTS = {
    Hand.ONE_PAIR: 40,
    Hand.TWO_PAIR: 22,
    Hand.THREE_OF_A_KIND: 10,
    Hand.STRAIGHT: 6,
    Hand.FLUSH: 5,
    Hand.FULL_HOUSE: 4,
    Hand.FOUR_OF_A_KIND: 2,
    Hand.STRAIGHT_FLUSH: 1,
}
NOBODY_HAS_A_HAND = 0.15
EXACT_TIE = 0.05
CHICAGO_CALLED = 0.1
CHICAGO_WON = 0.5
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
    state = start_game(new_setup(list(players)))
    entries: list[dict] = []
    while len(entries) < length:
        entry, state = _next_entry(rng, state)
        entries.append(entry)
    return entries


def _next_entry(rng: random.Random, state: GameState) -> tuple[dict, GameState]:
    target = state.setup.rules.target
    for _ in range(TRIES_PER_ENTRY):
        entry = _random_entry(rng, state)
        after = record(state, entry)
        if max(after.scores) < target:
            return entry, after
    entry = _entry_that_keeps_scores_low(state)
    return entry, record(state, entry)


def _position(state: GameState) -> dict[str, object]:
    return {"round": state.round, "step": str(state.next_step)}


def _random_entry(rng: random.Random, state: GameState) -> dict[str, object]:
    players = [state.players[seat] for seat in state.round_seats]
    if state.next_step is Step.TRICKS:
        callers = [name for name in players if chicago_refusal(state, name) is None]
        if callers and rng.random() < CHICAGO_CALLED:
            won = rng.random() < CHICAGO_WON
            return _position(state) | {"chicago": rng.choice(callers), "chicago_won": won}
        return _position(state) | {"last_trick": rng.choice(players)}
    chance = rng.random()
    if chance < NOBODY_HAS_A_HAND:
        return _position(state) | {"outcome": "none"}
    if chance < NOBODY_HAS_A_HAND + EXACT_TIE:
        return _position(state) | {"outcome": "tie"}
    hand = rng.choices(list(HAND_WEIGHTS), weights=list(HAND_WEIGHTS.values()))[0]
    winner = rng.choice(players)
    return _position(state) | {"outcome": "win", "winner": winner, "hand": str(hand)}


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
