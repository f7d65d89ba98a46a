"""Without a connection the scorekeeper keeps tapping: each entry is checked on the phone
by the rules and waits there, and once the server answers again it gets every entry, in
order, once."""

import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Route, expect

from support.phone import Phone
from support.screen_boxes import assert_first_screen_holds_the_next_step, outside
from support.seeding import SeededGame, hand_win, last_trick_to, to_the_exchange_stop
from support.wifi import back_online, go_offline


def queue_status(phone: Phone):
    return phone.page.locator("[data-queue-status]")


def expect_waiting(phone: Phone, count: int) -> None:
    noun = "entry" if count == 1 else "entries"
    expect(queue_status(phone)).to_have_text(f"Not yet saved: {count} {noun} waiting")


def ready_to_queue(phone: Phone) -> None:
    """The offline script has its kit: from here on a tap offline is kept on the phone."""
    phone.page.wait_for_function("document.documentElement.classList.contains('queues-entries')")


def open_as_scorekeeper(phone: Phone, game: SeededGame, *, with_service_worker: bool = True):
    phone.open(game.keep_score_path)
    phone.open(game.path)
    if with_service_worker:
        phone.reload_under_the_service_worker()
    ready_to_queue(phone)


# Taps that stay on the page: offline nothing loads. Each returns once the phone has kept
# the entry and counts one more waiting, so that the next tap lands on the next step's
# card, as a person's does; a tap made sooner goes to the card it was shown.
def kept(phone: Phone, tap: Callable[[], None]) -> None:
    status = queue_status(phone)
    before = status.text_content() if status.count() else ""
    tap()
    expect(status).not_to_have_text(before)


def tap_win(phone: Phone, name: str, hand: str) -> None:
    """Tap who had the best hand, then the hand, on a page that keeps its taps."""
    phone.page.get_by_role("radio", name=name, exact=True).tap()
    phone.tap_after_a_look(phone.hand_button(hand))


def win(phone: Phone, name: str, hand: str) -> None:
    kept(phone, lambda: tap_win(phone, name, hand))


def tap_button(phone: Phone, name: str) -> None:
    button = phone.page.get_by_role("button", name=name, exact=True)
    kept(phone, lambda: phone.tap_after_a_look(button))


def api_events(api, game: SeededGame) -> list[dict]:
    return api.get(f"/api/games/{game.id}").json()["events"]


def saved_events(api, game: SeededGame, count: int, seconds: float = 5) -> list[dict]:
    """The server's entries once it has ``count`` (or, after ``seconds``, those it has):
    a tap the phone sends reaches it in its own time, and the count above the scores may
    read the same before and after."""
    deadline = time.monotonic() + seconds
    while len(events := api_events(api, game)) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    return events


def api_scores(api, game: SeededGame) -> dict[str, int]:
    return {
        player["name"]: player["score"]
        for player in api.get(f"/api/games/{game.id}").json()["players"]
    }


TWELVE_ENTRIES = [
    # Round 1: Ann reaches 15 with her hands, so she alone may call Chicago, and wins it.
    (1, "phase1", "Ann +7 · four of a kind"),
    (1, "phase2", "Ann +8 · straight flush"),
    (1, "tricks", "Ann Chicago won +15"),
    (1, "phase3", "Bo +5 · flush"),
    # Round 2: Bo deals.
    (2, "phase1", "Tie · nobody scored"),
    (2, "phase2", "Nobody had a hand"),
    (2, "tricks", "Cy +5 · last trick"),
    (2, "phase3", "Ann +2 · two pair"),
    # Round 3: Cy deals.
    (3, "phase1", "Bo +1 · one pair"),
    (3, "phase2", "Cy +3 · three of a kind"),
    (3, "tricks", "Ann +5 · last trick"),
    (3, "phase3", "Cy +4 · straight"),
]
SCORES_AFTER_TWELVE = {"Ann": 37, "Bo": 6, "Cy": 12}


def keeping_score_off_the_wifi(new_phone, seed_game, wifi) -> tuple[SeededGame, Phone]:
    """Ann, Bo and Cy's game, its scorekeeper's phone (with the service worker) just
    off the table's Wi-Fi."""
    game = seed_game(["Ann", "Bo", "Cy"])
    phone = new_phone(base_url=wifi.url)
    open_as_scorekeeper(phone, game)
    go_offline(phone, wifi)
    return game, phone


def test_twelve_entries_made_offline_survive_a_reload_and_are_saved_in_order(
    new_phone, seed_game, api, wifi
):
    game, phone = keeping_score_off_the_wifi(new_phone, seed_game, wifi)

    win(phone, "Ann", "Four of a kind")
    expect_waiting(phone, 1)
    win(phone, "Ann", "Straight flush")
    phone.expect_scores({"Ann": 15, "Bo": 0, "Cy": 0})
    expect(phone.step_heading).to_have_text("Round 1 · Tricks: last trick or Chicago?")

    # Bo and Cy have 0 points: their Chicago buttons are closed, and one line says why.
    expect(phone.chicago_button("Bo", won=True)).to_be_disabled()
    expect(phone.chicago_button("Bo", won=True)).to_have_accessible_description(
        "Bo and Cy need 15 points to call Chicago."
    )
    expect(phone.page.locator(".why-not")).to_have_text(
        ["Bo and Cy need 15 points to call Chicago."]
    )
    phone.chicago_button("Ann", won=True).tap()
    phone.expect_scores({"Ann": 30})
    win(phone, "Bo", "Flush")
    expect(phone.step_heading).to_have_text("Round 2 · Phase 1: best hand?")
    expect(phone.page.locator(".score-card").nth(1).locator(".roles")).to_have_text("Deals")

    # A hand tapped before its player is refused on the phone, as the server would.
    phone.tap_after_a_look(phone.hand_button("Flush"))
    expect(phone.step_card.locator(".form-error")).to_have_text(
        "First tap who had the best hand, then the hand."
    )
    expect_waiting(phone, 4)

    tap_button(phone, "Tie: nobody scores")
    tap_button(phone, "Nobody had a hand")
    tap_button(phone, "Cy")
    win(phone, "Ann", "Two pair")
    win(phone, "Bo", "One pair")
    win(phone, "Cy", "Three of a kind")
    expect_waiting(phone, 10)  # kept on the phone: a tap shows as waiting once it is stored

    phone.page.reload()  # offline: the service worker's copy of the page, and the queue
    ready_to_queue(phone)
    expect_waiting(phone, 10)
    phone.expect_scores({"Ann": 32, "Bo": 6, "Cy": 8})
    expect(phone.step_heading).to_have_text("Round 3 · Tricks: last trick or Chicago?")

    tap_button(phone, "Ann")
    win(phone, "Cy", "Straight")
    expect_waiting(phone, 12)
    phone.expect_scores(SCORES_AFTER_TWELVE)
    assert api_events(api, game) == []  # nothing has reached the server

    served_offline = phone.page.locator("html[data-served-offline]")
    expect(served_offline).to_have_count(1)  # the service worker's copy, since the reload
    phone.page.evaluate("window.stillTheSamePage = true")
    back_online(phone, wifi)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    # The copy is kept while the phone says all is saved, though the server answers the
    # version polls (one every 2 s) meanwhile; then the server's page replaces it.
    phone.page.wait_for_timeout(2_500)
    assert phone.page.evaluate("window.stillTheSamePage === true")
    expect(served_offline).to_have_count(0, timeout=20_000)
    events = api_events(api, game)
    assert [(event["round"], event["step"]) for event in events] == [
        (round_number, step) for round_number, step, _ in TWELVE_ENTRIES
    ]
    assert api_scores(api, game) == SCORES_AFTER_TWELVE
    assert events[2] == {
        "round": 1,
        "step": "tricks",
        "chicago": "Ann",
        "chicago_won": True,
        "points": {"Ann": 15},
    }
    # The server's own page now: its round log, newest first, says each entry as tapped.
    phone.expect_scores(SCORES_AFTER_TWELVE)
    expect(phone.round_log).to_have_count(len(TWELVE_ENTRIES))
    logged = phone.round_log.all_inner_texts()
    for _round, _step, words in TWELVE_ENTRIES:
        assert any(words in item for item in logged), (words, logged)


