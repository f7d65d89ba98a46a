"""No page scrolls sideways on a small phone, nor at 200% zoom, and where room is tight
a word breaks only where it may."""

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from chicago_scorer.web.languages.locales import languages_in
from scripts.translations import TRANSLATIONS
from support.screen_boxes import words_broken_across_lines
from support.seeding import hand_win, last_trick_to, no_hand, to_a_tiebreak

pytestmark = pytest.mark.sqlite_only

SCROLL_WIDTH = "document.documentElement.scrollWidth"


def pages_wider_than(width: int, phone, sample_pages) -> list[str]:
    wider = []
    for sample in sample_pages:
        sample.open_on(phone)
        scroll_width = phone.page.evaluate(SCROLL_WIDTH)
        if scroll_width > width:
            wider.append(f"{sample.name} ({sample.path}): {scroll_width} px")
    return wider


@pytest.mark.parametrize(
    "width",
    [
        pytest.param(320, id="a 320 px phone"),
        # 200% zoom on a 390 px iPhone 13 lays the page out 195 CSS px wide.
        pytest.param(195, id="an iPhone 13 zoomed to 200%"),
    ],
)
def test_no_page_scrolls_sideways(width, new_phone, sample_pages):
    phone = new_phone(
        viewport={"width": width, "height": 640}, screen={"width": width, "height": 640}
    )

    wider = pages_wider_than(width, phone, sample_pages)
    assert not wider, f"pages wider than {width} px:\n" + "\n".join(wider)


@pytest.mark.parametrize(
    "language",
    [
        pytest.param("be", id="Belarusian, whose words run long"),
        pytest.param("ne", id="Nepali, in Devanagari"),
    ],
)
def test_no_page_scrolls_sideways_in_a_long_worded_language(language, new_phone, sample_pages):
    phone = new_phone(
        viewport={"width": 320, "height": 640},
        screen={"width": 320, "height": 640},
        locale=language,
    )

    wider = pages_wider_than(320, phone, sample_pages)

    assert phone.page.evaluate("document.documentElement.lang") == language
    assert not wider, f"pages wider than 320 px in {language}:\n" + "\n".join(wider)


LONG_NAMES = [
    "Anna-Karin Lindqvist-Johansson",
    "Bengt-Göran Svensson-Åkerlund",
    "Carl-Johan Wallenberg-Ek",
    "Dagmar Österberg-Lindgren",
]
NARROW_PHONES = [
    pytest.param(320, id="a 320 px phone"),
    pytest.param(390, id="a 390 px iPhone 13"),
]


@pytest.fixture(scope="module")
def long_named_game(seed_game):
    """A finished game of four players with long, hyphenated names."""
    anna, bengt, carl, _ = LONG_NAMES
    return seed_game(
        LONG_NAMES,
        hand_win(1, "phase1", anna, "royal_flush"),
        hand_win(1, "phase2", bengt, "two_pair"),
        last_trick_to(1, carl),
        no_hand(1, "phase3"),
    )


def tables_on(phone, path: str):
    phone.open(path)
    tables = phone.page.locator(".table-scroll table")
    expect(tables.first).to_be_attached()
    return tables.all()


@pytest.mark.parametrize("width", NARROW_PHONES)
def test_no_table_breaks_a_word_in_the_middle(width, new_phone, long_named_game):
    phone = new_phone(
        viewport={"width": width, "height": 640}, screen={"width": width, "height": 640}
    )
    pages = {
        "review": f"{long_named_game.path}/review",
        "head to head": f"/players/{quote(LONG_NAMES[0])}",
        "players": "/players",
    }

    broken = {}
    for name, path in pages.items():
        for table in tables_on(phone, path):
            table.evaluate("(table) => table.closest('details')?.setAttribute('open', '')")
            if words := words_broken_across_lines(table):
                broken.setdefault(name, []).extend(words)

    assert broken == {}


FOUR = ["Ann", "Bo", "Cy", "Dagmar"]


TWO_PHONES = [
    pytest.param({"width": 375, "height": 667}, id="a 375 px phone"),
    pytest.param({"width": 320, "height": 568}, id="a 320 px phone"),
]


@pytest.mark.parametrize("viewport", TWO_PHONES)
def test_no_role_badge_breaks_a_word_in_the_middle(viewport, new_phone, seed_game):
    """The scorekeeper's strip gives each of four players a quarter of the phone, and
    each tile says who deals, who leads and who sits out, in every language."""
    broken = {}
    for code in languages_in(TRANSLATIONS):
        phone = new_phone(viewport=viewport, screen=viewport, locale=code)
        # (entries, badges, of which "sits out")
        for entries, roles, sitting_out in [([], 2, 0), (to_a_tiebreak(FOUR), 4, 2)]:
            phone.open(seed_game(FOUR, *entries).keep_score_path)
            badges = phone.page.locator(".strip .roles .badge")

            assert phone.page.evaluate("document.documentElement.lang") == code
            assert badges.count() == roles
            assert phone.page.locator(".strip .roles .badge.muted").count() == sitting_out
            for badge in badges.all():
                if words := words_broken_across_lines(badge):
                    broken.setdefault(code, []).extend(words)

    assert broken == {}


