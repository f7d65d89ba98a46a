"""A game holds at most 2,000 entries, recorded or imported alike, so that every game the
app records can be exported and imported again."""

from chicago_scorer.services.games import MAX_ENTRIES_PER_GAME
from support.api_client import ApiGame
from support.export_documents import endless_game_file
from support.table_forms import follow_refusal, tap

FULL = (
    "This game has reached 2,000 entries, the most one game can hold, so nothing was "
    "recorded: start a new game to play on."
)


def imported_game(client, entries: int) -> ApiGame:
    """A game of Ann and Bo that nobody can win, ``entries`` entries in, with its key."""
    response = client.post(
        "/api/import", data=endless_game_file(entries), content_type="application/json"
    )
    assert response.status_code == 201, response.get_json()
    [game] = response.get_json()["games"]
    return ApiGame(client, game["id"], game["edit_key"])


def next_entry(game: ApiGame) -> dict:
    """The entry the game waits for: nobody's hand, or Bo's last trick."""
    position = game.state()["next"]
    if position["step"] == "tricks":
        return position | {"last_trick": "Bo"}
    return position | {"outcome": "none"}


def test_a_game_takes_its_2000th_entry_and_refuses_the_next_saying_to_start_a_new_game(client):
    game = imported_game(client, MAX_ENTRIES_PER_GAME - 1)
    last = next_entry(game)

    taken = game.post(last, idempotency_key="the-last-entry")
    refused = game.post(next_entry(game))

    assert taken.status_code == 201
    assert refused.status_code == 409
    assert refused.get_json() == {"error": FULL}
    assert len(game.state()["events"]) == MAX_ENTRIES_PER_GAME
    # The last entry sent again with its key is found as recorded, not refused.
    assert game.post(last, idempotency_key="the-last-entry").status_code == 200


def test_every_game_the_app_records_can_be_imported_again(client):
    game = imported_game(client, MAX_ENTRIES_PER_GAME - 1)
    for _ in range(2):  # up to the limit, and one past it
        game.post(next_entry(game))
    export = client.get(f"/games/{game.id}/export.json").data
    assert client.delete(game.url, headers=game.auth()).status_code == 204

    again = client.post("/api/import", data=export, content_type="application/json")

    assert again.status_code == 201
    [imported] = again.get_json()["games"]
    assert client.get(f"/games/{imported['id']}/export.json").data == export


def test_a_tap_on_a_full_game_is_refused_in_the_step_card(client):
    game = imported_game(client, MAX_ENTRIES_PER_GAME)
    client.get(f"/games/{game.id}/keep-score/{game.edit_key}")

    page = follow_refusal(
        client, tap(client, f"/games/{game.id}", outcome="none"), f"/games/{game.id}"
    )

    assert FULL in page
    assert len(game.state()["events"]) == MAX_ENTRIES_PER_GAME


def test_a_wrong_entry_to_a_full_game_is_refused_for_what_is_wrong_with_it(client):
    game = imported_game(client, MAX_ENTRIES_PER_GAME)

    refused = game.post({"round": 1, "step": "phase1", "outcome": "none"})

    assert refused.status_code == 409
    assert refused.get_json() == {
        "error": "Round 1 · Phase 1 is not the next step: Round 501 · Phase 1 is. It may already "
        "be recorded; refresh to see the game."
    }
