"""Upgrading between game nights keeps every recorded event and every score."""

from datetime import UTC, datetime

import flask_migrate
from sqlalchemy import MetaData, insert

from chicago_scorer import create_app
from chicago_scorer.extensions import db
from chicago_scorer.rules import GameSetup, event_to_dict, read_event, replay
from support.settings import settings_for

FIRST_REVISION = "0001_initial_schema"

# Games as the first schema stored them: players in seating order, first dealer, log.
STORED_GAMES = [
    (
        ["Ann", "Bo", "Cy"],
        1,
        [
            {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"},
            {"round": 1, "step": "phase2", "outcome": "tie"},
            {"round": 1, "step": "tricks", "last_trick": "Cy"},
            {"round": 1, "step": "phase3", "outcome": "none"},
            {
                "round": 2,
                "step": "phase1",
                "outcome": "win",
                "winner": "Bo",
                "hand": "royal_flush",
            },
        ],
    ),
    (
        ["Dee", "Eve"],
        0,
        [
            {
                "round": 1,
                "step": "phase1",
                "outcome": "win",
                "winner": "Dee",
                "hand": "royal_flush",
            },
            {
                "round": 1,
                "step": "phase2",
                "outcome": "win",
                "winner": "Eve",
                "hand": "royal_flush",
            },
            {"round": 1, "step": "tricks", "last_trick": "Eve"},
            {"round": 1, "step": "phase3", "outcome": "none"},
        ],
    ),
]


def fill_first_schema(connection) -> None:
    tables = MetaData()
    tables.reflect(connection)
    for game_id, (players, dealer, events) in enumerate(STORED_GAMES, start=1):
        connection.execute(
            insert(tables.tables["games"]).values(
                id=game_id,
                created_at=datetime(2026, 1, game_id, 20, tzinfo=UTC),
                first_dealer_seat=dealer,
                edit_key_hash="0" * 64,
                event_count=len(events),
            )
        )
        connection.execute(
            insert(tables.tables["players"]),
            [
                {"game_id": game_id, "seat": seat, "name": name}
                for seat, name in enumerate(players)
            ],
        )
        connection.execute(
            insert(tables.tables["events"]),
            [
                {
                    "game_id": game_id,
                    "seq": seq,
                    "payload": payload,
                    "recorded_at": datetime(2026, 1, 1, 20, tzinfo=UTC),
                }
                for seq, payload in enumerate(events, start=1)
            ],
        )


def expected_state(players, dealer, events):
    return replay(GameSetup(tuple(players), dealer), [read_event(event) for event in events])


def test_games_stored_by_the_first_schema_replay_the_same_after_upgrading(empty_database_url):
    app = create_app(settings_for(empty_database_url))
    with app.app_context():
        flask_migrate.upgrade(revision=FIRST_REVISION)
        with db.engine.begin() as connection:
            fill_first_schema(connection)

        flask_migrate.upgrade()
        db.engine.dispose()
    client = app.test_client()

    for game_id, (players, dealer, events) in enumerate(STORED_GAMES, start=1):
        game = client.get(f"/api/games/{game_id}").get_json()
        expected = expected_state(players, dealer, events)
        assert [player["score"] for player in game["players"]] == list(expected.scores)
        assert [
            {key: value for key, value in event.items() if key != "points"}
            for event in game["events"]
        ] == [event_to_dict(scored.event) for scored in expected.history]
        assert game["status"] == expected.status
        assert game["winner"] == expected.winner
    # The summaries added later were filled in from the old logs too.
    eve = client.get("/api/players/eve/stats").get_json()
    assert (eve["games"], eve["wins"], eve["last_tricks"]) == (1, 1, 1)
    assert eve["hands"]["royal_flush"] == 1
    with app.app_context():
        db.engine.dispose()


def test_upgrading_twice_is_safe_and_changes_nothing(make_app):
    app = make_app()
    client = app.test_client()
    created = client.post("/api/games", json={"players": ["Ann", "Bo"]}).get_json()
    before = client.get(f"/api/games/{created['id']}").get_json()

    runner = app.test_cli_runner()
    first, second = runner.invoke(args=["db", "upgrade"]), runner.invoke(args=["db", "upgrade"])

    assert first.exit_code == second.exit_code == 0
    assert client.get(f"/api/games/{created['id']}").get_json() == before
