"""A game's state as a fold of its setup and its ordered events through the rules.

Order of play, as the fold applies it (every number and switch comes from the game's
``RuleSet``; standard values in brackets):

1. Each round is four steps: ``phase1``, ``phase2``, ``tricks``, ``phase3``.
2. An event asks for a change of score: a hand's points, the last trick's points
   [5] (or ``deuce_last_trick_points`` when it was taken with a 2), a won Chicago's
   points [15], or a lost Chicago's penalty [15] (or the caller's whole score with
   ``chicago_failure_to_zero``). Chicago may be called only with
   ``chicago_min_score`` [15] points at the moment of the call.
3. The change is applied at once: with ``exact_target``, points that would take a
   score past the target are not scored (except in a tiebreak round); then the score
   is raised to the floor [0] if it fell below.
4. Instant wins come before anything else: with ``royal_flush_wins`` the winner of a
   royal flush wins at once, whatever the other settings, even in a tiebreak round.
   With ``must_win_on_last_trick`` the game is decided only at the tricks step: the
   taker of the last trick, or a Chicago winner, who then has reached the target (and
   may win) wins at once; phase 3 of that round is not played, and there are no
   tiebreaks.
5. Otherwise the win is checked only when a round ends (after ``phase3``). Those who
   have reached the target (exactly, with ``exact_target``) and may win (with
   ``chicago_required_to_win``, only those who have called Chicago at least once) are
   the contenders. A single top scorer among them wins; a shared top score sends only
   the tied players into a tiebreak round. After a tiebreak round the top scorer
   among its players wins, or those still tied play another.
6. The deal passes to the next player in seating order who plays the next round.
"""

from collections.abc import Iterable, Mapping
from dataclasses import replace

from .errors import OutOfTurn, sentence
from .events import STEP_WORDS, ChicagoCall, Event, Step
from .events import read_event as _read_event
from .events import read_position as _read_position
from .scoring import applied_score, chicago_refusal, chicago_shut_out, score_event
from .setup import GameSetup
from .state import GameState, ScoredEvent, Status, start_game
from .winning import end_round, instant_winner

__all__ = [
    "GameState",
    "ScoredEvent",
    "Status",
    "apply_event",
    "chicago_refusal",
    "chicago_shut_out",
    "players_past_exchange_stop",
    "record",
    "replay",
    "start_game",
]


def replay(setup: GameSetup, events: Iterable[Event]) -> GameState:
    """Fold a whole log through the rules."""
    state = start_game(setup)
    for event in events:
        state = apply_event(state, event)
    return state


def record(state: GameState, data: Mapping[str, object]) -> GameState:
    """Check and apply one entry in its JSON form; a wrong step is refused first."""
    _check_position(state, *_read_position(data))
    return apply_event(state, _read_event(data))


def apply_event(state: GameState, event: Event) -> GameState:
    """The state after one more event; refuses anything the rules do not allow."""
    _check_position(state, event.round, event.step)
    event, requested = score_event(state, event)
    rules = state.setup.rules
    scores = list(state.scores)
    applied: dict[str, int] = {}
    for seat, change in requested.items():
        new_score = applied_score(rules, scores[seat], change, in_tiebreak=state.is_tiebreak)
        applied[state.players[seat]] = new_score - scores[seat]
        scores[seat] = new_score
    callers = state.chicago_callers
    if isinstance(event, ChicagoCall):
        callers = callers | {state.setup.seat_of(event.caller)}
    state = replace(
        state,
        scores=tuple(scores),
        chicago_callers=callers,
        history=state.history + (ScoredEvent(event, applied, state.is_tiebreak),),
    )
    winner = instant_winner(state, event)
    if winner is not None:
        return replace(state, winner_seat=winner)
    if event.step is Step.PHASE3:
        return end_round(state)
    return replace(state, step_index=state.step_index + 1)


# The steps the players exchange cards before.
_STEPS_AFTER_AN_EXCHANGE = (Step.PHASE1, Step.PHASE2, Step.TRICKS)


def players_past_exchange_stop(state: GameState) -> tuple[str, ...]:
    """Players of this round at or above the exchange stop, whom the table should remind
    while an exchange is still to come: before each phase's showdown and before the tricks,
    not at the last showdown, which follows the tricks."""
    stop = state.setup.rules.exchange_stop
    if stop is None or state.next_step not in _STEPS_AFTER_AN_EXCHANGE:
        return ()
    return tuple(state.players[seat] for seat in state.round_seats if state.scores[seat] >= stop)


def _check_position(state: GameState, round_number: int, step: Step) -> None:
    if state.next_step is None:
        raise OutOfTurn(
            sentence(
                "The game is finished: %(winner)s won. Undo the last entry to reopen it.",
                winner=state.winner,
            )
        )
    if (round_number, step) != (state.round, state.next_step):
        steps = {
            "round": round_number,
            "step": STEP_WORDS[step],
            "next_round": state.round,
            "next_step": STEP_WORDS[state.next_step],
        }
        # The table's sentence is whole, not the rule and its advice joined: the phone's
        # predictor (static/rules.js) says it word for word.
        raise OutOfTurn(
            sentence(
                "Round %(round)s · %(step)s is not the next step: Round %(next_round)s · "
                "%(next_step)s is. It may already be recorded; refresh to see the game.",
                **steps,
            ),
            rule=sentence(
                "Round %(round)s · %(step)s is not the next step: Round %(next_round)s · "
                "%(next_step)s is.",
                **steps,
            ),
        )
