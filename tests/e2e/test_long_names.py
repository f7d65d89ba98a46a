"""A name too long for its line wraps onto the next, every line of it shows, and the
score beside it stays whole and on the name's last line.

Each name is clipped a little past its own box, so that marks stacked on its letters
never draw over the row above or below (test_stacked_marks.py). On an inline box split
over two lines that clip kept only the first: "Anna-Karin Lindqvist-" showed, and
"Johansson" did not.
"""

import pytest
from playwright.sync_api import expect

from support.seeding import hand_win, last_trick_to

SMALL = {"width": 320, "height": 568}  # the smallest phones still in use
NAMES = ["Anna-Karin Lindqvist-Johansson", "Björn Söderberg-Åkesson", "Cecilia Wallenberg"]
# What is clipped: each name, and in a list of games each name with its score.
CLIPPED = "bdi, .name-phrase"
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
    phone.page.add_style_tag(content=f"{CLIPPED} {{ clip-path: none !important; }}")

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


# Each line of a game's players: where it is, and what follows each name in it.
DOTS = ["\u00a0·", "\u00a0·", "\u00a0·", ""]
SCORES_AND_DOTS = ["\u00a00\u00a0·", "\u00a05\u00a0·", "\u00a00\u00a0·", "\u00a00"]
PLAYERS_LINES = {
    "the recent games": ("/", ".game-players", SCORES_AND_DOTS),
    "the history": ("/history", ".game-players", SCORES_AND_DOTS),
    "the scoreboard's heading": ("/games/{id}", ".game-title", DOTS),
    "the review's heading": ("/games/{id}/review", "h1", DOTS),
}
# Where what follows each name in a line of players (its score, and the dot before the
# next name) is drawn, beside where the last line of that name is.
AFTER_EACH_NAME = """(line) => [...line.querySelectorAll(".name-phrase")].map((box) => {
  const name = box.querySelector("bdi").getClientRects();
  const after = document.createRange();
  after.setStartAfter(box.querySelector("bdi"));
  after.setEnd(box, box.childNodes.length);
  return {
    text: after.toString(),
    name_line: [name[name.length - 1].top, name[name.length - 1].bottom],
    drawn: [...after.getClientRects()].map((part) => [part.top, part.bottom]),
  };
})"""


@pytest.mark.parametrize("place", PLAYERS_LINES)
def test_in_a_line_of_players_what_follows_a_name_stays_on_its_last_line(
    new_phone, seed_game, place
):
    game = seed_game([*NAMES, "Di"], hand_win(1, "phase1", NAMES[1], "flush"))
    address, selector, expected = PLAYERS_LINES[place]
    phone = new_phone(viewport=SMALL, screen=SMALL)
    phone.open(address.format(id=game.id))
    line = phone.page.locator(selector).first
    line_height = float(line.evaluate("(line) => parseFloat(getComputedStyle(line).lineHeight)"))
    assert line.bounding_box()["height"] > 3.5 * line_height, "the names fit on fewer lines"

    after_each_name = line.evaluate(AFTER_EACH_NAME)

    assert [after["text"] for after in after_each_name] == expected
    for after in (after for after in after_each_name if after["text"]):
        (top, bottom), drawn = after["name_line"], after["drawn"]
        assert len(drawn) == 1, f"{after['text']!r} is split over lines"
        assert top <= (drawn[0][0] + drawn[0][1]) / 2 <= bottom, "not on the name's last line"


# Every name set in a flex or grid box beside loose words: that box would lay the name and
# each run of words out as boxes side by side, and break the words letter by letter
# ("Re / cor / d:") beside a long name.
NAMES_BESIDE_LOOSE_WORDS = """() => [...document.querySelectorAll("bdi")].filter((bdi) => {
  const box = bdi.parentElement;
  if (!/flex|grid/.test(getComputedStyle(box).display)) return false;
  return [...box.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim());
}).map((bdi) => bdi.parentElement.outerHTML.slice(0, 120))"""


def test_no_name_sits_in_a_flex_box_beside_loose_words(new_phone, seed_game, sample_pages):
    game = seed_game(NAMES[:2])
    phone = new_phone(viewport=SMALL, screen=SMALL)
    phone.open(game.keep_score_path)
    phone.open(f"{game.path}/settle")
    hands = phone.page.locator("[data-hand-input]")
    hands.nth(0).fill("As Ks Qs Js 9s")
    hands.nth(1).fill("2h 3d 5c 7h 9d")
    phone.page.get_by_role("button", name="Who wins?").click()
    expect(phone.page.locator("button[name=hand]")).to_contain_text(f"Record: {NAMES[0]}")
    hands = phone.page.locator(".verdict-hands").evaluate(AFTER_EACH_NAME)
    assert [after["text"] for after in hands] == [": flush", ": high card"]
    for after in hands:  # the colon after a long name stays on its last line
        (top, bottom), drawn = after["name_line"], after["drawn"]
        assert len(drawn) == 1, f"{after['text']!r} is split over lines"
        assert top <= (drawn[0][0] + drawn[0][1]) / 2 <= bottom, "not on the name's last line"
    found = {"the settle verdict": phone.page.evaluate(NAMES_BESIDE_LOOSE_WORDS)}
    phone.open(f"/players/{NAMES[0]}")
    found["a long-named player's page"] = phone.page.evaluate(NAMES_BESIDE_LOOSE_WORDS)
    for sample in sample_pages:
        sample.open_on(phone)
        found[sample.name] = phone.page.evaluate(NAMES_BESIDE_LOOSE_WORDS)

    assert {page: boxes for page, boxes in found.items() if boxes} == {}
