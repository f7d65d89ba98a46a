"""A new version of the app reaches a phone that has it open: a new service worker.

The browser stops the worker a new one replaces at once, with any page that worker is
about to hand on. So a new worker waits until a page tells it to take over (app.js), and
then until the worker it replaces has nothing in hand: a page still arriving counts, and
a tap's answer counts until the page it leads to is asked for (sw.js).
"""

import pytest
from playwright.sync_api import expect

from support.phone import Phone
from support.seeding import hand_win

pytestmark = pytest.mark.sqlite_only

UPDATED = "/sw.js?updated"  # another address: the browser installs it as a new worker


def test_a_new_worker_waits_for_a_page_to_tell_it_to_take_over(new_phone, seed_game):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(locale="en-GB")
    phone.open(game.path)
    phone.reload_under_the_service_worker()
    phone.open("/manifest.webmanifest")  # a page of the app's without its script

    assert phone.install_a_new_worker(UPDATED) == "installed"
    phone.page.wait_for_timeout(500)
    waiting = {"waiting": f"installed {UPDATED}", "active": "activated /sw.js"}
    assert phone.service_workers() == waiting

    phone.tell_the_waiting_worker_to_take_over()
    phone.wait_for_the_only_worker(UPDATED)


def test_the_game_s_page_tells_a_new_worker_to_take_over(new_phone, seed_game):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(locale="en-GB")
    phone.open(game.path)
    phone.reload_under_the_service_worker()

    # Found while the game is open, the new worker is told once it has installed.
    phone.page.evaluate(f'navigator.serviceWorker.register("{UPDATED}").then(() => true)')

    phone.wait_for_the_only_worker(UPDATED)
    phone.expect_scores({"Ann": 0, "Bo": 0})


def keeping_score_with_another_tab_open(new_phone, seed_game, wifi, *entries):
    """A scorekeeper's phone on the table's Wi-Fi, under the service worker, with another
    tab of the app's open on a page without its script, which tells no worker anything."""
    game = seed_game(["Ann", "Bo", "Cy"], *entries)
    phone = new_phone(base_url=wifi.url)
    phone.open(game.keep_score_path)
    phone.open(game.path)
    phone.reload_under_the_service_worker()
    other_tab = Phone(phone.page.context.new_page())
    other_tab.open("/manifest.webmanifest")
    return game, phone, other_tab


def an_update_told_to_take_over_waits(other_tab: Phone) -> None:
    """An update comes, the other tab tells its worker to take over, and it waits."""
    assert other_tab.install_a_new_worker(UPDATED) == "installed"
    other_tab.tell_the_waiting_worker_to_take_over()
    other_tab.page.wait_for_timeout(300)
    waiting = {"waiting": f"installed {UPDATED}", "active": "activated /sw.js"}
    assert other_tab.service_workers() == waiting


def test_a_tap_lands_when_a_new_worker_takes_over_as_its_answer_comes(new_phone, seed_game, wifi):
    """The tap's answer (a 303) and the page it leads to are two fetches: a worker told
    to take over in between stopped the old one with the page, which never came."""
    _game, phone, other_tab = keeping_score_with_another_tab_open(new_phone, seed_game, wifi)

    wifi.hold_answers(to=b"POST ")
    phone.page.get_by_role("radio", name="Ann", exact=True).tap()
    phone.hand_button("Flush").tap()
    an_update_told_to_take_over_waits(other_tab)  # the old worker has the tap in hand
    wifi.let_answers_through()

    expect(phone.page.locator(".last-entry")).to_have_text(
        "Last entry: Ann +5 · flush.", timeout=10_000
    )
    phone.expect_scores({"Ann": 5, "Bo": 0, "Cy": 0})


def test_a_page_half_come_when_a_new_worker_takes_over_comes_whole(new_phone, seed_game, wifi):
    """The browser counts a page still arriving as the old worker's work: the new worker
    waits for it."""
    flush = hand_win(1, "phase1", "Ann", "flush")
    game, phone, other_tab = keeping_score_with_another_tab_open(new_phone, seed_game, wifi, flush)

    # The page is loaded again, and its first bytes come; the rest is still on its way.
    wifi.hold_answers(to=f"GET {game.path} ".encode(), after=2000)
    phone.page.evaluate("setTimeout(() => location.reload(), 0)")
    an_update_told_to_take_over_waits(other_tab)
    wifi.let_answers_through()

    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?", timeout=10_000)
    phone.expect_scores({"Ann": 5, "Bo": 0, "Cy": 0})
