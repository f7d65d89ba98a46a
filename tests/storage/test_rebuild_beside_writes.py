"""A rebuild run while the app writes: it reads each game as one moment's, so it never
stores a copy older than the log, and never counts a game that a write moved on while it
read as one that disagreed."""

import threading

from chicago_scorer.storage import game_log, projections, rebuild
from chicago_scorer.storage.summaries import stored_summary
from support.api_client import create_api_game

# Long enough for a write that is not held back to commit; a write that is held waits
# for the rebuild's commit instead.
WRITE_GIVEN_SECONDS = 2.0


def test_a_write_made_while_a_rebuild_replays_its_game_is_never_overwritten(
    app, client, monkeypatch
):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "flush")
    writer_answers = []

    def write_from_another_request() -> None:
        answer = app.test_client().post(
            f"{game.url}/events",
            json={"round": 1, "step": "phase2", "outcome": "win", "winner": "Bo", "hand": "flush"},
            headers=game.auth(),
        )
        writer_answers.append(answer.status_code)

    store_replay = projections.project_replay

    def with_a_write_meanwhile(*args, **kwargs):
        # The rebuild has read the game's log and is about to store what it derives.
        writer = threading.Thread(target=write_from_another_request)
        writer.start()
        writer.join(WRITE_GIVEN_SECONDS)
        monkeypatch.setattr(projections, "project_replay", store_replay)
        with_a_write_meanwhile.writer = writer
        return store_replay(*args, **kwargs)

    monkeypatch.setattr(projections, "project_replay", with_a_write_meanwhile)
    with app.app_context():
        first = rebuild.rebuild_games([game.id])
    with_a_write_meanwhile.writer.join(30)

    assert writer_answers == [201]
    assert first == rebuild.Rebuilt(games=1, disagreed=0)
    with app.app_context():
        assert stored_summary(game.id).summary.players[1].score == 5  # Bo's flush
        assert rebuild.rebuild_games([game.id]) == rebuild.Rebuilt(games=1, disagreed=0)
    assert {p["name"]: p["score"] for p in game.state()["players"]} == {"Ann": 5, "Bo": 5}


def test_a_game_deleted_before_its_rebuild_is_left_out(app, client):
    gone = create_api_game(client, ["Ann", "Bo"])
    kept = create_api_game(client, ["Cy", "Dee"])
    assert client.delete(gone.url, headers=gone.auth()).status_code == 204

    with app.app_context():
        rebuilt = rebuild.rebuild_games([gone.id, kept.id])
        assert game_log.stored_game(gone.id) is None

    assert rebuilt == rebuild.Rebuilt(games=1, disagreed=0)
