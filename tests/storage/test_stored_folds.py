"""The stored fold of every game, and the points stored with each event, equal the replay;
so does every game read from them."""

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select, update

from chicago_scorer.extensions import db as database
from chicago_scorer.rules.position import position_of, resume
from chicago_scorer.rules.statistics import score_progression
from chicago_scorer.services import game_reads
from chicago_scorer.services import games as services
from chicago_scorer.services.demo_games import random_entry
from chicago_scorer.storage import game_log, resumed_folds
from chicago_scorer.storage.models import Event, StoredFold
from support.game_objects import game_object
from support.random_writes import random_writes


def replayed_game(game_id: int) -> services.LoadedGame:
    """The game with its whole log replayed through the rules, whatever is stored beside it."""
    loaded = game_reads.load_game(game_id)
    log = game_log.stored_log(game_id, with_times=True)
    return replace(loaded, state=game_log.replayed(loaded.state.setup, log))


def assert_stored_fold_equals_the_replay(game_id: int) -> None:
    database.session.expire_all()
    replayed = replayed_game(game_id)
    fold = database.session.get(StoredFold, game_id)
    assert fold is not None
    assert fold.version == replayed.log_version == game_reads.game_log_version(game_id)
    assert fold.position == position_of(replayed.state)
    resumed = resume(replayed.state.setup, fold.position)
    assert resumed == replace(replayed.state, history=())
    points = database.session.scalars(
        select(Event.points).where(Event.game_id == game_id).order_by(Event.seq)
    ).all()
    assert points == [dict(scored.points) for scored in replayed.state.history]


@settings(
    max_examples=15,
    # Every example plays a new game of its own, so sharing the database is harmless.
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.randoms(use_true_random=False), st.integers(min_value=1, max_value=60))
def test_the_stored_fold_equals_the_replay_after_any_records_and_undos(db, rng, moves):
    rules = rng.choice([None, {"exact_target": True}, {"must_win_on_last_trick": True}])
    for game_id, answer in random_writes(rng, moves, rules):
        assert_stored_fold_equals_the_replay(game_id)
        # The answer, built from the resumed fold, is the replay's.
        replayed = replayed_game(game_id)
        history = replayed.state.history
        assert answer.log_version == replayed.log_version == game_reads.game_log_version(game_id)
        if isinstance(answer, services.RecordedEntry):
            assert (answer.scored, answer.event_count) == (history[-1], len(history))
        else:
            assert answer.state == replayed.state
            assert game_object(answer) == game_object(replayed)
        assert_the_table_sees_the_replay(game_id, replayed)


def assert_the_table_sees_the_replay(game_id: int, replayed: services.LoadedGame) -> None:
    """The scoreboard's read (the fold and the newest entries) agrees with the replay."""
    table = game_reads.load_game_at_table(game_id)
    history = replayed.state.history
    newest = history[-game_reads.RECENT_ENTRIES :]
    assert table.position == replace(replayed.state, history=())
    assert (table.newest, table.event_count) == (newest, len(history))
    assert table.log_version == replayed.log_version
    progression = score_progression(replayed.state)
    assert table.scores_before_newest == progression[len(history) - len(newest)]


# A low target makes ties at the top, and so tiebreak rounds, common.
RULES_OF_RANDOM_GAMES = [
    None,
    {"target": 30},
    {"exact_target": True},
    {"target": 30, "exact_target": True},
]


@settings(
    max_examples=15,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.randoms(use_true_random=False), st.integers(min_value=1, max_value=60))
def test_a_game_read_from_its_stored_fold_and_points_equals_its_replay(db, rng, moves):
    for game_id, _answer in random_writes(rng, moves, rng.choice(RULES_OF_RANDOM_GAMES)):
        database.session.expire_all()
        replayed = replayed_game(game_id)
        stored = game_log.stored_game(game_id)
        log = game_log.stored_log(game_id, with_times=True)
        read = resumed_folds.resumed_with_history(stored, replayed.state.setup, log)

        # Read without the rules, except in a tiebreak, where only the replay knows
        # which entries were in it.
        assert (read is None) is replayed.state.is_tiebreak
        assert read is None or read == replayed.state
        assert game_reads.load_game(game_id) == replayed
        assert game_object(game_reads.load_game(game_id)) == game_object(replayed)
        # The API's read writes the stored forms and points out as they are.
        assert game_object(game_reads.load_logged_game(game_id)) == game_object(replayed)


def test_a_game_in_a_tiebreak_is_replayed_to_say_which_entries_were_in_it(db):
    created = services.create_game(["Ann", "Bo", "Cy"], "Ann")
    game_id, key = created.game.id, created.edit_key
    for entry in (
        {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "royal_flush"},
        {"round": 1, "step": "phase2", "outcome": "win", "winner": "Bo", "hand": "royal_flush"},
        {"round": 1, "step": "tricks", "last_trick": "Cy"},
        {"round": 1, "step": "phase3", "outcome": "none"},
        {"round": 2, "step": "phase1", "outcome": "win", "winner": "Bo", "hand": "one_pair"},
    ):
        services.record_event(game_id, key, entry)
    database.session.expire_all()
    stored = game_log.stored_game(game_id)
    log = game_log.stored_log(game_id, with_times=True)

    loaded = game_reads.load_game(game_id)

    assert resumed_folds.resumed_with_history(stored, loaded.state.setup, log) is None
    assert [scored.in_tiebreak for scored in loaded.state.history] == [False] * 4 + [True]
    assert loaded == replayed_game(game_id)


def play(rng_seed: int, events: int):
    rng = random.Random(rng_seed)
    created = services.create_game(["Ann", "Bo", "Cy"], "Ann")
    game_id, key = created.game.id, created.edit_key
    for _ in range(events):
        state = game_reads.load_game(game_id).state
        services.record_event(game_id, key, random_entry(rng, state, 0.5))
    return game_id, key, random.Random(rng_seed + 1)


def record_next(game_id: int, key: str, rng) -> dict:
    state = game_reads.load_game(game_id).state
    services.record_event(game_id, key, random_entry(rng, state, 0.5))
    return game_object(game_reads.load_logged_game(game_id))


def test_a_game_without_a_stored_fold_is_replayed_and_then_keeps_one(db):
    game_id, key, rng = play(3, 9)
    database.session.execute(delete(StoredFold).where(StoredFold.game_id == game_id))
    database.session.commit()

    answer = record_next(game_id, key, rng)

    assert answer == game_object(replayed_game(game_id))
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

    assert answer == game_object(replayed_game(game_id))
    assert_stored_fold_equals_the_replay(game_id)


def test_events_stored_before_points_were_kept_get_them_on_the_next_write(db):
    # Migration 0004 added the points column and the folds: such a game has neither.
    game_id, key, rng = play(5, 9)
    database.session.execute(update(Event).where(Event.game_id == game_id).values(points=None))
    database.session.execute(delete(StoredFold).where(StoredFold.game_id == game_id))
    database.session.commit()

    answer = record_next(game_id, key, rng)

    assert answer == game_object(replayed_game(game_id))
    assert_stored_fold_equals_the_replay(game_id)


def test_events_without_points_are_never_read_as_scoring_nothing(db):
    game_id, _key, _rng = play(6, 9)
    database.session.execute(update(Event).where(Event.game_id == game_id).values(points=None))
    database.session.commit()

    replayed = replayed_game(game_id)
    assert game_reads.load_game(game_id) == replayed
    assert_the_table_sees_the_replay(game_id, replayed)
