"""Forms that change what a game's log says: a recorded entry answered anew on the step
card, the table's names and first dealer, and deleting the game.

Each carries the version of the game its page showed, so that a change made on a page
another phone has since overtaken is refused rather than made on a game nobody saw.
"""

from collections.abc import Mapping

from wtforms import HiddenField, StringField
from wtforms.validators import InputRequired

from chicago_scorer.rules import MAX_PLAYERS, GameSetup
from chicago_scorer.web.languages.form_translations import TranslatedForm
from chicago_scorer.web.languages.translation import lazy_gettext
from chicago_scorer.web.scoreboard.forms import BUTTON_FIELDS, AVersion, EntryForm
from chicago_scorer.web.scoreboard.seating_forms import SeatingForm

# Said when a form comes without the version its page showed: a copy of the page that was
# changed or made up. Taken as "whatever the game is now", it would change a game unseen.
VERSION_UNSAID = lazy_gettext(
    "The page did not say how the game stood when it was shown, so nothing was changed. "
    "Reload it and try again."
)


# Said when a fix of the table comes without its mark for who deals first, which the page
# always sends: read as the first row, it would move the deal of every recorded round.
DEALER_UNSAID = lazy_gettext(
    "The page did not say who deals first, so nothing was changed. Reload it and try again."
)


def shown_version() -> HiddenField:
    """The version of the game the form's page showed, which every change is made against."""
    return HiddenField(validators=[InputRequired(VERSION_UNSAID), AVersion(VERSION_UNSAID)])


class CorrectionForm(EntryForm):
    """A recorded entry answered anew on the step card, then saved.

    A tap on the step card sends one button's field (``hand=flush``); here every choice
    of the step is a radio of one group, ``answer``, whose value names that field and its
    value (``hand=flush``, ``chicago=won:Ann``). It fills the field it names, so the entry
    form's one reading of a step (``EntryForm.entry``) reads a correction too.
    """

    answer = StringField()
    version = shown_version()
    # The cards a win was settled from stay with it while its winner and hand do.
    cards_winner = HiddenField()
    cards_hand = HiddenField()

    def process(self, formdata=None, obj=None, data=None, extra_filters=None, **kwargs):
        super().process(formdata, obj, data=data, extra_filters=extra_filters, **kwargs)
        field, _, value = (self.answer.data or "").partition("=")
        if field in BUTTON_FIELDS:
            self[field].data = value

    @classmethod
    def saying(cls, entry: Mapping[str, object], **options) -> "CorrectionForm":
        """The card's choices as ``entry`` (in its JSON form) made them."""
        return cls(formdata=None, data=answer_of(entry), **options)

    def entry(self) -> dict[str, object]:
        """The step in the API's JSON form, with the settled cards if they still fit."""
        entry = super().entry()
        settled_for = (self.cards_winner.data, self.cards_hand.data)
        if (entry.get("winner"), entry.get("hand")) != settled_for:
            entry.pop("cards", None)
        return entry


def answer_of(entry: Mapping[str, object]) -> dict[str, str]:
    """The correction card's choices that say what ``entry`` (in its JSON form) says."""
    if entry.get("outcome") == "win":
        return {"winner": str(entry["winner"]), "answer": f"hand={entry['hand']}"}
    if "outcome" in entry:
        return {"answer": f"outcome={entry['outcome']}"}
    if "last_trick" in entry:
        field = "last_trick_deuce" if entry.get("with_deuce") else "last_trick"
        return {"answer": f"{field}={entry['last_trick']}"}
    result = "won" if entry["chicago_won"] else "lost"
    return {"answer": f"chicago={result}:{entry['chicago']}"}


class FixPlayersForm(SeatingForm):
    """The game's names, seat by seat, and who dealt first, as the scorekeeper fixes them.

    The names are checked by the rules, which say which player's name is wrong; a box
    left blank is a name left blank, not a seat left out.
    """

    player_0, player_1, player_2, player_3 = (
        StringField(lazy_gettext("Name"), name=f"players-{row}") for row in range(MAX_PLAYERS)
    )
    dealer = StringField(lazy_gettext("Deals first"), validators=[InputRequired(DEALER_UNSAID)])
    version = shown_version()
    SEATING_ID = "fix-seating"

    @classmethod
    def of_setup(cls, setup: GameSetup, **options) -> "FixPlayersForm":
        """The form filled in with the game's names and first dealer."""
        form = cls(formdata=None, **options)
        for seat, name in enumerate(setup.players):
            form.players[seat].data = name
        form.dealer.data = str(setup.first_dealer)
        return form

    def names(self) -> list[str]:
        """The names sent, in seating order, up to the last seat sent."""
        sent = [row for row, box in enumerate(self.players) if box.raw_data]
        return [box.data or "" for box in self.players[: max(sent, default=-1) + 1]]


class DeleteGameForm(TranslatedForm):
    """Confirm deleting the game, as the page showed it."""

    version = shown_version()
