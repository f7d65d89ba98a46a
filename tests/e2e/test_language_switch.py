"""Choosing the language on the phone: one tap on the switcher, kept for the next visit."""

import pytest
from playwright.sync_api import expect

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
