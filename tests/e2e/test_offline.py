"""On a flaky connection the last scoreboard still shows. A phone that cannot keep entries
(no IndexedDB) pauses them instead, and none is lost; test_scoring_offline.py has the
phones that keep them."""

from playwright.sync_api import expect

from support.seeding import hand_win
from support.wifi import back_online, go_offline

OFFLINE = "Offline — entries are paused"


def test_a_reload_offline_shows_the_last_scoreboard_and_a_phone_without_storage_refuses_entries(
    new_phone, seed_game, api
):
    game = seed_game(["Ann", "Bo", "Cy"], hand_win(1, "phase1", "Ann", "flush"))
    phone = new_phone()
    phone.page.add_init_script("Object.defineProperty(window, 'indexedDB', {value: undefined})")
    phone.open(game.keep_score_path)
    phone.open(game.path)
    phone.reload_under_the_service_worker()

    phone.page.context.set_offline(True)
    phone.page.reload()

    expect(phone.page.locator("[data-offline-banner]")).to_contain_text(OFFLINE)
    phone.expect_scores({"Ann": 5, "Bo": 0, "Cy": 0})
    phone.page.get_by_role("radio", name="Bo", exact=True).tap()
    phone.hand_button("Two pair").tap()
    expect(phone.page.locator("[data-offline-banner]")).to_be_visible()

    phone.page.context.set_offline(False)
    events = api.get(f"/api/games/{game.id}").json()["events"]
    assert len(events) == 1  # the tap made offline was refused, not queued or half-sent
    phone.page.reload()
    phone.expect_scores({"Ann": 5, "Bo": 0, "Cy": 0})
    expect(phone.page.locator("[data-offline-banner]")).to_be_hidden()


def test_a_page_never_seen_is_asked_for_again_by_try_again_and_once_back_online(
    new_phone, seed_game, wifi
):
    game = seed_game(["Ann", "Bo", "Cy"])
    phone = new_phone(base_url=wifi.url)
    phone.open(game.keep_score_path)
    phone.reload_under_the_service_worker()
    go_offline(phone, wifi)

    phone.page.get_by_role("link", name="Settle a tie from the cards").tap()

    settle_url = f"{wifi.url}/games/{game.id}/settle"
    expect(phone.page).to_have_url(settle_url)
    expect(phone.page.get_by_role("heading", level=1)).to_have_text(OFFLINE)
    try_again = phone.page.get_by_role("link", name="Try again")
    expect(try_again).to_have_attribute("href", settle_url)

    try_again.tap()  # still offline: the page stands in again, for the same address
    expect(phone.page).to_have_url(settle_url)
    expect(phone.page.get_by_role("heading", level=1)).to_have_text(OFFLINE)

    back_online(phone, wifi)
    expect(phone.page.get_by_role("heading", level=1)).to_have_text(
        "Round 1 · Phase 1: settle from the cards"
    )
    expect(phone.page).to_have_url(settle_url)


def test_a_tap_whose_answer_never_came_says_it_may_not_be_recorded_and_goes_back_to_the_game(
    new_phone, seed_game, wifi, api
):
    game = seed_game(["Ann", "Bo", "Cy"])
    phone = new_phone(base_url=wifi.url)
    phone.open(game.keep_score_path)
    phone.reload_under_the_service_worker()
    phone.page.get_by_role("radio", name="Ann", exact=True).tap()
    wifi.switch_off()  # the phone has not noticed yet: its tap is sent as the form it is

    phone.hand_button("Two pair").tap()

    expect(phone.page.get_by_role("heading", level=1)).to_have_text(OFFLINE)
    said = phone.page.locator("main p:visible").first
    expect(said).to_have_text(
        "The connection dropped while this tap was on its way, so it may not have been "
        "recorded. Back at the game, the scores show whether it was; if not, tap it again. "
        "Nothing already recorded is lost."
    )
    back = phone.page.get_by_role("link", name="Back to the game")
    expect(back).to_have_attribute("href", f"/games/{game.id}")
    expect(phone.page.get_by_role("link", name="Try again")).to_have_count(0)

    wifi.switch_on()  # the phone goes back to the game by itself, never sending the tap again
    expect(phone.page).to_have_url(f"{wifi.url}/games/{game.id}", timeout=15_000)
    expect(phone.step_heading).to_have_text("Round 1 · Phase 1: best hand?")
    assert api.get(f"/api/games/{game.id}").json()["events"] == []