def test_undoing_a_waiting_entry_takes_it_off_the_phone_and_sends_nothing_for_it(
    new_phone, seed_game, api
):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone()
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)
    win(phone, "Ann", "Flush")
    win(phone, "Bo", "Two pair")
    expect_waiting(phone, 2)

    undo = phone.page.locator("details.undo")
    undo.locator("summary").tap()
    expect(undo).to_contain_text("Remove “Round 1 · Phase 2: Bo +2 · two pair”?")
    undo.get_by_role("button", name="Yes, undo it").tap()

    expect_waiting(phone, 1)
    phone.expect_scores({"Ann": 5, "Bo": 0})
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    phone.page.context.set_offline(False)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    assert [event.get("winner") for event in api_events(api, game)] == ["Ann"]


def test_the_chart_and_round_log_stand_aside_while_entries_wait_and_return_up_to_date(
    new_phone, seed_game
):
    game = seed_game(["Ann", "Bo"], hand_win(1, "phase1", "Ann", "flush"))
    phone = new_phone()
    open_as_scorekeeper(phone, game, with_service_worker=False)
    chart = phone.page.locator(".chart-card .score-chart")
    log = phone.page.locator(".card.log")
    expect(chart).to_be_visible()
    phone.page.context.set_offline(True)

    win(phone, "Bo", "Two pair")

    phone.expect_scores({"Ann": 5, "Bo": 2})
    expect(chart).to_be_hidden()  # it says Bo 0
    expect(log).to_be_hidden()
    phone.page.context.set_offline(False)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    expect(log).to_contain_text("Bo +2 · two pair")
    bo = chart.locator(".chart-legend li").nth(1)
    expect(bo).to_contain_text("Bo")
    expect(bo.locator("strong")).to_have_text("2")


SENT_NOT_UNDONE = (
    "This entry was sent to the server, which may have recorded it, so it was not undone. "
    "Undo it once it is saved."
)


@pytest.mark.parametrize("link", ["slow", "losing_answers"])
def test_a_waiting_entry_sent_is_not_undone_behind_the_servers_back(
    new_phone, seed_game, api, link
):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(service_workers="block")
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)
    win(phone, "Ann", "Two pair")
    sent: list[Route] = []

    def on_its_way(route: Route) -> None:
        if sent:
            route.continue_()
            return
        sent.append(route)  # a slow link: on its way, not yet there
        if link == "losing_answers":
            route.fetch()  # the server records the entry; its answer never arrives
            route.abort("connectionreset")

    phone.page.route(re.compile(r"/api/games/\d+/events$"), on_its_way)
    phone.page.context.set_offline(False)
    for _ in range(200):  # the phone sends once it sees the connection back
        if sent:
            break
        phone.page.wait_for_timeout(100)  # lets Playwright hand the request to the route
    assert sent, "the waiting entry was never sent"
    if link == "losing_answers":
        phone.page.context.set_offline(True)  # and it drops before the entry is sent again

    undo = phone.page.locator("details.undo")
    undo.locator("summary").tap()
    undo.get_by_role("button", name="Yes, undo it").tap()

    expect(undo.get_by_role("alert")).to_have_text(SENT_NOT_UNDONE)
    said = undo.get_by_role("alert").bounding_box()
    assert 0 <= said["y"] and said["y"] + said["height"] <= phone.page.viewport_size["height"]
    expect_waiting(phone, 1)
    phone.expect_scores({"Ann": 2, "Bo": 0})
    if link == "slow":
        sent[0].continue_()
    else:
        phone.page.context.set_offline(False)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    phone.expect_scores({"Ann": 2, "Bo": 0})
    assert [event.get("winner") for event in api_events(api, game)] == ["Ann"]


def test_an_undo_of_a_saved_entry_tapped_offline_says_it_was_not_sent(new_phone, seed_game, api):
    game = seed_game(["Ann", "Bo"], hand_win(1, "phase1", "Ann", "flush"))
    phone = new_phone(service_workers="block")
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)

    undo = phone.page.locator("details.undo")
    undo.locator("summary").tap()
    undo.get_by_role("button", name="Yes, undo it").tap()

    said = undo.get_by_role("alert")
    expect(said).to_have_text(
        "Not sent: this phone is offline. Try again once the connection is back."
    )
    box = said.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= phone.page.viewport_size["height"]
    phone.expect_scores({"Ann": 5, "Bo": 0})

    phone.page.context.set_offline(False)  # once the server answers, the words go
    expect(said).to_have_count(0, timeout=10_000)
    with phone.page.expect_navigation():
        undo.get_by_role("button", name="Yes, undo it").tap()
    phone.expect_scores({"Ann": 0, "Bo": 0})
    assert api_events(api, game) == []


def test_after_every_waiting_entry_is_undone_offline_the_servers_page_comes_back_with_the_server(
    new_phone, seed_game
):
    game = seed_game(["Ann", "Bo"], hand_win(1, "phase1", "Ann", "flush"))
    phone = new_phone(service_workers="block")
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)
    win(phone, "Bo", "Two pair")
    undo = phone.page.locator("details.undo")
    undo.locator("summary").tap()
    undo.get_by_role("button", name="Yes, undo it").tap()
    expect(queue_status(phone)).to_have_text(
        "Offline: entries are kept on this phone until the connection is back."
    )
    phone.expect_scores({"Ann": 5, "Bo": 0})
    # The round log, as this page was drawn, is true again.
    expect(phone.page.locator(".card.log")).to_be_visible()
    expect(phone.page.locator(".card.log")).not_to_contain_text("Bo +2")

    # The server's page, asked for when the last waiting entry went, never came; it is
    # drawn once the server answers, though its version is the page's own: its undo of
    # the saved entry and its round log come back.
    phone.page.context.set_offline(False)
    expect(phone.page.locator(".card.log")).to_be_visible(timeout=10_000)
    expect(phone.page.locator(".card.log")).to_contain_text("Ann +5 · flush")
    expect(undo).to_have_count(1)
    expect(phone.page.locator("details.undo[data-undo-waiting]")).to_have_count(0)
    expect(undo).to_contain_text("Ann +5 · flush")


def test_a_tap_kept_offline_is_announced_and_the_next_tab_reaches_the_next_step(
    new_phone, seed_game
):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(has_touch=False, is_mobile=False)  # a phone driven by a keyboard
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)
    phone.page.get_by_role("radio", name="Ann", exact=True).check()

    kept(phone, lambda: phone.hand_button("Two pair").press("Enter"))

    heard = "Scores updated: Ann 2, Bo 0. Last entry: Ann +2 · two pair."
    expect(phone.page.locator("[data-live-announcement]")).to_have_text(heard)
    assert phone.live_regions_saying("Last entry") == [heard]
    expect(phone.step_heading).to_be_focused()
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    phone.page.keyboard.press("Tab")
    expect(phone.page.get_by_role("radio", name="Ann", exact=True)).to_be_focused()


