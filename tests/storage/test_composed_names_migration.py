"""Upgrading keeps games whose names were stored in another spelling, and makes each
name one player: "Åsa" typed as one character or as an A and a ring."""

import logging

from sqlalchemy import MetaData, insert, select

from chicago_scorer.extensions import db
from support.older_schemas import WHEN, store_game, upgraded_app

BEFORE = "0007_corrections"
COMPOSED = "\u00c5sa"
DECOMPOSED = "A\u030asa"


def win(winner: str, hand: str) -> dict:
    return {"round": 1, "step": "phase1", "outcome": "win", "winner": winner, "hand": hand}


def test_a_decomposed_name_is_stored_composed_and_is_one_player_with_the_composed(
    empty_database_url,
):
    def fill(connection, tables):
        store_game(
            connection,
            tables,
            1,
            [DECOMPOSED, "Bo"],
            [win(DECOMPOSED, "flush")],
            [{DECOMPOSED: 5}],
        )
        store_game(
            connection, tables, 2, [COMPOSED, "Cy"], [win(COMPOSED, "flush")], [{COMPOSED: 5}]
        )
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

    app = upgraded_app(empty_database_url, BEFORE, fill)
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
        store_game(
            connection,
            tables,
            1,
            [COMPOSED, DECOMPOSED],
            [win(DECOMPOSED, "flush")],
            [{DECOMPOSED: 5}],
        )

    migration_log, heard = logging.getLogger("chicago_scorer.migrations"), Heard()
    migration_log.addHandler(heard)
    try:
        app = upgraded_app(empty_database_url, BEFORE, fill)
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
