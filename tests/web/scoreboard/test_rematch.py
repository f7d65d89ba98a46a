"""New game, same players: the start page filled in from a finished game."""

import re

from support.api_client import create_api_game


def finish(game) -> None:
    """A royal flush, which wins at once under the royal_wins rules."""
    game.win(1, "phase1", "Bo", "royal_flush")


def test_a_finished_game_offers_a_new_game_with_the_same_players(client):
    game = create_api_game(client, ["Ann", "Bo"], rules={"preset": "royal_wins"})
    finish(game)

    page = client.get(f"/games/{game.id}").text

    assert f'href="/?rematch={game.id}"' in page
    assert "New game, same players" in page


def test_a_game_in_play_offers_no_rematch(client):
    game = create_api_game(client, ["Ann", "Bo"])

    assert "rematch" not in client.get(f"/games/{game.id}").text


def test_the_rematch_keeps_the_seats_and_passes_the_first_deal_to_the_next_seat(client):
    game = create_api_game(client, ["Ann", "Bo", "Cy", "Di"], dealer="Di")

    page = client.get(f"/?rematch={game.id}").text

    for row, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        assert re.search(rf'name="players-{row}" value="{name}"', page)
    assert re.search(r'name="dealer" value="0"\s+checked', page)  # from the last seat to the first
    assert not re.search(r'name="dealer" value="3"\s+checked', page)


def test_the_rematch_keeps_a_preset(client):
    game = create_api_game(client, ["Ann", "Bo"], rules={"preset": "deuce_trick"})

    page = client.get(f"/?rematch={game.id}").text

    assert re.search(r'value="deuce_trick" data-values="[^"]*" checked', page)
    assert re.search(r'<details class="house-rules" data-house-rules [^>]*\bopen>', page)


def test_the_rematch_keeps_custom_rules_and_starting_it_plays_them(client):
    rules = {"target": 70, "hand_points": {"flush": 9}, "exact_target": True}
    game = create_api_game(client, ["Ann", "Bo"], dealer="Ann", rules=rules)
    page = client.get(f"/?rematch={game.id}").text
    shown = re.search(r'name="rules-shown" value="([^"]*)"', page).group(1)
    assert re.search(r'value="custom" data-custom-preset\s+checked', page)
    assert re.search(r'id="rules-target"[^>]*value="70"', page)

    form = {
        "players-0": "Ann",
        "players-1": "Bo",
        "dealer": "1",
        "rules-preset": "custom",
        "rules-shown": shown,
        "rules-target": "70",
        "rules-exact_target": "y",
        "rules-points_flush": "9",
    }
    started = client.post("/games", data=form).headers["Location"]

    again = client.get(f"/api{started}").get_json()
    assert again["rules"] == game.state()["rules"]
    assert again["dealer"] == "Bo"


def test_a_rematch_of_an_unknown_game_is_not_found(client):
    assert client.get("/?rematch=999").status_code == 404
