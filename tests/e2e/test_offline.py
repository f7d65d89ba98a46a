"""On a flaky connection the last scoreboard still shows. A phone that cannot keep entries
(no IndexedDB) pauses them instead, and none is lost; test_scoring_offline.py has the
phones that keep them."""

from collections.abc import Callable

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


def test_offline_a_page_kept_from_before_an_update_gets_the_files_kept_now(new_phone, seed_game):
    game = seed_game(["Ann", "Bo", "Cy"])
    phone = new_phone()
    phone.open(game.path)
    phone.reload_under_the_service_worker()
    script = phone.page.locator("script[src*='app.js']").get_attribute("src")
    phone.page.context.set_offline(True)

    # A page kept from before an update names its files by the version they were then.
    older = script.split("?")[0] + "?v=0ld"
    kept_now, as_before = phone.page.evaluate(
        """([now, older]) => Promise.all([now, older].map((address) =>
            fetch(address).then((answer) => answer.ok ? answer.text() : null)))""",
        [script, older],
    )
    assert kept_now is not None and "use strict" in kept_now
    assert as_before == kept_now


KEPT = (
    "The connection dropped while this tap was on its way, so it may not have arrived. "
    "This phone keeps it and sends it again when the connection is back, and the scorer "
    "records it only once. Nothing already recorded is lost."
)


def recorded(api, game) -> list[tuple[str, str]]:
    """The game's entries on the server, each as its step and who won it."""
    events = api.get(f"/api/games/{game.id}").json()["events"]
    return [(event["step"], event.get("winner", "")) for event in events]


def ann_chosen_through_the_wifi(new_phone, seed_game, wifi):
    """A scorekeeper's phone on the table's Wi-Fi, under its service worker, with Ann
    chosen for the best hand of a new game: one tap from sending it."""
    game = seed_game(["Ann", "Bo", "Cy"])
    phone = new_phone(base_url=wifi.url)
    phone.open(game.keep_score_path)
    phone.reload_under_the_service_worker()
    phone.page.get_by_role("radio", name="Ann", exact=True).tap()
    return game, phone


def two_pair_tapped_as_the_wifi_fails(phone, fails: Callable[[], None]) -> None:
    """Ann's two pair, tapped just as the Wi-Fi ``fails``: the offline page says the phone
    keeps the tap."""
    fails()
    phone.hand_button("Two pair").tap()
    expect(phone.page.locator("main p:visible").first).to_have_text(KEPT)


def test_a_tap_whose_answer_never_came_is_kept_and_sent_again_once_the_connection_is_back(
    new_phone, seed_game, wifi, api
):
    game, phone = ann_chosen_through_the_wifi(new_phone, seed_game, wifi)
    # The phone has not noticed yet: its tap is sent as the form it is.
    two_pair_tapped_as_the_wifi_fails(phone, wifi.switch_off)

    expect(phone.page.get_by_role("heading", level=1)).to_have_text(OFFLINE)
    back = phone.page.get_by_role("link", name="Back to the game")
    expect(back).to_have_attribute("href", f"/games/{game.id}")
    expect(phone.page.get_by_role("link", name="Try again")).to_have_count(0)
    assert recorded(api, game) == []

    wifi.switch_on()  # the phone goes back to the game by itself, and sends the tap
    expect(phone.page).to_have_url(f"{wifi.url}/games/{game.id}", timeout=15_000)
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?", timeout=15_000)
    phone.expect_scores({"Ann": 2, "Bo": 0, "Cy": 0})
    # The phone draws the tap at once, from the rules it carries; it says so once it is sent.
    expect(phone.page.locator("[data-queue-status]")).to_have_text("All saved", timeout=20_000)
    assert recorded(api, game) == [("phase1", "Ann")]


def test_a_tap_that_arrived_though_its_answer_never_came_is_recorded_once(
    new_phone, seed_game, wifi, api
):
    game, phone = ann_chosen_through_the_wifi(new_phone, seed_game, wifi)
    # The server gets the tap; the phone never hears back.
    two_pair_tapped_as_the_wifi_fails(phone, wifi.lose_answers)
    assert recorded(api, game) == [("phase1", "Ann")]

    # Back at the game as this phone last saw it, the tap waits on the phone, and each
    # try to send it reaches the server with the tap's key, unanswered.
    phone.page.get_by_role("link", name="Back to the game").tap()
    expect(phone.page.locator("[data-queue-status]")).to_have_text(
        "Not yet saved: 1 entry waiting"
    )
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")

    wifi.switch_on()
    expect(phone.page.locator("[data-queue-status]")).to_have_text("All saved", timeout=20_000)
    phone.expect_scores({"Ann": 2, "Bo": 0, "Cy": 0})
    assert recorded(api, game) == [("phase1", "Ann")]


