"""Driving the phone pages through their forms, the way a scorekeeper taps them."""

import html
import json
import re

from chicago_scorer.web.refused_forms import SESSION_KEY

# What a page says, escaped as in its HTML, to a phone that does not keep score.
NOT_THE_SCOREKEEPER = (
    "Only the scorekeeper&#39;s phone can change this game, so nothing was changed."
)


def start_game(client, *names, dealer_row=0):
    """Start a game through the new-game form; this client becomes the scorekeeper."""
    data = {f"players-{row}": name for row, name in enumerate(names)} | {"dealer": str(dealer_row)}
    response = client.post("/games", data=data)
    assert accepted(client, response), client.get("/").text
    assert re.fullmatch(r"/games/\d+", response.headers["Location"])
    return response.headers["Location"]


def tap(client, game_url, **fields):
    """Send the step card's form as a tap on one of its buttons would."""
    return client.post(f"{game_url}/entries", data=step_card_fields(client, game_url) | fields)


def step_card_fields(client, game_url) -> dict[str, str]:
    """The hidden fields the scoreboard's step card sends with every tap on it."""
    page = client.get(game_url).text
    return {
        name: re.search(rf'name="{name}" value="([^"]*)"', page).group(1)
        for name in ("round", "step", "tap")
    }


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


def game_of_three(client) -> str:
    """Ann, Bo and Cy, with Ann's two pair, a tie and Cy's last trick recorded; this
    client keeps score."""
    game_url = start_game(client, "Ann", "Bo", "Cy")
    for fields in [
        {"winner": "Ann", "hand": "two_pair"},
        {"outcome": "tie"},
        {"last_trick": "Cy"},
    ]:
        assert accepted(client, tap(client, game_url, **fields))
    return game_url


def stored_game(client, game_url: str) -> dict:
    """The game as the API shows it, trail and all: what a refusal must leave alone."""
    return client.get(f"/api{game_url}").get_json()


def log_entries(page: str) -> list[str]:
    """The round log's entries as the page shows them, newest first, tags left out."""
    log = page[page.index('<section class="card log"') :]
    entries = re.findall(r'<span class="log-entry">(.*?)</span></li>', log, flags=re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", entry)).strip() for entry in entries]


def offline_state(page: str) -> dict | None:
    """What the scorekeeper's page hands its phone for scoring offline, or None on a page
    that keeps no score (a watcher's)."""
    found = re.search(r"<div hidden data-offline='([^']*)'></div>", page)
    return None if found is None else json.loads(html.unescape(found.group(1)))


def fix_fields(page: str) -> dict[str, str]:
    """The names form as the page fills it in."""
    form = page[page.index('<details class="card fix-players"') :]
    form = form[: form.index("</form>")]
    fields = dict(re.findall(r'name="(players-\d)" value="([^"]*)"', form))
    fields["dealer"] = re.search(r'name="dealer" value="(\d)"\s+checked', form).group(1)
    fields["version"] = re.search(r'name="version" value="([^"]*)"', form).group(1)
    return fields
