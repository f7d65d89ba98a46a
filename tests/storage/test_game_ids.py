"""A game's id names it for good: a link or QR code to a deleted game never opens
another, on either database."""

from chicago_scorer.extensions import db
from support.older_schemas import store_game, upgraded_app

TIE = {"round": 1, "step": "phase1", "outcome": "tie"}


def new_game(client, *names: str) -> dict:
    created = client.post("/api/games", json={"players": list(names)})
    assert created.status_code == 201
    return created.get_json()


def delete(client, game: dict) -> None:
    key = {"Authorization": f"Bearer {game['edit_key']}"}
    assert client.delete(f"/api/games/{game['id']}", headers=key).status_code == 204


def test_a_game_made_after_the_newest_was_deleted_gets_an_id_of_its_own(make_app):
    client = make_app().test_client()
    first = new_game(client, "Ann", "Bo")
    newest = new_game(client, "Ann", "Bo", "Cy")
    delete(client, newest)

    made = new_game(client, "Zed", "Yul")

    assert made["id"] > newest["id"] > first["id"]
    assert client.get(f"/api/games/{newest['id']}").status_code == 404


def test_games_stored_before_the_upgrade_keep_their_ids_and_entries(empty_database_url):
    def fill(connection, tables) -> None:
        store_game(connection, tables, 4, ["Ann", "Bo"], [TIE])
        store_game(connection, tables, 9, ["Cy", "Dee"], [TIE])

    app = upgraded_app(empty_database_url, "0009_idempotency_keys", fill)
    client = app.test_client()

    for game_id, names in [(4, ["Ann", "Bo"]), (9, ["Cy", "Dee"])]:
        game = client.get(f"/api/games/{game_id}").get_json()
        assert [player["name"] for player in game["players"]] == names
        assert [event["outcome"] for event in game["events"]] == ["tie"]
    newest = new_game(client, "Zed", "Yul")
    assert newest["id"] not in {4, 9}
    delete(client, newest)
    assert new_game(client, "Zed", "Yul")["id"] > newest["id"]
    with app.app_context():
        db.engine.dispose()