def test_a_kept_tap_whose_step_another_phone_recorded_first_is_said_not_saved(
    new_phone, seed_game, wifi, api
):
    game, phone = ann_chosen_through_the_wifi(new_phone, seed_game, wifi)
    two_pair_tapped_as_the_wifi_fails(phone, wifi.switch_off)
    game.record(hand_win(1, "phase1", "Cy", "straight"))  # another phone, meanwhile

    wifi.switch_on()  # the phone goes back to the game by itself

    expect(phone.page).to_have_url(f"{wifi.url}/games/{game.id}", timeout=15_000)
    said = phone.step_card.get_by_role("alert")
    expect(said).to_have_text("Another phone recorded Round 1 · Phase 1 first.")
    box = said.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= phone.page.viewport_size["height"]
    phone.expect_scores({"Ann": 0, "Bo": 0, "Cy": 4})
    assert recorded(api, game) == [("phase1", "Cy")]


def test_a_kept_tap_that_arrived_is_not_said_lost_once_the_game_has_moved_past_it(
    new_phone, seed_game, wifi, api
):
    game, phone = ann_chosen_through_the_wifi(new_phone, seed_game, wifi)
    # The server gets the tap; the phone never hears back.
    two_pair_tapped_as_the_wifi_fails(phone, wifi.lose_answers)

    def asked_again(response) -> bool:
        return response.request.method == "POST" and "/api/games/" in response.url

    with phone.page.expect_response(asked_again, timeout=20_000) as answer:
        wifi.switch_on()  # back to the game, which has moved past the tap's step

    assert answer.value.status == 200  # under the tap's key: the entry it recorded
    expect(phone.page).to_have_url(f"{wifi.url}/games/{game.id}")
    phone.expect_scores({"Ann": 2, "Bo": 0, "Cy": 0})
    phone.page.wait_for_timeout(1_000)  # time enough for a refusal to be drawn, if any
    expect(phone.page.get_by_role("alert")).to_have_count(0)
    assert recorded(api, game) == [("phase1", "Ann")]


def test_another_form_whose_answer_never_came_is_not_sent_again(new_phone, seed_game, wifi, api):
    game = seed_game(["Ann", "Bo", "Cy"], hand_win(1, "phase1", "Ann", "flush"))
    phone = new_phone(base_url=wifi.url)
    phone.open(game.keep_score_path)
    phone.reload_under_the_service_worker()
    phone.page.get_by_text("Undo last entry", exact=True).tap()
    wifi.switch_off()

    phone.page.get_by_role("button", name="Yes, undo it").tap()

    expect(phone.page.get_by_role("heading", level=1)).to_have_text(OFFLINE)
    expect(phone.page.locator("main p:visible").first).to_have_text(
        "The connection dropped while this tap was on its way, so it may not have been "
        "recorded. Back at the game, the scores show whether it was; if not, tap it again. "
        "Nothing already recorded is lost."
    )
    wifi.switch_on()  # the phone goes back to the game by itself, never sending the undo
    expect(phone.page).to_have_url(f"{wifi.url}/games/{game.id}", timeout=15_000)
    phone.expect_scores({"Ann": 5, "Bo": 0, "Cy": 0})
    assert recorded(api, game) == [("phase1", "Ann")]


def test_with_no_offline_page_kept_a_form_sent_offline_is_refused_in_the_phone_s_language(
    new_phone, seed_game, wifi, api
):
    game = seed_game(["Ann", "Bo", "Cy"], hand_win(1, "phase1", "Ann", "flush"))
    phone = new_phone(base_url=wifi.url, locale="sv-SE")
    phone.open(game.keep_score_path)
    phone.reload_under_the_service_worker()
    phone.page.evaluate(
        """caches.keys().then((names) => Promise.all(names.map((name) => caches.open(name)
          .then((cache) => cache.delete("/offline")))))"""
    )
    phone.page.get_by_text("Ångra senaste noteringen", exact=True).tap()
    wifi.switch_off()

    phone.page.get_by_role("button", name="Ja, ångra").tap()

    expect(phone.page.locator("body")).to_have_text("Offline – noteringar är pausade.")
    wifi.switch_on()
    assert recorded(api, game) == [("phase1", "Ann")]
