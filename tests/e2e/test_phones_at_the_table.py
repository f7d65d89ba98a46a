"""Other phones at the table: watching read-only, and taking over the scorekeeping."""

import re
import time

from playwright.sync_api import APIResponse, Route, expect

from support.phone import Phone
from support.seeding import SeededGame, hand_win

PLAYERS = ["Ann", "Bo", "Cy"]
# app.js polls the version every 2 s; a watcher must see a tap within 3 s.
WATCHER_DELAY_MS = 3_000


def expect_read_only(watcher: Phone) -> None:
    """A watcher's scoreboard offers nothing that could change the game."""
    page = watcher.page
    expect(
        page.get_by_text("View only: the score is kept on the scorekeeper's phone.")
    ).to_be_visible()
    expect(page.locator("form[method=post]")).to_have_count(0)
    expect(watcher.step_card).to_have_count(0)
    expect(page.get_by_text("Undo last entry")).to_have_count(0)
    # Text, not roles: these sit folded away, where roles would not find them anyway.
    expect(page.get_by_text("Hand over scorekeeping")).to_have_count(0)
    expect(page.get_by_text("Revoke other devices…")).to_have_count(0)


def test_a_watcher_sees_each_tap_within_3_seconds_and_cannot_change_anything(
    scorekeeper: Phone, new_phone
):
    scorekeeper.start_game(PLAYERS, first_dealer="Ann")
    watch_link = scorekeeper.watch_link()
    watcher = new_phone()
    watcher.open(watch_link)
    expect_read_only(watcher)
    watcher.expect_scores({"Ann": 0, "Bo": 0, "Cy": 0})

    for tap, scores, said in [
        (lambda: scorekeeper.win("Ann", "Two pair"), {"Ann": 2}, "Ann +2 · two pair"),
        (lambda: scorekeeper.win("Cy", "Full house"), {"Cy": 6}, "Cy +6 · full house"),
        (lambda: scorekeeper.last_trick("Bo"), {"Bo": 5}, "Bo +5 · last trick"),
    ]:
        tapped_at = time.monotonic()
        tap()
        # What is left of the 3 s once the scorekeeper's own page has loaded.
        left_ms = WATCHER_DELAY_MS - (time.monotonic() - tapped_at) * 1000
        watcher.expect_scores(scores, timeout=max(left_ms, 1))
        expect(watcher.page.locator(".last-entry")).to_have_text(f"Last entry: {said}.")
        heard = watcher.page.locator("[data-live-announcement]")  # as a screen reader reads
        expect(heard).to_contain_text(f". Last entry: {said}.")

    expect(watcher.round_log).to_have_count(3)
    expect_read_only(watcher)


