"""What a person using a screen reader, a keyboard or big fingers needs from every page."""

import pytest
from playwright.sync_api import expect

from support.phone import Phone
from support.screen_boxes import focus_walked_down_to_the_button_at_the_screen_s_foot
from support.seeding import hand_win, last_trick_to, no_hand, to_a_tiebreak

pytestmark = pytest.mark.sqlite_only

# Roles a person operates; each needs a name that says what it does.
CONTROL_ROLES = {
    "button",
    "checkbox",
    "combobox",
    "DisclosureTriangle",
    "link",
    "listbox",
    "menuitem",
    "radio",
    "searchbox",
    "slider",
    "spinbutton",
    "switch",
    "tab",
    "textbox",
}
SMALLEST_TAP_TARGET_PX = 44
STEP_CARD_PAGES = [
    "scoreboard at a hand step",
    "scoreboard at the tricks step",
    "scoreboard in a tiebreak",
]

# The focused element and whether it shows a focus ring. An input drawn invisibly over
# a styled element (the player tiles' radios) shows its ring on that element instead.
FOCUS_RING = """() => {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return null;
  const ringed = (element) => {
    const style = getComputedStyle(element);
    return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2)
      || style.boxShadow !== "none";
  };
  const drawn = getComputedStyle(focused).opacity === "0" && focused.nextElementSibling
    ? focused.nextElementSibling : focused;
  return {
    control: focused.outerHTML.slice(0, 120),
    ringed: ringed(drawn),
  };
}"""

TAP_TARGETS = """(card) => Array.from(
  card.querySelectorAll("button, a, summary, label.tile, input:not([type=hidden])")
).filter((element) => !element.closest("label.tile") || element.matches("label.tile"))
 .filter((element) => element.getClientRects().length > 0)
 .map((element) => {
   const box = element.getBoundingClientRect();
   return {control: element.outerHTML.slice(0, 100), width: box.width, height: box.height};
 })"""


def pages_named(sample_pages, names):
    return [sample for sample in sample_pages if sample.name in names]


def unnamed_controls(phone: Phone) -> list[str]:
    """Controls in Chromium's accessibility tree that have no accessible name."""
    session = phone.page.context.new_cdp_session(phone.page)
    try:
        nodes = session.send("Accessibility.getFullAXTree")["nodes"]
        unnamed = []
        for node in nodes:
            role = node.get("role", {}).get("value")
            name = node.get("name", {}).get("value", "")
            if node.get("ignored") or role not in CONTROL_ROLES or name.strip():
                continue
            html = session.send("DOM.getOuterHTML", {"backendNodeId": node["backendDOMNodeId"]})
            unnamed.append(f"{role}: {html['outerHTML'][:120]}")
        return unnamed
    finally:
        session.detach()


def test_every_control_on_every_page_has_an_accessible_name(new_phone, sample_pages):
    phone = new_phone()
    missing = {}
    controls_seen = 0
    for sample in sample_pages:
        sample.open_on(phone)
        controls_seen += phone.page.locator("a, button, input, select, summary").count()
        if unnamed := unnamed_controls(phone):
            missing[sample.name] = unnamed

    assert controls_seen > 100
    assert missing == {}


@pytest.mark.parametrize("page_name", ["home", *STEP_CARD_PAGES, "settle in a game"])
def test_keyboard_focus_is_always_visible(page_name, new_phone, sample_pages):
    phone = new_phone()
    (sample,) = pages_named(sample_pages, [page_name])
    sample.open_on(phone)

    focused, unringed = set(), []
    for _ in range(30):
        phone.page.keyboard.press("Tab")
        state = phone.page.evaluate(FOCUS_RING)
        if state is None or state["control"] in focused:
            continue
        focused.add(state["control"])
        if not state["ringed"]:
            unringed.append(state["control"])

    assert len(focused) >= 8, f"Tab reached only {sorted(focused)}"
    assert unringed == []


SE = {"width": 375, "height": 667}
SMALL = {"width": 320, "height": 568}


