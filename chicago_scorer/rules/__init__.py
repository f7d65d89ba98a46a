"""The rules of Swedish Chicago: pure Python, no Flask, no database, no I/O but the
reading, once, of the Unicode data files that are part of it (``unicode/data.py``)."""

from .errors import OutOfTurn, RuleError, RuleViolation, RuleViolations
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
    chicago_shut_out,
    players_past_exchange_stop,
    record,
    replay,
    start_game,
)
from .house_rules import PRESETS, differences_from_standard, rules_from_settings
from .names import MAX_NAME_LENGTH
from .ruleset import STANDARD_RULES, Hand, RuleSet
from .setup import MAX_PLAYERS, MIN_PLAYERS, GameSetup, new_game_setup, new_setup

__all__ = [
    "HAND_STEPS",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
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
    "RuleViolations",
    "ScoredEvent",
    "Status",
    "Step",
    "apply_event",
    "chicago_refusal",
    "chicago_shut_out",
    "differences_from_standard",
    "event_to_dict",
    "new_game_setup",
    "new_setup",
    "players_past_exchange_stop",
    "read_event",
    "record",
    "replay",
    "rules_from_settings",
    "start_game",
]
