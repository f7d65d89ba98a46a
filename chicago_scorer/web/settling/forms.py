"""The settle pages' form: up to four players' five cards, typed or picked from the grid."""

from collections.abc import Sequence

from wtforms import Field, StringField

from chicago_scorer.rules import MAX_PLAYERS, RuleError, RuleViolation, RuleViolations
from chicago_scorer.rules.errors import quoted, sentence, violations_of
from chicago_scorer.rules.hands.showdown import hand_problems
from chicago_scorer.rules.names import normal_name
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext, lazy_gettext
from chicago_scorer.web.languages.wording import reason
from chicago_scorer.web.summarized_forms import SummarizedForm, name_field, seat_fields


class ShowdownForm(SummarizedForm):
    """Up to four players' five cards, typed or picked from the grid."""

    name_0, name_1, name_2, name_3 = (name_field(f"names-{row}") for row in range(MAX_PLAYERS))
    hand_0, hand_1, hand_2, hand_3 = (
        StringField(lazy_gettext("Cards"), name=f"hands-{row}") for row in range(MAX_PLAYERS)
    )

    @property
    def names(self) -> list[Field]:
        """The name boxes, for the standalone settler."""
        return seat_fields(self, "name")

    @property
    def hands(self) -> list[Field]:
        """The cards boxes, one per seat."""
        return seat_fields(self, "hand")

    def places(self) -> list[tuple[str, Field]]:
        """Each box with its id, in page order: a row's name, then its cards."""
        rows = zip(self.names, self.hands, strict=True)
        return [(box.id, box) for row in rows for box in row]

    def name_of(self, row: int, fixed_names: Sequence[str] | None = None) -> str:
        """The player on a row: the game's name, the one typed, or 'Player N' in the page's
        language, as its box's placeholder says."""
        if fixed_names is not None:
            return fixed_names[row]
        typed = (self.names[row].data or "").strip()
        return typed or gettext("Player %(number)s", number=format_number(row + 1))

    def named(self, fixed_names: Sequence[str] | None = None) -> list[str]:
        """Whom a refusal may name: the game's players, or each name typed, as this form
        spells it (``name_of``) and as the rules do."""
        if fixed_names is not None:
            return list(fixed_names)
        typed = [(box.data or "").strip() for box in self.names]
        return [spelling for name in typed if name for spelling in (name, normal_name(name))]

    def showdown(self, fixed_names: Sequence[str] | None = None) -> dict[str, str]:
        """The rows that hold cards, as a name-to-cards mapping; refuses a name typed twice,
        which the mapping cannot hold. (Names that differ yet are one name, or look alike,
        are the rules' to refuse, as the API's are.)

        A refusal of a name typed twice also carries every problem with the other hands,
        so that one answer shows all there is to mend.
        """
        rows = len(fixed_names) if fixed_names is not None else MAX_PLAYERS
        hands: dict[str, str] = {}
        clashes: list[RuleViolation] = []
        for row in range(rows):
            cards = (self.hands[row].data or "").strip()
            if not cards:
                continue
            name = self.name_of(row, fixed_names)
            if name in hands:
                clashes.append(
                    RuleViolation(
                        sentence("Two hands are called %(name)s: rename one.", name=quoted(name)),
                        f"names.{row}",
                    )
                )
                continue
            hands[name] = cards
        if clashes:
            raise RuleViolations([*clashes, *hand_problems(hands)])
        return hands

    def attach(self, error: RuleError, fixed_names: Sequence[str] | None = None) -> None:
        """Show each problem of a refusal next to the hand it concerns, or above the form."""
        for problem in violations_of(error):
            self._attach_one(problem, fixed_names)

    def _attach_one(self, error: RuleError, fixed_names: Sequence[str] | None) -> None:
        where = error.field or ""
        if where.startswith("names."):
            row = int(where.removeprefix("names."))
            self.names[row].errors = [*self.names[row].errors, reason(error)]
            return
        if where.startswith("hands."):
            rows = len(fixed_names) if fixed_names is not None else MAX_PLAYERS
            wanted = where.removeprefix("hands.")
            for row in range(rows):
                holds_cards = bool((self.hands[row].data or "").strip())
                if holds_cards and self.name_of(row, fixed_names) == wanted:
                    self.hands[row].errors = [*self.hands[row].errors, reason(error)]
                    return
        self.form_errors.append(reason(error))
