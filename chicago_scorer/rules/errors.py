"""Domain errors: each carries one sentence a person at the table can act on.

A sentence is kept as its English template with named values (``%(name)s``), so that
the shell can show it in the reader's language; ``str()`` gives the English.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .unicode.invisible import is_invisible
from .unicode.joiners import joiners_in_use


def names_in_words(names: tuple[str, ...]) -> str:
    """Names as an English list: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True)
class Message:
    """An English template with named values.

    A value may itself be a ``Message``, or a tuple of names that reads as a list.
    """

    template: str
    values: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None

    @property
    def english_template(self) -> str:
        """The template English uses: the plural one unless ``count`` is 1."""
        if self.plural is None or self.values["count"] == 1:
            return self.template
        return self.plural

    def __str__(self) -> str:
        if not self.values:
            return self.template
        values = {name: _english(value) for name, value in self.values.items()}
        return self.english_template % values


def _english(value: object) -> str:
    if isinstance(value, tuple):
        return names_in_words(tuple(str(item) for item in value))
    if is_number(value):
        return cut_short(str(value))
    return str(value)


# A refusal repeats at most this much of what was sent: enough to recognise it, and
# never a whole file, nor more than a session cookie holds.
QUOTED_CHARACTERS = 40


def quoted(value: object) -> str:
    """Something a person sent, as a refusal repeats it: as Python writes it (text in
    quotes, with control, invisible and unpaired characters escaped, but for the joiners
    and variation selectors that an emoji or a script is written with), cut short.

    Python leaves some invisible characters as they are (a variation selector, a Hangul
    filler): they are escaped too, or "'Ann' and 'Ann'" could name two different names."""
    if isinstance(value, str):
        cut = len(value) > QUOTED_CHARACTERS
        return _as_python_writes(value[:QUOTED_CHARACTERS]) + ("…" if cut else "")
    return cut_short(repr(value))


def cut_short(written: str) -> str:
    """A value as a message writes it, cut after ``QUOTED_CHARACTERS`` characters: a
    round or entry number sent with thousands of digits is repeated only so far."""
    if len(written) > QUOTED_CHARACTERS:
        return written[:QUOTED_CHARACTERS] + "…"
    return written


class Digits(str):
    """A number that names something, such as a game: a message writes it in the reader's
    digits but, as its address does, without a thousands separator."""


def is_number(value: object) -> bool:
    """Whether a message's value is a whole number, which each language writes its way."""
    return isinstance(value, int) and not isinstance(value, bool)


def _as_python_writes(text: str) -> str:
    """``repr(text)``, except that a joiner in use (unicode/joiners.py) stays as it is: "👩‍🦰",
    not "👩\\u200d🦰"; and that every other invisible character is escaped, as ``repr``
    escapes a format character: "Ann\\ufe0e", not "Ann︎"."""
    kept = joiners_in_use(text)
    if not kept and not any(map(is_invisible, text)):
        return repr(text)
    quote = '"' if "'" in text and '"' not in text else "'"
    written = "".join(
        character if index in kept else _escaped(character, quote)
        for index, character in enumerate(text)
    )
    return f"{quote}{written}{quote}"


def _escaped(character: str, quote: str) -> str:
    """One character as ``repr`` writes it inside ``quote``s."""
    if character in ("\\", quote):
        return "\\" + character
    if is_invisible(character):  # as repr writes a character it does not print
        return character.encode("unicode_escape").decode("ascii")
    return repr(character)[1:-1]


def sentence(template: str, **values: object) -> Message:
    """A message for a person, marked for the translation catalogs."""
    return Message(template, values)


def counted(singular: str, plural: str, count: int, **values: object) -> Message:
    """A message whose wording depends on ``count``, which it shows as ``%(count)s``."""
    return Message(singular, {"count": count, **values}, plural)


class Refusal(Exception):
    """Something turned down, with a message a person can act on; ``str()`` is English.

    The rules' errors are refusals, and so are the app's own (an unknown game, a wrong
    key), so that one translation serves them all.
    """

    def __init__(self, message: Message | str) -> None:
        self.text = message if isinstance(message, Message) else Message(message)
        self.message = str(self.text)
        super().__init__(self.message)

    @property
    def texts(self) -> tuple[Message, ...]:
        """Each sentence of the refusal, in order; one unless several problems were found."""
        return (self.text,)


class RuleError(Refusal):
    """Base for every refusal by the rules; ``field`` names the input at fault.

    ``text`` is what the table is told, which may end with what to do about it there
    ("refresh to see the game"); ``rule`` is the rule broken alone, for a reader who is
    not at the table, such as an import naming an entry of its file. Without a ``rule``
    of its own, a refusal's text is its rule.
    """

    def __init__(
        self, message: Message | str, field: str | None = None, *, rule: Message | None = None
    ) -> None:
        super().__init__(message)
        self.field = field
        self.rule = self.text if rule is None else rule


class RuleViolation(RuleError):
    """The entry breaks a rule or carries a bad value; nothing was recorded."""


class OutOfTurn(RuleError):
    """The entry is for a step other than the next one, or the game is over."""


class RuleViolations(RuleViolation):
    """Several violations found at once, each keeping its own field; the first one leads.

    An entry with many faults is refused once with all of them, so that a person can
    mend every field in one go instead of learning of the faults one at a time.
    """

    def __init__(self, violations: Sequence[RuleViolation]) -> None:
        if not violations:
            raise ValueError("a refusal needs at least one violation")
        first = violations[0]
        super().__init__(first.text, first.field)
        self.violations = tuple(violations)
        self.message = " ".join(violation.message for violation in self.violations)
        self.args = (self.message,)

    @property
    def texts(self) -> tuple[Message, ...]:
        """Each violation's sentence, in the order they were found."""
        return tuple(violation.text for violation in self.violations)


def violations_of(fault: Refusal) -> tuple[Refusal, ...]:
    """Each fault a refusal holds: its own, or every one of several found at once."""
    return fault.violations if isinstance(fault, RuleViolations) else (fault,)


def all_of(faults: Sequence[RuleViolation]) -> RuleViolation:
    """One refusal for the faults found: the one itself, or all of several together."""
    found = [violation for fault in faults for violation in violations_of(fault)]
    return found[0] if len(found) == 1 else RuleViolations(found)
