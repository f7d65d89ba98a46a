"""What a player's name may hold, its one spelling, and when two names are one.

A name is kept in Unicode's composed form (NFC), so that "Åsa" typed as one character
or as an A and a ring is one name, one player. It must show something, and show the
same thing everywhere: no invisible characters (format characters, fillers, blanks
that are not spaces), which could hide in it or turn the text around it backwards, no
private-use characters or noncharacters, which each phone draws its own way or not at
all, and no tower of combining marks that would draw over the rows around it. The one exception
is an invisible character that the text needs to be written and that shows in what it
draws: the joiner inside an emoji like 👩‍🦰, the tags of a flag like 🏴󠁧󠁢󠁳󠁣󠁴󠁿, the
joiners that Indic and Persian writing place between letters, and the variation selector
that draws an emoji or an ideograph before it in one of its styles (❤️).

Two names of a game are the same name when they fold to the same key (joiners and
variation selectors dropped, compatibility forms and case folded, spaces squeezed), the
key that finds a player across games too, and they look alike when their skeletons
(Unicode TR39, from the confusables data kept beside this module) are the same, as
Latin "Ann" and Cyrillic "Аnn" are. Across games, a player is shown as most of their
games spell the name (``shown_spelling``).
"""

import unicodedata
from collections.abc import Iterable
from functools import cache

from .errors import Message, counted, quoted, sentence
from .unicode.data import data_lines
from .unicode.invisible import VARIATION_SELECTORS, is_invisible, is_variation_selector
from .unicode.joiners import ZERO_WIDTH_JOINER, ZERO_WIDTH_NON_JOINER, joiners_in_use

MAX_NAME_LENGTH = 40

# At most this many combining marks on one character: enough for Vietnamese, Hebrew
# with its points, or Thai and Devanagari vowel signs, and too few to draw over a line.
MAX_MARKS_PER_CHARACTER = 3

# Control characters, unpaired surrogates and line or paragraph separators.
_BREAKING = frozenset({"Cc", "Cs", "Zl", "Zp"})

# What a name's key drops: the joiners, and the variation selectors (all of them).
_DROPPED = {ord(ZERO_WIDTH_JOINER): None, ord(ZERO_WIDTH_NON_JOINER): None} | {
    code: None for first, last in VARIATION_SELECTORS for code in range(first, last + 1)
}


def breaks_text(character: str) -> bool:
    """Whether a character is a control character, an unpaired surrogate or a line or
    paragraph separator: text that shows it breaks, and no name may hold one."""
    return unicodedata.category(character) in _BREAKING


def is_visible(character: str) -> bool:
    """Whether a character draws something by itself: a letter, digit, punctuation or
    symbol that is not one of the blanks."""
    return unicodedata.category(character)[0] in "LNPS" and not is_invisible(character)


def normal_name(name: str) -> str:
    """A name in its one stored spelling: composed (NFC), without spaces around it."""
    return unicodedata.normalize("NFC", name).strip()


def code_point(character: str) -> str:
    """A character as people look it up: U+200B."""
    return f"U+{ord(character):04X}"


def named_code_point(character: str) -> str:
    """A character as people look it up, with its Unicode name where it has one:
    "U+2028 LINE SEPARATOR", but "U+0007", since control characters have none."""
    name = unicodedata.name(character, "")
    return f"{code_point(character)} {name}" if name else code_point(character)


def name_fault(number: int, name: str) -> Message | None:
    """Why a name (already in its stored spelling) cannot be a new player's, or None if
    it can: what no game could ever have stored (``unstorable_name_fault``), or what the
    rules of how a name looks refuse; ``number`` is the player's, from 1."""
    fault = unstorable_name_fault(number, name)
    return fault if fault is not None else _look_fault(number, name)


def unstorable_name_fault(number: int, name: str) -> Message | None:
    """Why no game could ever have stored a name (already in its stored spelling), or
    None if one could: a control character, a line break or an unpaired surrogate, which
    break any text that shows them, or more than ``MAX_NAME_LENGTH`` characters (what
    a player's name column holds). Names have been held to these from the app's first
    days; the rules of how a name looks came later, so a stored game may hold a name that
    only they refuse, and keeps it."""
    for character in name:
        if unicodedata.category(character) == "Cs":
            return sentence(
                "Player %(number)s's name has %(code)s, half of a character whose other "
                "half is missing (an unpaired surrogate); type the name again.",
                number=number,
                code=code_point(character),
            )
        if breaks_text(character):
            return sentence(
                "Player %(number)s's name has a control character or line break "
                "(%(character)s); type it again with letters, digits and spaces.",
                number=number,
                character=named_code_point(character),
            )
    if len(name) > MAX_NAME_LENGTH:
        return sentence(
            "The name %(name)s… has %(length)s characters; keep it to %(limit)s.",
            name=name[:20],
            length=len(name),
            limit=MAX_NAME_LENGTH,
        )
    return None


def drawn_its_own_way(character: str) -> bool:
    """Whether each phone draws a character its own way, or not at all: one that Unicode
    leaves to each maker (private use, where one phone has a logo and the next a box) or
    never gives (a noncharacter, such as U+FFFF). A code point that Unicode has not yet
    given is not one of them: it may be an emoji newer than this Python's tables."""
    code = ord(character)
    return (
        unicodedata.category(character) == "Co"
        or 0xFDD0 <= code <= 0xFDEF
        or code & 0xFFFE == 0xFFFE
    )


