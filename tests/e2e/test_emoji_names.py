"""Names typed with a phone's emoji keyboard start a game and score like any other."""

from playwright.sync_api import expect

from support.phone import Phone

# What an emoji keyboard types: each is one emoji held together by zero-width joiners.
RED_HAIR = "\U0001f469\u200d\U0001f9b0"
RAINBOW = "Bo \U0001f3f3\ufe0f\u200d\U0001f308"


def test_a_table_named_by_emoji_keeps_score(scorekeeper: Phone):
    scorekeeper.start_game([RED_HAIR, RAINBOW], first_dealer=RED_HAIR)

    scorekeeper.win(RED_HAIR, "Flush")
    scorekeeper.win(RAINBOW, "One pair")

    scorekeeper.expect_scores({RED_HAIR: 5, RAINBOW: 1})
    expect(scorekeeper.page.locator("h1.game-title")).to_have_text(f"{RED_HAIR} · {RAINBOW}")
