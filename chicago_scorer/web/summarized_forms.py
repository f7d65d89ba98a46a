"""What the forms of several areas share: a long form whose refusals are also listed at
its top (the new game's, a fix of names, the settle pages'), a player's name box, a
form's per-seat fields, and a refusal put beside the field it concerns."""

from flask_wtf import FlaskForm
from wtforms import Field, StringField
from wtforms.validators import Optional

from chicago_scorer.rules import MAX_PLAYERS
from chicago_scorer.rules.errors import Refusal
from chicago_scorer.web.languages.form_translations import TranslatedForm
from chicago_scorer.web.languages.translation import lazy_gettext
from chicago_scorer.web.languages.wording import reason


def name_field(form_name: str) -> StringField:
    """A player's name box, sent as ``form_name``. The rules judge the name, as they do one
    sent to the API: its length once it is trimmed and composed, among the rest."""
    return StringField(lazy_gettext("Name"), name=form_name, validators=[Optional()])


def attach_error(form: FlaskForm, error: Refusal, fields: dict[str, str]) -> None:
    """Put a refusal next to the field it concerns, or at the top of the form."""
    field_name = fields.get(getattr(error, "field", None) or "")
    message = reason(error)
    if field_name is not None:
        getattr(form, field_name).errors = [*getattr(form, field_name).errors, message]
    else:
        form.form_errors.append(message)


def seat_fields(form: FlaskForm, attribute: str) -> list[Field]:
    """A form's per-seat fields, ``attribute_0`` to ``attribute_3``, in seat order."""
    return [form[f"{attribute}_{row}"] for row in range(MAX_PLAYERS)]


class SummarizedForm(TranslatedForm):
    """A long form whose refusals are also listed at its top, each a link to its box
    (``refusal_summary`` in templates/_macros/forms.html): its ``places`` say where."""

    def places(self) -> list[tuple[str, Field]]:
        """Each field with the id of the box it is next to, in page order: here each
        field is its own box, in the order the form declares them. A form whose fields
        stand elsewhere, or in another order, says so."""
        return [(field.id, field) for field in self]

    def refusals(self) -> list[tuple[str, str]]:
        """Each field's refusal with the id of the box it is next to, in page order."""
        return [
            (place, str(message)) for place, field in self.places() for message in field.errors
        ]