def keyboard_offline(new_phone, seed_game) -> Phone:
    """Ann and Bo's game on a scorekeeper's device with a keyboard and no touch, offline."""
    phone = new_phone(has_touch=False, is_mobile=False)
    open_as_scorekeeper(phone, seed_game(["Ann", "Bo"]), with_service_worker=False)
    phone.page.context.set_offline(True)
    return phone


def test_enter_on_a_player_offline_keeps_nothing_and_says_to_tap_the_hand(new_phone, seed_game):
    phone = keyboard_offline(new_phone, seed_game)
    ann = phone.page.get_by_role("radio", name="Ann", exact=True)
    ann.check()

    ann.press("Enter")  # the browser sends the form by its first button

    refusal = phone.step_card.locator(".form-error")
    expect(refusal).to_have_text("Now tap the hand they had: a player alone records nothing.")
    expect(refusal).to_be_focused()  # as online: focus goes to why
    expect(queue_status(phone)).to_have_text(re.compile(r"^Offline: entries are kept"))
    kept(phone, lambda: phone.hand_button("Two pair").press("Enter"))
    phone.expect_scores({"Ann": 2, "Bo": 0})
    expect_waiting(phone, 1)


def test_enter_before_any_player_is_chosen_offline_says_to_tap_the_player(new_phone, seed_game):
    phone = keyboard_offline(new_phone, seed_game)
    ann = phone.page.get_by_role("radio", name="Ann", exact=True)
    ann.focus()

    ann.press("Enter")

    refusal = phone.step_card.locator(".form-error")
    expect(refusal).to_have_text("First tap who had the best hand, then the hand.")
    expect(refusal).to_be_focused()
    expect(queue_status(phone)).to_have_text(re.compile(r"^Offline: entries are kept"))
    phone.expect_scores({"Ann": 0, "Bo": 0})


def test_an_answer_lost_on_the_way_back_does_not_record_the_entry_twice(new_phone, seed_game, api):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone(service_workers="block")
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)
    win(phone, "Ann", "Flush")
    win(phone, "Bo", "Two pair")
    tap_button(phone, "Ann")
    expect_waiting(phone, 3)

    dropped = []

    def drop_the_second_answer(route: Route) -> None:
        if (
            route.request.method == "POST"
            and len(dropped) == 0
            and '"phase2"' in (route.request.post_data or "")
        ):
            route.fetch()  # the server records the entry; its answer never arrives
            dropped.append(route.request.headers["idempotency-key"])
            route.abort("connectionreset")
            return
        route.continue_()

    phone.page.route(re.compile(r"/api/games/\d+/events$"), drop_the_second_answer)
    phone.page.context.set_offline(False)

    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    assert len(dropped) == 1
    events = api_events(api, game)
    assert [
        (event["step"], event.get("winner") or event.get("last_trick")) for event in events
    ] == [
        ("phase1", "Ann"),
        ("phase2", "Bo"),
        ("tricks", "Ann"),
    ]
    assert api_scores(api, game) == {"Ann": 10, "Bo": 2}


def test_two_tabs_of_one_game_keep_one_queue_and_each_entry_is_saved_once(
    new_phone, seed_game, api
):
    game = seed_game(["Ann", "Bo"])
    first = new_phone()
    open_as_scorekeeper(first, game, with_service_worker=False)
    second = Phone(first.page.context.new_page())
    second.open(game.path)
    ready_to_queue(second)
    first.page.context.set_offline(True)

    win(first, "Ann", "Flush")
    expect_waiting(first, 1)

    # The second tab still shows phase 1: its tap is checked against what the first kept,
    # refused, and the tab redrawn from the stored queue, which it did not overwrite.
    win(second, "Bo", "Two pair")
    expect(second.step_card.locator(".form-error")).to_contain_text(
        "Round 1 · Phase 1 is not the next step"
    )
    expect_waiting(second, 1)
    second.expect_scores({"Ann": 5, "Bo": 0})
    expect(second.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    win(second, "Bo", "Two pair")
    expect_waiting(second, 2)

    # Back in sight, the first tab shows what the second added. (Headless Chromium keeps
    # every tab visible, so the event a phone fires on switching tabs is fired here.)
    first.page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect_waiting(first, 2)
    first.expect_scores({"Ann": 5, "Bo": 2})

    first.page.context.set_offline(False)  # both tabs send the same queue
    for tab in (first, second):
        expect(queue_status(tab)).to_have_text("All saved", timeout=20_000)
    assert [(event["step"], event["winner"]) for event in api_events(api, game)] == [
        ("phase1", "Ann"),
        ("phase2", "Bo"),
    ]


def test_a_page_from_the_phones_copy_is_online_once_saved_and_keeps_a_player_tapped(
    new_phone, seed_game, api, wifi
):
    game, phone = keeping_score_off_the_wifi(new_phone, seed_game, wifi)
    win(phone, "Ann", "Flush")
    phone.page.reload()  # offline: the service worker's copy of the page
    ready_to_queue(phone)
    served_offline = phone.page.locator("html[data-served-offline]")
    expect(served_offline).to_have_count(1)
    phone.page.evaluate("window.stillTheSamePage = true")
    bo = phone.page.get_by_role("radio", name="Bo", exact=True)
    bo.tap()  # choosing the next step's winner on the card the phone drew

    back_online(phone, wifi)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)

    # Once "All saved" has had its time, the phone says nothing of being offline: the
    # server answers its polls. Nor does it swap in the server's page while a player is
    # tapped, which would drop the choice.
    expect(queue_status(phone)).to_be_hidden(timeout=10_000)
    phone.page.wait_for_timeout(4_500)  # two more polls, each answered
    expect(phone.page.locator("html.is-offline")).to_have_count(0)
    expect(queue_status(phone)).to_be_hidden()
    assert phone.page.evaluate("window.stillTheSamePage === true")
    expect(bo).to_be_checked()
    # The page is still the phone's drawing: no undo of entries waiting here (none do),
    # and no round log as the server drew it before the flush.
    expect(phone.page.locator("details.undo")).to_have_count(0)
    expect(phone.page.locator(".card.log")).to_have_count(1)
    expect(phone.page.locator(".card.log")).to_be_hidden()

    # The card the phone drew holds no form token: its tap is sent as the phone sends
    # entries kept offline, and recorded, not refused as a page out of date.
    phone.tap_after_a_look(phone.hand_button("Two pair"))
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    phone.expect_scores({"Ann": 5, "Bo": 2, "Cy": 0})
    assert [(event["step"], event["winner"]) for event in api_events(api, game)] == [
        ("phase1", "Ann"),
        ("phase2", "Bo"),
    ]

    # With nothing waiting, the server's page takes the drawn one's place, and the next
    # tap is a form's, sent and answered with the next page.
    expect(phone.page.locator(".step-card[data-drawn]")).to_have_count(0)
    expect(phone.page.locator(".card.log")).to_contain_text("Bo +2 · two pair")
    expect(phone.page.locator("details.undo")).to_have_count(1)
    phone.last_trick("Cy")  # a page loaded, and nothing refused
    expect(served_offline).to_have_count(0)
    phone.expect_scores({"Ann": 5, "Bo": 2, "Cy": 5})
    assert len(api_events(api, game)) == 3


