"""The scorekeeper's screen stays on: by the Wake Lock API, or by a tiny looping video.

The API needs a secure context (https, or localhost); a phone that opens the app by its
Wi-Fi address, http://192.168.x.y:5000, has none. Those phones are played here by a
Chromium that reaches the test server under a name that is not localhost.
"""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from support.phone import Phone, phones_in
from support.seeding import hand_win

pytestmark = pytest.mark.sqlite_only

WIFI_HOST = "scorer.lan"  # as a home router names the machine
PLAYERS = ["Ann", "Bo", "Cy"]

# What the page's screen-on video is doing, read the way a test can compare it.
VIDEO = """() => {
  const video = document.querySelector("video");
  if (!video) return null;
  const style = getComputedStyle(video);
  return {
    playing: !video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA,
    loops: video.loop,
    inline: video.hasAttribute("playsinline"),
    audible: !video.muted && video.volume > 0,
    ariaHidden: video.getAttribute("aria-hidden"),
    controls: video.controls,
    display: style.display,
    size: [video.offsetWidth, video.offsetHeight],
    onScreen: video.getBoundingClientRect().right > 0,
    source: video.currentSrc.split("/").pop(),
  };
}"""


@pytest.fixture(scope="module")
def tap_gated_browser(playwright, browser_type_launch_args) -> Iterator[Browser]:
    """A Chromium for which the test server is also http://scorer.lan:<port>.

    It keeps Chrome's own autoplay rule, which lets a page start a video with sound
    only once someone has tapped it; headless Chromium otherwise lets any page do so.
    """
    args = [
        *browser_type_launch_args["args"],
        f"--host-resolver-rules=MAP {WIFI_HOST} 127.0.0.1",
        "--autoplay-policy=document-user-activation-required",
    ]
    browser = playwright.chromium.launch(**(browser_type_launch_args | {"args": args}))
    yield browser
    browser.close()


@pytest.fixture
def phone_at(tap_gated_browser, browser_context_args):
    """Make phones in that Chromium, each opening the app at the given address."""
    with phones_in(tap_gated_browser, browser_context_args) as make:
        yield lambda base_url: make(base_url=base_url)


@pytest.fixture
def wifi_phone(phone_at, app_server) -> Phone:
    """A phone that opened the app by a plain http:// address on the Wi-Fi."""
    return phone_at(f"http://{WIFI_HOST}:{app_server.port}")


def keep_score_on(phone: Phone, seed_game) -> None:
    game = seed_game(PLAYERS)
    phone.open(game.keep_score_path)
    expect(phone.step_heading).to_be_visible()


def wake_lock_toggle(phone: Phone):
    return phone.page.locator("[data-wake-lock]")


def expect_screen_stays_on(phone: Phone, on: bool) -> None:
    toggle = wake_lock_toggle(phone)
    expect(toggle).to_be_visible()
    expect(toggle).to_have_text("Screen stays on" if on else "Keep screen on")
    expect(toggle).to_have_attribute("aria-pressed", "true" if on else "false")


def expect_video_playing(phone: Phone, playing: bool) -> dict:
    phone.page.wait_for_function(f"({VIDEO})()?.playing === {str(playing).lower()}")
    return phone.page.evaluate(VIDEO)


def test_on_a_wifi_address_a_tap_starts_a_video_that_keeps_the_screen_on(wifi_phone, seed_game):
    keep_score_on(wifi_phone, seed_game)
    secure, has_api = wifi_phone.page.evaluate("[isSecureContext, 'wakeLock' in navigator]")
    assert (secure, has_api) == (False, False)
    expect_screen_stays_on(wifi_phone, False)  # no video may start before a tap

    wake_lock_toggle(wifi_phone).tap()

    video = expect_video_playing(wifi_phone, True)
    expect_screen_stays_on(wifi_phone, True)
    assert (video["loops"], video["inline"]) == (True, True)
    # Muted, a video this small would not keep Chromium's or Safari's screen on.
    assert video["audible"]
    assert (video["ariaHidden"], video["controls"]) == ("true", False)
    assert video["display"] != "none"  # which would pause it in some browsers
    assert (video["size"], video["onScreen"]) == ([1, 1], False)
    assert video["source"] == "keep-awake.webm"  # first, for a Chromium without H.264

    wake_lock_toggle(wifi_phone).tap()

    expect_video_playing(wifi_phone, False)
    expect_screen_stays_on(wifi_phone, False)