@pytest.mark.parametrize(
    ("path", "screen"),
    [("/", SMALL), ("/settle", SE), ("/settle", SMALL)],
    ids=[
        "the start page on a 320 x 568 phone",
        "settling on a 375 x 667 phone",
        "settling on a 320 x 568 phone",
    ],
)
def test_keyboard_focus_never_lands_under_the_button_kept_at_the_screen_s_foot(
    path, screen, new_phone
):
    phone = new_phone(viewport=screen, screen=screen)
    phone.open(path)

    assert focus_walked_down_to_the_button_at_the_screen_s_foot(phone) == []


def test_every_tap_target_on_the_step_card_is_at_least_44_px(new_phone, sample_pages):
    phone = new_phone()
    too_small, measured = [], 0
    for sample in pages_named(sample_pages, STEP_CARD_PAGES):
        sample.open_on(phone)
        for target in phone.step_card.evaluate(TAP_TARGETS):
            measured += 1
            if min(target["width"], target["height"]) < SMALLEST_TAP_TARGET_PX:
                too_small.append(f"{sample.name}: {target}")

    assert measured >= 30
    assert too_small == []


def test_every_entry_the_review_offers_to_correct_is_a_44_px_target(new_phone, seed_game):
    game = seed_game(
        ["Ann", "Bo", "Cy"],
        hand_win(1, "phase1", "Ann", "one_pair"),
        {"round": 1, "step": "phase2", "outcome": "tie"},
        last_trick_to(1, "Cy"),
        no_hand(1, "phase3"),
    )
    phone = new_phone()
    phone.open(game.keep_score_path)  # only the scorekeeper may correct
    phone.open(f"{game.path}/review")

    links = phone.page.locator(".round-table td a")
    sizes = links.evaluate_all(
        "(links) => links.map((link) => [link.textContent.trim(),"
        " link.getBoundingClientRect().width, link.getBoundingClientRect().height])"
    )

    assert [text for text, _, _ in sizes] == ["Ann +1 one pair", "tie", "Cy +5", "—"]
    too_small = [size for size in sizes if min(size[1:]) < SMALLEST_TAP_TARGET_PX]
    assert too_small == []


def test_a_player_s_name_on_the_players_page_and_the_way_to_earlier_rounds_are_44_px_targets(
    new_phone, seed_game
):
    rounds = [
        entry
        for number in range(1, 5)
        for entry in (
            no_hand(number, "phase1"),
            no_hand(number, "phase2"),
            last_trick_to(number, "Cy"),
            no_hand(number, "phase3"),
        )
    ]
    game = seed_game(["Bo", "Cy"], *rounds)
    phone = new_phone()
    phone.open(game.keep_score_path)
    earlier = phone.page.locator(".log .review-link a").bounding_box()
    phone.open("/players")
    names = phone.page.locator(".stats-table th[scope=row] a")
    expect(names.first).to_be_visible()
    boxes = [names.nth(row).bounding_box() for row in range(names.count())]

    assert earlier["height"] >= SMALLEST_TAP_TARGET_PX
    assert boxes and all(
        min(box["width"], box["height"]) >= SMALLEST_TAP_TARGET_PX for box in boxes
    ), boxes


