"""The invisible characters that writing needs, and that show in what they draw.

A zero-width joiner is invisible, and so a name may not hide one; but an emoji keyboard
puts one between the two emoji of 👩‍🦰, and Sinhala and Persian keyboards put joiners
between letters whose shape they choose. A variation selector draws the emoji before it
as an emoji (❤️) or as text (♠︎), or an ideograph in one of its registered shapes. These
are the places where such a character belongs: anywhere else it joins or selects
nothing, shows nothing, and could only hide.
"""

import re
import unicodedata
from bisect import bisect_right
from functools import cache

from .data import data_lines
from .invisible import is_variation_selector

ZERO_WIDTH_JOINER = "\u200d"
ZERO_WIDTH_NON_JOINER = "\u200c"
TEXT_PRESENTATION = "\ufe0e"
EMOJI_PRESENTATION = "\ufe0f"
# A keycap emoji (#️⃣, 1️⃣) is its key, a variation selector, and this enclosing frame.
_KEYCAP = "\u20e3"
_KEYS = frozenset("#*0123456789")
_SKIN_TONES = range(0x1F3FB, 0x1F400)
# A region's flag: a black flag, the region's code in tag letters, and a cancel tag. Only
# the regions that Unicode lists a flag emoji for (its RGI sequences), which phones draw
# as their flags: after any other code, as after a made-up one, a phone draws a black flag
# alone, and the tags would tell apart names that look the same.
_FLAGGED_REGIONS = ("gbeng", "gbsct", "gbwls")  # England, Scotland, Wales


def _in_tag_letters(code: str) -> str:
    return "".join(chr(0xE0000 + ord(letter)) for letter in code)


_FLAG_TAGS = re.compile(
    "\U0001f3f4((?:"
    + "|".join(_in_tag_letters(region) for region in _FLAGGED_REGIONS)
    + ")\U000e007f)"
)
# The canonical combining class of a virama, the mark that joins Indic consonants.
_VIRAMA = 9
_ARABIC_BLOCKS = (
    range(0x0600, 0x0700),
    range(0x0750, 0x0780),
    range(0x0870, 0x0900),
    range(0xFB50, 0xFE00),
    range(0xFE70, 0xFF00),
)


def joiners_in_use(text: str) -> frozenset[int]:
    """Where text (a name) holds an invisible character that writing it needs and that
    shows in what it draws, so it is no hiding place:

    - a zero-width joiner between two emoji, which draws them as one (👩 and 🦰 as 👩‍🦰,
      🏳️ and 🌈 as 🏳️‍🌈), as Unicode's emoji ZWJ sequences (UTS #51) have it;
    - the tag letters that name England, Scotland or Wales after a black flag, closed by
      a cancel tag (🏴󠁧󠁢󠁳󠁣󠁴󠁿, Scotland's flag): the only regions whose flags phones draw;
    - a zero-width joiner or non-joiner after a virama, which chooses how Indic letters
      join (Sinhala ශ්‍රී), as internationalised domain names allow them (RFC 5892);
    - a zero-width non-joiner between two Arabic-script letters, which keeps them apart
      as Persian writes them (علی‌رضا);
    - a variation selector that chooses how the character before it is drawn
      (``selects_a_shape``).
    """
    in_use = set()
    for index, character in enumerate(text):
        if character == ZERO_WIDTH_JOINER:
            joins = _emoji_ends_at(text, index - 1) and _is_pictograph(text, index + 1)
            joins = joins or _follows_a_virama(text, index)
        elif character == ZERO_WIDTH_NON_JOINER:
            joins = _is_arabic_letter(text, _letter_at_or_before(text, index - 1))
            joins = joins and _is_arabic_letter(text, _letter_at_or_after(text, index + 1))
            joins = joins or _follows_a_virama(text, index)
        elif is_variation_selector(character):
            joins = selects_a_shape(text, index)
        else:
            continue
        if joins:
            in_use.add(index)
    for flag in _FLAG_TAGS.finditer(text):
        in_use.update(range(*flag.span(1)))
    return frozenset(in_use)


def selects_a_shape(text: str, index: int) -> bool:
    """Whether the variation selector at text[index] chooses how the character before it
    is drawn, as far as the data kept here can tell:

    - text or emoji style (VS15, VS16) after a pictograph, the characters emoji are
      drawn from (♠︎, ❤️), or between a keycap's key and its frame (#️⃣), as Unicode's
      emoji variation sequences have them (UTS #51);
    - any other (VS1 to VS14, and VS17 to VS256 of the Ideographic Variation Database)
      after a CJK ideograph, whose registered shapes they choose, as a family register
      spells a name (葛 and VS17).

    Every other one selects nothing: after a Latin letter "Ann" with one looks like
    "Ann" without."""
    selector = text[index]
    if selector in (TEXT_PRESENTATION, EMOJI_PRESENTATION):
        if _is_pictograph(text, index - 1):
            return True
        return index > 0 and text[index - 1] in _KEYS and text[index + 1 : index + 2] == _KEYCAP
    return index > 0 and unicodedata.name(text[index - 1], "").startswith("CJK UNIFIED IDEOGRAPH-")


def _follows_a_virama(text: str, index: int) -> bool:
    return index > 0 and unicodedata.combining(text[index - 1]) == _VIRAMA


def _is_pictograph(text: str, index: int) -> bool:
    """Whether text[index] is a character emoji are drawn from (Extended_Pictographic)."""
    if not 0 <= index < len(text):
        return False
    firsts, lasts = _pictographs()
    nearest = bisect_right(firsts, ord(text[index])) - 1
    return nearest >= 0 and ord(text[index]) <= lasts[nearest]


def _emoji_ends_at(text: str, index: int) -> bool:
    """Whether an emoji ends at text[index]: a pictograph, perhaps in emoji style or with a
    skin tone."""
    if 0 <= index < len(text) and (
        text[index] == EMOJI_PRESENTATION or ord(text[index]) in _SKIN_TONES
    ):
        index -= 1
    return _is_pictograph(text, index)


def _letter_at_or_before(text: str, index: int) -> int:
    """Where the nearest character at or before ``index`` that is no mark is (vowel signs
    sit between Arabic letters and a joiner), or -1."""
    while index >= 0 and unicodedata.category(text[index])[0] == "M":
        index -= 1
    return index


def _letter_at_or_after(text: str, index: int) -> int:
    """Where the nearest character at or after ``index`` that is no mark is, or past the end."""
    while index < len(text) and unicodedata.category(text[index])[0] == "M":
        index += 1
    return index


def _is_arabic_letter(text: str, index: int) -> bool:
    return (
        0 <= index < len(text)
        and unicodedata.category(text[index])[0] == "L"
        and any(ord(text[index]) in block for block in _ARABIC_BLOCKS)
    )


@cache
def _pictographs() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The first and the last code points of each range of Unicode's Extended_Pictographic
    (extended_pictographic.txt, in order), read once."""
    ranges = []
    for line in data_lines("extended_pictographic.txt"):
        first, _, last = line.partition("..")
        ranges.append((int(first, 16), int(last or first, 16)))
    firsts, lasts = zip(*ranges, strict=True)
    return firsts, lasts
