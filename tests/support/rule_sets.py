"""Rule sets and entry helpers shared by the house-rule tests."""

from chicago_scorer.rules import PRESETS, rules_from_settings

EXACT_52 = PRESETS["exact_52"].rules
OUT_ON_THE_LAST_TRICK = PRESETS["last_trick_out"].rules
ROYAL_WINS = PRESETS["royal_wins"].rules
DEUCE_TRICK = PRESETS["deuce_trick"].rules
CHICAGO_REQUIRED = rules_from_settings({"chicago_required_to_win": True})


def rules(**settings):
    """A rule set read from house-rule settings, as a new game's would be."""
    return rules_from_settings(settings)


def deuce(body: dict[str, object], with_deuce: object = True) -> dict[str, object]:
    """A last trick entry that says whether the trick was taken with a 2."""
    return body | {"with_deuce": with_deuce}
