"""House rules: the named presets, and reading a table's own settings into a RuleSet.

Every setting is checked here, once, when a game is created; the fold then trusts
the RuleSet it is given.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace

from .errors import Message, RuleViolation, all_of, quoted, sentence
from .ruleset import STANDARD_HAND_POINTS, STANDARD_RULES, Hand, RuleSet

TARGET_RANGE = (30, 200)
POINTS_RANGE = (0, 200)

_BOOLEAN_SETTINGS = (
    "exact_target",
    "royal_flush_wins",
    "chicago_failure_to_zero",
    "must_win_on_last_trick",
    "chicago_required_to_win",
)
_NUMBER_SETTINGS = (
    "last_trick_points",
    "chicago_points",
    "chicago_penalty",
    "chicago_min_score",
)
_OPTIONAL_NUMBER_SETTINGS = ("deuce_last_trick_points", "exchange_stop")
SETTING_NAMES = frozenset(STANDARD_RULES.settings())


@dataclass(frozen=True)
class Preset:
    """A named variant, described in one line."""

    name: str
    title: Message
    description: Message
    rules: RuleSet


PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in (
        Preset(
            "standard",
            sentence("Standard"),
            sentence(
                "First to 52 wins; royal flush 52, last trick 5, Chicago ±15 from 15 points."
            ),
            STANDARD_RULES,
        ),
        Preset(
            "exact_52",
            sentence("Exactly 52"),
            sentence(
                "You must land on exactly 52: points that would take you past it are not scored."
            ),
            replace(STANDARD_RULES, exact_target=True),
        ),
        Preset(
            "last_trick_out",
            sentence("Out on the last trick"),
            sentence(
                "The game is won only at the tricks step: by the taker of the last trick, or "
                "a won Chicago's caller, who has 52 or more."
            ),
            replace(STANDARD_RULES, must_win_on_last_trick=True),
        ),
        Preset(
            "royal_wins",
            sentence("Royal flush wins"),
            sentence(
                "A royal flush wins the game at once; a lost Chicago puts the caller back to 0."
            ),
            replace(STANDARD_RULES, royal_flush_wins=True, chicago_failure_to_zero=True),
        ),
        Preset(
            "deuce_trick",
            sentence("Deuce last trick"),
            sentence(
                "The last trick scores 2, or 4 when taken with a 2; exchanges stop at 45 points."
            ),
            replace(
                STANDARD_RULES, last_trick_points=2, deuce_last_trick_points=4, exchange_stop=45
            ),
        ),
    )
}


def _whole_number(key: str, value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise RuleViolation(
            sentence(
                "'%(key)s' must be a whole number from %(low)s to %(high)s.",
                key=key,
                low=low,
                high=high,
            ),
            key,
        )
    return value


def _switch(key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise RuleViolation(sentence("'%(key)s' must be true or false.", key=key), key)
    return value


def _hand_points(value: object) -> Mapping[Hand, int]:
    if not isinstance(value, Mapping):
        raise RuleViolation("'hand_points' must map hands to points.", "hand_points")
    unknown = sorted(set(value) - set(Hand))
    if unknown:
        raise RuleViolation(
            sentence(
                "Unknown hand %(hand)s in 'hand_points': use %(hands)s.",
                hand=quoted(unknown[0]),
                hands=", ".join(Hand),
            ),
            "hand_points",
        )
    points = dict(STANDARD_HAND_POINTS)
    for hand, given in value.items():
        points[Hand(hand)] = _whole_number(f"hand_points.{hand}", given, *POINTS_RANGE)
    return points


def rules_from_settings(settings: object) -> RuleSet:
    """A RuleSet from ``{"preset": name}`` or from settings; left-out settings stay standard."""
    if settings is None:
        return STANDARD_RULES
    if not isinstance(settings, Mapping):
        raise RuleViolation("'rules' must be an object: a preset or house-rule settings.", "rules")
    if "preset" in settings:
        return _preset(settings)
    unknown = sorted(set(settings) - SETTING_NAMES)
    if unknown:
        known = ", ".join(sorted(SETTING_NAMES))
        raise RuleViolation(
            sentence(
                "Unknown house rule %(setting)s; the settings are %(known)s.",
                setting=quoted(unknown[0]),
                known=known,
            ),
            "rules",
        )
    faults: list[RuleViolation] = []
    penalty = settings.get("chicago_penalty", STANDARD_RULES.chicago_penalty)
    if (
        settings.get("chicago_failure_to_zero") is True
        and penalty != STANDARD_RULES.chicago_penalty
    ):
        faults.append(
            RuleViolation(
                "A lost Chicago either costs 'chicago_penalty' points or puts the caller at "
                "0 ('chicago_failure_to_zero'): choose one.",
                "chicago_penalty",
            )
        )
    changes: dict[str, object] = {}
    for key, value in settings.items():
        if key == "target":
            changes[key] = _whole_number(key, value, *TARGET_RANGE)
        elif key == "hand_points":
            changes[key] = _hand_points(value)
        elif key in _BOOLEAN_SETTINGS:
            changes[key] = _switch(key, value)
        elif key in _NUMBER_SETTINGS:
            changes[key] = _whole_number(key, value, *POINTS_RANGE)
        elif key in _OPTIONAL_NUMBER_SETTINGS:
            changes[key] = None if value is None else _whole_number(key, value, *POINTS_RANGE)
    rules = replace(STANDARD_RULES, **changes)
    faults += contradictions(rules)
    if faults:
        raise all_of(faults)
    return rules


def _preset(settings: Mapping[str, object]) -> RuleSet:
    if set(settings) != {"preset"}:
        raise RuleViolation("Give either a preset or house-rule settings, not both.", "rules")
    name = settings["preset"]
    if not isinstance(name, str):
        raise RuleViolation(
            sentence(
                "'preset' must be the name of a preset: one of %(presets)s.",
                presets=", ".join(PRESETS),
            ),
            "rules",
        )
    if name not in PRESETS:
        raise RuleViolation(
            sentence(
                "Unknown preset %(preset)s; the presets are %(presets)s.",
                preset=quoted(name),
                presets=", ".join(PRESETS),
            ),
            "rules",
        )
    return PRESETS[name].rules


# The settings that must stay below the target, as ``contradictions`` refuses them otherwise.
BELOW_TARGET = ("chicago_min_score", "exchange_stop")


def contradictions(rules: RuleSet) -> list[RuleViolation]:
    """The settings that contradict each other, each refused by the setting to change.

    Rule sets under which nobody can ever win are not refused: telling them apart takes
    more than a look at the numbers (with every last trick and Chicago worth 0 points a
    game out on the last trick is still won, once hands bring a player to the target),
    and a table that plays one soon sees it.
    """
    faults = []
    if rules.chicago_min_score >= rules.target:
        faults.append(
            RuleViolation(
                sentence(
                    "Calling Chicago needs %(needed)s points, but the game ends at "
                    "%(target)s: set 'chicago_min_score' below the target.",
                    needed=rules.chicago_min_score,
                    target=rules.target,
                ),
                "chicago_min_score",
            )
        )
    if rules.exchange_stop is not None and rules.exchange_stop >= rules.target:
        faults.append(
            RuleViolation(
                "'exchange_stop' must be below the target, or the reminder would never show.",
                "exchange_stop",
            )
        )
    return faults


def differences_from_standard(rules: RuleSet) -> dict[str, object]:
    """The settings in which a rule set differs from the standard rules."""
    standard = STANDARD_RULES.settings()
    return {key: value for key, value in rules.settings().items() if standard[key] != value}
