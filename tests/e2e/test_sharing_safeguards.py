"""Sharing without accidents: the code that gives edit rights hides, and revoking asks first."""

from playwright.sync_api import expect

PLAYERS = ["Ann", "Bo", "Cy"]


# The theme's danger colour, as the browser computes it in the current colour scheme.
DANGER_COLOUR = """() => {
  const probe = document.body.appendChild(document.createElement("i"));
  probe.style.color = "var(--danger)";
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}"""


def border_colour(locator) -> str:
    return locator.evaluate("element => getComputedStyle(element).borderTopColor")


def test_the_handover_code_shows_only_when_its_own_disclosure_is_opened(new_phone, seed_game):
    game = seed_game(PLAYERS)
    phone = new_phone()
    phone.open(game.keep_score_path)
    share = phone.open_sharing()
    watch_qr = share.get_by_role("img", name="QR code to watch this game")
    handover_qr = share.get_by_role("img", name="QR code to keep score on another phone")

    expect(watch_qr).to_be_visible()
    expect(handover_qr).to_be_hidden()
    expect(share.get_by_text("Anyone with this code can change the score.")).to_be_visible()

    share.get_by_text("Hand over scorekeeping", exact=True).tap()

    expect(handover_qr).to_be_visible()
    frame = share.locator(".handover-qr")
    expect(frame.get_by_text("Scan to keep score, not to watch")).to_be_visible()
    danger = phone.page.evaluate(DANGER_COLOUR)
    assert border_colour(frame) == danger
    assert border_colour(share.locator(".qr").first) != danger


def test_revoking_other_devices_needs_a_second_tap(new_phone, seed_game):
    game = seed_game(PLAYERS)
    phone = new_phone()
    phone.open(game.keep_score_path)
    old_link = phone.handover_link()
    share = phone.open_sharing()
    confirm = share.get_by_role("button", name="Yes, revoke")
    expect(confirm).to_be_hidden()

    share.get_by_text("Revoke other devices…", exact=True).tap()

    expect(confirm).to_be_visible()
    assert phone.handover_link() == old_link  # opening the confirmation revoked nothing
    with phone.page.expect_navigation():
        confirm.tap()
    expect(phone.page.locator(".flash")).to_have_text(
        "Other phones no longer keep score, and old hand-over links stop working."
    )
    assert phone.handover_link() != old_link
    another_phone = new_phone()
    another_phone.open(old_link)
    expect(another_phone.page.get_by_text("This hand-over link no longer works")).to_be_visible()


# Where a summary's marker (its ::before) stands, beside the summary's first line of text.
MARKER_AND_TITLE = """(summary) => {
  const marker = getComputedStyle(summary, "::before");
  const title = summary.querySelector("span").getBoundingClientRect();
  return {
    markerWidth: parseFloat(marker.width) + parseFloat(marker.marginInlineEnd),
    titleLeft: title.left - summary.getBoundingClientRect().left,
    titleTop: title.top - summary.getBoundingClientRect().top,
  };
}"""


def test_the_handover_s_marker_stands_beside_its_title_as_every_summary_s_does(
    new_phone, seed_game
):
    game = seed_game(PLAYERS)
    phone = new_phone()
    phone.open(game.keep_score_path)
    share = phone.open_sharing()

    placed = share.locator(".handover > summary").evaluate(MARKER_AND_TITLE)

    assert placed["titleLeft"] > placed["markerWidth"] - 0.5  # not on a row of its own
    assert placed["titleTop"] < 2