def copy_holds(phone: Phone, text: str) -> bool:
    """Whether the service worker's copy of the page shown holds ``text``."""
    return phone.page.evaluate(
        "(text) => caches.match(location.pathname)"
        ".then((copy) => (copy ? copy.text() : '')).then((html) => html.includes(text))",
        text,
    )


def copy_comes_to_hold(phone: Phone, text: str) -> None:
    """The service worker's copy of the page comes to hold ``text`` within 8 s."""
    for _ in range(80):
        if copy_holds(phone, text):
            return
        phone.page.wait_for_timeout(100)
    assert copy_holds(phone, text), f"the phone's copy of the page has no {text!r}"


def reload_off_the_wifi(phone: Phone, wifi) -> None:
    """The Wi-Fi drops and the phone reloads: the page is the service worker's copy."""
    go_offline(phone, wifi)
    phone.page.reload()
    ready_to_queue(phone)


def test_a_reload_offline_after_all_is_saved_shows_the_game_as_saved(new_phone, seed_game, wifi):
    game, phone = keeping_score_off_the_wifi(new_phone, seed_game, wifi)
    win(phone, "Ann", "Flush")
    win(phone, "Bo", "Two pair")
    back_online(phone, wifi)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    # The server's page is drawn in place of the phone's: no page loads.
    expect(phone.page.locator(".card.log")).to_contain_text("Bo +2 · two pair")
    copy_comes_to_hold(phone, "Bo +2 · two pair")  # kept as the page is drawn

    # The Wi-Fi drops and the phone reloads: its copy of the page is the one drawn in
    # place, not the one loaded before the entries were kept.
    reload_off_the_wifi(phone, wifi)
    expect(phone.page.locator("html[data-served-offline]")).to_have_count(1)
    phone.expect_scores({"Ann": 5, "Bo": 2, "Cy": 0})
    expect(phone.step_heading).to_have_text("Round 1 · Tricks: last trick or Chicago?")


def bo_tapped_as_anns_flush_is_saved(phone: Phone, wifi) -> None:
    """Ann's flush, kept offline, is saved once the Wi-Fi is back, while Bo is tapped as
    the next step's winner: "All saved" shows, and the page stays as the phone drew it."""
    win(phone, "Ann", "Flush")
    phone.page.get_by_role("radio", name="Bo", exact=True).tap()
    back_online(phone, wifi)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)


def fail_the_first_page_asked_for_in_place(phone: Phone, game: SeededGame, how: str) -> None:
    """The first page the phone asks for in place (sw.js sends it on), and no other, is
    cut off on the way, or refused by a server that is busy for a moment."""
    failed = []

    def fail_once(route: Route) -> None:
        if failed or route.request.headers.get("accept") != "text/html":
            route.continue_()
            return
        failed.append(route.request.url)
        if how == "is cut off":
            route.abort("connectionreset")
        else:
            route.fulfill(status=503, body="Busy for a moment")

    phone.page.context.route(re.compile(rf"//[^/]+/games/{game.id}$"), fail_once)


@pytest.mark.parametrize("first_page_asked_for", ["arrives", "is cut off", "is refused"])
def test_a_reload_offline_while_a_player_was_tapped_at_all_saved_shows_the_game_as_saved(
    first_page_asked_for, new_phone, seed_game, api, wifi
):
    game, phone = keeping_score_off_the_wifi(new_phone, seed_game, wifi)
    if first_page_asked_for != "arrives":
        fail_the_first_page_asked_for_in_place(phone, game, first_page_asked_for)
    bo_tapped_as_anns_flush_is_saved(phone, wifi)
    # Bo stays tapped, so the server's page is not drawn; the service worker keeps it
    # as its copy all the same (asked for again at a later poll if it failed).
    copy_comes_to_hold(phone, "Ann +5 · flush")
    expect(phone.page.get_by_role("radio", name="Bo", exact=True)).to_be_checked()

    # The Wi-Fi drops before the hand is tapped, and the phone reloads: the game as saved,
    # not as it was before the flush.
    reload_off_the_wifi(phone, wifi)
    phone.expect_scores({"Ann": 5, "Bo": 0, "Cy": 0})
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    win(phone, "Bo", "Two pair")
    expect_waiting(phone, 1)

    back_online(phone, wifi)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    expect(phone.page.locator(".conflict-card")).to_have_count(0)
    assert [(event["step"], event["winner"]) for event in api_events(api, game)] == [
        ("phase1", "Ann"),
        ("phase2", "Bo"),
    ]


def test_a_page_that_came_late_is_not_left_as_the_copy_while_a_player_is_tapped(
    new_phone, seed_game, wifi
):
    game = seed_game(["Ann", "Bo", "Cy"], hand_win(1, "phase1", "Ann", "flush"))
    phone = new_phone(base_url=wifi.url)
    open_as_scorekeeper(phone, game)
    holding_back = [False]
    held = []
    pages_let_through = []

    def slow_to_arrive(route: Route) -> None:  # one page asked for in place (sw.js sends it)
        if route.request.headers.get("accept") != "text/html":
            route.continue_()
        elif held or not holding_back[0]:
            pages_let_through.append(route.request.url)
            route.continue_()
        else:
            held.append((route, route.fetch()))  # the game with Bo's two pair, and no more

    phone.page.context.route(re.compile(rf"//[^/]+/games/{game.id}$"), slow_to_arrive)
    holding_back[0] = True
    game.record(hand_win(1, "phase2", "Bo", "two_pair"))  # another phone that keeps score
    for _ in range(100):
        if held:
            break
        phone.page.wait_for_timeout(100)
    assert held, "the phone never asked for the page with Bo's two pair"
    game.record(last_trick_to(1, "Cy"))
    phone.expect_scores({"Ann": 5, "Bo": 2, "Cy": 5}, timeout=5_000)  # a later poll's page

    # A player is tapped, and then the older page comes: the service worker keeps it.
    phone.page.get_by_role("radio", name="Cy", exact=True).tap()
    route, older_page = held[0]
    asked_before = len(pages_let_through)
    route.fulfill(response=older_page)
    # The copy held "Cy +5" already: wait for the page asked for again after the older one.
    for _ in range(50):
        if len(pages_let_through) > asked_before:
            break
        phone.page.wait_for_timeout(100)
    assert len(pages_let_through) > asked_before, "the page was not asked for again"
    copy_comes_to_hold(phone, "Cy +5")
    expect(phone.page.get_by_role("radio", name="Cy", exact=True)).to_be_checked()

    reload_off_the_wifi(phone, wifi)
    phone.expect_scores({"Ann": 5, "Bo": 2, "Cy": 5})
    expect(phone.step_heading).to_have_text("Round 1 · Phase 3: best hand after the tricks?")


def test_focus_stays_on_the_step_heading_when_the_servers_page_is_drawn(new_phone, seed_game):
    game = seed_game(["Ann", "Bo", "Cy"])
    phone = new_phone(service_workers="block")
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)
    win(phone, "Ann", "Flush")  # focus goes to the heading of the step the phone drew
    heading_has_focus = "document.activeElement.matches('.step-card h2')"
    assert phone.page.evaluate(heading_has_focus)

    phone.page.context.set_offline(False)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    expect(phone.page.locator(".step-card[data-drawn]")).to_have_count(0)  # the server's
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    assert phone.page.evaluate(heading_has_focus)