def test_a_hand_over_link_lets_another_phone_keep_score(scorekeeper: Phone, new_phone):
    scorekeeper.start_game(PLAYERS, first_dealer="Bo")
    scorekeeper.win("Ann", "One pair")
    watcher = new_phone()
    watcher.open(scorekeeper.watch_link())
    handover_link = scorekeeper.handover_link()

    new_keeper = new_phone()
    new_keeper.open(handover_link)

    page = new_keeper.page
    expect(page.locator(".flash")).to_have_text("This phone now keeps score for this game.")
    expect(page).to_have_url(scorekeeper.page.url)
    new_keeper.expect_scores({"Ann": 1})
    expect(new_keeper.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    new_keeper.win("Bo", "Three of a kind")
    new_keeper.last_trick("Cy")

    new_keeper.expect_scores({"Ann": 1, "Bo": 3, "Cy": 5})
    watcher.expect_scores({"Ann": 1, "Bo": 3, "Cy": 5}, timeout=WATCHER_DELAY_MS)
    expect_read_only(watcher)
    # The first phone keeps score too: the role moves around, it is not taken away.
    scorekeeper.page.reload()
    expect(scorekeeper.step_heading).to_have_text("Round 1 · Phase 3: best hand after the tricks?")


def test_a_watcher_who_had_a_panel_open_while_a_tap_came_catches_up_once_it_is_closed(
    scorekeeper: Phone, new_phone
):
    scorekeeper.start_game(PLAYERS, first_dealer="Ann")
    watcher = new_phone()
    watcher.open(scorekeeper.watch_link())
    share = watcher.page.locator("details.share > summary")
    share.click()  # the page is left as it is while the panel is open

    scorekeeper.win("Ann", "Flush")
    # A poll or two sees the new version while the panel is open.
    watcher.page.wait_for_timeout(2 * 2_000 + 500)
    watcher.expect_scores({"Ann": 0})
    share.click()

    watcher.expect_scores({"Ann": 5}, timeout=WATCHER_DELAY_MS)
    expect(watcher.round_log).to_have_count(1)


def test_the_scorekeepers_page_follows_an_entry_another_keeper_recorded(new_phone, seed_game):
    game = seed_game(PLAYERS)
    keeper = new_phone()
    keeper.open(game.keep_score_path)
    keeper.open(game.path)  # a page as after a tap, its names form folded away

    game.record(hand_win(1, "phase1", "Bo", "flush"))  # the other phone that keeps score

    expect(keeper.step_heading).to_have_text(
        "Round 1 · Phase 2: best hand?", timeout=WATCHER_DELAY_MS
    )
    keeper.expect_scores({"Bo": 5})


class LatePage:
    """The first page a phone asks for in place is held back, as on a slow link; every
    later one comes at once, and is counted."""

    def __init__(self, phone: Phone, game: SeededGame) -> None:
        self.held: list[tuple[Route, APIResponse]] = []
        self.pages_let_through = 0
        phone.page.route(re.compile(rf"//[^/]+/games/{game.id}$"), self._route)

    def _route(self, route: Route) -> None:
        if route.request.resource_type != "fetch":
            route.continue_()
        elif self.held:
            self.pages_let_through += 1
            route.continue_()
        else:
            self.held.append((route, route.fetch()))  # the game as the server has it now

    def arrive(self) -> None:
        route, page = self.held[0]
        route.fulfill(response=page)


def watcher_shown_a_page_newer_than_one_on_its_way(new_phone, seed_game):
    """A watcher asks for the page with Bo's flush, which is slow to come; the next poll's
    page, with Cy's pair too, comes at once and is drawn."""
    game = seed_game(PLAYERS)
    watcher = new_phone(service_workers="block")
    watcher.open(game.path)
    late = LatePage(watcher, game)
    game.record(hand_win(1, "phase1", "Bo", "flush"))
    for _ in range(100):
        if late.held:
            break
        watcher.page.wait_for_timeout(100)
    assert late.held, "the watcher never asked for the page with Bo's flush"
    game.record(hand_win(1, "phase2", "Cy", "one_pair"))
    watcher.expect_scores({"Ann": 0, "Bo": 5, "Cy": 1}, timeout=WATCHER_DELAY_MS)
    return game, watcher, late


def test_a_page_slow_to_come_does_not_undraw_one_asked_for_after_it(new_phone, seed_game):
    game, watcher, late = watcher_shown_a_page_newer_than_one_on_its_way(new_phone, seed_game)
    asked_before = late.pages_let_through
    late.arrive()

    for _ in range(20):  # the scores as shown, a tenth of a second apart: never the older
        watcher.page.wait_for_timeout(100)
        assert watcher.score_of("Cy").inner_text() == "1"
    expect(watcher.round_log).to_have_count(2)
    # A service worker keeps the page that came last as its copy for offline, so the
    # page is asked for again at a later poll: the older one is not left as the copy.
    for _ in range(50):
        if late.pages_let_through > asked_before:
            break
        watcher.page.wait_for_timeout(100)
    assert late.pages_let_through > asked_before, "the page was not asked for again"


def test_a_watcher_owed_a_page_is_told_once_the_game_is_deleted(new_phone, seed_game):
    game, watcher, late = watcher_shown_a_page_newer_than_one_on_its_way(new_phone, seed_game)
    # A panel is open, and the page that came late is owed again, not drawn.
    watcher.page.locator("details.share > summary").click()
    late.arrive()

    deleted = game.api.delete(
        f"/api{game.path}", headers={"Authorization": f"Bearer {game.edit_key}"}
    )

    assert deleted.status == 204
    expect(watcher.page.locator("main")).to_contain_text(
        f"There is no game {game.id}", timeout=WATCHER_DELAY_MS
    )


def test_a_watcher_is_told_once_the_game_is_deleted(new_phone, seed_game):
    game = seed_game(["Ann", "Bo"], hand_win(1, "phase1", "Ann", "flush"))
    watcher = new_phone()
    watcher.open(game.path)
    watcher.expect_scores({"Ann": 5, "Bo": 0})

    deleted = game.api.delete(
        f"/api{game.path}", headers={"Authorization": f"Bearer {game.edit_key}"}
    )

    assert deleted.status == 204
    expect(watcher.page.locator("main")).to_contain_text(
        f"There is no game {game.id}", timeout=WATCHER_DELAY_MS
    )
    expect(watcher.page.locator(".score")).to_have_count(0)
