"""How one event moves the scores, under the game's rule set."""

from dataclasses import replace

from .errors import Message, RuleViolation, counted, sentence
from .events import ChicagoCall, Event, HandResult, LastTrick, Outcome, Step
from .ruleset import RuleSet
from .state import GameState


def chicago_refusal(state: GameState, name: str) -> Message | None:
    """Why this player may not call Chicago now, or None if they may."""
    seat = state.setup.seat_of(name)
    if state.next_step is not Step.TRICKS:
        return sentence("Chicago is called before the tricks, at the tricks step.")
    if seat not in state.round_seats:
        return sentence("%(name)s is not playing this tiebreak round.", name=state.players[seat])
    needed = state.setup.rules.chicago_min_score
    if state.scores[seat] < needed:
        return sentence(
            "%(name)s needs %(needed)s points to call Chicago and has %(score)s.",
            name=state.players[seat],
            needed=needed,
            score=state.scores[seat],
        )
    return None


def chicago_shut_out(state: GameState) -> Message | None:
    """At the tricks step, the players of this round whom ``chicago_refusal`` turns down,
    all in one sentence (there, it turns down only a player short of the points); None
    if it turns down none of them."""
    playing = (state.players[seat] for seat in state.round_seats)
    short = tuple(name for name in playing if chicago_refusal(state, name) is not None)
    if not short:
        return None
    return counted(
        "%(names)s needs %(needed)s points to call Chicago.",
        "%(names)s need %(needed)s points to call Chicago.",
        len(short),
        names=short,
        needed=state.setup.rules.chicago_min_score,
    )


def _playing_seat(state: GameState, name: str, field_name: str) -> int:
    seat = state.setup.seat_of(name, field_name)
    if seat not in state.round_seats:
        raise RuleViolation(
            sentence(
                "%(name)s is not playing this tiebreak round; only %(players)s may score in it.",
                name=state.players[seat],
                players=tuple(state.tiebreak_players),
            ),
            field_name,
        )
    return seat


def _lost_chicago_change(rules: RuleSet, score: int) -> int:
    return rules.score_floor - score if rules.chicago_failure_to_zero else -rules.chicago_penalty


def score_event(state: GameState, event: Event) -> tuple[Event, dict[int, int]]:
    """The event with canonical names, and the score change it asks for, by seat."""
    rules = state.setup.rules
    if isinstance(event, HandResult) is (event.step is Step.TRICKS):
        raise RuleViolation(
            "The tricks step records the last trick or a Chicago call; "
            "phases 1, 2 and 3 record the best hand.",
            "step",
        )
    match event:
        case HandResult(outcome=Outcome.WIN, winner=str(name), hand=hand) if hand is not None:
            seat = _playing_seat(state, name, "winner")
            return replace(event, winner=state.players[seat]), {seat: rules.points_for(hand)}
        case HandResult(outcome=Outcome.WIN):
            raise RuleViolation("A win needs both a winner and a hand.", "winner")
        case HandResult():
            return event, {}
        case LastTrick(taker=name, with_deuce=with_deuce):
            seat = _playing_seat(state, name, "last_trick")
            if with_deuce and rules.deuce_last_trick_points is None:
                raise RuleViolation(
                    "This game's rules give no bonus for a last trick taken with a 2: "
                    "leave out 'with_deuce'.",
                    "with_deuce",
                )
            points = rules.last_trick_value(with_deuce)
            return replace(event, taker=state.players[seat]), {seat: points}
        case ChicagoCall(caller=name, won=won):
            seat = _playing_seat(state, name, "chicago")
            refusal = chicago_refusal(state, state.players[seat])
            if refusal is not None:
                raise RuleViolation(refusal, "chicago")
            change = (
                rules.chicago_points if won else _lost_chicago_change(rules, state.scores[seat])
            )
            return replace(event, caller=state.players[seat]), {seat: change}
    raise TypeError(f"not an event: {event!r}")


def applied_score(rules: RuleSet, score: int, change: int, *, in_tiebreak: bool) -> int:
    """A score after one change: never below the floor, and never past an exact target.

    With an exact target, points that would take a score past it are not scored; in a
    tiebreak round (whose players are all on the target already) points count as usual.
    """
    if rules.exact_target and not in_tiebreak and change > 0 and score + change > rules.target:
        return score
    return rules.floored(score + change)