# Each text's colour against the background drawn under it, and the opacity it is drawn
# with (its own and its ancestors'), which fades the text towards whatever is behind.
TEXT_CONTRASTS = """(selector) => {
  const rgb = (colour) => colour.match(/[\\d.]+/g).map(Number);
  const linear = (c) => (c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  const luminance = ([r, g, b]) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  const style = (element) => getComputedStyle(element);
  return Array.from(document.querySelectorAll(selector)).map((element) => {
    let opacity = 1;
    for (let up = element; up; up = up.parentElement) opacity *= Number(style(up).opacity);
    let behind = element;
    while (behind && rgb(style(behind).backgroundColor)[3] === 0) behind = behind.parentElement;
    const ground = rgb(style(behind || document.body).backgroundColor);
    const text = rgb(style(element).color);
    const drawn = text.slice(0, 3).map((c, i) => opacity * c + (1 - opacity) * ground[i]);
    const [light, dark] = [luminance(drawn), luminance(ground)].sort((a, b) => b - a);
    return {text: element.textContent.trim(), ratio: (light + 0.05) / (dark + 0.05)};
  });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_players_who_sit_out_a_tiebreak_are_greyed_yet_readable(scheme, new_phone, seed_game):
    names = ["Ann", "Bo", "Cy"]
    game = seed_game(names, *to_a_tiebreak(names))
    phone = new_phone(color_scheme=scheme)
    phone.open(game.keep_score_path)

    contrasts = phone.page.evaluate(
        TEXT_CONTRASTS, ".sits-out .player-name, .sits-out .score, .sits-out .badge"
    )

    assert [contrast["text"] for contrast in contrasts] == ["Cy", "5", "Sits out"]
    assert [contrast for contrast in contrasts if contrast["ratio"] < 4.5] == []


def test_a_tap_online_is_announced_and_focus_starts_at_the_next_step(new_phone, seed_game):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(has_touch=False, is_mobile=False)  # a phone driven by a keyboard
    phone.open(game.keep_score_path)
    phone.open(game.path)
    phone.page.get_by_role("radio", name="Ann", exact=True).check()

    with phone.page.expect_navigation():
        phone.hand_button("Two pair").press("Enter")

    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    expect(phone.step_heading).to_be_focused()
    expect(phone.page.locator("[data-live-announcement]")).to_have_text(
        "Scores updated: Ann 2, Bo 0. Last entry: Ann +2 · two pair."
    )
    phone.page.keyboard.press("Tab")
    expect(phone.page.get_by_role("radio", name="Ann", exact=True)).to_be_focused()


def keeping_score_by_keyboard(new_phone, seed_game):
    """Ann and Bo's game, open on a scorekeeper's device with a keyboard and no touch."""
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(has_touch=False, is_mobile=False)
    phone.open(game.keep_score_path)
    phone.open(game.path)
    return game, phone


def test_enter_on_a_player_records_nothing_and_says_to_tap_the_hand(new_phone, seed_game):
    game, phone = keeping_score_by_keyboard(new_phone, seed_game)
    bo = phone.page.get_by_role("radio", name="Bo", exact=True)
    bo.focus()
    phone.page.keyboard.press("Space")

    with phone.page.expect_navigation():
        bo.press("Enter")  # the browser sends the form by its first button

    refusal = phone.page.locator(".step-card .form-error, .step-card .field-error")
    expect(refusal).to_have_text("Now tap the hand they had: a player alone records nothing.")
    expect(refusal).to_be_focused()
    assert game.api.get(f"/api{game.path}").json()["events"] == []
    expect(bo).to_be_checked()
    with phone.page.expect_navigation():
        phone.hand_button("Flush").press("Enter")
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    assert game.api.get(f"/api{game.path}").json()["events"][0]["hand"] == "flush"


def test_enter_before_any_player_is_chosen_says_to_tap_the_player(new_phone, seed_game):
    game, phone = keeping_score_by_keyboard(new_phone, seed_game)
    ann = phone.page.get_by_role("radio", name="Ann", exact=True)
    ann.focus()  # as the first Tab does: focused, not chosen

    with phone.page.expect_navigation():
        ann.press("Enter")

    refusal = phone.page.locator(".step-card .form-error, .step-card .field-error")
    expect(refusal).to_have_text("First tap who had the best hand, then the hand.")
    expect(refusal).to_be_focused()
    assert game.api.get(f"/api{game.path}").json()["events"] == []


def test_a_refused_tap_takes_focus_to_why(new_phone, seed_game):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(has_touch=False, is_mobile=False)
    phone.open(game.keep_score_path)
    phone.open(game.path)

    with phone.page.expect_navigation():
        phone.hand_button("Two pair").press("Enter")  # before choosing who had it

    refusal = phone.page.locator(".step-card .form-error, .step-card .field-error")
    expect(refusal).to_have_text("First tap who had the best hand, then the hand.")
    expect(refusal).to_be_focused()


@pytest.mark.parametrize(
    ("path", "fill", "why"),
    [
        ("/settle", {"#hands-0": "As Ks Js 9s 7s", "#hands-1": "2c 3d 4h"}, ".refusal-summary"),
        ("/", {"#players-0": "Ann", "#players-1": "ann"}, ".refusal-summary"),
        ("/import", {}, ".field-error"),
    ],
    ids=["a settle", "a new game", "an import"],
)
def test_a_refused_form_takes_focus_to_why(path, fill, why, new_phone):
    phone = new_phone(has_touch=False, is_mobile=False)
    phone.open(path)
    for box, text in fill.items():
        phone.page.locator(box).fill(text)

    with phone.page.expect_navigation():
        phone.page.locator("main form button[type=submit].primary").first.press("Enter")

    expect(phone.page.locator(why)).to_be_focused()


def test_return_in_a_name_box_goes_on_to_the_next_and_in_an_empty_one_starts_the_game(
    new_phone,
):
    phone = new_phone()
    phone.open("/")
    first, second, third = (phone.page.locator(f"#players-{row}") for row in range(3))

    first.fill("Ann")
    expect(first).to_have_attribute("enterkeyhint", "next")
    first.press("Enter")
    expect(second).to_be_focused()
    second.fill("Bo")
    second.press("Enter")  # a game of two would start here, a player short
    expect(third).to_be_focused()
    expect(third).to_have_attribute("enterkeyhint", "go")
    assert phone.page.url.endswith("/")

    with phone.page.expect_navigation():
        third.press("Enter")  # nobody more: start

    expect(phone.page.locator(".scores .player-name")).to_have_text(["Ann", "Bo"])


def test_a_watcher_keeps_focus_through_a_live_update(new_phone, seed_game):
    game = seed_game(["Ann", "Bo"])
    watcher = new_phone(has_touch=False, is_mobile=False)
    watcher.open(game.path)
    review = watcher.page.get_by_role("link", name="Round-by-round review and full chart")
    review.focus()

    game.record(hand_win(1, "phase1", "Bo", "flush"))

    watcher.expect_scores({"Ann": 0, "Bo": 5}, timeout=5_000)
    expect(review).to_be_focused()


def test_a_watcher_hears_the_scores_and_the_last_entry_once_for_each_entry(new_phone, seed_game):
    game = seed_game(["Ann", "Bo"])
    watcher = new_phone(has_touch=False, is_mobile=False)
    watcher.open(game.path)

    game.record(hand_win(1, "phase1", "Bo", "flush"))

    expect(watcher.page.locator(".last-entry")).to_have_text(
        "Last entry: Bo +5 · flush.", timeout=5_000
    )
    heard = "Scores updated: Ann 0, Bo 5. Last entry: Bo +5 · flush."
    expect(watcher.page.locator("[data-live-announcement]")).to_have_text(heard)
    assert watcher.live_regions_saying("Last entry") == [heard]


def test_focus_goes_to_the_next_step_when_another_phone_records_the_one_it_was_on(
    new_phone, seed_game
):
    game, phone = keeping_score_by_keyboard(new_phone, seed_game)
    phone.page.get_by_role("radio", name="Ann", exact=True).check()
    with phone.page.expect_navigation():
        phone.hand_button("Two pair").press("Enter")
    expect(phone.step_heading).to_be_focused()

    game.record(hand_win(1, "phase2", "Bo", "flush"))  # by the other phone keeping score

    phone.expect_scores({"Ann": 2, "Bo": 5}, timeout=5_000)
    expect(phone.step_heading).to_have_text("Round 1 · Tricks: last trick or Chicago?")
    expect(phone.step_heading).to_be_focused()
    phone.page.keyboard.press("Tab")
    expect(phone.page.get_by_role("button", name="Ann", exact=True)).to_be_focused()


def test_focus_on_a_hand_goes_to_the_next_step_when_another_phone_records_this_one(
    new_phone, seed_game
):
    game, phone = keeping_score_by_keyboard(new_phone, seed_game)
    flush = phone.hand_button("Flush")
    flush.focus()  # Tabbed to, nobody chosen yet

    game.record(hand_win(1, "phase1", "Bo", "straight"))  # by the other phone keeping score

    phone.expect_scores({"Ann": 0, "Bo": 4}, timeout=5_000)
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    expect(phone.step_heading).to_be_focused()  # not Phase 2's Flush, as if nothing moved on


def bos_royal_flush_in_phase_1() -> list[dict]:
    """Bo's 52 points in Phase 1, and no hand in Phase 2: he wins when the round ends."""
    return [hand_win(1, "phase1", "Bo", "royal_flush"), no_hand(1, "phase2")]


