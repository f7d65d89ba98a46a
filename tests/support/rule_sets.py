"""House rule sets for the tests: the presets by name, and any other by its settings."""

from chicago_scorer.rules import PRESETS, rules_from_settings

EXACT_52 = PRESETS["exact_52"].rules
OUT_ON_THE_LAST_TRICK = PRESETS["last_trick_out"].rules
ROYAL_WINS = PRESETS["royal_wins"].rules
DEUCE_TRICK = PRESETS["deuce_trick"].rules
CHICAGO_REQUIRED = rules_from_settings({"chicago_required_to_win": True})


def rules(**settings):
    """A rule set read from house-rule settings, as a new game's would be."""
    return rules_from_settings(settings)
