"""The new-game form's house rules: a preset, or the table's own settings.

Each setting has a box on the page. Picking a preset shows its values in the boxes (with
JavaScript), and changing a box makes the rules "Custom". Without JavaScript the boxes
keep the values the page was shown with, so the form sends those too (``shown``): a box
that differs from them was changed by hand, and the game plays the chosen preset with
that change, as Custom rules. No value typed is ever ignored.
"""

import json

from wtforms import BooleanField, Form, HiddenField, StringField
from wtforms.validators import Optional

from chicago_scorer.rules import PRESETS, STANDARD_RULES, Hand, RuleError, RuleSet
from chicago_scorer.rules.house_rules import BELOW_TARGET, POINTS_RANGE, TARGET_RANGE
from chicago_scorer.web.languages.form_translations import CatalogMeta
from chicago_scorer.web.languages.labels import HAND_LABELS
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext, lazy_gettext
from chicago_scorer.web.languages.wording import reason
from chicago_scorer.web.whole_numbers import WholeNumberField, is_written_whole_number

CUSTOM = "custom"
STANDARD = "standard"

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
HAND_BOXES = {f"points_{hand}": hand for hand in Hand}
# Every box in page order, the order ``shown`` lists their values in.
BOXES = (*NUMBERS, *OPTIONAL_NUMBERS, *SWITCHES, *HAND_BOXES)


def box_values(rules: RuleSet) -> dict[str, object]:
    """What each box shows for a rule set."""
    settings = rules.settings()
    values = {name: settings[name] for name in (*NUMBERS, *OPTIONAL_NUMBERS, *SWITCHES)}
    return values | {box: settings["hand_points"][hand] for box, hand in HAND_BOXES.items()}


def settings_from_boxes(values: dict[str, object]) -> dict[str, object]:
    """The rules' settings that the boxes spell out."""
    settings = {name: values[name] for name in (*NUMBERS, *OPTIONAL_NUMBERS, *SWITCHES)}
    hand_points = {str(hand): values[box] for box, hand in HAND_BOXES.items()}
    return settings | {"hand_points": hand_points}


