"""A name too long for its line wraps onto the next, every line of it shows, and the
score beside it stays whole and on the name's last line.

Each name is clipped a little past its own box, so that marks stacked on its letters
never draw over the row above or below (test_stacked_marks.py). On an inline box split
over two lines that clip kept only the first: "Anna-Karin Lindqvist-" showed, and
"Johansson" did not.
"""

import pytest
from playwright.sync_api import expect

from support.seeding import hand_win, last_trick_to, no_hand

pytestmark = pytest.mark.sqlite_only  # where names lie on the screen: the same on any database

SMALL = {"width": 320, "height": 568}  # the smallest phones still in use
NAMES = ["Anna-Karin Lindqvist-Johansson", "Björn Söderberg-Åkesson", "Cecilia Wallenberg"]
LONGEST = "Anna-Karin Lindqvist-Johansson-Ekenstam"  # 39 of the 40 letters a name may have
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


def test_the_scoreboards_line_of_players_cuts_each_name_to_one_line_beside_its_dot(
    new_phone, seed_game
):
    # Above a watcher's score cards, which show each name again, four long names would
    # take four lines of the first screen: each is cut short instead, two to a line.
    players = [*NAMES, "Di"]
    game = seed_game(players, hand_win(1, "phase1", NAMES[1], "flush"))
    phone = new_phone(viewport=SMALL, screen=SMALL)
    phone.open(f"/games/{game.id}")
    line = phone.page.locator(".game-title")
    line_height = float(line.evaluate("(line) => parseFloat(getComputedStyle(line).lineHeight)"))
    names = line.locator("bdi")
    lines_of_each = names.evaluate_all(
        "(names) => names.map((name) => name.getClientRects().length)"
    )

    assert lines_of_each == [1] * len(players)
    assert names.first.evaluate("(name) => name.scrollWidth > name.clientWidth"), "not cut"
    assert line.bounding_box()["height"] < 2.5 * line_height
    assert names.all_text_contents() == players  # read whole by a screen reader
    after_each_name = line.evaluate(AFTER_EACH_NAME)
    assert [after["text"] for after in after_each_name] == DOTS
    for after in (after for after in after_each_name if after["text"]):
        (top, bottom), drawn = after["name_line"], after["drawn"]
        assert len(drawn) == 1 and top <= (drawn[0][0] + drawn[0][1]) / 2 <= bottom


# Sentences about a long-named player, where they are on which page.
SENTENCES = {
    "the winner's banner": ("{won}", ".banner.winner"),
    "the dealer's and leader's line": ("{playing}", ".round-info"),
    "the review's first line": ("{won_by_longest}/review", "main .hint"),
    "a row of the recent games": ("/", ".game-meta"),
    "a row of the history": ("/history", ".game-meta"),
    "the count of one player's games": (f"/history?player={LONGEST}", "#game-count"),
}
# For each name in a sentence, the word just before it and the word just after it: where
# each is drawn, and how much room is left beside the name's first or last line were it
# set there with its space. A word may go to another line only when it does not fit.
WORDS_BESIDE_NAMES = """(text) => [...text.querySelectorAll("bdi")].map((bdi) => {
  const lines = bdi.getClientRects();
  const [first, last] = [lines[0], lines[lines.length - 1]];
  let box = bdi.parentElement;
  while (getComputedStyle(box).display === "inline") box = box.parentElement;
  const style = getComputedStyle(box);
  const right = box.getBoundingClientRect().right - parseFloat(style.paddingRight)
    - parseFloat(style.borderRightWidth);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = getComputedStyle(bdi).font;
  const middle = (node, start) => {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + 1);
    const drawn = range.getBoundingClientRect();
    return (drawn.top + drawn.bottom) / 2;
  };
  const firstWord = (text) => text.match(/^\\s*[^\\s-]*-?/)[0];
  const words = [];
  const after = bdi.nextSibling;
  if (after && after.nodeType === 3 && /\\S/.test(after.textContent)) {
    words.push({side: "after", line: [last.top, last.bottom],
      middle: middle(after, after.textContent.search(/\\S/)),
      room: right - last.right - pen.measureText(firstWord(after.textContent)).width});
  }
  const before = bdi.previousSibling;
  if (before && before.nodeType === 3 && /\\S/.test(before.textContent)) {
    const end = before.textContent.trimEnd().length;
    const letter = document.createRange();
    letter.setStart(before, end - 1);
    letter.setEnd(before, end);
    const space = before.textContent.slice(end);
    words.push({side: "before", line: [first.top, first.bottom], middle: middle(before, end - 1),
      room: right - letter.getBoundingClientRect().right
        - pen.measureText(space + firstWord(bdi.textContent)).width});
  }
  return {name: bdi.textContent, words};
})"""
CLEARLY = 2  # px: a word is checked where it fits beside the name by more than this


def long_named_games(seed_game) -> dict[str, str]:
    """A game at its tricks step, one that a long name has won and, newest, one that the
    longest has won."""

    def won_by(winner: str) -> str:
        return seed_game(
            [winner, *NAMES[1:]],
            hand_win(1, "phase1", winner, "royal_flush"),
            no_hand(1, "phase2"),
            last_trick_to(1, NAMES[1]),
            no_hand(1, "phase3"),
        ).path

    playing = seed_game(NAMES, hand_win(1, "phase1", NAMES[1], "flush"), no_hand(1, "phase2"))
    return {"playing": playing.path, "won": won_by(NAMES[0]), "won_by_longest": won_by(LONGEST)}


