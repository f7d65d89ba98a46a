"""Take the README's screenshots: the main pages on an iPhone 13, in light and dark mode.

    make screenshots                   # writes docs/screenshots/<page>-<light|dark>.png

Each is the page's first screen as it loads, as the phone shows it without scrolling,
unless the shot says where to scroll; one is taken on a 320 x 568 phone too.

The pages are served by gunicorn on a fresh database of demo and showcase games
(scripts/showcase.py) and shown in the same emulated phone and Chromium as the browser
tests (tests/support/phone.py), at twice the CSS pixel density to keep the files small.
"""

import sys
from collections.abc import Callable
from dataclasses import dataclass

from showcase import ROOT, Showcase, serve_showcase

sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402

from support.phone import (  # noqa: E402
    MISSING_CHROMIUM,
    Phone,
    find_chromium,
    launch_options,
    phone_options,
)

OUTPUT = ROOT / "docs" / "screenshots"
SCHEMES = ("light", "dark")
PIXEL_DENSITY = 2


@dataclass(frozen=True)
class Shot:
    """A screenshot: which page, and what to tap or scroll to before it is taken.

    Pages are shown to the scorekeeper of the showcase games, unless ``as_watcher``;
    ``viewport`` overrides the iPhone 13's screen.
    """

    name: str
    path: Callable[[Showcase], str]
    prepare: Callable[[Phone], None] = lambda phone: None
    as_watcher: bool = False
    viewport: dict[str, int] | None = None


def scroll_to(selector: str) -> Callable[[Phone], None]:
    return lambda phone: phone.page.locator(selector).first.evaluate(
        "element => element.scrollIntoView()"
    )


def type_names(phone: Phone) -> None:
    for seat, name in enumerate(["Ann", "Bo", "Cy"], start=1):
        phone.page.get_by_label(f"Player {seat}", exact=True).fill(name)
    phone.page.get_by_role("radio", name="Deals first").nth(1).tap()
    phone.page.locator("h1").tap()


def pick_cards(phone: Phone) -> None:
    """Ann's five cards and two of Bo's, so the grid shows picked and greyed-out cards."""
    cards = ["K of hearts", "10 of hearts", "8 of hearts", "5 of hearts", "3 of hearts"]
    for card in [*cards, "K of spades", "J of spades"]:
        phone.page.get_by_role("button", name=card, exact=True).tap()
    # Tap away from the grid, so no card shows as just pressed.
    phone.page.locator("h1").tap()
    scroll_to(".hand-row.is-active")(phone)


def tap_offline(phone: Phone) -> None:
    """Lose the connection and record a hand: it waits on the phone, counted above the scores."""
    phone.page.wait_for_function("document.documentElement.classList.contains('queues-entries')")
    phone.page.context.set_offline(True)
    phone.page.get_by_role("radio", name="Bo", exact=True).tap()
    phone.hand_button("Two pair").tap()
    phone.page.locator("[data-queue-status]").filter(has_text="Not yet saved").wait_for()


SMALL_PHONE = {"width": 320, "height": 568}

SHOTS = [
    Shot("home", lambda showcase: "/", type_names),
    Shot("scoreboard", lambda showcase: showcase.at_a_hand_step.path),
    Shot("tricks-step", lambda showcase: showcase.ten_rounds.path),
    Shot("watching", lambda showcase: showcase.ten_rounds.path, as_watcher=True),
    # Entry 5 is round 2's first phase: the step card it was recorded on, to correct.
    Shot("correcting", lambda showcase: f"{showcase.ten_rounds.path}/entries/5"),
    Shot("offline", lambda showcase: showcase.at_a_hand_step.path, tap_offline),
    Shot("scoreboard-320", lambda showcase: showcase.at_a_hand_step.path, viewport=SMALL_PHONE),
    Shot("tie-picker", lambda showcase: f"{showcase.at_a_hand_step.path}/settle", pick_cards),
    Shot(
        "review",
        lambda showcase: f"/games/{showcase.finished_id}/review",
        scroll_to("section[aria-labelledby=progression]"),
    ),
    Shot("player", lambda showcase: f"/players/{showcase.player}"),
]


# The same pages in two of the other languages, light only: the game's home language and
# the one in another script.
LANGUAGE_SHOTS = {"sv": ["scoreboard", "tricks-step"], "ne": ["scoreboard", "tricks-step"]}
LIGHT_ONLY = {"scoreboard-320"}


def take_screenshots(showcase: Showcase, playwright, chromium: str) -> None:
    browser = playwright.chromium.launch(**launch_options(chromium))
    try:
        for scheme in SCHEMES:
            shots = [shot for shot in SHOTS if scheme == "light" or shot.name not in LIGHT_ONLY]
            shoot(browser, showcase, playwright, shots, scheme)
        for language, names in LANGUAGE_SHOTS.items():
            shots = [shot for shot in SHOTS if shot.name in names]
            shoot(browser, showcase, playwright, shots, "light", language)
    finally:
        browser.close()


def shoot(browser, showcase, playwright, shots, scheme: str, language: str = "en") -> None:
    """Take ``shots`` in one colour scheme and language, each on a phone of its own."""
    suffix = scheme if language == "en" else f"{language}-{scheme}"
    for shot in shots:
        phone = _phone(browser, showcase, playwright, shot, scheme, language)
        phone.open(shot.path(showcase))
        shot.prepare(phone)
        path = OUTPUT / f"{shot.name}-{suffix}.png"
        phone.page.screenshot(path=path, animations="disabled", caret="hide")
        print(path.relative_to(ROOT))
        phone.page.context.close()


def _phone(browser, showcase, playwright, shot: Shot, scheme: str, language: str) -> Phone:
    """A phone for one shot: the showcase games' scorekeeper, unless it only watches."""
    screen = {"viewport": shot.viewport, "screen": shot.viewport} if shot.viewport else {}
    options = (
        phone_options(playwright)
        | screen
        | {
            "base_url": showcase.url,
            "color_scheme": scheme,
            "device_scale_factor": PIXEL_DENSITY,
            "locale": language,
            # Pictures need no service worker. Its install fetches pages in the
            # background, and a response to a request sent while a hand-over link's
            # "now keeps score" message was pending can put that message back into
            # the session cookie, to show up on the next page.
            "service_workers": "block",
        }
    )
    phone = Phone(browser.new_context(**options).new_page())
    if not shot.as_watcher:
        for game in (showcase.ten_rounds, showcase.at_a_hand_step):
            phone.open(game.keep_score_path)
    return phone


def main() -> None:
    chromium = find_chromium()
    if chromium is None:
        sys.exit(MISSING_CHROMIUM)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with serve_showcase() as showcase, sync_playwright() as playwright:
        take_screenshots(showcase, playwright, chromium)


if __name__ == "__main__":
    main()
