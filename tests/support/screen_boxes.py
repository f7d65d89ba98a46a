"""Where elements sit on a phone's screen, by their bounding boxes in the browser."""

import pytest
from playwright.sync_api import Locator, expect

from support.phone import Phone


def outside(phone: Phone, selector: str) -> list[str]:
    """Each element matching ``selector`` that is not wholly inside the viewport."""
    return phone.page.eval_on_selector_all(
        selector,
        """(elements) => elements.flatMap((element) => {
            const box = element.getBoundingClientRect();
            const inside = box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0
                && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
            return inside ? [] : [`${element.textContent.trim().slice(0, 40)} at `
                + `${Math.round(box.top)}..${Math.round(box.bottom)} px`];
        })""",
    )


def overlapping(phone: Phone, selector: str) -> list[str]:
    """Each pair of elements matching ``selector`` whose boxes overlap: a long name that
    runs into its neighbour's tile, say."""
    return phone.page.eval_on_selector_all(
        selector,
        """(elements) => {
            const boxes = elements.map((element) => [element, element.getBoundingClientRect()]);
            return boxes.flatMap(([a, one], i) => boxes.slice(i + 1).flatMap(([b, other]) =>
                one.left < other.right - 1 && other.left < one.right - 1
                    && one.top < other.bottom - 1 && other.top < one.bottom - 1
                    ? [`${a.textContent.trim()} / ${b.textContent.trim()}`] : []));
        }""",
    )


def needed_for_the_next_tap(phone: Phone, *, whole_step: bool) -> dict[str, str]:
    """What must be in the first screen, by what it is, as CSS selectors that must match."""
    needed = {
        "names": ".scores .player-name",
        "scores": ".scores .score",
        "step heading": "#next-step",
    }
    if phone.page.locator(".step-note").count():  # who plays a tiebreak, who may not exchange
        needed["the step's notes"] = ".step-note"
    if phone.page.locator("input[name=winner]").count():
        needed["player choices"] = ".tile"
        if whole_step:
            needed |= {
                "hand buttons": "button[name=hand]",
                "tie and nobody": "button[name=outcome]",
            }
    else:
        needed["player choices"] = "button[name=last_trick]"
        if whole_step:
            needed["Chicago"] = "button[name=chicago], .why-not"
            if phone.page.locator("button[name=last_trick_deuce]").count():
                needed["deuce buttons"] = "button[name=last_trick_deuce]"
    return needed


def needed_outside_the_first_screen(phone: Phone, *, whole_step: bool) -> dict[str, list[str]]:
    """What the next tap needs that is not wholly in the first screen, by what it is."""
    return {
        what: off_screen
        for what, selector in needed_for_the_next_tap(phone, whole_step=whole_step).items()
        if (off_screen := outside(phone, selector))
    }


def assert_first_screen_holds_the_next_step(
    phone: Phone, *, whole_step: bool = True, at: str = "this step"
) -> None:
    assert phone.page.evaluate("window.scrollY") == 0
    expect(phone.step_heading).to_be_visible()
    for what, selector in needed_for_the_next_tap(phone, whole_step=whole_step).items():
        assert phone.page.locator(selector).count(), f"at {at}, nothing is {what} ({selector})"
    misplaced = needed_outside_the_first_screen(phone, whole_step=whole_step)
    refusals = outside(phone, ".form-error, .field-error, .flash")
    if refusals:
        misplaced["messages"] = refusals
    assert not misplaced, f"at {at}, not in the first screen: {misplaced}"


# A word whose letters fall on more than one line was broken in the middle. A line may end
# after a hyphen, or at a soft hyphen (U+00AD) a translation puts where its word may break,
# so the pieces of "Anna-Karin" are words of their own. A letter's line is the top of the
# last box the browser gives it: the first letter after a break at a soft hyphen also gets
# the box of the hyphen that break drew, at the end of the line before. Text only screen
# readers hear is left out.
_WORDS_BROKEN_ACROSS_LINES = """(element) => {
  const lineOf = (node, index) => {
    const letter = document.createRange();
    letter.setStart(node, index);
    letter.setEnd(node, index + 1);
    const boxes = Array.from(letter.getClientRects()).filter((box) => box.width > 0);
    return boxes.length ? Math.round(boxes[boxes.length - 1].top) : null;
  };
  const broken = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest(".visually-hidden")) continue;
    for (const word of node.data.matchAll(/[^\\s\\u00ad-]+/g)) {
      const lines = new Set();
      for (let index = word.index; index < word.index + word[0].length; index++) {
        lines.add(lineOf(node, index));
      }
      lines.delete(null);
      if (lines.size > 1) broken.push(word[0]);
    }
  }
  return broken;
}"""


def words_broken_across_lines(element: Locator) -> list[str]:
    """Each word in ``element`` that the browser broke in the middle, as far as the eye
    can tell."""
    return element.evaluate(_WORDS_BROKEN_ACROSS_LINES)


# Where the focused control lies against the button a long form keeps in view at the
# screen's foot ("Start game", "Who wins?"): inside it, or how many pixels of it the button
# and the shadow round it cover.
_FOCUS_AGAINST_THE_BUTTON = """(button) => {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return null;
  if (button.contains(focused)) return {inButton: true};
  const drawn = getComputedStyle(focused).opacity === "0" && focused.nextElementSibling
    ? focused.nextElementSibling : focused;
  const lengths = getComputedStyle(button).boxShadow.match(/-?[\\d.]+px/g) || [];
  const spread = lengths.length >= 4 ? parseFloat(lengths[3]) : 0;
  const box = drawn.getBoundingClientRect(), covering = button.getBoundingClientRect();
  const overlap = Math.min(box.bottom, covering.bottom + spread)
    - Math.max(box.top, covering.top - spread);
  return {
    inButton: false,
    control: drawn.textContent.trim().slice(0, 40) || focused.outerHTML.slice(0, 80),
    coveredPx: Math.max(0, Math.round(overlap)),
    scrolled: window.scrollY,
    radiosInGroup: focused.type === "radio"
      ? Array.from(document.getElementsByName(focused.name))
        .filter((radio) => radio.form === focused.form).length
      : 0,
  };
}"""


def focus_walked_down_to_the_button_at_the_screen_s_foot(phone: Phone) -> list[str]:
    """Tab from the page's top down to the button kept at the screen's foot, and through
    each group of radio buttons on the way with the arrow keys, and say which controls
    focus landed on under the button (each with the pixels covered). Fails the test if
    Tab never reaches the button, or if every control was in the first screen, where
    nothing could be under it."""
    button = phone.page.locator(".kept-in-view")
    covered, scrolled = [], 0

    def move_focus(key: str) -> dict | None:
        nonlocal scrolled
        phone.page.keyboard.press(key)
        focused = button.evaluate(_FOCUS_AGAINST_THE_BUTTON)
        if focused and not focused["inButton"]:
            scrolled = max(scrolled, focused["scrolled"])
            if focused["coveredPx"] > 1:
                covered.append(f"{focused['control']}: {focused['coveredPx']} px covered")
        return focused

    for _ in range(150):
        focused = move_focus("Tab")
        if focused is None:
            continue
        if focused["inButton"]:
            break
        for _ in range(focused["radiosInGroup"] - 1):  # the arrows go round the group
            move_focus("ArrowRight")
    else:
        pytest.fail("Tab never reached the button at the screen's foot")
    if not covered and scrolled == 0:
        pytest.fail("every control was in the first screen: nothing could be under the button")
    return covered
