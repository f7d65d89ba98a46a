"""The forms of a game's table: the start page's names, first dealer and house rules
(``NewGameForm``), and the seating a correction fixes (``correction_forms.FixPlayersForm``),
each refusal of it shown beside the name or box it concerns."""

from wtforms import Field, FormField, StringField
from wtforms.validators import ValidationError

from chicago_scorer.rules import MAX_PLAYERS, GameSetup, RuleError, new_setup
from chicago_scorer.rules.errors import Refusal, violations_of
from chicago_scorer.rules.names import normal_name
from chicago_scorer.web.languages.translation import gettext, lazy_gettext
from chicago_scorer.web.languages.wording import reason
from chicago_scorer.web.scoreboard.house_rules_form import BOXES, HouseRulesForm
from chicago_scorer.web.summarized_forms import (
    SummarizedForm,
    attach_error,
    name_field,
    seat_fields,
)


class SeatingForm(SummarizedForm):
    """Names in seating order, one box per seat (``player_0`` to ``player_3``), and the
    row of who deals first (``dealer``): a new game's table, or a game's fixed one."""

    @property
    def players(self) -> list[Field]:
        """The name boxes in seating order."""
        return seat_fields(self, "player")

    def dealer_row(self) -> int | None:
        """The row marked as first dealer, if the mark is a real row."""
        mark = self.dealer.data or "0"
        rows = [str(row) for row in range(MAX_PLAYERS)]  # not isdigit(): '²' passes that
        return rows.index(mark) if mark in rows else None

    def dealer_name(self) -> str | None:
        """The name on the row marked as first dealer."""
        row = self.dealer_row()
        return None if row is None else (self.players[row].data or "").strip() or None

    def validate_dealer(self, field: StringField) -> None:
        if self.dealer_name() is None:
            raise ValidationError(
                gettext("The first dealer's row has no name: type one or pick another.")
            )

    # The id of the fieldset that holds the marks for who deals first.
    SEATING_ID = "seating"

    def places(self) -> list[tuple[str, Field]]:
        """Each field with the id of the box it is next to, in page order."""
        return [*((box.id, box) for box in self.players), (self.SEATING_ID, self.dealer)]

    def named(self) -> list[str]:
        """Whom a refusal of these names may name: each name sent (a subclass's
        ``names``), as the rules spell it in their messages."""
        return [normal_name(name) for name in self.names()]

    def row_sent_as(self, position: int) -> int:
        """The row of the name the rules call ``players.<position>``: a fix sends every
        seat, blank ones included, so the two are one."""
        return position

    def attach(self, error: Refusal) -> None:
        """Show each fault of a refusal of the seating next to the name it concerns, else
        by the dealer's marks or at the form's top."""
        for fault in violations_of(error):
            where = getattr(fault, "field", None) or ""
            if where.startswith("players."):
                box = self.players[self.row_sent_as(int(where.removeprefix("players.")))]
                box.errors = [*box.errors, reason(fault)]
            else:
                attach_error(self, fault, {"dealer": "dealer"})


class NewGameForm(SeatingForm):
    """Up to four names in seating order, and who drew the lowest card."""

    # One field per seat (not a FieldList) so a skipped row keeps its place.
    player_0, player_1, player_2, player_3 = (
        name_field(f"players-{row}") for row in range(MAX_PLAYERS)
    )
    dealer = StringField(lazy_gettext("Deals first"), default="0")
    rules = FormField(HouseRulesForm)

    @classmethod
    def rematch_of(cls, setup: GameSetup) -> "NewGameForm":
        """A new game for the same table: same seats and rules, the deal moved on a seat."""
        form = cls(formdata=None)
        for seat, name in enumerate(setup.players):
            form.players[seat].data = name
        form.dealer.data = str((setup.first_dealer + 1) % len(setup.players))
        form.rules.form.show_rules(setup.rules)
        return form

    def places(self) -> list[tuple[str, Field]]:
        """The seats' places, then the house rules' boxes."""
        rules = self.rules.form
        return [
            *super().places(),
            ("presets", rules.preset),
            *((rules[name].id, rules[name]) for name in BOXES),
        ]

    def filled_rows(self) -> list[int]:
        """The rows that hold a name, in seating order."""
        return [row for row, entry in enumerate(self.players) if (entry.data or "").strip()]

    def names(self) -> list[str]:
        """The names typed, in seating order, blank rows left out."""
        return [self.players[row].data for row in self.filled_rows()]

    def row_sent_as(self, position: int) -> int:
        """A new game leaves blank rows out of the names it sends (``names``)."""
        return self.filled_rows()[position]

    def attach(self, error: RuleError) -> None:
        """Show each fault of a refusal of the setup next to the house rule or the name it
        concerns."""
        for fault in violations_of(error):
            if not self.rules.form.attach(fault):
                super().attach(fault)

    def attach_name_faults(self) -> None:
        """Show the names' faults beside the form's own refusal (a house rule's box it
        cannot read), so that one answer shows all there is to mend, as the rules' own
        refusal of names and house rules together does (``new_game_setup``)."""
        try:
            new_setup(self.names(), self.dealer_name())
        except RuleError as error:
            self.attach(error)
