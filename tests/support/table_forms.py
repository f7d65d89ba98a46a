"""Driving the phone pages through their forms, the way a scorekeeper taps them."""

import re

from chicago_scorer.web.refused_forms import SESSION_KEY


def start_game(client, *names, dealer_row=0):
    """Start a game through the new-game form; this client becomes the scorekeeper."""
    data = {f"players-{row}": name for row, name in enumerate(names)} | {"dealer": str(dealer_row)}
    response = client.post("/games", data=data)
    assert accepted(client, response), client.get("/").text
    assert re.fullmatch(r"/games/\d+", response.headers["Location"])
    return response.headers["Location"]


def tap(client, game_url, **fields):
    """Send the step card's form as a tap on one of its buttons would."""
    page = client.get(game_url).text
    round_number = re.search(r'name="round" value="(\d+)"', page).group(1)
    step = re.search(r'name="step" value="(\w+)"', page).group(1)
    return client.post(f"{game_url}/entries", data={"round": round_number, "step": step} | fields)


def follow_refusal(client, response, page_url):
    """A refused form answers with a redirect back to its page; the page then shows why.

    Returns the page as it loads after the redirect.
    """
    assert response.status_code == 303, response.text
    assert response.headers["Location"] == page_url
    return client.get(page_url).text


def accepted(client, response) -> bool:
    """Whether a form was taken: a redirect with no refusal waiting to be shown."""
    return response.status_code == 303 and not _refusal_waits(client)


def refused_by_redirect(client, response) -> bool:
    """Whether a form was refused by a redirect back to its page, where the reason waits."""
    return response.status_code == 303 and _refusal_waits(client)


def _refusal_waits(client) -> bool:
    with client.session_transaction() as session:
        return SESSION_KEY in session


def chicago_buttons(page: str) -> dict[str, bool]:
    """Each Chicago button on a scoreboard, by its value ('won:Ann'), and whether it is on."""
    buttons = re.findall(r'<button type="submit" name="chicago"([^>]*)>', page)
    return {
        re.search(r'value="([^"]*)"', attributes).group(1): " disabled" not in attributes
        for attributes in buttons
    }
