"""An export read while another phone changes a game: the game's row, players, events
and trail are read in several statements, and the change commits between them. The
export still holds each game as it stood at one moment, so that it imports again, and a
game deleted meanwhile is not found (one game's export) or left out (every game's).

The change is made deterministic: it is made and committed whole by another phone as
soon as the export has read a game's row (or its players), before it reads the rest.
"""

import json
import threading
from contextlib import contextmanager

import pytest
from sqlalchemy import event

from chicago_scorer.storage.models import Game, Player
from support.api_client import ApiGame, create_api_game
from support.races import WAIT_AT_MOST_SECONDS

JSON = "application/json"
TWO_PAIR_BO = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Bo", "hand": "two_pair"}


@pytest.fixture
def game(client) -> ApiGame:
    create_api_game(client, ["Dee", "Eve"])  # a game of the same export, left alone
    game = create_api_game(client, ["Ann", "Bo", "Cy"])
    game.record(TWO_PAIR_BO)
    return game


@contextmanager
def once_a_row_is_read(app, change, row=Game):
    """Make ``change`` (a request) from another phone, whole, as soon as a row of the
    model ``row`` has been read, the first time only; what it answered lands in the list
    yielded."""
    answers: list = []

    def change_meanwhile(_game, _context) -> None:
        if answers:
            return
        answers.append(None)
        thread = threading.Thread(target=lambda: answers.append(change(app.test_client())))
        thread.start()
        thread.join(WAIT_AT_MOST_SECONDS)

    event.listen(row, "load", change_meanwhile)
    try:
        yield answers
    finally:
        event.remove(row, "load", change_meanwhile)


def deleting(game: ApiGame):
    return lambda client: client.delete(game.url, headers=game.auth())


def renaming_bo(game: ApiGame):
    return lambda client: client.patch(
        game.url, json={"players": ["Ann", "Bob", "Cy"]}, headers=game.auth()
    )


def test_one_games_export_read_while_it_is_deleted_is_not_found(app, client, game):
    with once_a_row_is_read(app, deleting(game)) as changed:
        response = client.get(f"/games/{game.id}/export.json")

    assert changed[-1].status_code == 204
    assert response.status_code == 404
    assert f"There is no game {game.id}" in response.get_data(as_text=True)


def test_one_games_export_read_while_its_names_are_fixed_holds_one_moment(app, client, game):
    with once_a_row_is_read(app, renaming_bo(game), Player) as changed:
        response = client.get(f"/games/{game.id}/export.json")

    assert changed[-1].status_code == 200
    (record,) = json.loads(response.get_data())["games"]
    assert record["players"] == ["Ann", "Bob", "Cy"]
    assert record["events"][0]["winner"] == "Bob"


@pytest.mark.parametrize("address", ["/api/export", "/export.json"])
def test_every_games_export_leaves_out_a_game_deleted_while_it_was_read(
    app, client, game, address
):
    with once_a_row_is_read(app, deleting(game)) as changed:
        response = client.get(address)

    assert changed[-1].status_code == 204
    assert response.status_code == 200
    exported = json.loads(response.get_data())["games"]
    assert [record["players"] for record in exported] == [["Dee", "Eve"]]


def test_every_games_export_read_while_names_are_fixed_imports_again(app, client, game):
    with once_a_row_is_read(app, renaming_bo(game), Player) as changed:
        exported = client.get("/api/export").get_data()

    assert changed[-1].status_code == 200
    records = json.loads(exported)["games"]
    assert [record["players"] for record in records] == [["Dee", "Eve"], ["Ann", "Bob", "Cy"]]
    assert records[1]["events"][0]["winner"] == "Bob"
    other = app.test_client()
    assert other.delete(game.url, headers=game.auth()).status_code == 204
    imported = other.post("/api/import", data=exported, content_type=JSON)
    assert imported.status_code == 201, imported.get_json()