def test_a_page_asked_for_before_a_tap_is_not_drawn_over_it(new_phone, seed_game):
    game = seed_game(["Ann", "Bo", "Cy"])
    phone = new_phone(service_workers="block")
    open_as_scorekeeper(phone, game, with_service_worker=False)
    # Every page asked for in place is held back until the tap below is drawn: the one
    # "All saved" asks for, and any a poll asks for meanwhile. Let through, a poll's page
    # would be drawn before the tap, and the tap would go as a form, not by the phone.
    holding_back = [True]
    held = []

    def slow_to_arrive(route: Route) -> None:
        if not holding_back[0] or route.request.resource_type != "fetch":
            route.continue_()
            return
        held.append((route, route.fetch()))  # the game as the server has it now

    phone.page.route(re.compile(rf"//[^/]+/games/{game.id}$"), slow_to_arrive)
    phone.page.context.set_offline(True)
    win(phone, "Ann", "Flush")
    phone.page.context.set_offline(False)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    expect(queue_status(phone)).to_be_hidden(timeout=20_000)  # polls ask for pages meanwhile
    assert held, "the phone never asked for the server's page"

    # While those pages are on their way, a tap on the next step is sent and saved.
    win(phone, "Bo", "Two pair")
    holding_back[0] = False
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    phone.expect_scores({"Ann": 5, "Bo": 2, "Cy": 0})
    for route, older_page in held:
        route.fulfill(response=older_page)

    for _ in range(20):  # the page as shown, a tenth of a second apart: never an older one
        phone.page.wait_for_timeout(100)
        assert phone.score_of("Bo").inner_text() == "2"
        assert phone.step_heading.inner_text() == "Round 1 · Tricks: last trick or Chicago?"


def test_a_language_chosen_online_leaves_the_phone_its_copy_of_the_game_for_offline(
    new_phone, seed_game, wifi
):
    game = seed_game(["Ann", "Bo", "Cy"])
    phone = new_phone(base_url=wifi.url)
    open_as_scorekeeper(phone, game)
    # Swedish is chosen (its cookie set), and the page loaded again through the service
    # worker, which keeps the copy, and its offline page again, in Swedish.
    phone.page.evaluate("fetch('/language/sv', {redirect: 'manual'})")
    phone.page.reload()
    ready_to_queue(phone)
    phone.wait_for_the_kept_offline_page_in("sv")

    go_offline(phone, wifi)
    phone.page.get_by_role("radio", name="Ann", exact=True).tap()
    kept(phone, lambda: phone.tap_after_a_look(phone.page.locator("button[value=flush]")))
    phone.page.reload()  # offline: the page as the new worker keeps it, and the queue
    ready_to_queue(phone)

    expect(phone.page.locator("html[data-served-offline][lang=sv]")).to_have_count(1)
    phone.expect_scores({"Ann": 5, "Bo": 0, "Cy": 0})
    expect(queue_status(phone)).to_have_text("Inte sparat än: 1 notering väntar")

    # A page the phone never opened: the offline page, in the language chosen.
    phone.open("/history")
    expect(phone.page.locator("html[data-served-offline][lang=sv] h1")).to_have_text(
        "Offline – noteringar är pausade"
    )


def test_a_tap_after_all_is_saved_follows_the_entries_sent_when_the_wifi_drops_again(
    new_phone, seed_game, api, wifi
):
    game, phone = keeping_score_off_the_wifi(new_phone, seed_game, wifi)
    bo_tapped_as_anns_flush_is_saved(phone, wifi)

    # Bo is still tapped, so the page is the one drawn before the flush was saved; the
    # Wi-Fi drops before the hand is tapped. The tap follows the flush, as saved.
    go_offline(phone, wifi)
    phone.tap_after_a_look(phone.hand_button("Two pair"))
    expect_waiting(phone, 1)
    expect(phone.page.locator(".step-card .form-error")).to_have_count(0)
    phone.expect_scores({"Ann": 5, "Bo": 2, "Cy": 0})

    back_online(phone, wifi)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    assert [(event["step"], event["winner"]) for event in api_events(api, game)] == [
        ("phase1", "Ann"),
        ("phase2", "Bo"),
    ]


def conflict_over(new_phone, seed_game, others_entry: dict):
    """Ann's phone records two steps offline (Ann's flush, Bo's one pair) while another
    phone records ``others_entry``; Ann's phone then comes back and its first entry is
    refused."""
    game = seed_game(["Ann", "Bo", "Cy"])
    phone = new_phone()
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)
    win(phone, "Ann", "Flush")
    win(phone, "Bo", "One pair")
    expect_waiting(phone, 2)
    game.record(others_entry)
    phone.page.context.set_offline(False)
    card = phone.page.locator(".conflict-card")
    expect(card).to_contain_text("Not saved: the server refused an entry waiting on this phone.")
    return game, phone, card


@pytest.fixture
def conflict(new_phone, seed_game):
    """The other phone records phase 1 of round 1 differently."""
    return conflict_over(new_phone, seed_game, hand_win(1, "phase1", "Cy", "straight"))


def test_a_refused_entry_stops_the_queue_and_shows_both_versions(conflict, api):
    game, phone, card = conflict
    expect(card.locator(".conflict-theirs")).to_have_text("Phase 1 · Cy +4 · straight")
    expect(card.locator(".conflict-waiting li")).to_have_text(
        ["Phase 1 · Ann +5 · flush", "Phase 2 · Bo +1 · one pair"]
    )
    # Once the server's game shows it, the card says who took the step in its own words,
    # not the refusal's advice to refresh, which would only bring the card back.
    expect(card.locator(".form-error")).to_have_text(
        "Another phone recorded Round 1 · Phase 1 first."
    )
    expect_waiting(phone, 2)
    # The card's choices are the way on: no undo of a waiting entry, held back, beside it.
    expect(phone.page.locator("details.undo")).to_have_count(0)
    phone.page.wait_for_timeout(1_000)
    assert len(api_events(api, game)) == 1  # nothing later in the queue was sent


def test_the_conflict_card_takes_focus_from_the_step_card_it_replaced(conflict):
    game, phone, card = conflict
    # The tap offline left focus on the step heading, drawn over by the card.
    expect(card.get_by_role("heading", level=2)).to_be_focused()


@pytest.mark.parametrize(
    ("choice", "announced"),
    [
        (
            "Discard the waiting entries",
            "Scores updated: Ann 0, Bo 0, Cy 4. Last entry: Cy +4 · straight.",
        ),
        (
            "Apply them as corrections",
            "Scores updated: Ann 5, Bo 1, Cy 0. Last entry: Bo +1 · one pair.",
        ),
    ],
)
def test_after_the_conflict_cards_choice_focus_starts_at_the_step(conflict, choice, announced):
    game, phone, card = conflict
    with phone.page.expect_navigation():
        card.get_by_role("button", name=choice).tap()

    expect(phone.page.locator("[data-live-announcement]")).to_have_text(announced)
    expect(phone.step_heading).to_be_focused()


