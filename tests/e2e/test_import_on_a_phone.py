"""Importing an export on a phone: tap the game it added, and keep score in it."""

import json
import re

import pytest
from playwright.sync_api import expect

from chicago_scorer.web.languages.locales import languages_in
from scripts.translations import TRANSLATIONS
from support.phone import Phone
from support.screen_boxes import outside

SE = {"width": 375, "height": 667}
SMALL = {"width": 320, "height": 568}

EXPORT = {
    "format": "chicago-scorer/1",
    "games": [
        {
            "players": ["Iris", "Jon"],
            "first_dealer": "Jon",
            "created_at": "2026-11-20T19:00:00+00:00",
            "updated_at": "2026-11-20T19:05:00+00:00",
            "events": [{"round": 1, "step": "phase1", "outcome": "none"}],
        }
    ],
}


def upload(phone: Phone, document: dict) -> None:
    page = phone.page
    phone.open("/import")
    page.get_by_label("Export file (.json)").set_input_files(
        {
            "name": "chicago-scorer.json",
            "mimeType": "application/json",
            "buffer": json.dumps(document).encode(),
        }
    )
    with page.expect_navigation():
        page.get_by_role("button", name="Import", exact=True).tap()


def test_the_phone_that_imports_a_game_taps_it_open_and_keeps_score(new_phone):
    phone = new_phone()

    upload(phone, EXPORT)
    expect(phone.page.get_by_role("heading", name="Imported 1 game")).to_be_visible()
    phone.page.get_by_role("link", name=re.compile(r"^Iris · Jon Played Nov 20, 2026")).tap()

    expect(phone.page).to_have_url(re.compile(r"/games/\d+$"))
    expect(phone.step_card).to_be_visible()
    phone.win("Iris", "Two pair")
    phone.expect_scores({"Iris": 2, "Jon": 0})


@pytest.mark.parametrize("viewport", [SE, SMALL], ids=["375x667", "320x568"])
def test_a_refused_file_and_the_box_to_choose_another_are_in_the_first_screen(viewport, new_phone):
    for code in languages_in(TRANSLATIONS):
        phone = new_phone(viewport=viewport, screen=viewport, locale=code)
        phone.open("/import")
        phone.page.locator("input[type=file]").set_input_files(
            {"name": "notes.json", "mimeType": "application/json", "buffer": b"Ann 12, Bo 5"}
        )
        with phone.page.expect_navigation():
            phone.page.locator("form button[type=submit]").tap()

        expect(phone.page.locator(".form-error, .field-error")).to_have_count(1)
        assert phone.page.evaluate("window.scrollY") == 0
        assert outside(phone, ".form-error, .field-error, input[type=file]") == [], code
        if viewport == SE:
            assert outside(phone, "form button[type=submit]") == [], code