def _written(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return "" if value is None else str(value)


def _read(name: str, text: str) -> object:
    if name in SWITCHES:
        return {"1": True, "0": False}[text]
    if text and not is_written_whole_number(text):
        raise ValueError(text)
    return None if text == "" else int(text)


def range_message(label: str, low: int, high: int) -> str:
    """A box's refusal of a number outside its range, by the box's label."""
    # Translators: %(label)s is a house rule's box, like "Points to win".
    return gettext(
        "%(label)s: use a whole number from %(low)s to %(high)s.",
        label=label,
        low=format_number(low),
        high=format_number(high),
    )


class SettingNumber(WholeNumberField):
    """A house rule's number box, which says what it takes when what is typed is no whole
    number ("fifty", "52.5", "1e3"), as it does for a number out of its range."""

    def __init__(self, label, low: int, high: int, **options) -> None:
        super().__init__(label, validators=[Optional()], **options)
        self.low, self.high = low, high

    def range_message(self) -> str:
        """This box's refusal of a number outside its range."""
        return range_message(str(self.label.text), self.low, self.high)

    unreadable_message = range_message


class SettingSwitch(BooleanField):
    """A house rule's tick box: on as the page sends it ticked ("y"), off when left out or
    empty. Any other value is refused, where WTForms would read all but "false" as on."""

    READ = frozenset({"y", ""})

    def process_formdata(self, valuelist) -> None:
        if valuelist and valuelist[0] not in self.READ:
            self.data = False
            # Translators: %(label)s is a house rule's tick box, like "A royal flush wins
            # the game at once"; a form sent with another value than the page's.
            label = self.label.text
            raise ValueError(
                gettext("%(label)s: tick it or leave it empty, as the page does.", label=label)
            )
        super().process_formdata(valuelist)


def _number(name: str, label, low_high=POINTS_RANGE) -> SettingNumber:
    return SettingNumber(label, *low_high, default=box_values(STANDARD_RULES)[name])


class HouseRulesForm(Form):
    """One preset, or every setting by hand."""

    Meta = CatalogMeta

    preset = StringField(default=STANDARD)
    shown = HiddenField()
    target = _number("target", NUMBERS["target"], TARGET_RANGE)
    last_trick_points, chicago_points, chicago_penalty, chicago_min_score = (
        _number(name, NUMBERS[name]) for name in list(NUMBERS)[1:]
    )
    deuce_last_trick_points, exchange_stop = (
        _number(name, label) for name, label in OPTIONAL_NUMBERS.items()
    )
    exact_target, royal_flush_wins, chicago_failure_to_zero = (
        SettingSwitch(SWITCHES[name]) for name in list(SWITCHES)[:3]
    )
    must_win_on_last_trick, chicago_required_to_win = (
        SettingSwitch(SWITCHES[name]) for name in list(SWITCHES)[3:]
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
    ) = (_number(box, HAND_LABELS[hand]) for box, hand in HAND_BOXES.items())

    below_target = BELOW_TARGET
    # Set when the boxes were changed under a preset and the form now shows them as Custom.
    switched_to_custom = False

    def hand_point_fields(self):
        """The points box of each hand, weakest hand first."""
        return [(hand, self[box]) for box, hand in HAND_BOXES.items()]

    def number_fields(self) -> list[SettingNumber]:
        """Every number box."""
        return [self[name] for name in BOXES if name not in SWITCHES]

    # What the boxes showed, and what was changed -----------------------------------

    def shown_text(self) -> str:
        """The boxes' values as this page shows them, for ``shown``."""
        return ",".join(_written(self[name].data) for name in BOXES)

    def _shown_values(self) -> dict[str, object]:
        """What the boxes showed when the form was sent; the standard rules if unknown."""
        texts = (self.shown.data or "").split(",")
        try:
            return {name: _read(name, text) for name, text in zip(BOXES, texts, strict=True)}
        except (KeyError, ValueError):
            return box_values(STANDARD_RULES)

    def _changes(self) -> dict[str, object]:
        """The boxes whose value differs from what the page showed."""
        shown = self._shown_values()
        changes = {}
        for name in BOXES:
            value = self[name].data
            # A number box left blank keeps what it showed; an optional one means "none".
            if value is None and name in (*NUMBERS, *HAND_BOXES):
                continue
            if value != shown[name]:
                changes[name] = value
        return changes

    def _chosen(self) -> str:
        return self.preset.data or STANDARD

    def _resolved(self) -> tuple[str, dict[str, object]]:
        """The preset played (or Custom), and every box's value as played."""
        chosen, changes = self._chosen(), self._changes()
        if chosen == CUSTOM:
            return CUSTOM, self._shown_values() | changes
        if chosen not in PRESETS:
            return chosen, self._shown_values()
        values = box_values(PRESETS[chosen].rules)
        # A box the script filled with the preset's own value is no change to it.
        changes = {name: value for name, value in changes.items() if value != values[name]}
        return (CUSTOM if changes else chosen), values | changes

    def settings(self) -> dict[str, object] | None:
        """What to send to the rules: a preset, or every setting as chosen; the core checks."""
        played, values = self._resolved()
        if played == STANDARD:
            return None
        if played != CUSTOM:
            return {"preset": played}
        return settings_from_boxes(values)

    def validate(self, extra_validators=None) -> bool:
        """Check each box the game would play by against its range, all at once."""
        valid = super().validate(extra_validators)
        played, values = self._resolved()
        if played != CUSTOM:
            return valid
        for field in self.number_fields():
            value = values[field.short_name]
            if field.errors or value is None or field.low <= value <= field.high:
                continue
            field.errors = [*field.errors, field.range_message()]
            valid = False
        return valid

    def show_as_played(self) -> None:
        """Show a sent form as it would be played: changed boxes under a preset are Custom."""
        played, values = self._resolved()
        if played != CUSTOM or self._chosen() == CUSTOM:
            return
        self.preset.data = CUSTOM
        self.switched_to_custom = True
        for name, value in values.items():
            self[name].data, self[name].raw_data = value, None

    def show_rules(self, rules: RuleSet) -> None:
        """Fill the form with a game's rules: the preset they are, or Custom."""
        self.preset.data = next(
            (name for name, preset in PRESETS.items() if preset.rules == rules), CUSTOM
        )
        for name, value in box_values(rules).items():
            self[name].data = value

    # Refusals, by the boxes' labels ------------------------------------------------

    def attach(self, error: RuleError) -> bool:
        """Put a refusal of the rules next to its setting; False if it names none here."""
        where = (error.field or "").replace("hand_points.", "points_")
        if where == "rules":
            where = "preset"
        if where not in self._fields:
            return False
        self[where].errors = [*self[where].errors, self._reason(where, error)]
        return True

    def _reason(self, where: str, error: RuleError) -> str:
        """The rules name settings as the API spells them; the page names its boxes."""
        field = self[where]
        if "low" in error.text.values and isinstance(field, SettingNumber):
            return field.range_message()
        if where in BELOW_TARGET:
            return self.below_target_message(where).replace(
                "%(target)s", format_number(self._resolved()[1]["target"])
            )
        if where == "chicago_penalty":
            return self.choose_one_message()
        return reason(error)

    def below_target_message(self, name: str) -> str:
        """Why a setting must stay below the target, with ``%(target)s`` left to fill."""
        # Translators: %(label)s is a house rule's box, like "Points needed to call Chicago";
        # %(target)s is the number of points to win, and %(target_label)s that box's label.
        return gettext(
            "%(label)s: use a number below %(target)s (%(target_label)s).",
            label=self[name].label.text,
            target="%(target)s",
            target_label=self.target.label.text,
        )

    def choose_one_message(self) -> str:
        """Why a penalty other than the standard one clashes with going back to 0."""
        # Translators: %(label)s is the box "Chicago lost (points off)" and %(switch)s the
        # choice "A lost Chicago puts the caller back to 0".
        return gettext(
            "%(label)s: leave it at %(standard)s, or untick “%(switch)s”: "
            "a lost Chicago cannot do both.",
            label=self.chicago_penalty.label.text,
            standard=format_number(STANDARD_RULES.chicago_penalty),
            switch=self.chicago_failure_to_zero.label.text,
        )

    @staticmethod
    def preset_values(name: str) -> str:
        """A preset's box values as JSON, for the page's script to show when it is picked."""
        return json.dumps(box_values(PRESETS[name].rules), separators=(",", ":"))


PRESET_CHOICES = [(name, preset.title, preset.description) for name, preset in PRESETS.items()]