def test_discarding_the_waiting_entries_keeps_the_servers_game(conflict, api):
    game, phone, card = conflict
    card.get_by_role("button", name="Discard the waiting entries").tap()
    phone.page.wait_for_load_state()
    phone.expect_scores({"Ann": 0, "Bo": 0, "Cy": 4})
    expect(queue_status(phone)).to_be_hidden()
    assert api_scores(api, game) == {"Ann": 0, "Bo": 0, "Cy": 4}
    assert len(api_events(api, game)) == 1


def test_applying_the_waiting_entries_as_corrections_gives_this_phones_game(conflict, api):
    game, phone, card = conflict
    card.get_by_role("button", name="Apply them as corrections").tap()
    expect(queue_status(phone)).to_have_text("All saved")
    phone.expect_scores({"Ann": 5, "Bo": 1, "Cy": 0})
    expect(phone.step_heading).to_have_text("Round 1 · Tricks: last trick or Chicago?")
    events = api_events(api, game)
    assert [(event["step"], event["winner"]) for event in events] == [
        ("phase1", "Ann"),
        ("phase2", "Bo"),
    ]
    assert events[0]["corrections"][0]["was"]["winner"] == "Cy"
    assert api_scores(api, game) == {"Ann": 5, "Bo": 1, "Cy": 0}


def test_a_waiting_entry_another_phone_recorded_alike_is_passed_over_and_the_rest_sent(
    new_phone, seed_game, api
):
    game, phone, card = conflict_over(
        new_phone,
        seed_game,
        hand_win(1, "phase1", "Ann", "flush"),  # alike
    )

    card.get_by_role("button", name="Apply them as corrections").tap()

    expect(queue_status(phone)).to_have_text("All saved")
    expect(phone.step_heading).to_have_text("Round 1 · Tricks: last trick or Chicago?")
    phone.expect_scores({"Ann": 5, "Bo": 1, "Cy": 0})
    expect(queue_status(phone)).to_be_hidden(timeout=10_000)
    events = api_events(api, game)
    assert [(event["step"], event["winner"]) for event in events] == [
        ("phase1", "Ann"),
        ("phase2", "Bo"),
    ]
    assert "corrections" not in events[0]


def test_applying_the_waiting_entries_offline_keeps_the_refusal_until_the_server_answers(
    conflict, api
):
    game, phone, card = conflict
    phone.page.context.set_offline(True)
    card.evaluate("(shown) => { shown.dataset.before = ''; }")
    card.get_by_role("button", name="Apply them as corrections").tap()

    card = phone.page.locator(".conflict-card:not([data-before])")  # drawn again
    expect(card.locator(".form-error")).to_have_text(
        re.compile(r"^(Another phone recorded Round 1 · Phase 1 first\.|The server said: .+)$")
    )
    expect_waiting(phone, 2)
    phone.page.context.set_offline(False)
    card.get_by_role("button", name="Apply them as corrections").tap()
    expect(queue_status(phone)).to_have_text("All saved")
    phone.expect_scores({"Ann": 5, "Bo": 1, "Cy": 0})
    assert [(event["step"], event["winner"]) for event in api_events(api, game)] == [
        ("phase1", "Ann"),
        ("phase2", "Bo"),
    ]


def test_waiting_entries_are_applied_as_corrections_behind_a_proxy_that_weakens_etags(
    conflict, api
):
    """A proxy that compresses an answer may mark its ETag weak (W/"..."); the game is the
    same game, and the phone's corrections still go through."""
    game, phone, card = conflict

    def weakened(route):
        answer = route.fetch()
        headers = answer.headers | {"etag": "W/" + answer.headers["etag"]}
        route.fulfill(status=answer.status, headers=headers, body=answer.body())

    phone.page.route(f"**/api/games/{game.id}", weakened)
    card.get_by_role("button", name="Apply them as corrections").tap()

    expect(queue_status(phone)).to_have_text("All saved")
    # Nothing waits: "All saved" has its 4 s, then the page is the server's. The wait
    # allows for a slow machine's sending, as no time of it is what this test checks.
    expect(queue_status(phone)).to_be_hidden(timeout=10_000)
    phone.expect_scores({"Ann": 5, "Bo": 1, "Cy": 0})
    assert api_scores(api, game) == {"Ann": 5, "Bo": 1, "Cy": 0}


def refused_after_undoing(
    new_phone, seed_game, saved: list[dict], tap: Callable[[Phone], None], undone: int
):
    """The entries ``saved`` are on the server; ``tap`` then keeps one on Ann's phone,
    offline, while another phone undoes the last ``undone`` of them. Back online, the
    kept entry is refused: its step is no longer the next."""
    game = seed_game(["Ann", "Bo", "Cy"], *saved)
    phone = new_phone()
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)
    tap(phone)
    expect_waiting(phone, 1)
    for _ in range(undone):
        game.undo_last()
    phone.page.context.set_offline(False)
    return game, phone, phone.page.locator(".conflict-card")


@pytest.fixture
def undone_under_the_queue(new_phone, seed_game):
    """Ann's flush is saved; Bo's one pair then waits on Ann's phone while another phone
    undoes the flush."""
    game, phone, card = refused_after_undoing(
        new_phone,
        seed_game,
        [hand_win(1, "phase1", "Ann", "flush")],
        lambda phone: win(phone, "Bo", "One pair"),
        undone=1,
    )
    expect(card.locator(".form-error")).to_have_text(
        "Another phone undid entries that the ones waiting here follow. "
        "The server's game is back at Round 1 · Phase 1."
    )
    return game, phone, card


def test_entries_after_a_step_another_phone_undid_are_not_offered_as_corrections(
    undone_under_the_queue,
):
    """Applied, they would be refused again: the server has no entry for their step to
    correct, and their step is not its next."""
    game, phone, card = undone_under_the_queue
    expect(card.get_by_role("button")).to_have_text(
        ["Discard the waiting entries", "Keep them, enter the steps before"]
    )
    expect(card.locator(".conflict-waiting li")).to_have_text(["Phase 2 · Bo +1 · one pair"])


def keep_them_and_enter_the_steps_before(phone: Phone, card) -> None:
    with phone.page.expect_navigation():
        card.get_by_role("button", name="Keep them, enter the steps before").tap()
    expect(phone.step_heading).to_have_text("Round 1 · Phase 1: best hand?")
    expect(phone.step_heading).to_be_focused()  # as after the card's other choices


def test_entries_kept_after_an_undone_step_are_sent_once_it_is_entered_again(
    undone_under_the_queue, api
):
    game, phone, card = undone_under_the_queue
    keep_them_and_enter_the_steps_before(phone, card)

    expect(phone.page.locator(".step-card h2 + .step-note")).to_have_text(
        "1 entry on this phone is for Round 1 · Phase 2. "
        "It is sent once the steps before it are entered."
    )
    expect(phone.page.locator(".held-card li")).to_have_text(["Phase 2 · Bo +1 · one pair"])
    expect_waiting(phone, 1)
    phone.expect_scores({"Ann": 0, "Bo": 0, "Cy": 0})
    assert_first_screen_holds_the_next_step(phone, at="phase 1, entries kept")
    phone.page.set_viewport_size(SMALL)
    assert_first_screen_holds_the_next_step(
        phone, whole_step=False, at="phase 1, entries kept, at 320 x 568"
    )
    phone.page.set_viewport_size(SE)
    phone.page.wait_for_timeout(500)
    assert api_events(api, game) == []  # nothing kept is sent before its step

    win(phone, "Cy", "Straight")

    expect(queue_status(phone)).to_have_text("All saved")
    expect(phone.step_heading).to_have_text("Round 1 · Tricks: last trick or Chicago?")
    expect(phone.page.locator(".held-card")).to_have_count(0)
    phone.expect_scores({"Ann": 0, "Bo": 1, "Cy": 4})
    assert [(event["step"], event["winner"]) for event in api_events(api, game)] == [
        ("phase1", "Cy"),
        ("phase2", "Bo"),
    ]


