"""A phone at the table: the browser it is, and the taps a person makes on it.

Shared by the end-to-end tests and by ``scripts/screenshots.py``, so that both see the
app on the same emulated phone in the same Chromium.
"""

import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Locator, Page, Playwright, expect

PHONE_MODEL = "iPhone 13"
# A touch this close to the last tap that sent a form, this soon, is that tap's second
# (static/app.js: DOUBLE_TAP_PX, DOUBLE_TAP_MS).
DOUBLE_TAP_PX = 40
DOUBLE_TAP_S = 0.5
# Fail fast: every page here answers in milliseconds.
TIMEOUT_MS = 10_000
MISSING_CHROMIUM = (
    "no Chromium found: set CHROMIUM_PATH to a Chromium binary, "
    "or `apt-get install -y chromium`, to run the browser tests"
)
# Keep a test's Chromium quiet and offline: no updates, sync or first-run pages, so
# that nothing but the app under test is ever fetched.
CHROMIUM_FLAGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def find_chromium() -> str | None:
    """The Chromium to drive: $CHROMIUM_PATH, else `chromium` on the PATH, if it exists."""
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")
    if path and os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    return None


def launch_options(chromium: str) -> dict[str, object]:
    """How to launch that Chromium headless; as root its sandbox cannot start."""
    flags = CHROMIUM_FLAGS + (["--no-sandbox"] if os.geteuid() == 0 else [])
    return {"executable_path": chromium, "args": flags}


def phone_options(playwright: Playwright) -> dict[str, object]:
    """An iPhone 13's screen, touch and user agent, for a context in Chromium.

    The app's CSP (default-src 'self') forbids the string evaluation that
    ``page.evaluate`` uses, so the context bypasses it; the pages never need it.
    """
    phone = dict(playwright.devices[PHONE_MODEL])
    del phone["default_browser_type"]
    return phone | {"bypass_csp": True}


@contextmanager
def phones_in(browser: Browser, context_args: dict) -> Iterator[Callable[..., "Phone"]]:
    """Make phones in ``browser``, each its own context (its own cookies), closed after.

    Options override ``context_args``, e.g. ``make(viewport={"width": 320, ...})``.
    """
    contexts = []

    def make(**options) -> Phone:
        context = browser.new_context(**(context_args | options))
        contexts.append(context)
        context.set_default_timeout(TIMEOUT_MS)
        return Phone(context.new_page())

    try:
        yield make
    finally:
        for context in contexts:
            context.close()


