"""Upgrading keeps games whose names were stored in another spelling, and makes each
name one player: "Åsa" typed as one character or as an A and a ring."""

import logging
from datetime import UTC, datetime

import flask_migrate
from sqlalchemy import MetaData, insert, select

from chicago_scorer import create_app
from chicago_scorer.extensions import db
from chicago_scorer.rules import STANDARD_RULES, Hand
from chicago_scorer.storage.models import hand_wins_column
from support.settings import settings_for

BEFORE = "0007_corrections"
COMPOSED = "\u00c5sa"
DECOMPOSED = "A\u030asa"
WHEN = datetime(2026, 1, 1, 20, tzinfo=UTC)
# A player's figures before the rebuild works them out: nothing yet.
NO_FIGURES = {
    "score": 0,
    "is_winner": False,
    "played_tiebreak": False,
    "chicago_called": 0,
    "chicago_won": 0,
    "last_tricks": 0,
} | {hand_wins_column(hand): 0 for hand in Hand}


def win(winner: str, hand: str) -> dict:
    return {"round": 1, "step": "phase1", "outcome": "win", "winner": winner, "hand": hand}


def store_game(connection, tables, game_id: int, names: list[str], events: list[dict]) -> None:
    """A game as the schema before this upgrade stored it, its names as typed."""
    connection.execute(
        insert(tables["games"]).values(
            id=game_id,
            created_at=WHEN,
            first_dealer_seat=0,
            edit_key_hash="0" * 64,
            event_count=len(events),
            rules=STANDARD_RULES.settings(),
            rewrites=0,
        )
    )
    connection.execute(
        insert(tables["players"]),
        [
            {"game_id": game_id, "seat": seat, "name": name, "name_key": name.casefold()}
            | NO_FIGURES
            for seat, name in enumerate(names)
        ],
    )
    connection.execute(
        insert(tables["game_summaries"]).values(
            game_id=game_id,
            status="in_progress",
            rounds=1,
            updated_at=WHEN,
            rules_revision=1,
            write_count=1,
        )
    )
    for seq, payload in enumerate(events, start=1):
        points = {payload["winner"]: 5}
        connection.execute(
            insert(tables["events"]).values(
                game_id=game_id, seq=seq, payload=payload, points=points, recorded_at=WHEN
            )
        )


def upgraded_app(empty_database_url, fill):
    app = create_app(settings_for(empty_database_url))
    with app.app_context():
        flask_migrate.upgrade(revision=BEFORE)
        with db.engine.begin() as connection:
            tables = MetaData()
            tables.reflect(connection)
            fill(connection, tables.tables)
        flask_migrate.upgrade()
        db.engine.dispose()
    return app


def test_a_decomposed_name_is_stored_composed_and_is_one_player_with_the_composed(
    empty_database_url,
):
    def fill(connection, tables):
        store_game(connection, tables, 1, [DECOMPOSED, "Bo"], [win(DECOMPOSED, "flush")])
        store_game(connection, tables, 2, [COMPOSED, "Cy"], [win(COMPOSED, "flush")])
        connection.execute(
            insert(tables["game_changes"]).values(
                game_id=1, what="name", was="Bjo\u0308rn", now=DECOMPOSED, at=WHEN
            )
        )
        connection.execute(
            insert(tables["event_corrections"]).values(
                game_id=1, seq=1, was=win(DECOMPOSED, "one_pair"), at=WHEN
            )
        )

    app = upgraded_app(empty_database_url, fill)
    client = app.test_client()

    game = client.get("/api/games/1").get_json()
    assert [player["name"] for player in game["players"]] == [COMPOSED, "Bo"]
    assert [player["score"] for player in game["players"]] == [5, 0]
    assert game["events"][0]["winner"] == COMPOSED
    assert game["events"][0]["points"] == {COMPOSED: 5}
    with app.app_context():
        tables = MetaData()
        tables.reflect(db.engine)
        with db.engine.connect() as connection:
            change = connection.execute(select(tables.tables["game_changes"])).one()
            correction = connection.execute(select(tables.tables["event_corrections"])).one()
        db.engine.dispose()
    assert (change.was, change.now) == ("Bj\u00f6rn", COMPOSED)
    assert correction.was["winner"] == COMPOSED

    stats = client.get(f"/api/players/{DECOMPOSED}/stats").get_json()
    assert stats["games"] == 2
    listing = client.get("/players").text
    assert '<h2 id="player-count">3 players</h2>' in listing
    assert listing.count(f"<bdi>{COMPOSED}</bdi></a>") == 1
    with app.app_context():
        db.engine.dispose()


class Heard(logging.Handler):
    """What a logger said, kept to read back (the migrations set up logging anew, so
    pytest's capture at the root hears nothing of them)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.said: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.said.append(record.getMessage())


def test_a_game_whose_names_would_compose_to_one_is_kept_as_stored_and_logged(
    empty_database_url,
):
    def fill(connection, tables):
        store_game(connection, tables, 1, [COMPOSED, DECOMPOSED], [win(DECOMPOSED, "flush")])

    migration_log, heard = logging.getLogger("chicago_scorer.migrations"), Heard()
    migration_log.addHandler(heard)
    try:
        app = upgraded_app(empty_database_url, fill)
    finally:
        migration_log.removeHandler(heard)
    client = app.test_client()

    game = client.get("/api/games/1").get_json()
    assert [player["name"] for player in game["players"]] == [COMPOSED, DECOMPOSED]
    assert [player["score"] for player in game["players"]] == [0, 5]
    assert game["events"][0]["winner"] == DECOMPOSED
    assert any(said.startswith("Game 1 keeps its names as stored") for said in heard.said)
    with app.app_context():
        db.engine.dispose()
