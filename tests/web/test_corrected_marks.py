"""A corrected entry's mark, "corrected, was …", names the earlier version's player by
the name that seat has now, on the scoreboard and in the review: the trail keeps the
names of its time, and a fix of names may have swapped them since."""

import re

from support.api_client import create_api_game
from support.table_forms import log_entries

TWO_PAIR = {"round": 1, "step": "phase1", "outcome": "win", "hand": "two_pair"}


def review_cells(page: str) -> list[str]:
    table = page[page.index('<table class="round-table">') :]
    table = table[: table.index("</table>")]
    found = re.findall(r"<td>(.*?)</td>", table, flags=re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip() for cell in found]


def corrected_then_renamed(client, names_after: list[str]):
    """Ann's two pair, corrected to Bo's; then the seats named ``names_after``."""
    game = create_api_game(client, ["Ann", "Bo"])
    game.record(TWO_PAIR | {"winner": "Ann"})
    corrected = client.put(
        f"{game.url}/events/1", json=TWO_PAIR | {"winner": "Bo"}, headers=game.auth()
    )
    assert corrected.status_code == 200, corrected.get_json()
    renamed = client.patch(game.url, json={"players": names_after}, headers=game.auth())
    assert renamed.status_code == 200, renamed.get_json()
    return game


def test_after_a_swap_of_names_the_mark_names_the_seat_the_earlier_version_named(client):
    game = corrected_then_renamed(client, ["Bo", "Ann"])

    scoreboard = client.get(f"/games/{game.id}").text
    review = client.get(f"/games/{game.id}/review").text

    assert log_entries(scoreboard) == ["Ann +2 · two pair corrected, was Bo · two pair"]
    assert review_cells(review)[0] == "Ann +2 two pair corrected, was Bo · two pair"


def test_after_a_rename_the_mark_names_the_seat_by_its_new_name(client):
    game = corrected_then_renamed(client, ["Annie", "Bo"])

    scoreboard = client.get(f"/games/{game.id}").text

    assert log_entries(scoreboard) == ["Bo +2 · two pair corrected, was Annie · two pair"]


def test_the_api_keeps_the_earlier_version_in_the_names_of_its_time(client):
    game = corrected_then_renamed(client, ["Bo", "Ann"])

    (first,) = game.state()["events"]

    assert first["winner"] == "Ann"  # the seat that was Bo's, named anew
    assert [c["was"]["winner"] for c in first["corrections"]] == ["Ann"]


def test_a_correction_made_after_a_rename_is_named_as_it_was_made(client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.record(TWO_PAIR | {"winner": "Ann"})
    assert (
        client.patch(game.url, json={"players": ["Annie", "Bo"]}, headers=game.auth()).status_code
        == 200
    )
    assert (
        client.put(
            f"{game.url}/events/1", json=TWO_PAIR | {"winner": "Bo"}, headers=game.auth()
        ).status_code
        == 200
    )
    assert (
        client.patch(game.url, json={"players": ["Bo", "Annie"]}, headers=game.auth()).status_code
        == 200
    )

    scoreboard = client.get(f"/games/{game.id}").text

    assert log_entries(scoreboard) == ["Annie +2 · two pair corrected, was Bo · two pair"]
