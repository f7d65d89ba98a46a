"""A form's whole-number field that refuses text it cannot read as a number once, in
words of its own.

WTForms answers "fifty" or "52.5" in an ``IntegerField`` with "Not a valid integer
value.", then runs the field's validators on the number it never read, so that
``?page=x`` also got "Number must be at least 1.". Each of the app's number fields says
instead what it takes, and nothing more.
"""

from wtforms import IntegerField
from wtforms.validators import StopValidation, ValidationError


class WholeNumberField(IntegerField):
    """An ``IntegerField`` whose unreadable text gets one refusal alone: ``unreadable``
    when the field is given one, else WTForms' own words from the app's catalogs. A field
    whose words depend on itself (a house rule's range) gives ``unreadable_message()``."""

    def __init__(self, label=None, validators=None, *, unreadable=None, **options) -> None:
        super().__init__(label, validators, **options)
        self._unreadable = unreadable

    def unreadable_message(self) -> str:
        if self._unreadable is None:
            return self.gettext("Not a valid integer value.")
        return str(self._unreadable)

    def process_formdata(self, valuelist) -> None:
        # Digits alone, as a page's number box and hidden fields send them: Python's int()
        # would also read "6_0" as 60, and "+1", "１" or "١" as 1, where the API refuses them;
        # " 1 " too, which no page sends. A blank box is no number, left to the validators.
        # A file sent under the field's name is no text at all.
        sent = valuelist[0] if valuelist else ""
        if not isinstance(sent, str) or (sent.strip() and not is_written_whole_number(sent)):
            self.data = None
            raise ValueError(self.unreadable_message())
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError(self.unreadable_message()) from None

    def pre_validate(self, form) -> None:
        # Refused once, as unreadable: no validator runs. A blank box is left to the
        # validators, as WTForms leaves it: Optional() takes it as no number at all.
        if self.process_errors and self.raw_data and str(self.raw_data[0]).strip():
            raise StopValidation()


def is_written_whole_number(text: str) -> bool:
    """Whether ``text`` is a whole number as pages and the API write one: ASCII digits."""
    return text.isascii() and text.isdigit()


class AtLeast:
    """Refuse a whole number below ``minimum`` with ``message``. WTForms' ``NumberRange``
    asks first whether the number is NaN, as a float, and a number past a float's range
    (``?page=`` and 400 digits) raised OverflowError, a 500; whole numbers compare as
    they are."""

    def __init__(self, minimum: int, message: str) -> None:
        self.minimum = minimum
        self.message = message

    def __call__(self, form, field) -> None:
        if field.data is not None and field.data < self.minimum:
            raise ValidationError(str(self.message))
