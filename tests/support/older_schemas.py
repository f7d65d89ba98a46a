"""Games written straight into the tables of an earlier schema, then upgraded: how the
migrations' tests see the rows that databases of that time hold."""

from collections.abc import Callable
from datetime import UTC, datetime

import flask_migrate
from flask import Flask
from sqlalchemy import MetaData, insert

from chicago_scorer import create_app
from chicago_scorer.extensions import db
from chicago_scorer.rules import STANDARD_RULES, Hand
from chicago_scorer.storage.models import hand_wins_column
from support.settings import settings_for

WHEN = datetime(2026, 1, 1, 20, tzinfo=UTC)
# A player's figures before a rebuild works them out: nothing yet.
NO_FIGURES = {
    "score": 0,
    "is_winner": False,
    "played_tiebreak": False,
    "chicago_called": 0,
    "chicago_won": 0,
    "last_tricks": 0,
} | {hand_wins_column(hand): 0 for hand in Hand}


def store_game(
    connection,
    tables,
    game_id: int,
    names: list[str],
    events: list[dict],
    points: list[dict | None] | None = None,
) -> None:
    """A game as the schema of 0007 and 0008 stored it, its names as given, its summary
    of an earlier rules revision (so stale), and each entry with its points, if given."""
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
        connection.execute(
            insert(tables["events"]).values(
                game_id=game_id,
                seq=seq,
                payload=payload,
                points=points[seq - 1] if points else None,
                recorded_at=WHEN,
            )
        )


def upgraded_app(database_url: str, before: str, fill: Callable) -> Flask:
    """An app whose database was migrated to ``before``, filled by ``fill(connection,
    tables)`` in that schema, then upgraded to the newest."""
    app = create_app(settings_for(database_url))
    with app.app_context():
        flask_migrate.upgrade(revision=before)
        with db.engine.begin() as connection:
            tables = MetaData()
            tables.reflect(connection)
            fill(connection, tables.tables)
        flask_migrate.upgrade()
        db.engine.dispose()
    return app
