"""House rules in a few words, for the scoreboard and the review."""

from .labels import HAND_LABELS
from .rules import STANDARD_RULES, Hand, RuleSet, differences_from_standard


def _hand_points_words(rules: RuleSet) -> str:
    changed = [
        f"{HAND_LABELS[Hand(hand)].lower()} {points}"
        for hand, points in rules.hand_points.items()
        if STANDARD_RULES.hand_points[Hand(hand)] != points
    ]
    return "Hand points: " + ", ".join(changed)


def rule_differences(rules: RuleSet) -> list[str]:
    """What this game's rules change from the standard ones, one phrase per setting."""
    phrases = {
        "target": lambda: f"Target {rules.target}",
        "exact_target": lambda: "Land exactly on the target",
        "hand_points": lambda: _hand_points_words(rules),
        "royal_flush_wins": lambda: "A royal flush wins at once",
        "last_trick_points": lambda: f"Last trick {rules.last_trick_points}",
        "deuce_last_trick_points": lambda: f"Last trick with a 2: {rules.deuce_last_trick_points}",
        "chicago_points": lambda: f"Chicago won +{rules.chicago_points}",
        "chicago_penalty": lambda: f"Chicago lost \u2212{rules.chicago_penalty}",
        "chicago_failure_to_zero": lambda: "A lost Chicago goes back to 0",
        "chicago_min_score": lambda: f"Chicago from {rules.chicago_min_score} points",
        "must_win_on_last_trick": lambda: "Win only with the last trick or a won Chicago",
        "chicago_required_to_win": lambda: "Only a player who has called Chicago can win",
        "exchange_stop": lambda: f"No exchanges from {rules.exchange_stop} points",
    }
    return [phrases[name]() for name in differences_from_standard(rules) if name in phrases]
