"""The forms of a tap: one step of a round as its button sends it (``EntryForm``), and
the undo of the newest entry (``UndoForm``), with CSRF, each refusal carried back beside
the buttons it concerns."""

from wtforms import HiddenField, StringField
from wtforms.validators import InputRequired, ValidationError
from wtforms.widgets import HiddenInput

from chicago_scorer.rules import HAND_STEPS, Step
from chicago_scorer.rules.errors import Refusal
from chicago_scorer.services.repeats import is_idempotency_key
from chicago_scorer.storage import log_versions
from chicago_scorer.web.languages.form_translations import TranslatedForm
from chicago_scorer.web.languages.translation import gettext, lazy_gettext
from chicago_scorer.web.summarized_forms import attach_error
from chicago_scorer.web.whole_numbers import AtLeast, WholeNumberField

# What the step card's page always sends with a tap, said when it is missing or garbled:
# only a changed or crafted copy of the page sends that, and no other phone is to blame.
ROUND_UNSAID = lazy_gettext(
    "The page did not say which round this is, so nothing was recorded. Reload the "
    "scoreboard and tap again."
)
STEP_UNSAID = lazy_gettext(
    "The page did not say which step this is, so nothing was recorded. Reload the "
    "scoreboard and tap again."
)
CHICAGO_UNSAID = lazy_gettext(
    "The page sent a Chicago call it never gives, so nothing was recorded. Reload the "
    "scoreboard and tap again."
)
# Two buttons' answers at once, or an outcome no button gives: read by a fixed order, one
# of them would be recorded and the other dropped.
ANSWER_UNSAID = lazy_gettext(
    "The page sent an answer it never gives, so nothing was recorded. Reload the "
    "scoreboard and tap again."
)
# The fields a step card's buttons send, one a tap; the player chosen goes with any.
BUTTON_FIELDS = ("hand", "outcome", "last_trick", "last_trick_deuce", "chicago")
BUTTON_OUTCOMES = frozenset({"tie", "none"})
# A hand step needs both taps, the player and then the hand; said by the page, and by the
# phone itself while offline (offline_words.py).
CHOOSE_THE_WINNER = lazy_gettext("First tap who had the best hand, then the hand.")
CHOOSE_THE_HAND = lazy_gettext("Now tap the hand they had: a player alone records nothing.")
STEP_NAMES = frozenset(step.value for step in Step)
CHICAGO_RESULTS = {"won": True, "lost": False}


def chicago_call(sent: str) -> tuple[str, bool] | None:
    """Who called Chicago and whether they won it, as a Chicago button sends it
    ("won:Ann", "lost:Ann"); None for anything else."""
    result, colon, name = sent.partition(":")
    if not (colon and name and result in CHICAGO_RESULTS):
        return None
    return name, CHICAGO_RESULTS[result]


class EntryForm(TranslatedForm):
    """One step of a round, sent by the button the scorekeeper tapped."""

    round = WholeNumberField(
        widget=HiddenInput(),
        validators=[InputRequired(ROUND_UNSAID), AtLeast(1, ROUND_UNSAID)],
        unreadable=ROUND_UNSAID,
    )
    step = HiddenField()
    winner = StringField()
    hand = StringField()
    outcome = StringField()
    last_trick = StringField()
    last_trick_deuce = StringField()
    chicago = StringField()
    cards = StringField()
    # The page's key for its tap (view.next_step_card), which the entry is recorded under.
    tap = HiddenField()

    ERROR_FIELDS = {
        "winner": "winner",
        "hand": "hand",
        "outcome": "hand",
        "last_trick": "last_trick",
        "with_deuce": "last_trick",
        "chicago": "chicago",
        "chicago_won": "chicago",
        "cards": "hand",
    }

    def validate_tap(self, field: HiddenField) -> None:
        if field.data and not is_idempotency_key(field.data):
            raise ValidationError(
                gettext(
                    "The page sent a key for this tap that it never gives, so nothing was "
                    "recorded. Reload the scoreboard and tap again."
                )
            )

    def validate_step(self, field: HiddenField) -> None:
        if field.data not in STEP_NAMES:
            raise ValidationError(str(STEP_UNSAID))

    def validate_chicago(self, field: StringField) -> None:
        if field.data and chicago_call(field.data) is None:
            raise ValidationError(str(CHICAGO_UNSAID))

    def tap_key(self) -> str | None:
        """The key the page gave this tap, if it gave one."""
        return self.tap.data or None

    def validate_hand(self, field: StringField) -> None:
        if len(self._answers()) > 1:
            raise ValidationError(str(ANSWER_UNSAID))
        if field.data and not self.winner.data:
            raise ValidationError(str(CHOOSE_THE_WINNER))

    def validate_outcome(self, field: StringField) -> None:
        if field.data and field.data not in BUTTON_OUTCOMES:
            raise ValidationError(str(ANSWER_UNSAID))

    def validate_winner(self, field: StringField) -> None:
        # Enter in a player's radio sends the form by its first button, which the step
        # card makes one that sends no answer (step_form.html): the player alone, or,
        # before any player is chosen, nothing at all.
        if field.data and not (self.hand.data or self.outcome.data):
            raise ValidationError(str(CHOOSE_THE_HAND))
        if not field.data and self.step.data in HAND_STEPS and not self._answers():
            raise ValidationError(str(CHOOSE_THE_WINNER))

    def _answers(self) -> list[str]:
        """The buttons' fields this form sends: one, as a tap sends it, or none."""
        return [name for name in BUTTON_FIELDS if self[name].data]

    def entry(self) -> dict[str, object]:
        """The step in the API's JSON form, so pages and API share one path."""
        position = {"round": self.round.data, "step": self.step.data}
        if self.outcome.data:
            return position | {"outcome": self.outcome.data}
        if self.hand.data:
            win = {"outcome": "win", "winner": self.winner.data, "hand": self.hand.data}
            return position | win | ({"cards": self.cards.data} if self.cards.data else {})
        if self.last_trick.data:
            return position | {"last_trick": self.last_trick.data}
        if self.last_trick_deuce.data:
            return position | {"last_trick": self.last_trick_deuce.data, "with_deuce": True}
        if self.chicago.data:
            name, won = chicago_call(self.chicago.data)
            return position | {"chicago": name, "chicago_won": won}
        return position

    def attach(self, error: Refusal) -> None:
        """Show a refusal next to the buttons it concerns."""
        attach_error(self, error, self.ERROR_FIELDS)


UNDO_UNSAID = lazy_gettext(
    "This undo did not say which entry the page showed, so nothing was undone. Reload the "
    "scoreboard and tap Undo again."
)


class AVersion:
    """Refuse with ``message`` a version no page gives (``log_versions.log_version``'s form),
    as one left out is: such a form was changed or made up, and is not told that another
    phone changed the game, which it did not."""

    def __init__(self, message) -> None:
        self.message = message

    def __call__(self, form, field) -> None:
        if log_versions.count_and_rewrites_of(field.data or "") is None:
            raise ValidationError(str(self.message))


class UndoForm(TranslatedForm):
    """Undo the newest entry, guarded by the game's version as the page showed it: an
    undo without it could remove an entry the page never showed (a second tap would, or
    a tap after another phone undid the page's newest entry and recorded another). It
    also tells the same undo sent again from another phone's change
    (games.undo_last_event)."""

    version = HiddenField(validators=[InputRequired(UNDO_UNSAID), AVersion(UNDO_UNSAID)])