def test_entries_kept_after_an_undone_step_can_be_discarded(undone_under_the_queue, api):
    game, phone, card = undone_under_the_queue
    keep_them_and_enter_the_steps_before(phone, card)
    phone.page.set_viewport_size(SMALL)  # the card stands below the step, out of sight

    with phone.page.expect_navigation():
        phone.page.locator(".held-card").get_by_role(
            "button", name="Discard the waiting entries"
        ).tap()

    expect(phone.step_heading).to_have_text("Round 1 · Phase 1: best hand?")
    expect(phone.page.locator(".held-card, .step-note")).to_have_count(0)
    expect(queue_status(phone)).to_be_hidden()
    expect(phone.step_heading).to_be_focused()
    assert_first_screen_holds_the_next_step(phone, at="phase 1, the kept entries discarded")
    phone.win("Ann", "Two pair")  # the server's page again: the tap goes as a form
    assert [(event["step"], event["winner"]) for event in api_events(api, game)] == [
        ("phase1", "Ann"),
    ]


def two_steps_undone_under_the_queue(new_phone, seed_game):
    """Ann's last trick waits on her phone while another phone undoes both hands it
    follows; back online, Ann keeps it and enters the steps before it."""
    game, phone, card = refused_after_undoing(
        new_phone,
        seed_game,
        [hand_win(1, "phase1", "Ann", "flush"), hand_win(1, "phase2", "Bo", "two_pair")],
        lambda phone: tap_button(phone, "Ann"),  # the last trick
        undone=2,
    )
    keep_them_and_enter_the_steps_before(phone, card)
    return game, phone


def test_entries_kept_after_two_undone_steps_wait_until_both_are_entered_again(
    new_phone, seed_game, api
):
    game, phone = two_steps_undone_under_the_queue(new_phone, seed_game)
    note = phone.page.locator(".step-card h2 + .step-note")

    tap_win(phone, "Cy", "Straight")  # the count reads 1 before and after: the trick waits

    assert [(event["step"], event["winner"]) for event in saved_events(api, game, 1)] == [
        ("phase1", "Cy")
    ]
    expect(queue_status(phone)).to_have_text("Not yet saved: 1 entry waiting")
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    expect(note).to_have_text(
        "1 entry on this phone is for Round 1 · Tricks. "
        "It is sent once the steps before it are entered."
    )
    assert len(api_events(api, game)) == 1

    win(phone, "Ann", "One pair")

    expect(queue_status(phone)).to_have_text("All saved")
    events = api_events(api, game)
    assert [event["step"] for event in events] == ["phase1", "phase2", "tricks"]
    assert events[2]["last_trick"] == "Ann"
    phone.expect_scores({"Ann": 6, "Bo": 0, "Cy": 4})


def test_a_refusal_while_entries_are_kept_lists_them_with_the_waiting_ones(
    new_phone, seed_game, api
):
    """The card's Discard drops the kept entries too, so it shows them."""
    game, phone = two_steps_undone_under_the_queue(new_phone, seed_game)
    phone.page.context.set_offline(True)
    win(phone, "Cy", "Straight")
    game.record(hand_win(1, "phase1", "Bo", "three_of_a_kind"))
    phone.page.context.set_offline(False)

    card = phone.page.locator(".conflict-card")
    expect(card.locator(".form-error")).to_have_text(
        "Another phone recorded Round 1 · Phase 1 first."
    )
    expect(card.locator(".conflict-waiting li")).to_have_text(
        ["Phase 1 · Cy +4 · straight", "Tricks · Ann +5 · last trick"]
    )
    with phone.page.expect_navigation():
        card.get_by_role("button", name="Discard the waiting entries").tap()
    expect(phone.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    expect(queue_status(phone)).to_be_hidden()
    assert [(event["step"], event["winner"]) for event in api_events(api, game)] == [
        ("phase1", "Bo")
    ]


def test_without_a_connection_nothing_is_sent_and_the_page_says_what_waits(
    new_phone, seed_game, api
):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone()
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)
    expect(queue_status(phone)).to_have_text(
        "Offline: entries are kept on this phone until the connection is back."
    )
    expect(phone.page.locator("[data-offline-banner]")).to_be_hidden()
    win(phone, "Ann", "Royal flush")
    expect_waiting(phone, 1)
    phone.page.wait_for_timeout(500)
    assert api_events(api, game) == []


def test_the_last_entry_under_the_step_is_the_newest_waiting_and_again_the_servers_once_undone(
    new_phone, seed_game
):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone()
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.win("Ann", "Flush")
    last_entry = phone.page.locator(".last-entry:visible")
    expect(last_entry).to_have_text("Last entry: Ann +5 · flush.")
    ready_to_queue(phone)
    phone.page.context.set_offline(True)

    win(phone, "Bo", "Two pair")
    expect(last_entry).to_have_text("Last entry: Bo +2 · two pair.")
    step_box = phone.step_card.bounding_box()
    assert last_entry.bounding_box()["y"] >= step_box["y"] + step_box["height"]

    undo = phone.page.locator("details.undo")
    undo.locator("summary").tap()
    undo.get_by_role("button", name="Yes, undo it").tap()
    phone.expect_scores({"Ann": 5, "Bo": 0})
    expect(last_entry).to_have_text("Last entry: Ann +5 · flush.")  # the server's, again


def test_a_server_that_stops_answering_counts_as_offline_and_taps_wait_on_the_phone(
    new_phone, seed_game, api
):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone()
    open_as_scorekeeper(phone, game, with_service_worker=False)
    unanswered: list[Route] = []

    def never_answer(route: Route) -> None:  # a laptop asleep: no answer, and no refusal
        unanswered.append(route)

    phone.page.route("**/*", never_answer)

    expect(queue_status(phone)).to_have_text(
        "Offline: entries are kept on this phone until the connection is back.", timeout=15_000
    )
    win(phone, "Ann", "Flush")
    expect_waiting(phone, 1)
    phone.page.wait_for_timeout(1_000)
    assert api_events(api, game) == []
    assert len(unanswered) <= 3, "requests pile up while the server does not answer"

    phone.page.unroute("**/*")  # the server wakes; what it never answered stays unanswered
    expect(queue_status(phone)).to_have_text("All saved", timeout=30_000)
    assert [event.get("winner") for event in api_events(api, game)] == ["Ann"]


def test_a_page_that_never_comes_does_not_stop_the_phone_noticing_the_server_is_gone(
    new_phone, seed_game
):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone()
    open_as_scorekeeper(phone, game, with_service_worker=False)
    unanswered: list[Route] = []

    def never_answer(route: Route) -> None:
        unanswered.append(route)

    # Another phone records an entry: this one hears of it and asks for the new page,
    # which never comes; then the server stops answering anything at all. The page is
    # asked for through the service worker (it keeps a copy), whose requests only the
    # context's routes see.
    phone.page.context.route(re.compile(rf"/games/{game.id}$"), never_answer)
    game.record(hand_win(1, "phase1", "Bo", "flush"))
    for _ in range(100):  # until the phone has asked for the page
        if unanswered:
            break
        phone.page.wait_for_timeout(100)
    assert unanswered, "the phone never asked for the new page"
    phone.page.route("**/*", never_answer)

    expect(queue_status(phone)).to_have_text(
        "Offline: entries are kept on this phone until the connection is back.", timeout=15_000
    )


