"""A name too long for its line wraps onto the next, every line of it shows, and the
score beside it stays whole.

Each name is clipped a little past its own box, so that marks stacked on its letters
never draw over the row above or below (test_stacked_marks.py). On an inline box split
over two lines that clip kept only the first: "Anna-Karin Lindqvist-" showed, and
"Johansson" did not.
"""

import pytest

from support.seeding import hand_win, last_trick_to

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


def test_a_score_beside_a_long_name_in_the_charts_legend_keeps_its_digits_together(
    new_phone, seed_game
):
    straight_flush = [
        hand_win(1, step, NAMES[0], "straight_flush") for step in ("phase1", "phase2")
    ]
    game = seed_game(NAMES, *straight_flush, last_trick_to(1, NAMES[0]))
    phone = new_phone(viewport=SMALL, screen=SMALL)
    phone.open(f"/games/{game.id}")
    legend = phone.page.locator(".chart-legend li").filter(has_text=NAMES[0])
    score = legend.locator("strong")
    line_height = float(
        score.evaluate("(score) => parseFloat(getComputedStyle(score).lineHeight)")
    )

    assert score.inner_text() == "21"
    assert legend.bounding_box()["height"] > 1.5 * line_height, "the name fits on one line"
    assert score.bounding_box()["height"] < 1.5 * line_height
