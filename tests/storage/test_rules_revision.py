"""What is derived from the logs follows the rules: a copy stored under another revision
of them is never resumed or shown, and `flask rebuild` rewrites every copy."""

import json
from datetime import datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import MetaData, select, update

from chicago_scorer.extensions import db as database
from chicago_scorer.rules import Hand, RuleSet, revision
from chicago_scorer.services.transfer.exporting import export_game
from chicago_scorer.services.transfer.importing import import_games
from chicago_scorer.storage import rebuild
from chicago_scorer.storage.models import Event, StoredFold, StoredSummary
from support.api_client import create_api_game
from support.game_lists import listed_players
from support.random_writes import random_writes

# The tables that hold copies of what the replays give, beside the logs.
DERIVED_TABLES = ("game_folds", "game_summaries", "players", "events")


@pytest.fixture
def fix_the_flush(monkeypatch):
    """Call it to ship a fix to the rules core that makes a flush score 9, with the bump
    of the rules' revision that such a change comes with."""
    points_for = RuleSet.points_for

    def fixed(rules: RuleSet, hand: Hand) -> int:
        return 9 if hand is Hand.FLUSH else points_for(rules, hand)

    def ship() -> None:
        monkeypatch.setattr(RuleSet, "points_for", fixed)
        monkeypatch.setattr(revision, "RULES_REVISION", revision.RULES_REVISION + 1)

    return ship


def ann_wins_a_flush(client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "flush")
    return game


def stored_points(app, game_id: int) -> list[dict]:
    with app.app_context():
        return database.session.scalars(
            select(Event.points).where(Event.game_id == game_id).order_by(Event.seq)
        ).all()


def test_after_a_rules_fix_the_next_write_replays_and_stores_what_the_replay_gives(
    app, client, fix_the_flush
):
    game = ann_wins_a_flush(client)
    assert stored_points(app, game.id) == [{"Ann": 5}]
    fix_the_flush()

    answer = game.win(1, "phase2", "Bo", "flush")

    assert [player["score"] for player in answer["players"]] == [9, 9]
    assert [event["points"] for event in answer["events"]] == [{"Ann": 9}, {"Bo": 9}]
    assert stored_points(app, game.id) == [{"Ann": 9}, {"Bo": 9}]
    with app.app_context():
        fold = database.session.get(StoredFold, game.id)
        assert fold.rules_revision == revision.RULES_REVISION
        assert fold.position["scores"] == [9, 9]


def test_an_undo_after_a_rules_fix_stores_the_replays_points(app, client, fix_the_flush):
    game = ann_wins_a_flush(client)
    game.win(1, "phase2", "Bo", "one_pair")
    fix_the_flush()

    assert game.undo().status_code == 200

    assert stored_points(app, game.id) == [{"Ann": 9}]


def test_after_a_rules_fix_every_page_and_answer_shows_the_replay(app, client, fix_the_flush):
    game = ann_wins_a_flush(client)
    game.win(1, "phase2", "Bo", "two_pair")
    fix_the_flush()

    api_game = client.get(game.url).get_json()
    listed = client.get("/api/games").get_json()["games"][0]
    history = client.get("/history").text
    watcher = client.get(f"/games/{game.id}").text

    assert [player["score"] for player in api_game["players"]] == [9, 2]
    assert [player["score"] for player in listed["players"]] == [9, 2]
    assert listed_players([("Ann", 9), ("Bo", 2)]) in history
    assert '<span class="score">9</span>' in watcher
    with app.app_context():  # the listings rebuilt the stale game before they read it
        assert rebuild.stale_game_ids() == []
        assert stored_points(app, game.id) == [{"Ann": 9}, {"Bo": 2}]


def test_rebuild_rewrites_every_copy_and_says_how_many_games_disagreed(
    app, client, runner, fix_the_flush
):
    game = ann_wins_a_flush(client)
    create_api_game(client, ["Cy", "Dee"]).win(1, "phase1", "Cy", "one_pair")
    fix_the_flush()

    first = runner.invoke(args=["rebuild", "--if-stale"])
    again = runner.invoke(args=["rebuild"])
    not_needed = runner.invoke(args=["rebuild", "--if-stale"])

    assert first.exit_code == again.exit_code == not_needed.exit_code == 0
    assert "Rebuilt 2 of 2 games" in first.output
    assert first.output.endswith("Rebuilt 2 games; 1 disagreed with what was stored.\n")
    assert again.output.endswith("Rebuilt 2 games; 0 disagreed with what was stored.\n")
    assert not_needed.output == ""
    assert stored_points(app, game.id) == [{"Ann": 9}]
    with app.app_context():
        assert rebuild.stale_game_ids() == []


def test_rebuild_mends_a_stored_summary_it_cannot_read(app, client, runner):
    game = ann_wins_a_flush(client)
    with app.app_context():
        database.session.execute(
            update(StoredSummary).where(StoredSummary.game_id == game.id).values(status="playing")
        )
        database.session.commit()

    rebuilt = runner.invoke(args=["rebuild"])

    assert rebuilt.exit_code == 0, rebuilt.output
    assert rebuilt.output.endswith("Rebuilt 1 game; 1 disagreed with what was stored.\n")
    with app.app_context():
        assert database.session.get(StoredSummary, game.id).status == "in_progress"


def test_an_unreadable_stored_position_is_replayed_not_a_500(app, client):
    game = ann_wins_a_flush(client)
    with app.app_context():
        database.session.execute(
            update(StoredFold).where(StoredFold.game_id == game.id).values(position={"x": 1})
        )
        database.session.commit()

    answer = game.win(1, "phase2", "Bo", "one_pair")

    assert [player["score"] for player in answer["players"]] == [5, 1]
    with app.app_context():
        assert database.session.get(StoredFold, game.id).position["scores"] == [5, 1]


def derived_rows(app) -> dict[str, list[tuple]]:
    """Every stored copy of what the replays give, table by table, in a fixed order."""
    with app.app_context():
        tables = MetaData()
        tables.reflect(database.engine, only=DERIVED_TABLES)
        rows = {
            name: sorted(
                tuple(str(value) for value in row)
                for row in database.session.execute(
                    # How often a summary was written is no copy of a replay: it only grows.
                    select(*(c for c in tables.tables[name].c if c.name != "write_count"))
                )
            )
            for name in DERIVED_TABLES
        }
        database.session.remove()
        return rows


def a_second_copy(document: dict) -> str:
    """The exported game again, an hour later: a file a second phone might bring."""
    game = document["games"][0]
    later = datetime.fromisoformat(game["created_at"]) + timedelta(hours=1)
    moved = game | {"created_at": later.isoformat(), "updated_at": later.isoformat()}
    return json.dumps(document | {"games": [moved]})


@settings(
    max_examples=10,
    # Every example plays games of its own, so sharing the database is harmless.
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.randoms(use_true_random=False), st.integers(min_value=0, max_value=40))
def test_what_writes_undos_and_imports_store_is_what_rebuild_stores(app, runner, rng, moves):
    with app.app_context():
        rules = rng.choice([None, {"preset": "deuce_trick"}, {"exact_target": True}])
        written = [game_id for game_id, _answer in random_writes(rng, moves, rules)]
        for game_id in written[-1:]:
            import_games(a_second_copy(export_game(game_id)))
        database.session.remove()
    stored = derived_rows(app)

    rebuilt = runner.invoke(args=["rebuild"])

    assert rebuilt.exit_code == 0
    assert rebuilt.output.endswith("0 disagreed with what was stored.\n"), rebuilt.output
    assert derived_rows(app) == stored
