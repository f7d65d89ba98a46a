"""Forms for the history and player pages."""

from wtforms import SelectChoice, SelectField, StringField
from wtforms.validators import AnyOf, Optional, ValidationError

from chicago_scorer.rules import MAX_NAME_LENGTH
from chicago_scorer.services.history import StatusFilter
from chicago_scorer.web.languages.form_translations import TranslatedForm
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext, lazy_gettext
from chicago_scorer.web.platform.number_addresses import written_number
from chicago_scorer.web.whole_numbers import AtLeast, WholeNumberField

PAGE_REFUSAL = lazy_gettext("The page must be a whole number, 1 or more: check the link.")
STATUS_REFUSAL = lazy_gettext("Games: choose All games, In progress or Finished.")


def _a_name_long_at_most(form, field) -> None:
    """The player filter holds a name, so no more characters than a name has."""
    if len(field.data or "") > MAX_NAME_LENGTH:
        raise ValidationError(
            gettext(
                "Player: a name has at most %(count)s characters.",
                count=format_number(MAX_NAME_LENGTH),
            )
        )


def _written_as_the_app_writes(form, field) -> None:
    """One address a page: its number as the app's links write it, without a leading
    zero (``?page=01`` is no link of the app's, as ``/games/06`` is none)."""
    if field.raw_data and written_number(field.raw_data[0]) is None:
        raise ValidationError(str(PAGE_REFUSAL))


class PageForm(TranslatedForm):
    """Which page of a list, read from the query string."""

    class Meta:
        csrf = False  # a GET that changes nothing

    page = WholeNumberField(
        lazy_gettext("Page"),
        [Optional(), AtLeast(1, PAGE_REFUSAL), _written_as_the_app_writes],
        unreadable=PAGE_REFUSAL,
        default=1,
    )

    def page_number(self) -> int:
        """The page asked for, the first if none was."""
        return self.page.data or 1


class HistoryFilterForm(PageForm):
    """Filter the history by a player's name and by whether games are finished."""

    player = StringField(
        lazy_gettext("Player"),
        validators=[Optional(), _a_name_long_at_most],
    )
    status = SelectField(
        lazy_gettext("Games"),
        choices=[
            SelectChoice(StatusFilter.ALL.value, lazy_gettext("All games")),
            SelectChoice(StatusFilter.IN_PROGRESS.value, lazy_gettext("In progress")),
            SelectChoice(StatusFilter.FINISHED.value, lazy_gettext("Finished")),
        ],
        default=StatusFilter.ALL.value,
        validate_choice=False,  # AnyOf below says which choices there are
        validators=[AnyOf([status.value for status in StatusFilter], message=STATUS_REFUSAL)],
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