FOUR = ["Anna-Karin Lindqvist-Johansson", "Björn", "Cy", "Dagmar"]
SE = {"width": 375, "height": 667}
DEUCE = {"preset": "deuce_trick"}  # no more exchanges from 45 points
SMALL = {"width": 320, "height": 568}


def four_at_round_two(seed_game) -> SeededGame:
    """Round 2, phase 2 next: only the first player has the 15 points Chicago needs."""
    return seed_game(
        FOUR,
        hand_win(1, "phase1", FOUR[0], "straight_flush"),
        hand_win(1, "phase2", FOUR[1], "straight_flush"),
        last_trick_to(1, FOUR[2]),
        hand_win(1, "phase3", FOUR[3], "flush"),
        hand_win(2, "phase1", FOUR[0], "four_of_a_kind"),
    )


@pytest.mark.parametrize("viewport", [SE, SMALL], ids=["375x667", "320x568"])
def test_offline_the_next_step_and_what_waits_are_in_the_first_screen(
    viewport, new_phone, seed_game
):
    game = four_at_round_two(seed_game)
    phone = new_phone(viewport=viewport, screen=viewport)
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)

    tap_button(phone, "Nobody had a hand")

    expect_waiting(phone, 1)
    expect(phone.page.locator(".why-not")).to_have_text(
        ["Björn, Cy and Dagmar need 15 points to call Chicago."]
    )
    assert_first_screen_holds_the_next_step(
        phone, whole_step=viewport == SE, at="the tricks, offline"
    )
    assert outside(phone, "[data-queue-status]") == []


def test_offline_who_may_no_longer_exchange_is_said_in_the_step_card_as_online(
    new_phone, seed_game
):
    game = seed_game(
        ["Ann", "Bo", "Cy"], *to_the_exchange_stop(["Ann", "Bo", "Cy"], "Ann"), rules=DEUCE
    )
    phone = new_phone(viewport=SE, screen=SE)
    open_as_scorekeeper(phone, game, with_service_worker=False)
    reminder = "No more exchanges for Ann: 45 points or more."
    online = phone.page.locator(".step-card h2 + .step-note")
    expect(online).to_have_text(reminder)
    phone.page.context.set_offline(True)

    tap_button(phone, "Nobody had a hand")

    expect(phone.step_heading).to_have_text("Round 4 · Phase 2: best hand?")
    drawn = phone.page.locator(".step-card h2 + .step-note")
    expect(drawn).to_have_text(reminder)
    expect(phone.page.locator(".step-note")).to_have_count(1)
    assert_first_screen_holds_the_next_step(phone, at="phase 2, offline")


def test_a_refused_entry_and_the_choice_it_needs_are_in_the_first_screen(conflict):
    _game, phone, card = conflict
    phone.page.set_viewport_size(SE)
    phone.page.evaluate("window.scrollTo(0, 0)")
    expect(card.locator(".conflict-theirs li")).to_have_count(1)
    assert (
        outside(
            phone,
            ".conflict-card h2, .conflict-card .form-error, .conflict-card li, "
            ".conflict-card button, .scores .score, [data-queue-status]",
        )
        == []
    )


def tap_kept(phone: Phone, selector: str) -> None:
    """Tap the step card's button matched by ``selector``, in any language, offline."""
    kept(phone, lambda: phone.tap_after_a_look(phone.page.locator(f".step-card {selector}")))


@pytest.mark.parametrize(
    ("viewport", "language"),
    [(SE, "en"), (SE, "sv"), (SE, "uz"), (SMALL, "be")],
    ids=["375x667 en", "375x667 sv", "375x667 uz", "320x568 be"],
)
def test_a_refused_round_of_a_long_name_leaves_the_choice_in_the_first_screen(
    viewport, language, new_phone, seed_game
):
    long_name = "Maximiliana Konstantinopoulou"
    game = seed_game([long_name, "Bo", "Cy"])
    phone = new_phone(viewport=viewport, screen=viewport, locale=language)
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)
    # A whole round waits: the long name's flush, a tie, Bo's last trick, nobody.
    phone.page.locator(f".step-card label.tile:has(input[value='{long_name}'])").tap()
    tap_kept(phone, "button[name=hand][value=flush]")
    for selector in ("[value=tie]", "[name=last_trick][value=Bo]", "[value=none]"):
        tap_kept(phone, f"button{selector}")
    game.record(hand_win(1, "phase1", "Bo", "two_pair"))  # the other phone

    phone.page.context.set_offline(False)

    card = phone.page.locator(".conflict-card")
    expect(card.locator(".conflict-waiting li")).to_have_count(4)
    expect(card.locator(".conflict-theirs li")).to_have_count(1)
    phone.page.evaluate("window.scrollTo(0, 0)")
    first_screen = ".conflict-card h2, .conflict-card button, .scores .score, [data-queue-status]"
    assert outside(phone, first_screen) == []


def test_offline_a_tiebreak_and_then_the_win_show_as_the_rules_decide(new_phone, seed_game, api):
    game = seed_game(
        ["Ann", "Bo", "Cy"],
        hand_win(1, "phase1", "Ann", "royal_flush"),
        hand_win(1, "phase2", "Bo", "royal_flush"),
    )
    phone = new_phone()
    open_as_scorekeeper(phone, game, with_service_worker=False)
    phone.page.context.set_offline(True)

    tap_button(phone, "Cy")
    tap_button(phone, "Nobody had a hand")

    expect(phone.step_card.locator(".step-note")).to_have_text(
        "Tiebreak: only Ann and Bo play this round."
    )
    expect(phone.step_heading).to_have_text("Tiebreak Round 2 · Phase 1: best hand?")
    expect(phone.step_card.locator("input[name=winner]")).to_have_count(2)
    expect(phone.page.locator(".score-card").nth(2).locator(".roles")).to_have_text("Sits out")

    win(phone, "Ann", "Flush")
    tap_button(phone, "Nobody had a hand")
    tap_button(phone, "Ann")
    tap_button(phone, "Nobody had a hand")

    winner = phone.page.locator(".banner.winner")
    expect(winner).to_have_text("Ann wins with 62 points!")
    expect(winner).to_be_focused()  # where the screen starts, as the next step would be
    heard = (
        "Scores updated: Ann 62, Bo 52, Cy 5. Last entry: Nobody had a hand."
        " Ann wins with 62 points!"
    )
    expect(phone.page.locator("[data-live-announcement]")).to_have_text(heard)
    assert phone.live_regions_saying("wins with") == [heard]
    expect(phone.step_card).to_have_count(0)
    expect_waiting(phone, 6)
    phone.page.context.set_offline(False)
    expect(queue_status(phone)).to_have_text("All saved", timeout=20_000)
    answer = api.get(f"/api/games/{game.id}").json()
    assert (answer["status"], answer["winner"]) == ("finished", "Ann")
    assert api_scores(api, game) == {"Ann": 62, "Bo": 52, "Cy": 5}
