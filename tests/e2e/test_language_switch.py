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
