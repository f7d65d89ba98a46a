"""Importing an export on a phone: tap the game it added, and keep score in it."""

import json
import re

from playwright.sync_api import expect

from support.phone import Phone

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
