"""A name too long for its line wraps onto the next, and every line of it shows.

Each name is clipped a little past its own box, so that marks stacked on its letters
never draw over the row above or below (test_stacked_marks.py). On an inline box split
over two lines that clip kept only the first: "Anna-Karin Lindqvist-" showed, and
"Johansson" did not.
"""

import pytest

from support.seeding import hand_win

SMALL = {"width": 320, "height": 568}  # the smallest phones still in use
NAMES = ["Anna-Karin Lindqvist-Johansson", "Björn Söderberg-Åkesson", "Cecilia Wallenberg"]
PLACES = {
    "a history row": ("/history", ".history-list > li"),
    "the dealer's and leader's line": ("/games/{id}", ".round-info"),
}


def drawn(locator) -> bytes:
    return locator.screenshot(animations="disabled", caret="hide")


@pytest.mark.parametrize("place", PLACES)
def test_a_name_wrapped_onto_a_second_line_shows_whole(new_phone, seed_game, place):
    game = seed_game(NAMES, hand_win(1, "phase1", NAMES[1], "flush"))
    address, selector = PLACES[place]
    phone = new_phone(viewport=SMALL, screen=SMALL)
    phone.open(address.format(id=game.id))
    text = phone.page.locator(selector).first
    line_height = float(text.evaluate("(text) => parseFloat(getComputedStyle(text).lineHeight)"))
    assert text.bounding_box()["height"] > 1.5 * line_height, "the names fit on one line"

    clipped = drawn(text)
    phone.page.add_style_tag(content="bdi { clip-path: none !important; }")

    assert drawn(text) == clipped