def _look_fault(number: int, name: str) -> Message | None:
    """Why a name would not show what it says: an invisible character (but for a joiner
    its script or emoji needs), one each phone draws its own way, nothing to show, or a
    tower of marks on one letter."""
    joiners: frozenset[int] | None = None
    for index, character in enumerate(name):
        if drawn_its_own_way(character):
            return sentence(
                "Player %(number)s's name has a character that each phone draws its own "
                "way, or not at all (%(code)s); type it again without it.",
                number=number,
                code=code_point(character),
            )
        if is_invisible(character):
            if joiners is None:  # looked for only once a name holds an invisible character
                joiners = joiners_in_use(name)
            if index not in joiners:
                return sentence(
                    "Player %(number)s's name has an invisible character (%(code)s); "
                    "type it again without it.",
                    number=number,
                    code=code_point(character),
                )
    if not any(is_visible(character) for character in name):
        return sentence(
            "Player %(number)s's name shows nothing: type one with letters or digits.",
            number=number,
        )
    marks = longest_run_of_marks(name)
    if marks > MAX_MARKS_PER_CHARACTER:
        return counted(
            "Player %(number)s's name has %(count)s mark stacked on one letter; "
            "keep it to %(limit)s.",
            "Player %(number)s's name has %(count)s marks stacked on one letter; "
            "keep it to %(limit)s.",
            marks,
            number=number,
            limit=MAX_MARKS_PER_CHARACTER,
        )
    return None


def longest_run_of_marks(name: str) -> int:
    """The most combining marks (accents, vowel signs) drawn on one letter anywhere in the
    name: counted decomposed (NFD), so that a letter that holds a mark itself, as "Ä"
    does, counts it with those typed after it."""
    longest = run = 0
    for character in unicodedata.normalize("NFD", name):
        if unicodedata.category(character)[0] == "M" and not is_variation_selector(character):
            run += 1
            longest = max(longest, run)
        else:
            run = 0
    return longest


def same_name_key(name: str) -> str:
    """The form two names share when they are one name: joiners and variation selectors
    dropped, compatibility forms folded (fullwidth letters, ligatures), case folded, and
    spaces squeezed to one.

    A joiner or a variation selector chooses how letters are drawn, not which name they
    spell, and keyboards differ in typing one: Persian "علی‌رضا" with a half-space is
    "علیرضا" without, and a heart in emoji style "❤️ Ann" is "❤ Ann" in text style."""
    unjoined = name.translate(_DROPPED)
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", unjoined).casefold())
    return " ".join(folded.split())


def shown_spelling(spellings: Iterable[tuple[str, int, int]]) -> str:
    """The spelling one player (one name's key) is shown under, across games, of their
    spellings each with how many games use it and the newest of them (a game's number,
    which grows): the one most games use, and of two used as often, the newer. So "ANN"
    typed for one game does not rename Ann in all of hers."""
    spelling, _, _ = max(spellings, key=lambda spelled: (spelled[1], spelled[2]))
    return spelling


def names_clash(earlier: str, name: str) -> Message | None:
    """Why two names cannot be two players at one table (they are one name, or they look
    alike), naming both, or None if they can."""
    if same_name_key(earlier) == same_name_key(name):
        return sentence(
            "%(first)s and %(second)s are the same name; give each player a different one.",
            first=quoted(earlier),
            second=quoted(name),
        )
    if look_alike_keys(earlier) & look_alike_keys(name):
        return sentence(
            "%(first)s and %(second)s look alike; give each player a name that looks different.",
            first=quoted(earlier),
            second=quoted(name),
        )
    return None


def clash_keys(name: str) -> frozenset[tuple[str, str]]:
    """What two names that clash (``names_clash``) share: the same name's key, or one of
    the skeletons they look like. Kept for each name, they find its clash with any of
    many names at once, where asking each pair would take as long as the pairs."""
    looks = {("looks like", key) for key in look_alike_keys(name)}
    return frozenset({("is", same_name_key(name)), *looks})


def look_alike_keys(name: str) -> frozenset[str]:
    """The skeletons a name is compared by, of its letters as typed and case folded: two
    names that share one look alike (Latin "Ann" and Cyrillic "Аnn", "AI" and "Al")."""
    folded = same_name_key(name)
    return frozenset(
        " ".join(skeleton(form).casefold().split())
        for form in (unicodedata.normalize("NFKC", name), folded)
    )


def skeleton(text: str) -> str:
    """Unicode TR39's skeleton: decomposed, without default-ignorable characters, each
    character replaced by its prototype, and decomposed again."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(
        prototypes.get(character, character)
        for character in decomposed
        if not is_invisible(character)
    )
    return unicodedata.normalize("NFD", mapped)


@cache
def _prototypes() -> dict[str, str]:
    """Unicode's confusables data (UTS #39, confusables.txt), read once when first needed."""
    prototypes = {}
    for line in data_lines("confusables.txt"):
        source, target = line.split(";")
        prototypes[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target.split())
    return prototypes