@pytest.mark.parametrize("viewport", TWO_PHONES)
def test_no_button_of_the_hand_step_breaks_a_word_in_the_middle(viewport, new_phone, seed_game):
    """The nine hands stand three to a row on the scorekeeper's step card, each with its
    points, in every language."""
    broken = {}
    for code in languages_in(TRANSLATIONS):
        phone = new_phone(viewport=viewport, screen=viewport, locale=code)
        phone.open(seed_game(FOUR).keep_score_path)
        hands = phone.page.locator(".step-card .hands button")
        others = phone.page.locator(".step-card .pair button")  # a tie, nobody had a hand

        assert phone.page.evaluate("document.documentElement.lang") == code
        assert (hands.count(), others.count()) == (9, 2)
        for button in hands.all() + others.all():
            if words := words_broken_across_lines(button):
                broken.setdefault(code, []).extend(words)

    assert broken == {}


@pytest.mark.parametrize("viewport", TWO_PHONES)
def test_no_button_of_the_correction_card_breaks_a_word_in_the_middle(
    viewport, new_phone, seed_game
):
    """An entry opened to correct shows the step's choices as tiles, then Save and Cancel
    side by side, half a phone each, in every language."""
    broken = {}
    for code in languages_in(TRANSLATIONS):
        phone = new_phone(viewport=viewport, screen=viewport, locale=code)
        game = seed_game(FOUR, hand_win(1, "phase1", FOUR[1], "flush"))
        phone.open(game.keep_score_path)
        phone.open(f"{game.path}/entries/1")
        buttons = phone.page.locator(".correction-actions > *")

        assert phone.page.evaluate("document.documentElement.lang") == code
        assert buttons.count() == 2
        for button in buttons.all():
            if words := words_broken_across_lines(button):
                broken.setdefault(code, []).extend(words)

    assert broken == {}


A_LONG_NAME = "Anna-Karin"
# The room inside a name box against the width of a name in the box's own font.
ROOM_FOR_A_NAME = """([box, name]) => {
  const style = getComputedStyle(box);
  const probe = document.createElement("span");
  probe.textContent = name;
  probe.style.font = style.font;
  probe.style.position = "absolute";
  probe.style.whiteSpace = "pre";
  document.body.append(probe);
  const needed = probe.getBoundingClientRect().width;
  probe.remove();
  const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return {room: Math.floor(room), needed: Math.ceil(needed)};
}"""


@pytest.mark.parametrize(
    "width",
    [
        pytest.param(195, id="an iPhone 13 zoomed to 200%"),
        pytest.param(320, id="a 320 px phone"),
        pytest.param(375, id="a 375 px phone"),
    ],
)
def test_every_name_box_of_a_new_game_shows_a_ten_letter_name_whole(width, new_phone):
    """Beside each name box is the choice of who deals first; in a language whose words
    for it run long, it must not squeeze the box a name is typed into."""
    squeezed = {}
    for code in languages_in(TRANSLATIONS):
        phone = new_phone(
            viewport={"width": width, "height": 640},
            screen={"width": width, "height": 640},
            locale=code,
        )
        phone.open("/")
        boxes = phone.page.locator(".player-row > input")

        assert boxes.count() == 4
        for box in boxes.all():
            sizes = phone.page.evaluate(ROOM_FOR_A_NAME, [box.element_handle(), A_LONG_NAME])
            if sizes["room"] < sizes["needed"]:
                squeezed.setdefault(code, []).append(sizes)

    assert squeezed == {}


SIZES = "(box) => ({scroll: box.scrollWidth, client: box.clientWidth, left: box.scrollLeft})"
BACKGROUND = """(box) => {
  const style = getComputedStyle(box);
  return {images: style.backgroundImage, attachments: style.backgroundAttachment};
}"""


@pytest.mark.parametrize("width", NARROW_PHONES)
def test_a_review_table_wider_than_the_phone_scrolls_in_its_box_and_shows_it(
    width, new_phone, long_named_game
):
    phone = new_phone(
        viewport={"width": width, "height": 640}, screen={"width": width, "height": 640}
    )
    phone.open(f"{long_named_game.path}/review")
    wrapper = phone.page.locator(".table-scroll").filter(has=phone.page.locator(".round-table"))

    sizes = wrapper.evaluate(SIZES)
    background = wrapper.evaluate(BACKGROUND)

    assert sizes["scroll"] > sizes["client"], "the long names no longer make the table wide"
    assert phone.page.evaluate(SCROLL_WIDTH) <= width
    # Shadows fixed at the box's edges, under covers that scroll with the table.
    assert background["images"].count("radial-gradient") == 2
    assert background["images"].count("linear-gradient") == 2
    assert background["attachments"].split(", ")[:4] == ["local", "local", "scroll", "scroll"]


def test_the_review_table_can_be_scrolled_from_the_keyboard(new_phone, long_named_game):
    phone = new_phone(viewport={"width": 320, "height": 640}, screen={"width": 320, "height": 640})
    phone.open(f"{long_named_game.path}/review")
    wrapper = phone.page.get_by_role("region", name="Round-by-round table", exact=True)

    for _ in range(40):  # Tab through the page's controls until the table's box
        phone.page.keyboard.press("Tab")
        if wrapper.evaluate("(box) => box === document.activeElement"):
            break
    expect(wrapper).to_be_focused()
    phone.page.keyboard.press("ArrowRight")

    phone.page.wait_for_function("(box) => box.scrollLeft > 0", arg=wrapper.element_handle())
