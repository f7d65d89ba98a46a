"""An evening at the table, on the scorekeeper's phone, by tapping only."""

import re

from playwright.sync_api import expect

from support.phone import Phone, best_hand, chicago_call, last_trick, nobody, tie

PLAYERS = ["Ann", "Bo", "Cy"]


def test_a_three_player_game_starts_with_the_chosen_dealer(scorekeeper: Phone):
    scorekeeper.start_game(PLAYERS, first_dealer="Bo")

    page = scorekeeper.page
    expect(page.locator(".round-info")).to_have_text("Round 1 · Bo deals, Cy leads")
    expect(page.locator(".score-card").filter(has_text="Bo").locator(".badge")).to_have_text(
        "Deals"
    )
    expect(page.locator(".score-card").filter(has_text="Cy").locator(".badge")).to_have_text(
        "Leads"
    )
    scorekeeper.expect_scores({"Ann": 0, "Bo": 0, "Cy": 0})
    expect(scorekeeper.step_heading).to_have_text("Round 1 · Phase 1: best hand?")


def test_every_kind_of_step_is_recorded_with_a_tap_or_two(scorekeeper: Phone):
    scorekeeper.start_game(PLAYERS, first_dealer="Ann")

    scorekeeper.win("Ann", "Two pair")
    expect(scorekeeper.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    scorekeeper.tie()
    expect(scorekeeper.step_heading).to_have_text("Round 1 · Tricks: last trick or Chicago?")
    scorekeeper.last_trick("Cy")
    expect(scorekeeper.step_heading).to_have_text("Round 1 · Phase 3: best hand after the tricks?")
    scorekeeper.nobody()

    scorekeeper.expect_scores({"Ann": 2, "Bo": 0, "Cy": 5})
    # The log shows the newest entry first.
    expect(scorekeeper.round_log).to_have_text(
        [
            "Phase 3 Nobody had a hand",
            "Tricks Cy +5 · last trick",
            "Phase 2 Tie · nobody scored",
            "Phase 1 Ann +2 · two pair",
        ]
    )
    expect(scorekeeper.step_heading).to_have_text("Round 2 · Phase 1: best hand?")
    expect(scorekeeper.page.locator(".round-info")).to_have_text("Round 2 · Bo deals, Cy leads")


def test_chicago_is_offered_only_from_15_points_and_one_line_says_who_lacks_them(
    scorekeeper: Phone,
):
    scorekeeper.start_game(PLAYERS, first_dealer="Ann")
    scorekeeper.win("Ann", "Four of a kind")
    scorekeeper.win("Ann", "Four of a kind")
    scorekeeper.expect_scores({"Ann": 14})

    # Nobody has 15 points: no Chicago buttons, one line in their place.
    expect(scorekeeper.step_card.locator("button[name=chicago]")).to_have_count(0)
    expect(scorekeeper.step_card.locator(".why-not")).to_have_text(
        "Ann, Bo and Cy need 15 points to call Chicago."
    )
    scorekeeper.last_trick("Ann")
    scorekeeper.nobody()
    scorekeeper.nobody()
    scorekeeper.nobody()
    scorekeeper.expect_scores({"Ann": 19})

    # Ann may call it now; Bo's and Cy's buttons are closed, and say why.
    reason = "Bo and Cy need 15 points to call Chicago."
    for won in (True, False):
        expect(scorekeeper.chicago_button("Ann", won=won)).to_be_enabled()
        for player in ("Bo", "Cy"):
            button = scorekeeper.chicago_button(player, won=won)
            expect(button).to_be_disabled()
            expect(button).to_have_accessible_description(reason)
    expect(scorekeeper.step_card.get_by_text(reason)).to_be_visible()


def test_a_chicago_won_scores_15_and_a_chicago_lost_costs_15(scorekeeper: Phone):
    scorekeeper.start_game(PLAYERS, first_dealer="Cy")
    scorekeeper.win("Ann", "Straight flush")
    scorekeeper.win("Ann", "Straight flush")
    expect(scorekeeper.chicago_button("Ann", won=True)).to_be_enabled()
    scorekeeper.chicago("Ann", won=True)
    scorekeeper.nobody()
    scorekeeper.expect_scores({"Ann": 31, "Bo": 0, "Cy": 0})

    scorekeeper.play_round(
        best_hand("Bo", "Straight flush"),
        best_hand("Bo", "Straight flush"),
        chicago_call("Bo", won=False),
        nobody,
    )

    scorekeeper.expect_scores({"Ann": 31, "Bo": 1, "Cy": 0})
    expect(scorekeeper.round_log.filter(has_text="Chicago")).to_have_text(
        ["Tricks Bo Chicago lost −15", "Tricks Ann Chicago won +15"]
    )


def test_undo_removes_the_last_entry_only_after_it_is_confirmed(scorekeeper: Phone):
    scorekeeper.start_game(PLAYERS, first_dealer="Ann")
    scorekeeper.win("Ann", "One pair")
    scorekeeper.win("Bo", "Flush")
    scorekeeper.expect_scores({"Ann": 1, "Bo": 5})

    page = scorekeeper.page
    confirm = page.get_by_role("button", name="Yes, undo it")
    expect(confirm).to_be_hidden()
    page.get_by_text("Undo last entry", exact=True).tap()
    expect(page.locator(".undo")).to_contain_text("Remove “Round 1 · Phase 2: Bo +5 · flush”?")
    scorekeeper.expect_scores({"Ann": 1, "Bo": 5})
    with page.expect_navigation():
        confirm.tap()

    scorekeeper.expect_scores({"Ann": 1, "Bo": 0})
    expect(scorekeeper.step_heading).to_have_text("Round 1 · Phase 2: best hand?")
    expect(scorekeeper.round_log).to_have_text(["Phase 1 Ann +1 · one pair"])


def test_a_tie_at_the_top_goes_to_a_tiebreak_round_and_then_to_the_winner(scorekeeper: Phone):
    scorekeeper.start_game(PLAYERS, first_dealer="Ann")
    scorekeeper.play_round(
        best_hand("Ann", "Royal flush"),
        best_hand("Bo", "Royal flush"),
        last_trick("Cy"),
        nobody,
    )

    page = scorekeeper.page
    expect(scorekeeper.step_card.locator(".step-note")).to_have_text(
        "Tiebreak: only Ann and Bo play this round."
    )
    expect(page.locator(".score-card.sits-out")).to_contain_text("Cy")
    expect(scorekeeper.step_card.get_by_role("radio")).to_have_count(2)
    expect(page.locator(".round-info")).to_have_text("Round 2 · Bo deals, Ann leads")

    scorekeeper.play_round(best_hand("Ann", "One pair"), tie, last_trick("Bo"), nobody)

    scorekeeper.expect_scores({"Ann": 53, "Bo": 57, "Cy": 5})
    expect(page.locator(".banner.winner")).to_have_text("Bo wins with 57 points!")
    expect(scorekeeper.step_card).to_have_count(0)


def test_a_tie_is_settled_from_the_cards_and_recorded_in_one_tap(scorekeeper: Phone):
    scorekeeper.start_game(PLAYERS, first_dealer="Ann")
    page = scorekeeper.page
    # Where "Start game" was: a look first, or the touch is taken for its second.
    scorekeeper.tap_after_a_look(page.get_by_role("link", name="Settle a tie from the cards"))
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Round 1 · Phase 1: settle from the cards"
    )

    for card in ["Q of spades", "9 of spades", "7 of spades", "4 of spades", "2 of spades"]:
        page.get_by_role("button", name=card, exact=True).tap()
    expect(page.get_by_label("Ann", exact=True)).to_have_value("Qs 9s 7s 4s 2s")
    # Bo's box is active now, and Ann's cards are out of his reach.
    expect(page.get_by_role("button", name="Q of spades", exact=True)).to_be_disabled()
    for card in ["Q of hearts", "8 of hearts", "7 of hearts", "4 of hearts", "2 of hearts"]:
        page.get_by_role("button", name=card, exact=True).tap()
    expect(page.get_by_label("Bo", exact=True)).to_have_value("Qh 8h 7h 4h 2h")

    with page.expect_navigation():
        page.get_by_role("button", name="Who wins?").tap()
    expect(page.locator("#verdict-title")).to_have_text("Ann wins +5")
    expect(page.locator(".explanation")).to_contain_text("9 against 8")

    with page.expect_navigation():
        page.get_by_role("button", name=re.compile(r"^Record: Ann \+5")).tap()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    scorekeeper.expect_scores({"Ann": 5, "Bo": 0, "Cy": 0})
    expect(scorekeeper.round_log).to_have_text(["Phase 1 Ann +5 · flush"])
