"""Answers that carry an edit key or a hand-over link are kept by no cache; a watcher's
scoreboard, which carries neither, may be."""

import io
import json

from support.api_client import create_api_game
from support.export_documents import empty_game_export
from support.table_forms import start_game

NO_STORE = "no-store"


def test_creating_a_game_through_the_api_is_not_stored(client):
    response = client.post("/api/games", json={"players": ["Ann", "Bo"]})

    assert response.headers["Cache-Control"] == NO_STORE


def test_a_new_key_is_not_stored(client):
    game = create_api_game(client)

    response = client.post(f"{game.url}/edit-key", headers=game.auth())

    assert response.status_code == 200
    assert response.headers["Cache-Control"] == NO_STORE


def test_the_keys_of_imported_games_are_not_stored(client):
    game = create_api_game(client)
    document = client.get(f"/games/{game.id}/export.json").data

    response = client.post("/api/import", data=document, content_type="application/json")

    assert response.status_code == 200  # the game is already here: no key, still not kept
    assert response.headers["Cache-Control"] == NO_STORE


def test_the_scorekeepers_scoreboard_with_its_hand_over_link_is_not_stored(client):
    game_url = start_game(client, "Ann", "Bo")

    response = client.get(game_url)

    assert "keep-score/" in response.text
    assert response.headers["Cache-Control"] == NO_STORE


def test_the_scorekeepers_correction_card_is_not_stored(client):
    game_url = start_game(client, "Ann", "Bo")
    client.post(f"{game_url}/entries", data={"round": "1", "step": "phase1", "outcome": "none"})

    response = client.get(f"{game_url}/entries/1")

    assert response.status_code == 200
    assert response.headers["Cache-Control"] == NO_STORE


def test_a_watchers_scoreboard_may_be_kept(app, client):
    game_url = start_game(client, "Ann", "Bo")

    response = app.test_client().get(game_url)

    assert "keep-score/" not in response.text
    assert response.headers.get("Cache-Control") != NO_STORE


def test_opening_a_hand_over_link_is_not_stored(app, client):
    game = create_api_game(client)

    response = app.test_client().get(f"/games/{game.id}/keep-score/{game.edit_key}")

    assert response.status_code == 303
    assert response.headers["Cache-Control"] == NO_STORE


def test_revoking_the_key_is_not_stored(client):
    game_url = start_game(client, "Ann", "Bo")

    response = client.post(f"{game_url}/revoke")

    assert response.status_code == 303
    assert response.headers["Cache-Control"] == NO_STORE


def test_any_answer_that_sets_a_session_cookie_holding_keys_is_not_stored(client):
    response = client.post("/games", data={"players-0": "Ann", "players-1": "Bo", "dealer": "0"})

    assert "Set-Cookie" in response.headers
    assert response.headers["Cache-Control"] == NO_STORE


def test_the_import_page_showing_new_keys_is_not_stored(client):
    document = empty_game_export()
    upload = (io.BytesIO(json.dumps(document).encode()), "games.json")

    response = client.post("/import", data={"file": upload})

    assert response.status_code == 200
    assert response.headers["Cache-Control"] == NO_STORE
