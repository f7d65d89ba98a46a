"""The start page's house rules as a phone shows them: what changes, and what is wrong, at once."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.sqlite_only

ONE_SCREEN = {"width": 375, "height": 667}


def open_house_rules(phone):
    phone.open("/")
    phone.page.locator("details.house-rules > summary").tap()


def setting(page, label: str):
    """A house rule's box and what is said next to it."""
    return page.locator(".setting").filter(has=page.get_by_label(label, exact=True))


def test_typing_a_value_switches_the_rules_to_custom_and_says_so(scorekeeper):
    page = scorekeeper.page
    open_house_rules(scorekeeper)
    expect(page.locator("input[name='rules-preset'][value='standard']")).to_be_checked()

    page.get_by_label("Points to win", exact=True).fill("60")

    expect(page.locator("input[name='rules-preset'][value='custom']")).to_be_checked()
    expect(page.locator("[data-custom-note]")).to_have_text("Custom rules: you changed a value.")


def test_picking_a_preset_shows_its_values_in_the_boxes(scorekeeper):
    page = scorekeeper.page
    open_house_rules(scorekeeper)

    page.get_by_text("Deuce last trick").tap()

    expect(page.get_by_label("Last trick", exact=True)).to_have_value("2")
    expect(page.get_by_label("No more exchanges from (blank: no reminder)")).to_have_value("45")
    expect(page.locator("input[name='rules-preset'][value='deuce_trick']")).to_be_checked()


def test_a_value_out_of_range_is_named_by_its_label_next_to_its_box_before_submitting(
    scorekeeper,
):
    page = scorekeeper.page
    open_house_rules(scorekeeper)

    page.get_by_label("Points to win", exact=True).fill("0")

    box = setting(page, "Points to win")
    expect(box.locator(".live-check")).to_have_text(
        "Points to win: use a whole number from 30 to 200."
    )
    expect(page.get_by_label("Points to win", exact=True)).to_have_attribute(
        "aria-invalid", "true"
    )
    expect(page).to_have_url(re.compile(r"/$"))


def test_a_chicago_minimum_at_the_target_is_refused_at_once_and_cleared_when_fixed(
    scorekeeper,
):
    page = scorekeeper.page
    open_house_rules(scorekeeper)
    minimum = setting(page, "Points needed to call Chicago").locator(".live-check")

    page.get_by_label("Points needed to call Chicago", exact=True).fill("60")
    expect(minimum).to_have_text(
        "Points needed to call Chicago: use a number below 52 (Points to win)."
    )

    page.get_by_label("Points to win", exact=True).fill("80")
    expect(minimum).to_be_empty()
    expect(minimum).to_be_hidden()


def test_a_target_out_of_range_is_its_own_fault_not_the_chicago_minimum_s(scorekeeper):
    page = scorekeeper.page
    open_house_rules(scorekeeper)

    page.get_by_label("Points to win", exact=True).fill("10")

    expect(setting(page, "Points to win").locator(".live-check")).to_have_text(
        "Points to win: use a whole number from 30 to 200."
    )
    # 15 to call Chicago is right under any target the box takes: nothing to change here.
    expect(setting(page, "Points needed to call Chicago").locator(".live-check")).to_be_empty()
    expect(page.get_by_label("Points needed to call Chicago", exact=True)).not_to_have_attribute(
        "aria-invalid", "true"
    )


def test_a_refused_start_shows_its_first_refusal_in_the_first_screen(new_phone):
    phone = new_phone(viewport=ONE_SCREEN, screen=ONE_SCREEN)
    page = phone.page
    open_house_rules(phone)
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bo")
    page.get_by_label("Points to win", exact=True).fill("10")

    with page.expect_navigation():
        page.get_by_role("button", name="Start game").tap()

    summary = page.locator(".refusal-summary")
    expect(summary).to_contain_text("Points to win: use a whole number from 30 to 200.")
    box = summary.get_by_role("link").first.bounding_box()
    assert box is not None
    assert 0 <= box["y"] and box["y"] + box["height"] <= ONE_SCREEN["height"], box
    expect(page.locator("details.house-rules")).to_have_attribute("open", "")


def test_every_folded_section_says_whether_it_is_open(scorekeeper, seed_game):
    game = seed_game(["Ann", "Bo"], {"round": 1, "step": "phase1", "outcome": "none"})
    page = scorekeeper.page
    scorekeeper.open(game.keep_score_path)
    summaries = page.locator("details > summary")
    assert summaries.count() >= 3  # the language menu, share, undo (and the chart's table)

    for index in range(summaries.count()):
        expect(summaries.nth(index)).to_have_attribute("aria-expanded", "false")
        marker = summaries.nth(index).evaluate(
            "(summary) => getComputedStyle(summary, '::before').borderRightStyle"
        )
        assert marker == "solid"

    share = page.locator("details.share > summary")
    share.tap()
    expect(share).to_have_attribute("aria-expanded", "true")
    share.tap()
    expect(share).to_have_attribute("aria-expanded", "false")


@pytest.mark.parametrize("typed", ["6-0", "60e", "1e2", "60.0"])
def test_a_mistyped_number_is_refused_at_the_start_never_dropped(new_phone, typed):
    phone = new_phone(viewport=ONE_SCREEN, screen=ONE_SCREEN)
    page = phone.page
    open_house_rules(phone)
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bo")
    target = page.get_by_label("Points to win", exact=True)
    target.click()
    target.press("ControlOrMeta+a")
    page.keyboard.type(typed)  # one slip on the phone's number keys
    refused = "Points to win: use a whole number from 30 to 200."
    expect(setting(page, "Points to win").locator(".live-check")).to_have_text(refused)

    with page.expect_navigation():
        page.get_by_role("button", name="Start game").tap()

    expect(page.locator(".refusal-summary")).to_contain_text(refused)
    expect(page).not_to_have_url(re.compile(r"/games/\d+$"))
    expect(page.get_by_label("Points to win", exact=True)).to_have_value(typed)


def test_a_live_check_writes_its_numbers_in_the_pages_digits(new_phone):
    phone = new_phone(locale="ne")
    page = phone.page
    open_house_rules(phone)
    page.locator("[data-setting='target']").fill("60")

    page.locator("[data-setting='exchange_stop']").fill("70")

    check = page.locator(".setting:has([data-setting='exchange_stop']) .live-check")
    expect(check).to_contain_text("६०")
    expect(check).not_to_contain_text("60")
