"""Which characters show nothing: format characters, fillers, blanks that are no spaces,
and variation selectors. A name may hold one only where writing needs it (joiners.py),
and a refusal that repeats what was sent shows each of the others by its code point."""

import unicodedata

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), the variation
# selectors included; and the braille blank, a character that shows nothing yet is no space.
_INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# They choose how the emoji or the ideograph before them is drawn, and draw nothing alone.
VARIATION_SELECTORS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))


def in_ranges(character: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    """Whether a character's code point lies in one of the ranges (first, last)."""
    code = ord(character)
    return any(first <= code <= last for first, last in ranges)


def is_invisible(character: str) -> bool:
    """Whether a character shows nothing and is no space: a format character (which may
    also turn text around), a filler, a blank, or a variation selector."""
    return unicodedata.category(character) == "Cf" or in_ranges(character, _INVISIBLE_RANGES)


def is_variation_selector(character: str) -> bool:
    """Whether a character chooses how the one before it is drawn (VS1 to VS256)."""
    return in_ranges(character, VARIATION_SELECTORS)