def assert_words_stay_beside_names(text) -> None:
    """The word before each name ends on the name's first line, the one after it starts on
    its last, wherever it fits there: a long name never leaves "Round 1 ·" or "won" on a
    line of its own."""
    line_height = float(text.evaluate("(text) => parseFloat(getComputedStyle(text).lineHeight)"))
    assert text.bounding_box()["height"] > 1.5 * line_height, "the sentence fits on one line"
    names = text.evaluate(WORDS_BESIDE_NAMES)
    words = [
        (name["name"], word) for name in names for word in name["words"] if word["room"] > CLEARLY
    ]
    assert words, "no word beside a name fits on the name's line"
    for name, word in words:
        top, bottom = word["line"]
        where = f"the word {word['side']} {name!r}"
        assert top <= word["middle"] <= bottom, f"{where} is on another line"


@pytest.mark.parametrize("place", SENTENCES)
def test_in_a_sentence_the_words_beside_a_long_name_stay_on_its_lines(new_phone, seed_game, place):
    games = long_named_games(seed_game)
    address, selector = SENTENCES[place]
    phone = new_phone(viewport=SMALL, screen=SMALL)
    phone.open(address.format(**games))

    assert_words_stay_beside_names(phone.page.locator(selector).first)


def settle_a_flush_against_nothing(phone, game) -> None:
    """Settle a showdown in ``game``, its first player's flush against high card."""
    phone.open(game.keep_score_path)
    phone.open(f"{game.path}/settle")
    hands = phone.page.locator("[data-hand-input]")
    hands.nth(0).fill("As Ks Qs Js 9s")
    hands.nth(1).fill("2h 3d 5c 7h 9d")
    phone.page.get_by_role("button", name="Who wins?").click()
    expect(phone.page.locator("button[name=hand]")).to_be_visible()


def test_the_settle_verdicts_heading_keeps_its_words_beside_a_long_name(new_phone, seed_game):
    phone = new_phone(viewport=SMALL, screen=SMALL)
    settle_a_flush_against_nothing(phone, seed_game([NAMES[1], NAMES[0]]))

    assert_words_stay_beside_names(phone.page.locator("#verdict-title"))


# Every name set in a flex or grid box beside loose words: that box would lay the name and
# each run of words out as boxes side by side, and break the words letter by letter
# ("Re / cor / d:") beside a long name.
NAMES_BESIDE_LOOSE_WORDS = """() => [...document.querySelectorAll("bdi")].filter((bdi) => {
  const box = bdi.parentElement;
  if (!/flex|grid/.test(getComputedStyle(box).display)) return false;
  return [...box.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim());
}).map((bdi) => bdi.parentElement.outerHTML.slice(0, 120))"""


def test_no_name_sits_in_a_flex_box_beside_loose_words(new_phone, seed_game, sample_pages):
    phone = new_phone(viewport=SMALL, screen=SMALL)
    settle_a_flush_against_nothing(phone, seed_game(NAMES[:2]))
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


# The letters of a name drawn inside the box that cuts it short, in the name's own order.
LETTERS_SHOWN = """(name) => {
  const box = name.getBoundingClientRect();
  const text = name.querySelector("bdi").firstChild;
  let shown = "";
  for (let index = 0; index < text.data.length; index++) {
    const letter = document.createRange();
    letter.setStart(text, index);
    letter.setEnd(text, index + 1);
    const drawn = letter.getBoundingClientRect();
    if (drawn.width > 0 && drawn.left >= box.left - 0.5 && drawn.right <= box.right + 0.5) {
      shown += text.data[index];
    }
  }
  return shown;
}"""
CUT_SHORT = ["محمد عبد الرحمن", "שרה לוי החדשה", "Anna-Karin Lindqvist", "Cy"]


def test_a_name_cut_short_keeps_its_first_letters_whichever_way_it_is_written(
    new_phone, seed_game
):
    game = seed_game(CUT_SHORT)
    phone = new_phone(viewport=SMALL, screen=SMALL)
    phone.open(game.keep_score_path)

    for place in [".strip .player-name", ".step-card .name"]:
        shown = [name.evaluate(LETTERS_SHOWN) for name in phone.page.locator(place).all()]
        for name, letters in zip(CUT_SHORT[:3], shown, strict=False):
            assert len(letters.strip()) >= 3, f"{place}: {name} shows {letters!r}"
            assert name.startswith(letters), f"{place}: {name} shows {letters!r}"
            assert letters != name, f"{place}: {name} was not cut short at 320 px"
        assert shown[3] == "Cy"


# How much of each name shows: its box's width over the width its whole text needs.
SHOWN = """(names) => names.map(
    (name) => [name.textContent.trim(), Math.min(1, name.clientWidth / name.scrollWidth)])"""


@pytest.mark.parametrize(
    "viewport", [{"width": 375, "height": 667}, SMALL], ids=["375x667", "320x568"]
)
def test_a_player_s_button_shows_no_less_of_a_name_than_the_score_strip(
    viewport, new_phone, seed_game
):
    game = seed_game(["Johanna", "Johannes", "Kristina", "Kristian"])
    phone = new_phone(viewport=viewport, screen=viewport)
    phone.open(game.keep_score_path)

    strip = phone.page.locator(".strip .player-name bdi").evaluate_all(SHOWN)
    tiles = phone.page.locator(".tile .name bdi").evaluate_all(SHOWN)
    assert [name for name, _ in tiles] == [name for name, _ in strip]
    assert any(shown < 1 for _, shown in strip), "no name is cut: the test shows nothing"
    pairs = zip(tiles, strip, strict=True)
    less = [(tile, above) for tile, above in pairs if tile[1] < above[1] - 0.01]
    assert less == []
