"""The rules of Swedish Chicago: pure Python, no Flask, no database, no I/O."""

from .errors import OutOfTurn, RuleError, RuleViolation
from .events import (
    HAND_STEPS,
    STEP_ORDER,
    ChicagoCall,
    Event,
    HandResult,
    LastTrick,
    Outcome,
    Step,
    event_to_dict,
    read_event,
)
from .game import (
    GameState,
    ScoredEvent,
    Status,
    apply_event,
    chicago_refusal,
    record,
    replay,
    start_game,
)
from .ruleset import STANDARD_RULES, Hand, RuleSet
from .setup import MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, GameSetup, new_setup

__all__ = [
    "HAND_STEPS",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "STANDARD_RULES",
    "STEP_ORDER",
    "ChicagoCall",
    "Event",
    "GameSetup",
    "GameState",
    "Hand",
    "HandResult",
    "LastTrick",
    "OutOfTurn",
    "Outcome",
    "RuleError",
    "RuleSet",
    "RuleViolation",
    "ScoredEvent",
    "Status",
    "Step",
    "apply_event",
    "chicago_refusal",
    "event_to_dict",
    "new_setup",
    "read_event",
    "record",
    "replay",
    "start_game",
]
