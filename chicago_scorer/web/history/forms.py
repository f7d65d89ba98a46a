"""Forms for the history, player and import pages."""

from flask_wtf.file import FileField, FileRequired
from wtforms import IntegerField, SelectChoice, SelectField, StringField
from wtforms.validators import Length, NumberRange, Optional

from chicago_scorer.rules import MAX_NAME_LENGTH
from chicago_scorer.services.history import StatusFilter
from chicago_scorer.web.languages.form_translations import TranslatedForm
from chicago_scorer.web.languages.translation import lazy_gettext


class PageForm(TranslatedForm):
    """Which page of a list, read from the query string."""

    class Meta:
        csrf = False  # a GET that changes nothing

    page = IntegerField(
        lazy_gettext("Page"), default=1, validators=[Optional(), NumberRange(min=1)]
    )

    def page_number(self) -> int:
        """The page asked for, the first if none was."""
        return self.page.data or 1


class HistoryFilterForm(PageForm):
    """Filter the history by a player's name and by whether games are finished."""

    player = StringField(
        lazy_gettext("Player"), validators=[Optional(), Length(max=MAX_NAME_LENGTH)]
    )
    status = SelectField(
        lazy_gettext("Games"),
        choices=[
            SelectChoice(StatusFilter.ALL.value, lazy_gettext("All games")),
            SelectChoice(StatusFilter.IN_PROGRESS.value, lazy_gettext("In progress")),
            SelectChoice(StatusFilter.FINISHED.value, lazy_gettext("Finished")),
        ],
        default=StatusFilter.ALL.value,
    )

    def player_name(self) -> str | None:
        """The name typed, trimmed, or None."""
        return (self.player.data or "").strip() or None

    def status_filter(self) -> StatusFilter:
        return StatusFilter(self.status.data or StatusFilter.ALL.value)

    def query_args(self) -> dict[str, str]:
        """The filters as query arguments, for the page links (defaults left out)."""
        args = {}
        if self.player_name():
            args["player"] = self.player_name()
        if self.status_filter() is not StatusFilter.ALL:
            args["status"] = self.status_filter().value
        return args


class ImportForm(TranslatedForm):
    """An export file to import."""

    file = FileField(
        lazy_gettext("Export file (.json)"),
        validators=[FileRequired(lazy_gettext("Choose a file to import."))],
    )