def test_a_win_another_phone_recorded_is_read_out_and_focus_goes_to_it(new_phone, seed_game):
    game, phone = keeping_score_by_keyboard(new_phone, seed_game)
    game.record(*bos_royal_flush_in_phase_1())
    phone.open(game.path)
    with phone.page.expect_navigation():
        phone.page.get_by_role("button", name="Ann", exact=True).press("Enter")  # last trick
    expect(phone.step_heading).to_be_focused()

    game.record(no_hand(1, "phase3"))  # by the other phone keeping score

    winner = phone.page.locator(".banner.winner")
    expect(winner).to_have_text("Bo wins with 52 points!", timeout=5_000)
    expect(winner).to_be_focused()
    heard = "Scores updated: Ann 5, Bo 52. Last entry: Nobody had a hand. Bo wins with 52 points!"
    expect(phone.page.locator("[data-live-announcement]")).to_have_text(heard)
    assert phone.live_regions_saying("wins with") == [heard]


def test_the_winning_tap_is_read_out_and_focus_starts_at_who_won(new_phone, seed_game):
    game, phone = keeping_score_by_keyboard(new_phone, seed_game)
    game.record(*bos_royal_flush_in_phase_1(), last_trick_to(1, "Ann"))
    phone.open(game.path)

    with phone.page.expect_navigation():
        phone.page.get_by_role("button", name="Nobody had a hand").press("Enter")

    winner = phone.page.locator(".banner.winner")
    expect(winner).to_have_text("Bo wins with 52 points!")
    expect(winner).to_be_focused()
    expect(phone.page.locator("[data-live-announcement]")).to_have_text(
        "Scores updated: Ann 5, Bo 52. Last entry: Nobody had a hand. Bo wins with 52 points!"
    )


