"""Forms: parse what a tap sent, with CSRF, and carry errors back onto the page."""

from flask_wtf import FlaskForm
from wtforms import FieldList, HiddenField, IntegerField, StringField
from wtforms.validators import Length, Optional, ValidationError
from wtforms.widgets import HiddenInput

from .rules import MAX_NAME_LENGTH, MAX_PLAYERS, RuleError


def attach_error(form: FlaskForm, error: Exception, fields: dict[str, str]) -> None:
    """Put a refusal next to the field it concerns, or at the top of the form."""
    field_name = fields.get(getattr(error, "field", None) or "")
    message = getattr(error, "message", str(error))
    if field_name is not None:
        getattr(form, field_name).errors = [*getattr(form, field_name).errors, message]
    else:
        form.form_errors.append(message)


class NewGameForm(FlaskForm):
    """Up to four names in seating order, and who drew the lowest card."""

    players = FieldList(
        StringField("Name", validators=[Optional(), Length(max=MAX_NAME_LENGTH)]),
        min_entries=MAX_PLAYERS,
        max_entries=MAX_PLAYERS,
    )
    dealer = StringField("Deals first", default="0")

    def filled_rows(self) -> list[int]:
        """The rows that hold a name, in seating order."""
        return [row for row, entry in enumerate(self.players) if (entry.data or "").strip()]

    def names(self) -> list[str]:
        """The names typed, in seating order, blank rows left out."""
        return [self.players[row].data for row in self.filled_rows()]

    def dealer_row(self) -> int | None:
        """The row marked as first dealer, if the mark is a real row."""
        mark = self.dealer.data or "0"
        return int(mark) if mark.isdigit() and int(mark) < MAX_PLAYERS else None

    def dealer_name(self) -> str | None:
        """The name on the row marked as first dealer."""
        row = self.dealer_row()
        return None if row is None else (self.players[row].data or "").strip() or None

    def validate_dealer(self, field: StringField) -> None:
        if self.dealer_name() is None:
            raise ValidationError("The first dealer's row has no name: type one or pick another.")

    def attach(self, error: RuleError) -> None:
        """Show a refusal of the setup next to the name it concerns."""
        rows = self.filled_rows()
        where = error.field or ""
        if where.startswith("players."):
            row = rows[int(where.removeprefix("players."))]
            self.players[row].errors = [*self.players[row].errors, error.message]
        else:
            attach_error(self, error, {"dealer": "dealer"})


class EntryForm(FlaskForm):
    """One step of a round, sent by the button the scorekeeper tapped."""

    round = IntegerField(widget=HiddenInput())
    step = HiddenField()
    winner = StringField()
    hand = StringField()
    outcome = StringField()
    last_trick = StringField()
    chicago = StringField()

    ERROR_FIELDS = {
        "winner": "winner",
        "hand": "hand",
        "outcome": "hand",
        "last_trick": "last_trick",
        "chicago": "chicago",
        "chicago_won": "chicago",
    }

    def validate_hand(self, field: StringField) -> None:
        if field.data and not self.winner.data:
            raise ValidationError("First tap who had the best hand, then the hand.")

    def entry(self) -> dict[str, object]:
        """The step in the API's JSON form, so pages and API share one path."""
        position = {"round": self.round.data, "step": self.step.data}
        if self.outcome.data:
            return position | {"outcome": self.outcome.data}
        if self.hand.data:
            return position | {
                "outcome": "win",
                "winner": self.winner.data,
                "hand": self.hand.data,
            }
        if self.last_trick.data:
            return position | {"last_trick": self.last_trick.data}
        if self.chicago.data:
            result, _, name = self.chicago.data.partition(":")
            return position | {"chicago": name, "chicago_won": result == "won"}
        return position

    def attach(self, error: Exception) -> None:
        """Show a refusal next to the buttons it concerns."""
        attach_error(self, error, self.ERROR_FIELDS)


class UndoForm(FlaskForm):
    """Undo the newest entry, guarded by how many entries the page showed."""

    event_count = IntegerField(widget=HiddenInput())
