"""The stored summary of every game always equals the replay of its log."""

from datetime import UTC, datetime

import flask_migrate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import MetaData, insert, select

from chicago_scorer import create_app
from chicago_scorer.extensions import db as database
from chicago_scorer.rules import GameSetup, Hand, Status, read_event, replay
from chicago_scorer.rules.statistics import summarize
from chicago_scorer.services import game_reads
from chicago_scorer.storage.models import Game, Player, StoredSummary, as_utc, hand_wins_column
from chicago_scorer.storage.projections import figure_columns, summary_columns
from chicago_scorer.storage.summaries import stored_summary
from support.api_client import create_api_game
from support.random_writes import random_writes
from support.settings import settings_for


def stored_and_replayed(db, game_id: int):
    db.session.expire_all()
    return stored_summary(game_id).summary, summarize(game_reads.load_game(game_id).state)


def test_every_hand_has_a_column_for_its_wins():
    assert all(hasattr(Player, hand_wins_column(hand)) for hand in Hand)


def test_the_summary_follows_every_entry_and_undo_through_the_api(client, db):
    game = create_api_game(client, ["Ann", "Bo", "Cy"])
    moves = [
        lambda: game.win(1, "phase1", "Ann", "royal_flush"),
        lambda: game.win(1, "phase2", "Bo", "royal_flush"),
        lambda: game.last_trick(1, "Cy"),
        lambda: game.nobody(1, "phase3"),
        lambda: game.win(2, "phase1", "Bo", "one_pair"),
        lambda: game.record({"round": 2, "step": "phase2", "outcome": "tie"}),
        lambda: game.record({"round": 2, "step": "tricks", "chicago": "Ann", "chicago_won": True}),
        lambda: game.nobody(2, "phase3"),
        lambda: game.undo(),
        lambda: game.undo(),
        lambda: game.record({"round": 2, "step": "tricks", "last_trick": "Bo"}),
        lambda: game.nobody(2, "phase3"),
    ]
    stored, replayed = stored_and_replayed(db, game.id)
    assert stored == replayed
    for move in moves:
        move()
        stored, replayed = stored_and_replayed(db, game.id)
        assert stored == replayed
    assert stored.status is Status.FINISHED
    assert [player.is_winner for player in stored.players] == [False, True, False]


def test_undoing_the_winning_entry_reopens_the_stored_game(client, db):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "royal_flush")
    game.nobody(1, "phase2")
    game.last_trick(1, "Bo")
    game.nobody(1, "phase3")
    assert db.session.get(StoredSummary, game.id).status == Status.FINISHED

    game.undo()

    db.session.expire_all()
    assert db.session.get(StoredSummary, game.id).status == Status.IN_PROGRESS
    assert not any(player.is_winner for player in db.session.get(Game, game.id).players)


def test_every_write_moves_updated_at(client, db):
    game = create_api_game(client, ["Ann", "Bo"])
    created = db.session.get(StoredSummary, game.id).updated_at
    db.session.expire_all()

    game.nobody(1, "phase1")

    db.session.expire_all()
    assert db.session.get(StoredSummary, game.id).updated_at > created


@settings(
    max_examples=12,
    # Every example plays a new game of its own, so sharing the database is harmless.
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.randoms(use_true_random=False), st.integers(min_value=1, max_value=45))
def test_the_summary_equals_the_replay_after_random_records_and_undos(db, rng, moves):
    for game_id, _answer in random_writes(rng, moves, undo_share=0.2):
        database.session.expire_all()
        state = game_reads.load_game(game_id).state
        assert stored_summary(game_id).summary == summarize(state)


LOG_WITH_A_TIEBREAK = [
    {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "royal_flush"},
    {"round": 1, "step": "phase2", "outcome": "win", "winner": "Bo", "hand": "royal_flush"},
    {"round": 1, "step": "tricks", "last_trick": "Cy"},
    {"round": 1, "step": "phase3", "outcome": "none"},
    {"round": 2, "step": "phase1", "outcome": "win", "winner": "Bo", "hand": "flush"},
]


def test_games_stored_before_the_summaries_are_summarized_by_the_rebuild(empty_database_url):
    """The migrations import no app code: they leave the summaries stale, and `flask
    rebuild` (which `make run` runs when any are) fills them in from the logs."""
    app = create_app(settings_for(empty_database_url))
    with app.app_context():
        flask_migrate.upgrade(revision="0001_initial_schema")
        with database.engine.begin() as connection:
            tables = MetaData()
            tables.reflect(connection)
            connection.execute(
                insert(tables.tables["games"]).values(
                    id=1,
                    created_at=datetime(2026, 1, 1, 20, tzinfo=UTC),
                    first_dealer_seat=2,
                    edit_key_hash="0" * 64,
                    event_count=len(LOG_WITH_A_TIEBREAK),
                )
            )
            connection.execute(
                insert(tables.tables["players"]),
                [{"game_id": 1, "seat": s, "name": n} for s, n in enumerate(["Ann", "Bo", "Cy"])],
            )
            connection.execute(
                insert(tables.tables["events"]),
                [
                    {
                        "game_id": 1,
                        "seq": seq,
                        "payload": payload,
                        "recorded_at": datetime(2026, 1, 1, 20, seq, tzinfo=UTC),
                    }
                    for seq, payload in enumerate(LOG_WITH_A_TIEBREAK, start=1)
                ],
            )

        flask_migrate.upgrade()
        stale = database.session.scalar(select(StoredSummary.rules_revision))
        database.session.remove()
    rebuilt = app.test_cli_runner().invoke(args=["rebuild", "--if-stale"])
    with app.app_context():
        with database.engine.connect() as connection:
            tables = MetaData()
            tables.reflect(connection)
            summary = connection.execute(select(tables.tables["game_summaries"])).one()
            players = connection.execute(
                select(tables.tables["players"]).order_by(tables.tables["players"].c.seat)
            ).all()
        expected = summarize(
            replay(GameSetup(("Ann", "Bo", "Cy"), 2), map(read_event, LOG_WITH_A_TIEBREAK))
        )
        assert expected.status is Status.TIEBREAK
        assert stale == 0 and rebuilt.exit_code == 0, rebuilt.output
        assert "Rebuilt 1 game; 1 disagreed with what was stored." in rebuilt.output
        assert {
            "status": summary.status,
            "rounds": summary.rounds,
            "rules_revision": summary.rules_revision,
        } == summary_columns(expected)
        assert as_utc(summary.updated_at) == datetime(2026, 1, 1, 20, 5, tzinfo=UTC)
        for row, stats in zip(players, expected.players, strict=True):
            assert {
                column: getattr(row, column) for column in figure_columns(stats)
            } == figure_columns(stats)
        assert [row.name_key for row in players] == ["ann", "bo", "cy"]
        database.session.remove()
        database.engine.dispose()
