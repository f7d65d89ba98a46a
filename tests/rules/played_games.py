"""Random legal games for the fold's properties, under whatever rules a test draws.

Entries are drawn only from what the rules accept at the next step, and some are steered
to leave players level at the top, so that tiebreak rounds (and landing exactly on an
exact target) happen often enough to be tested.
"""

import string
from dataclasses import dataclass

from hypothesis import strategies as st

from chicago_scorer.rules import (
    Event,
    GameSetup,
    GameState,
    Hand,
    RuleSet,
    Step,
    chicago_refusal,
    new_setup,
    record,
    start_game,
)

player_names = st.text(alphabet=string.ascii_letters, min_size=1, max_size=40)


@dataclass(frozen=True)
class PlayedGame:
    """A random legal game: its setup and every state from the start to the last entry."""

    setup: GameSetup
    states: tuple[GameState, ...]

    @property
    def rules(self) -> RuleSet:
        """The house rules the game was played by."""
        return self.setup.rules

    @property
    def final(self) -> GameState:
        """The state after the last entry."""
        return self.states[-1]

    @property
    def events(self) -> list[Event]:
        """The game's log."""
        return [scored.event for scored in self.final.history]


def entry_at_next_step(state: GameState, body: dict[str, object]) -> dict[str, object]:
    """An entry's JSON form for the step the game expects next."""
    return {"round": state.round, "step": str(state.next_step)} | body


@st.composite
def legal_entries(draw, state: GameState) -> dict[str, object]:
    """Any entry the rules accept at the state's next step, in its JSON form.

    Some entries are steered to leave players level at the top, so that tiebreak rounds
    (and landing exactly on the target) happen often enough to be tested.
    """
    rules = state.setup.rules
    round_players = [state.players[seat] for seat in state.round_seats]
    top = max(state.score_of(name) for name in round_players)
    if state.next_step is Step.TRICKS:
        callers = [name for name in round_players if chicago_refusal(state, name) is None]
        choice = draw(st.sampled_from(["last_trick", "chicago", "level"]))
        if choice == "chicago" and callers:
            caller = draw(st.sampled_from(callers))
            return entry_at_next_step(
                state, {"chicago": caller, "chicago_won": draw(st.booleans())}
            )
        levellers = [
            name
            for name in round_players
            if state.score_of(name) + rules.last_trick_points in (top, rules.target)
        ]
        pool = levellers if choice == "level" and levellers else round_players
        body: dict[str, object] = {"last_trick": draw(st.sampled_from(pool))}
        if rules.deuce_last_trick_points is not None or draw(st.booleans()):
            # Without a deuce bonus only an explicit false is legal.
            body["with_deuce"] = rules.deuce_last_trick_points is not None and draw(st.booleans())
        return entry_at_next_step(state, body)

    steered = 6 if state.next_step is Step.PHASE3 else 1
    choice = draw(st.sampled_from(["win", "tie", "none", "close in"] + ["level"] * steered))
    levelling = [
        (name, hand)
        for name in round_players
        for hand in Hand
        if state.score_of(name) + rules.points_for(hand) in (top, rules.target)
    ]
    closing_in = closest_wins_below(state, round_players, top)
    if choice == "level" and levelling:
        winner, hand = draw(st.sampled_from(levelling))
    elif choice == "close in" and closing_in:
        winner, hand = draw(st.sampled_from(closing_in))
    elif choice == "win":
        winner, hand = draw(st.sampled_from(round_players)), draw(st.sampled_from(Hand))
    else:
        # Steering with no win to steer by leaves the step a tie, which changes nothing.
        outcome = choice if choice in ("tie", "none") else "tie"
        return entry_at_next_step(state, {"outcome": outcome})
    return entry_at_next_step(state, {"outcome": "win", "winner": winner, "hand": str(hand)})


def closest_wins_below(
    state: GameState, round_players: list[str], top: int
) -> list[tuple[str, Hand]]:
    """For each trailing player, the scoring wins that bring them nearest the top score
    without passing it: several of these in a row end a round level."""
    rules = state.setup.rules
    wins = []
    for name in round_players:
        reachable = {
            hand: state.score_of(name) + rules.points_for(hand)
            for hand in Hand
            if 0 < rules.points_for(hand) <= top - state.score_of(name)
        }
        if reachable:
            nearest = max(reachable.values())
            wins += [(name, hand) for hand, score in reachable.items() if score == nearest]
    return wins


@st.composite
def played_games(draw, rule_sets: st.SearchStrategy[RuleSet], max_events: int) -> PlayedGame:
    """A game of 2 to 4 players under rules drawn from ``rule_sets``, played with legal
    entries until it ends or ``max_events`` are in."""
    players = draw(st.lists(player_names, min_size=2, max_size=4, unique_by=str.casefold))
    setup = new_setup(players, draw(st.sampled_from(players)), draw(rule_sets))
    states = [start_game(setup)]
    while states[-1].next_step is not None and len(states) <= max_events:
        states.append(record(states[-1], draw(legal_entries(states[-1]))))
    return PlayedGame(setup, tuple(states))
