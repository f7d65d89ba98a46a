"""Games of Chicago built in memory through the rules core, with no database.

Entries are written as the bodies of their JSON form, and ``play`` adds the round and the
step the game expects next, so a test lists only what happened at the table::

    state = play(new_game("Ann", "Bo"), win("Ann", "flush"), no_hand(), last_trick("Bo"))

Every entry goes through ``record``, as the app's would, so a broken rule breaks the
game a test builds as well as the assertion it makes. ``played_games`` draws whole
random legal games for Hypothesis.
"""

import string
from dataclasses import dataclass
from itertools import combinations

from hypothesis import strategies as st

from chicago_scorer.rules import (
    STANDARD_RULES,
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
from chicago_scorer.rules.names import names_clash

# --- the body of each kind of entry ---


def win(winner: str, hand: str) -> dict[str, object]:
    """A hand step won by ``winner`` with ``hand``."""
    return {"outcome": "win", "winner": winner, "hand": hand}


def tie() -> dict[str, object]:
    """A hand step where the best hands tied exactly."""
    return {"outcome": "tie"}


def no_hand() -> dict[str, object]:
    """A hand step where nobody had a scoring hand."""
    return {"outcome": "none"}


def last_trick(taker: str) -> dict[str, object]:
    """The tricks step without Chicago."""
    return {"last_trick": taker}


def chicago(caller: str, *, won: bool) -> dict[str, object]:
    """The tricks step with a Chicago call."""
    return {"chicago": caller, "chicago_won": won}


def deuce(body: dict[str, object], with_deuce: object = True) -> dict[str, object]:
    """A last trick entry that says whether the trick was taken with a 2."""
    return body | {"with_deuce": with_deuce}


def quiet_round(taker: str) -> tuple[dict[str, object], ...]:
    """A whole round in which only the last trick scores."""
    return (no_hand(), no_hand(), last_trick(taker), no_hand())


# --- games ---


def new_game(
    *players: str, dealer: str | None = None, rules: RuleSet = STANDARD_RULES
) -> GameState:
    """A fresh game with these players in seating order, nothing recorded yet."""
    return start_game(new_setup(list(players), dealer, rules))


def play(state: GameState, *bodies: dict[str, object]) -> GameState:
    """Record each entry at the next round and step, as the scorekeeper would."""
    for body in bodies:
        state = record(state, at_next_step(state, body))
    return state


def at_next_step(state: GameState, body: dict[str, object]) -> dict[str, object]:
    """An entry's JSON form, aimed at the step the game expects next."""
    return {"round": state.round, "step": str(state.next_step)} | body


# --- random legal games, for Hypothesis ---

player_names = st.text(alphabet=string.ascii_letters, min_size=1, max_size=40)


def one_table(names: list[str]) -> bool:
    """Whether one table may hold these names: none the same as another ("Ann", "ann")
    or looking like it ("I", "l"), which the rules refuse."""
    return all(names_clash(first, second) is None for first, second in combinations(names, 2))


table_of_names = st.lists(player_names, min_size=2, max_size=4).filter(one_table)


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
            return at_next_step(state, chicago(caller, won=draw(st.booleans())))
        levellers = [
            name
            for name in round_players
            if state.score_of(name) + rules.last_trick_points in (top, rules.target)
        ]
        pool = levellers if choice == "level" and levellers else round_players
        body = last_trick(draw(st.sampled_from(pool)))
        if rules.deuce_last_trick_points is not None or draw(st.booleans()):
            # Without a deuce bonus only an explicit false is legal.
            body = deuce(body, rules.deuce_last_trick_points is not None and draw(st.booleans()))
        return at_next_step(state, body)

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
        return at_next_step(state, no_hand() if choice == "none" else tie())
    return at_next_step(state, win(winner, str(hand)))


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
    players = draw(table_of_names)
    setup = new_setup(players, draw(st.sampled_from(players)), draw(rule_sets))
    states = [start_game(setup)]
    while states[-1].next_step is not None and len(states) <= max_events:
        states.append(record(states[-1], draw(legal_entries(states[-1]))))
    return PlayedGame(setup, tuple(states))