def test_a_double_tap_never_zooms_and_a_pinch_still_does(new_phone, seed_game):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone()
    phone.open(game.keep_score_path)

    viewport = phone.page.locator("meta[name=viewport]").get_attribute("content")
    # Not inherited, but each element's touches take what its ancestors allow.
    touch_action = phone.page.evaluate("getComputedStyle(document.documentElement).touchAction")

    assert touch_action == "manipulation"  # pans and pinches, but no double-tap zoom
    assert "user-scalable" not in viewport and "maximum-scale" not in viewport


# Each control's tap highlight, the colour Chromium lays over a tapped element as a square.
TAP_HIGHLIGHTS = """() => Array.from(document.querySelectorAll("button, .button, .tile input"))
  .filter((element) => element.getClientRects().length > 0)
  .map((element) => [
    element.outerHTML.slice(0, 80), getComputedStyle(element).webkitTapHighlightColor,
  ])"""
NO_COLOUR = "rgba(0, 0, 0, 0)"


def background_of(button) -> str:
    return button.evaluate("(element) => getComputedStyle(element).backgroundColor")


def pressed_then_let_go_elsewhere(phone: Phone, button) -> tuple[str, str, str]:
    """The button's background at rest, pressed, and once the finger slid off it and let
    go, which taps nothing."""
    at_rest = background_of(button)
    box = button.bounding_box()
    phone.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.page.mouse.down()
    pressed = background_of(button)
    phone.page.mouse.move(0, 0)
    phone.page.mouse.up()
    return at_rest, pressed, background_of(button)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_pressed_button_shows_its_own_press_inside_its_rounded_corners(
    scheme, new_phone, seed_game
):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(color_scheme=scheme)
    phone.open(game.keep_score_path)
    highlighted = [
        (control, colour)
        for control, colour in phone.page.evaluate(TAP_HIGHLIGHTS)
        if colour != NO_COLOUR
    ]
    assert highlighted == []  # no control leaves Chromium's square over its corners

    nobody = phone.page.get_by_role("button", name="Nobody had a hand")
    for button in [phone.hand_button("Flush"), nobody]:
        at_rest, pressed, let_go = pressed_then_let_go_elsewhere(phone, button)
        assert pressed != at_rest, button
        assert let_go == at_rest
    assert game.api.get(f"/api{game.path}").json()["events"] == []

    phone.open("/")  # the start page's one primary button, filled with the accent colour
    at_rest, pressed, let_go = pressed_then_let_go_elsewhere(
        phone, phone.page.get_by_role("button", name="Start game")
    )
    assert pressed != at_rest
    assert let_go == at_rest
