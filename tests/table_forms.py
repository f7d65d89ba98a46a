"""Driving the phone pages through their forms, the way a scorekeeper taps them."""

import re


def start_game(client, *names, dealer_row=0):
    """Start a game through the new-game form; this client becomes the scorekeeper."""
    data = {f"players-{row}": name for row, name in enumerate(names)} | {"dealer": str(dealer_row)}
    response = client.post("/games", data=data)
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def tap(client, game_url, **fields):
    """Send the step card's form as a tap on one of its buttons would."""
    page = client.get(game_url).text
    round_number = re.search(r'name="round" value="(\d+)"', page).group(1)
    step = re.search(r'name="step" value="(\w+)"', page).group(1)
    return client.post(f"{game_url}/entries", data={"round": round_number, "step": step} | fields)
