"""Choosing the language on the phone: one tap on the switcher, kept for the next visit."""

import pytest
from playwright.sync_api import expect

from chicago_scorer.web.languages.locales import languages_in
from scripts.translations import TRANSLATIONS

EVERY_LANGUAGE = sorted(languages_in(TRANSLATIONS))

pytestmark = pytest.mark.sqlite_only


def test_the_switcher_changes_the_language_and_the_phone_keeps_it(new_phone, seed_game):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(locale="en-GB")
    phone.open(game.path)
    expect(phone.page.locator("html")).to_have_attribute("lang", "en")

    phone.page.locator(".language-menu summary").click()
    phone.page.get_by_role("link", name="Svenska").click()

    expect(phone.page.locator("html")).to_have_attribute("lang", "sv")
    assert phone.page.url.endswith(game.path)
    phone.open("/history")
    expect(phone.page.locator("html")).to_have_attribute("lang", "sv")
    expect(phone.page.locator(".language-menu summary")).to_contain_text("Svenska")


def test_the_open_language_menu_stays_on_a_320_px_screen(new_phone, seed_game):
    game = seed_game(["Ann", "Bo", "Cy"])
    for language in ["be", "ne", "en"]:
        phone = new_phone(
            viewport={"width": 320, "height": 640},
            screen={"width": 320, "height": 640},
            locale=language,
        )
        phone.open(game.path)
        phone.page.locator(".language-menu summary").click()

        menu = phone.page.locator(".language-menu ul").bounding_box()
        assert menu["x"] >= 0 and menu["x"] + menu["width"] <= 320, (language, menu)


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_the_top_bar_keeps_to_one_line_on_a_320_px_phone_naming_its_language_whole(
    language, new_phone, seed_game
):
    game = seed_game(["Ann", "Bo", "Cy"])
    phone = new_phone(viewport={"width": 320, "height": 568}, locale=language)
    phone.open(game.path)

    bar = phone.page.locator(".top-bar").bounding_box()
    assert bar["height"] == 44, "the bar takes a second line off the step card"
    switcher = phone.page.locator(".language-menu summary")
    assert switcher.evaluate("node => node.scrollWidth <= node.clientWidth"), "name cut"
    box = switcher.bounding_box()
    assert box["x"] + box["width"] <= 320


def test_the_app_s_name_is_cut_short_only_where_it_does_not_fit(new_phone, seed_game):
    game = seed_game(["Ann", "Bo", "Cy"])
    for language, cut in [("en", False), ("be", True)]:
        phone = new_phone(viewport={"width": 320, "height": 568}, locale=language)
        phone.open(game.path)

        brand = phone.page.locator(".brand")
        assert brand.evaluate("node => node.scrollWidth > node.clientWidth") is cut, language


def switch_to(phone, language_name: str) -> None:
    phone.page.locator(".language-menu summary").click()
    with phone.page.expect_navigation():
        phone.page.get_by_role("link", name=language_name).click()


def test_what_was_typed_for_a_new_game_is_still_there_in_the_language_chosen(new_phone):
    phone = new_phone(locale="en-GB")
    phone.open("/")
    for seat, name in enumerate(["Ann", "Björn", "Cy"], start=1):
        phone.page.get_by_label(f"Player {seat}", exact=True).fill(name)
    phone.page.locator("input[name=dealer][value='2']").check()
    phone.page.locator("details.house-rules summary, [data-house-rules] summary").first.click()
    phone.page.locator("input[name='rules-preset'][value='deuce_trick']").check()

    switch_to(phone, "Svenska")

    expect(phone.page.locator("html")).to_have_attribute("lang", "sv")
    boxes = phone.page.locator("input[name^='players-']")
    assert [boxes.nth(seat).input_value() for seat in range(4)] == ["Ann", "Björn", "Cy", ""]
    expect(phone.page.locator("input[name=dealer][value='2']")).to_be_checked()
    expect(phone.page.locator("input[name='rules-preset'][value='deuce_trick']")).to_be_checked()
    with phone.page.expect_navigation():
        phone.page.locator("button.start-game").click()
    expect(phone.page.locator(".scores .player-name")).to_have_text(["Ann", "Björn", "Cy"])
    expect(phone.page.locator(".rules-summary")).to_be_visible()
    # Carried once: the start page opened again is empty, in the language chosen.
    phone.open("/")
    assert phone.page.locator("input[name='players-0']").input_value() == ""


def test_choosing_another_language_keeps_the_worker_and_its_offline_page_follows(
    new_phone, seed_game
):
    """One worker serves every language: the browser stops a worker it replaces at once,
    with any page it is still fetching, and a game started just as the language changed
    could be saved while its page never came. The worker fetches its offline page again
    in the language the pages now come in."""
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(locale="en-GB")
    phone.open(game.path)
    phone.reload_under_the_service_worker()
    assert phone.service_workers() == {"active": "activated /sw.js"}
    assert phone.kept_offline_page_language() == "en"

    switch_to(phone, "Svenska")

    expect(phone.page.locator("html")).to_have_attribute("lang", "sv")
    phone.wait_for_the_kept_offline_page_in("sv")
    assert phone.service_workers() == {"active": "activated /sw.js"}


def test_a_refused_start_keeps_its_names_through_a_switch_of_language(new_phone):
    phone = new_phone(locale="en-GB")
    phone.open("/")
    phone.page.get_by_label("Player 1", exact=True).fill("Ann")
    phone.page.get_by_label("Player 2", exact=True).fill("ann")
    with phone.page.expect_navigation():
        phone.page.locator("button.start-game").click()
    expect(phone.page.locator(".refusal-summary")).to_be_visible()

    switch_to(phone, "Italiano")

    expect(phone.page.locator("html")).to_have_attribute("lang", "it")
    assert phone.page.locator("input[name='players-0']").input_value() == "Ann"
    assert phone.page.locator("input[name='players-1']").input_value() == "ann"


def test_the_hands_typed_to_settle_a_tie_are_still_there_in_the_language_chosen(new_phone):
    phone = new_phone(locale="en-GB")
    phone.open("/settle")
    phone.page.locator("input.hand-name-input").first.fill("Ann")
    phone.page.locator("[data-hand-input]").first.fill("As Ks Qs Js 10s")

    switch_to(phone, "Eesti")

    expect(phone.page.locator("html")).to_have_attribute("lang", "et")
    assert phone.page.locator("input.hand-name-input").first.input_value() == "Ann"
    assert phone.page.locator("[data-hand-input]").first.input_value() == "As Ks Qs Js 10s"
    # The picker starts from the hand carried over: five cards of five.
    expect(phone.page.locator("[data-hand-count]").first).to_have_text("5/5")
