"""Realistic random games, played entry by entry through the rules core.

They feed the demo data and the benchmark, and give tests random legal games; being
built with ``record``, every game they make is one the app would have accepted.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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

DEMO_NAMES = (
    "Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal",
    "Ida", "Jo", "Kai", "Liv", "Max", "Nea", "Ola", "Pia",
)  # fmt: skip


@dataclass(frozen=True)
class TableHabits:
    """How often each result comes up when random games are played."""

    hand_weights: Mapping[Hand, int]
    nobody_has_a_hand: float
    exact_tie: float
    chicago_called: float
    chicago_won: float


# Roughly how often each hand is the best at a table of three or four after an exchange.
USUAL_TABLE = TableHabits(
    hand_weights=MappingProxyType(
        {
            Hand.ONE_PAIR: 400,
            Hand.TWO_PAIR: 220,
            Hand.THREE_OF_A_KIND: 100,
            Hand.STRAIGHT: 60,
            Hand.FLUSH: 50,
            Hand.FULL_HOUSE: 40,
            Hand.FOUR_OF_A_KIND: 15,
            Hand.STRAIGHT_FLUSH: 3,
            Hand.ROYAL_FLUSH: 1,
        }
    ),
    nobody_has_a_hand=0.15,
    exact_tie=0.05,
    chicago_called=0.06,
    chicago_won=0.6,
)


def random_seating(rng: random.Random, names: Sequence[str] = DEMO_NAMES) -> list[str]:
    """Two to four distinct names, three or four players being the usual table."""
    return rng.sample(list(names), rng.choice((2, 3, 3, 4, 4)))


def random_game(
    rng: random.Random,
    players: Sequence[str],
    dealer: str | None = None,
    *,
    max_events: int | None = None,
    levelling: float = 0.05,
) -> GameState:
    """A game played with random legal entries until it ends or ``max_events`` are in.

    ``levelling`` is how often the last step of a round is steered to bring a trailing
    player level with the leader: left to chance, tiebreak rounds would be rare.
    """
    state = start_game(new_setup(list(players), dealer))
    while state.next_step is not None and (max_events is None or len(state.history) < max_events):
        state = record(state, random_entry(rng, state, levelling))
    return state


def random_entry(
    rng: random.Random,
    state: GameState,
    levelling: float = 0.0,
    habits: TableHabits = USUAL_TABLE,
) -> dict[str, object]:
    """A legal entry for the state's next step, in its JSON form."""
    position = {"round": state.round, "step": str(state.next_step)}
    round_players = [state.players[seat] for seat in state.round_seats]
    if state.next_step is Step.TRICKS:
        callers = [name for name in round_players if chicago_refusal(state, name) is None]
        if callers and rng.random() < habits.chicago_called:
            won = rng.random() < habits.chicago_won
            return position | {"chicago": rng.choice(callers), "chicago_won": won}
        return position | {"last_trick": rng.choice(round_players)}
    chance = rng.random()
    if chance < habits.nobody_has_a_hand:
        return position | {"outcome": "none"}
    if chance < habits.nobody_has_a_hand + habits.exact_tie:
        return position | {"outcome": "tie"}
    steer = state.next_step is Step.PHASE3 and rng.random() < levelling
    levellers = _levelling_wins(state) if steer else []
    if levellers:
        winner, hand = rng.choice(levellers)
    else:
        winner = rng.choice(round_players)
        weights = habits.hand_weights
        hand = rng.choices(list(weights), weights=list(weights.values()))[0]
    return position | {"outcome": "win", "winner": winner, "hand": str(hand)}


def _levelling_wins(state: GameState) -> list[tuple[str, Hand]]:
    """The wins that would bring a trailing player level with the top of the round."""
    rules = state.setup.rules
    top = max(state.scores[seat] for seat in state.round_seats)
    return [
        (state.players[seat], hand)
        for seat in state.round_seats
        for hand in Hand
        if state.scores[seat] < top and state.scores[seat] + rules.points_for(hand) == top
    ]
