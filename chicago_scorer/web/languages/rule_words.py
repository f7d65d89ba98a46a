"""House rules in a few words, for the scoreboard and the review."""

from chicago_scorer.rules import STANDARD_RULES, Hand, RuleSet, differences_from_standard
from chicago_scorer.web.languages.labels import signed
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext
from chicago_scorer.web.languages.wording import hand_words


def _hand_points_words(rules: RuleSet) -> str:
    changed = [
        gettext(
            "%(hand)s %(points)s",
            hand=hand_words(hand),
            points=format_number(points),
        )
        for hand, points in rules.hand_points.items()
        if STANDARD_RULES.hand_points[Hand(hand)] != points
    ]
    return gettext("Hand points: %(changes)s", changes=", ".join(changed))


def rule_differences(rules: RuleSet) -> list[str]:
    """What this game's rules change from the standard ones, one phrase per setting."""
    # A setting that is off (None) by standard differs from it only when it is on.
    phrases = {
        "target": lambda: gettext("Target %(points)s", points=format_number(rules.target)),
        "exact_target": lambda: gettext("Land exactly on the target"),
        "hand_points": lambda: _hand_points_words(rules),
        "royal_flush_wins": lambda: gettext("A royal flush wins at once"),
        "last_trick_points": lambda: gettext(
            "Last trick %(points)s", points=format_number(rules.last_trick_points)
        ),
        "deuce_last_trick_points": lambda: gettext(
            "Last trick with a 2: %(points)s", points=format_number(rules.deuce_last_trick_points)
        ),
        "chicago_points": lambda: gettext(
            "Chicago won %(points)s", points=signed(rules.chicago_points)
        ),
        "chicago_penalty": lambda: gettext(
            "Chicago lost %(points)s", points=signed(-rules.chicago_penalty)
        ),
        "chicago_failure_to_zero": lambda: gettext("A lost Chicago goes back to 0"),
        "chicago_min_score": lambda: gettext(
            "Chicago from %(points)s points", points=format_number(rules.chicago_min_score)
        ),
        "must_win_on_last_trick": lambda: gettext("Win only with the last trick or a won Chicago"),
        "chicago_required_to_win": lambda: gettext("Only a player who has called Chicago can win"),
        "exchange_stop": lambda: gettext(
            "No exchanges from %(points)s points", points=format_number(rules.exchange_stop)
        ),
    }
    return [phrases[name]() for name in differences_from_standard(rules) if name in phrases]
