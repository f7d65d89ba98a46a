"""The stored fold of every game, and the points stored with each event, equal the replay."""

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_writes import random_writes
from sqlalchemy import delete, select, update

from chicago_scorer import services
from chicago_scorer.demo_games import random_entry
from chicago_scorer.extensions import db as database
from chicago_scorer.game_json import game_json
from chicago_scorer.models import Event, StoredFold
from chicago_scorer.rules.position import position_of, resume


def assert_stored_fold_equals_the_replay(game_id: int) -> None:
    database.session.expire_all()
    replayed = services.load_game(game_id)
    fold = database.session.get(StoredFold, game_id)
    assert fold is not None
    assert fold.version == replayed.version == services.game_version(game_id)
    assert fold.position == position_of(replayed.state)
    resumed = resume(replayed.state.setup, fold.position)
    assert resumed == replace(replayed.state, history=())
    points = database.session.scalars(
        select(Event.points).where(Event.game_id == game_id).order_by(Event.seq)
    ).all()
    assert points == [dict(scored.points) for scored in replayed.state.history]


@settings(
    max_examples=15,
    deadline=None,
    # Every example plays a new game of its own, so sharing the database is harmless.
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.randoms(use_true_random=False), st.integers(min_value=1, max_value=60))
def test_the_stored_fold_equals_the_replay_after_any_records_and_undos(db, rng, moves):
    rules = rng.choice([None, {"exact_target": True}, {"must_win_on_last_trick": True}])
    for game_id, answer in random_writes(rng, moves, rules):
        assert_stored_fold_equals_the_replay(game_id)
        # The answer, built from the resumed fold and the stored log, is the replay's.
        assert game_json(answer) == game_json(services.load_game(game_id))
        assert answer.version == services.game_version(game_id)


def play(rng_seed: int, events: int):
    rng = random.Random(rng_seed)
    created = services.create_game(["Ann", "Bo", "Cy"], "Ann")
    game_id, key = created.game.id, created.edit_key
    for _ in range(events):
        state = services.load_game(game_id).state
        services.record_event(game_id, key, random_entry(rng, state, 0.5))
    return game_id, key, random.Random(rng_seed + 1)


def record_next(game_id: int, key: str, rng) -> dict:
    state = services.load_game(game_id).state
    return game_json(services.record_event(game_id, key, random_entry(rng, state, 0.5)))


def test_a_game_without_a_stored_fold_is_replayed_and_then_keeps_one(db):
    game_id, key, rng = play(3, 9)
    database.session.execute(delete(StoredFold).where(StoredFold.game_id == game_id))
    database.session.commit()

    answer = record_next(game_id, key, rng)

    assert answer == game_json(services.load_game(game_id))
    assert_stored_fold_equals_the_replay(game_id)


def test_a_stale_stored_fold_is_not_trusted(db):
    game_id, key, rng = play(4, 9)
    # As if another writer had changed the log without moving the fold.
    database.session.execute(
        update(StoredFold)
        .where(StoredFold.game_id == game_id)
        .values(
            version="7-0.000000", position=position_of(services.create_game(["X", "Y"]).game.state)
        )
    )
    database.session.commit()

    answer = record_next(game_id, key, rng)

    assert answer == game_json(services.load_game(game_id))
    assert_stored_fold_equals_the_replay(game_id)


def test_events_stored_before_points_were_kept_get_them_on_the_next_write(db):
    game_id, key, rng = play(5, 9)
    database.session.execute(update(Event).where(Event.game_id == game_id).values(points=None))
    database.session.commit()

    answer = record_next(game_id, key, rng)

    assert answer == game_json(services.load_game(game_id))
    assert_stored_fold_equals_the_replay(game_id)