def _exactly(text: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


class Phone:
    """One phone at the table, used only by tapping, as a player would."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self._last_tap: tuple[float, tuple[float, float]] | None = None

    # Pages -------------------------------------------------------------------------

    def open(self, path: str) -> None:
        self.page.goto(path)

    def reload_under_the_service_worker(self) -> None:
        """Reload the page once the service worker is ready: from then on it controls the
        page and keeps a copy of each page the phone opens."""
        self.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        self.page.reload()
        self.page.wait_for_function("navigator.serviceWorker.controller !== null")

    def service_workers(self) -> dict[str, str]:
        """Each service worker the phone has, by its role (installing, waiting, active), as
        its state and the address it was asked for at: ``{"active": "activated /sw.js"}``."""
        return self.page.evaluate(
            """navigator.serviceWorker.getRegistration().then((found) => Object.fromEntries(
              ["installing", "waiting", "active"].filter((role) => found[role]).map((role) => {
                const address = new URL(found[role].scriptURL);
                return [role, `${found[role].state} ${address.pathname}${address.search}`];
              })))"""
        )

    def install_a_new_worker(self, address: str) -> str:
        """Ask for a worker at ``address``, as an update of the app brings one, and wait
        until it has installed: the state it is in then."""
        return self.page.evaluate(
            """(address) => navigator.serviceWorker.register(address)
              .then((found) => new Promise((done) => {
                const worker = found.installing;
                worker.addEventListener("statechange", () => done(worker.state), {once: true});
              }))""",
            address,
        )

    def tell_the_waiting_worker_to_take_over(self) -> None:
        """Post the word app.js posts to a new worker once it has installed."""
        self.page.evaluate(
            """navigator.serviceWorker.getRegistration()
              .then((found) => found.waiting.postMessage("take-over"))"""
        )

    def wait_for_the_only_worker(self, address: str) -> None:
        """Wait up to five seconds for the worker asked for at ``address`` to be the only
        one, active."""
        only = {"active": f"activated {address}"}
        for _ in range(50):
            if self.service_workers() == only:
                return
            self.page.wait_for_timeout(100)
        assert self.service_workers() == only

    def kept_offline_page_language(self) -> str | None:
        """The language of the offline page the service worker keeps, if it keeps one."""
        return self.page.evaluate(
            """caches.match("/offline")
              .then((page) => page && page.headers.get("Content-Language"))"""
        )

    def wait_for_the_kept_offline_page_in(self, language: str) -> None:
        """Wait for the service worker to keep its offline page in ``language``: it fetches
        its shell's pages again once a page comes in another language than they are in."""
        for _ in range(60):
            if self.kept_offline_page_language() == language:
                return
            self.page.wait_for_timeout(250)
        kept = self.kept_offline_page_language()
        raise AssertionError(f"the offline page kept is in {kept!r}, not in {language!r}")

    def hears_of_no_change(self) -> None:
        """From here on, every ask whether the game changed is answered "not modified", as
        for a tab that has not yet heard of another phone's entry: its page stays as it
        is, whatever is recorded meanwhile, until it sends a tap."""
        asks = re.compile(r"/games/\d+/version$")
        self.page.route(asks, lambda route: route.fulfill(status=304))

    def start_game(self, names: list[str], first_dealer: str) -> None:
        """Type the names in seating order, mark who deals first, and start."""
        self.open("/")
        for seat, name in enumerate(names, start=1):
            self.page.get_by_label(f"Player {seat}", exact=True).fill(name)
        self.page.get_by_role("radio", name="Deals first").nth(names.index(first_dealer)).tap()
        self._tap_and_load(self.page.get_by_role("button", name="Start game"))
        expect(self.page).to_have_url(re.compile(r"/games/\d+$"))

    # What the scoreboard shows ------------------------------------------------------

    def score_of(self, name: str) -> Locator:
        card = self.page.locator(".score-card").filter(
            has=self.page.locator(".player-name", has_text=_exactly(name))
        )
        return card.locator(".score")

    def expect_scores(self, scores: dict[str, int], timeout: float | None = None) -> None:
        for name, score in scores.items():
            expect(self.score_of(name)).to_have_text(str(score), timeout=timeout)

    def live_regions_saying(self, words: str) -> list[str]:
        """The text of each live region on the page that holds ``words``: a screen reader
        reads each out as it changes, or as it is drawn anew in place."""
        regions = self.page.locator('[role="status"], [role="alert"], [aria-live="polite"]')
        return [text for text in regions.all_text_contents() if words in text]

    @property
    def step_heading(self) -> Locator:
        return self.page.locator("#next-step")

    @property
    def round_log(self) -> Locator:
        return self.page.locator(".log-steps li")

    @property
    def step_card(self) -> Locator:
        return self.page.locator(".step-card")

    # Taps that record a step --------------------------------------------------------

    def win(self, name: str, hand: str) -> None:
        """Tap the player, then the hand: 'Ann', 'Two pair'."""
        self.page.get_by_role("radio", name=name, exact=True).tap()
        self._tap_and_load(self.hand_button(hand))

    def hand_button(self, hand: str) -> Locator:
        return self.page.get_by_role("button", name=re.compile(rf"^{re.escape(hand)} \+\d+$"))

    def tie(self) -> None:
        self._tap_and_load(self.page.get_by_role("button", name="Tie: nobody scores"))

    def nobody(self) -> None:
        self._tap_and_load(self.page.get_by_role("button", name="Nobody had a hand"))

    def last_trick(self, name: str) -> None:
        self._tap_and_load(self.page.get_by_role("button", name=name, exact=True))

    def chicago_button(self, name: str, *, won: bool) -> Locator:
        """The button under a player's column in the 'Chicago won' or 'Chicago lost' row."""
        result = "won" if won else "lost"
        return self.page.get_by_role(
            "button", name=re.compile(rf"^{re.escape(name)}: Chicago {result} ")
        )

    def chicago(self, name: str, *, won: bool) -> None:
        self._tap_and_load(self.chicago_button(name, won=won))

    def play_round(self, phase1, phase2, tricks, phase3) -> None:
        """Record a whole round; each step is a callable taking this phone."""
        for step in (phase1, phase2, tricks, phase3):
            step(self)

    # Sharing ----------------------------------------------------------------------

    def open_sharing(self) -> Locator:
        """Open 'Share this game', unless it is open already."""
        share = self.page.locator("details.share")
        if share.get_attribute("open") is None:
            share.get_by_text("Share this game", exact=True).tap()
        return share

    def watch_link(self) -> str:
        return self.open_sharing().locator(".share-link a").first.get_attribute("href")

    def open_handover(self) -> Locator:
        """Open 'Hand over scorekeeping' inside 'Share this game', unless it is open already."""
        handover = self.open_sharing().locator("details.handover")
        if handover.get_attribute("open") is None:
            handover.get_by_text("Hand over scorekeeping", exact=True).tap()
        return handover

    def handover_link(self) -> str:
        link = self.open_handover().get_by_role("link", name="Hand-over link")
        return link.get_attribute("href")

    def tap_after_a_look(self, target: Locator) -> None:
        """Tap as a person does: not at the spot of their last tap that sent a form within
        a double tap's time (static/app.js takes such a touch for that tap's second), since
        a person looks at what the tap did first."""
        box = target.bounding_box()
        spot = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if self._last_tap is not None:
            at, (x, y) = self._last_tap
            if abs(spot[0] - x) <= DOUBLE_TAP_PX and abs(spot[1] - y) <= DOUBLE_TAP_PX:
                time.sleep(max(0.0, at + DOUBLE_TAP_S - time.monotonic()))
        target.tap()
        self._last_tap = (time.monotonic(), spot)

    def _tap_and_load(self, target: Locator) -> None:
        with self.page.expect_navigation():
            self.tap_after_a_look(target)
        refusals = self.page.locator(".form-error, .field-error").all_inner_texts()
        assert not refusals, f"the app refused the tap: {refusals}"


# Steps for Phone.play_round: phone.play_round(best_hand("Ann", "Flush"), tie, ...).


def best_hand(name: str, hand: str):
    return lambda phone: phone.win(name, hand)


def tie(phone: Phone) -> None:
    phone.tie()


def nobody(phone: Phone) -> None:
    phone.nobody()


def last_trick(name: str):
    return lambda phone: phone.last_trick(name)


def chicago_call(name: str, *, won: bool):
    return lambda phone: phone.chicago(name, won=won)