def test_on_a_wifi_address_the_screen_stays_on_from_one_entry_to_the_next(wifi_phone, seed_game):
    keep_score_on(wifi_phone, seed_game)
    wake_lock_toggle(wifi_phone).tap()
    expect_video_playing(wifi_phone, True)

    wifi_phone.win("Ann", "Two pair")  # a new page, opened by that tap

    expect_video_playing(wifi_phone, True)
    expect_screen_stays_on(wifi_phone, True)


def test_on_a_wifi_address_a_page_opened_afresh_keeps_the_screen_on_from_its_first_tap(
    wifi_phone, seed_game
):
    game = seed_game(PLAYERS, hand_win(1, "phase1", "Ann", "flush"))
    wifi_phone.open(game.keep_score_path)
    wake_lock_toggle(wifi_phone).tap()
    expect_video_playing(wifi_phone, True)

    wifi_phone.open(game.path)  # typed in: nobody has tapped this page yet
    expect_screen_stays_on(wifi_phone, False)
    wifi_phone.page.get_by_role("radio", name="Bo", exact=True).tap()

    expect_video_playing(wifi_phone, True)
    expect_screen_stays_on(wifi_phone, True)


def test_the_video_pauses_while_the_page_is_hidden_and_plays_again_when_shown(
    wifi_phone, seed_game
):
    keep_score_on(wifi_phone, seed_game)
    wake_lock_toggle(wifi_phone).tap()
    expect_video_playing(wifi_phone, True)
    # Headless Chromium never hides a page, so the page is told it was hidden, as a
    # phone tells it when its screen turns off or another app comes to the front.
    show_page = """hidden => {
      Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
      Object.defineProperty(document, "visibilityState", {
        value: hidden ? "hidden" : "visible", configurable: true,
      });
      document.dispatchEvent(new Event("visibilitychange"));
    }"""

    wifi_phone.page.evaluate(show_page, True)
    expect_video_playing(wifi_phone, False)
    wifi_phone.page.evaluate(show_page, False)

    expect_video_playing(wifi_phone, True)
    expect_screen_stays_on(wifi_phone, True)


def test_on_localhost_the_wake_lock_api_keeps_the_screen_on_without_any_video(
    new_phone, seed_game
):
    phone = new_phone()
    keep_score_on(phone, seed_game)
    secure, has_api = phone.page.evaluate("[isSecureContext, 'wakeLock' in navigator]")
    assert (secure, has_api) == (True, True)

    expect_screen_stays_on(phone, True)  # the API needs no tap, and it is on by default
    wake_lock_toggle(phone).tap()
    expect_screen_stays_on(phone, False)
    phone.page.reload()
    expect_screen_stays_on(phone, False)  # the choice is kept
    wake_lock_toggle(phone).tap()

    expect_screen_stays_on(phone, True)
    assert phone.page.evaluate(VIDEO) is None


def test_when_the_wake_lock_api_is_refused_a_tap_starts_the_video_instead(
    phone_at, seed_game, app_server
):
    phone = phone_at(app_server.url)
    cdp = phone.page.context.new_cdp_session(phone.page)
    context_id = cdp.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
    cdp.send(
        "Browser.setPermission",
        {
            "permission": {"name": "screen-wake-lock"},
            "setting": "denied",
            "origin": app_server.url,
            "browserContextId": context_id,
        },
    )
    keep_score_on(phone, seed_game)
    refusal = phone.page.evaluate(
        "navigator.wakeLock.request('screen').then(() => 'granted', error => error.name)"
    )
    assert refusal == "NotAllowedError"

    wake_lock_toggle(phone).tap()

    expect_video_playing(phone, True)
    expect_screen_stays_on(phone, True)
