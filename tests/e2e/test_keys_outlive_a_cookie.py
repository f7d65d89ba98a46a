"""A phone keeps score for every game it started or was handed, not only for the 20 whose
keys its session cookie holds: it keeps each game's hand-over address in its own storage
and opens it again when the game shows up read-only."""

from playwright.sync_api import expect

from chicago_scorer.web.scoreboard.scorekeeper import KEPT_GAMES
from support.phone import Phone


def keeps_score(phone: Phone) -> None:
    expect(phone.step_heading).to_have_text("Round 1 · Phase 1: best hand?")


def stored_address(phone: Phone, game) -> str | None:
    return phone.page.evaluate(f"localStorage.getItem('keeps-score:{game.id}')")


def test_the_first_of_more_games_than_the_cookie_holds_still_opens_with_its_step_card(
    new_phone, seed_game
):
    games = [seed_game(["Ann", "Bo"]) for _ in range(KEPT_GAMES + 1)]
    phone = new_phone()
    for game in games:
        phone.open(game.keep_score_path)
        keeps_score(phone)

    # The cookie has let the first game's key go: its page, as the server sends it, is
    # read-only.
    assert 'id="next-step"' not in phone.page.request.get(games[0].path).text()

    phone.open(games[0].path)

    keeps_score(phone)
    expect(phone.page.locator(".flash")).to_have_text("This phone now keeps score for this game.")
    phone.win("Ann", "Flush")
    phone.expect_scores({"Ann": 5, "Bo": 0})


def test_a_key_given_up_elsewhere_is_forgotten_and_the_game_stays_read_only(
    new_phone, seed_game, api
):
    game = seed_game(["Ann", "Bo"])
    phone = new_phone()
    phone.open(game.keep_score_path)
    keeps_score(phone)
    assert stored_address(phone, game) == game.keep_score_path

    rotated = api.post(
        f"/api/games/{game.id}/edit-key", headers={"Authorization": f"Bearer {game.edit_key}"}
    )
    assert rotated.status == 200
    phone.open(game.path)

    phone.page.wait_for_function(f"localStorage.getItem('keeps-score:{game.id}') === null")
    expect(phone.page.locator(".read-only")).to_be_visible()
    expect(phone.step_card).to_have_count(0)
