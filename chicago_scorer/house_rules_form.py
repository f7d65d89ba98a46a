"""The new-game form's house rules: a preset, or the table's own settings."""

from flask_babel import lazy_gettext
from wtforms import BooleanField, Form, IntegerField, StringField
from wtforms.validators import Optional

from .form_translations import CatalogMeta
from .labels import HAND_LABELS
from .rules import PRESETS, STANDARD_RULES, Hand, RuleError
from .wording import reason

CUSTOM = "custom"
STANDARD = STANDARD_RULES.settings()

SWITCHES = {
    "exact_target": lazy_gettext("Land exactly on the target; points past it are not scored"),
    "royal_flush_wins": lazy_gettext("A royal flush wins the game at once"),
    "chicago_failure_to_zero": lazy_gettext("A lost Chicago puts the caller back to 0"),
    "must_win_on_last_trick": lazy_gettext(
        "Only the last trick or a won Chicago can win the game"
    ),
    "chicago_required_to_win": lazy_gettext("A player must have called Chicago to win"),
}
NUMBERS = {
    "target": lazy_gettext("Points to win"),
    "last_trick_points": lazy_gettext("Last trick"),
    "chicago_points": lazy_gettext("Chicago won"),
    "chicago_penalty": lazy_gettext("Chicago lost (points off)"),
    "chicago_min_score": lazy_gettext("Points needed to call Chicago"),
}
OPTIONAL_NUMBERS = {
    "deuce_last_trick_points": lazy_gettext("Last trick taken with a 2 (blank: no bonus)"),
    "exchange_stop": lazy_gettext("No more exchanges from (blank: no reminder)"),
}


def _number(name: str) -> IntegerField:
    return IntegerField(
        NUMBERS.get(name) or OPTIONAL_NUMBERS[name],
        default=STANDARD[name],
        validators=[Optional()],
    )


class HouseRulesForm(Form):
    """One preset, or every setting by hand; settings left as standard are not sent."""

    Meta = CatalogMeta

    preset = StringField(default="standard")
    target, last_trick_points, chicago_points, chicago_penalty, chicago_min_score = (
        _number(name) for name in NUMBERS
    )
    deuce_last_trick_points, exchange_stop = (_number(name) for name in OPTIONAL_NUMBERS)
    exact_target, royal_flush_wins, chicago_failure_to_zero = (
        BooleanField(SWITCHES[name]) for name in list(SWITCHES)[:3]
    )
    must_win_on_last_trick, chicago_required_to_win = (
        BooleanField(SWITCHES[name]) for name in list(SWITCHES)[3:]
    )
    (
        points_one_pair,
        points_two_pair,
        points_three_of_a_kind,
        points_straight,
        points_flush,
        points_full_house,
        points_four_of_a_kind,
        points_straight_flush,
        points_royal_flush,
    ) = (
        IntegerField(
            HAND_LABELS[hand],
            default=STANDARD["hand_points"][hand],
            validators=[Optional()],
        )
        for hand in Hand
    )

    def hand_point_fields(self):
        """The points box of each hand, weakest hand first."""
        return [(hand, self[f"points_{hand}"]) for hand in Hand]

    def settings(self) -> dict[str, object] | None:
        """What to send to the rules: a preset, or every setting as chosen; the core checks."""
        if self.preset.data != CUSTOM:
            return (
                None
                if self.preset.data in (None, "", "standard")
                else {"preset": self.preset.data}
            )
        chosen: dict[str, object] = {
            name: self[name].data for name in (*NUMBERS, *OPTIONAL_NUMBERS, *SWITCHES)
        }
        for name in NUMBERS:
            if chosen[name] is None:
                chosen[name] = STANDARD[name]
        chosen["hand_points"] = {
            str(hand): STANDARD["hand_points"][hand] if field.data is None else field.data
            for hand, field in self.hand_point_fields()
        }
        return chosen

    def attach(self, error: RuleError) -> bool:
        """Put a refusal of the rules next to its setting; False if it names none here."""
        where = (error.field or "").replace("hand_points.", "points_")
        if where == "rules":
            where = "preset"
        if where not in self._fields:
            return False
        self[where].errors = [*self[where].errors, reason(error)]
        return True


PRESET_CHOICES = [(name, preset.title, preset.description) for name, preset in PRESETS.items()]
