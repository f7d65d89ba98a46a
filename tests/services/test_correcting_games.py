"""Corrections, fixes of names and of the first dealer, and deletion, through the services:
what they store equals a fresh replay and a rebuild, and a refusal changes nothing."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from chicago_scorer.extensions import db as database
from chicago_scorer.rules import (
    OutOfTurn,
    RuleError,
    RuleViolation,
    event_to_dict,
    read_event,
    record,
    replay,
)
from chicago_scorer.rules.corrections import (
    CorrectionBreaksTheLog,
    NoSuchEntry,
    NothingToCorrect,
    NotThatEntry,
)
from chicago_scorer.rules.corrections import correct_entry as corrected_by_the_rules
from chicago_scorer.services import corrections, game_reads
from chicago_scorer.services import games as services
from chicago_scorer.services.demo_games import random_entry
from chicago_scorer.services.errors import EditKeyWrong, NothingToChange, VersionMismatch
from chicago_scorer.storage import game_log, rebuild
from support.game_objects import game_object
from support.random_writes import played_game

EXAMPLES = settings(
    max_examples=25,
    # Every example plays a game of its own, so sharing the database is harmless.
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def everything_stored() -> list[tuple]:
    """Every row of every table, to see that a refusal changed nothing."""
    database.session.expire_all()
    return [
        sorted(
            tuple(str(value) for value in row) for row in database.session.execute(select(table))
        )
        for table in database.metadata.sorted_tables
    ]


def assert_stored_equals_a_replay_and_a_rebuild(game_id: int) -> None:
    database.session.expire_all()
    loaded = game_reads.load_game(game_id)
    log = game_log.stored_log(game_id, with_times=True)
    assert loaded.state == game_log.replayed(loaded.state.setup, log)
    assert game_reads.load_game_at_table(game_id).position.scores == loaded.state.scores
    assert rebuild.rebuild_games([game_id]).disagreed == 0


@EXAMPLES
@given(st.randoms(use_true_random=False), st.integers(min_value=1, max_value=40), st.data())
def test_an_accepted_correction_stores_the_replay_and_a_refused_one_changes_nothing(
    db, rng, moves, data
):
    rules = rng.choice([None, {"exact_target": True}, {"preset": "deuce_trick"}])
    game_id, key = played_game(rng, ["Ann", "Bo", "Cy"], moves, rules)
    loaded = game_reads.load_game(game_id)
    events = [scored.event for scored in loaded.state.history]
    number = data.draw(st.integers(1, len(events)))
    before_it = replay(loaded.state.setup, events[: number - 1])
    replacement = random_entry(rng, before_it)
    before = everything_stored()

    try:
        answer = corrections.correct_entry(game_id, key, number, replacement, loaded.log_version)
    except RuleError:
        assert everything_stored() == before
        with pytest.raises(RuleError):
            corrected_by_the_rules(loaded.state.setup, events, number, replacement)
        return

    expected = corrected_by_the_rules(loaded.state.setup, events, number, replacement)
    assert answer.state == expected
    # An oracle that does not use corrections: the corrected log, replayed afresh.
    corrected_log = list(events)
    corrected_log[number - 1] = record(before_it, replacement).history[-1].event
    assert answer.state == replay(loaded.state.setup, corrected_log)
    stored_log = game_log.stored_log(game_id)
    assert [logged.payload for logged in stored_log] == list(map(event_to_dict, corrected_log))
    assert answer.log_version != loaded.log_version
    assert answer.log_version == game_reads.game_log_version(game_id)
    replaced = event_to_dict(loaded.state.history[number - 1].event)
    assert [earlier.was for earlier in answer.corrections[number]] == [replaced]
    assert_stored_equals_a_replay_and_a_rebuild(game_id)
    assert game_object(game_reads.load_game(game_id)) == game_object(answer)
    assert game_object(game_reads.load_logged_game(game_id)) == game_object(answer)


@EXAMPLES
@given(st.randoms(use_true_random=False), st.integers(min_value=0, max_value=40))
def test_renames_and_dealer_fixes_change_no_score_under_standard_rules(db, rng, moves):
    game_id, key = played_game(rng, ["Ann", "Bo", "Cy", "Dee"], moves)
    before = game_reads.load_game(game_id)
    names = ["Ann", "Björn", "Cy", "Dee"]
    rng.shuffle(names)
    dealer = rng.choice(names)

    answer = corrections.fix_players(game_id, key, names, dealer, before.log_version)

    assert answer.state.players == tuple(names)
    assert answer.state.scores == before.state.scores
    assert answer.state.status == before.state.status
    assert answer.state.setup.first_dealer == names.index(dealer)
    renamed = dict(zip(before.state.players, names, strict=True))
    assert answer.state.winner == (before.state.winner and renamed[before.state.winner])
    assert_stored_equals_a_replay_and_a_rebuild(game_id)


FLUSH = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"}
# Ann calls Chicago with 18 points in round 2: 5 for her flush in entry 1, 4 for each of
# two straights and 5 for the last trick.
CHICAGO_AT_18 = [
    FLUSH,
    {"round": 1, "step": "phase2", "outcome": "win", "winner": "Ann", "hand": "straight"},
    {"round": 1, "step": "tricks", "last_trick": "Ann"},
    {"round": 1, "step": "phase3", "outcome": "none"},
    {"round": 2, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "straight"},
    {"round": 2, "step": "phase2", "outcome": "none"},
    {"round": 2, "step": "tricks", "chicago": "Ann", "chicago_won": True},
]


def correction(number: int, entry: dict, key: str | None = None, stale: bool = False):
    """A correction of entry ``number``, with another key or against a version that is
    gone if asked."""

    def send(game_id: int, edit_key: str, version: str):
        expected = version + "-before" if stale else version
        return corrections.correct_entry(game_id, key or edit_key, number, entry, expected)

    return send


def fix(players: list[str] | None, dealer: str | None = None):
    """A fix of the names and the first dealer, against the game's version."""

    def send(game_id: int, edit_key: str, version: str):
        return corrections.fix_players(game_id, edit_key, players, dealer, version)

    return send


REFUSED_CHANGES = {
    "no such entry": (correction(8, CHICAGO_AT_18[0]), NoSuchEntry),
    "another step": (correction(1, CHICAGO_AT_18[1]), NotThatEntry),
    "what the entry says": (correction(1, FLUSH), NothingToCorrect),
    "a later entry broken": (correction(1, FLUSH | {"hand": "one_pair"}), CorrectionBreaksTheLog),
    "a malformed entry": (correction(1, FLUSH | {"hand": "five_aces"}), RuleViolation),
    "a version that is gone": (
        correction(1, FLUSH | {"winner": "Bo"}, stale=True),
        VersionMismatch,
    ),
    "a wrong edit key": (correction(1, FLUSH | {"winner": "Bo"}, key="wrong"), EditKeyWrong),
    "the names as they are": (fix(["Ann", "Bo"], "Ann"), NothingToChange),
    "one name for two seats": (fix(["Ann"]), RuleViolation),
    "two names alike": (fix(["Ann", "aNN"]), RuleViolation),
}


@pytest.mark.parametrize(
    ("change", "refusal"), REFUSED_CHANGES.values(), ids=REFUSED_CHANGES.keys()
)
def test_every_refused_correction_or_fix_changes_nothing_in_the_database(db, change, refusal):
    created = services.create_game(["Ann", "Bo"], "Ann")
    game_id, key = created.game.id, created.edit_key
    for entry in CHICAGO_AT_18:
        services.record_event(game_id, key, entry)
    version = game_reads.game_log_version(game_id)
    before = everything_stored()

    with pytest.raises(refusal):
        change(game_id, key, version)

    assert everything_stored() == before


def test_a_rename_that_collides_with_another_name_ignoring_case_changes_nothing(db):
    game_id, key = played_game(random.Random(1), ["Ann", "Bo"], 6)
    before = everything_stored()
    with pytest.raises(RuleError):
        corrections.fix_players(game_id, key, ["Ann", "ANN"])
    assert everything_stored() == before


def test_statistics_follow_a_new_name(db, client):
    game_id, key = played_game(random.Random(2), ["Ann", "Bjorn"], 60)
    corrections.fix_players(game_id, key, ["Ann", "Björn"])
    assert client.get("/api/players/Björn/stats").status_code == 200
    assert client.get("/api/players/Bjorn/stats").status_code == 404


def test_one_phone_corrects_while_another_records_and_exactly_one_wins(db):
    """On SQLite one writer goes at a time, so the two interleave: both read the game,
    then one writes; the other's write was built on a log that is gone, and is refused."""
    game_id, key = played_game(random.Random(3), ["Ann", "Bo"], 3)
    read_by_both = game_reads.load_game(game_id)
    first = read_by_both.state.history[0].event
    correction = {"round": 1, "step": str(first.step), "outcome": "tie"}
    if read_event(correction) == first:
        correction["outcome"] = "none"
    next_entry = random_entry(random.Random(4), read_by_both.state)

    services.record_event(game_id, key, next_entry)  # the other phone is first
    stored = everything_stored()
    with pytest.raises(VersionMismatch):
        corrections.correct_entry(game_id, key, 1, correction, read_by_both.log_version)
    assert everything_stored() == stored


def test_a_write_that_read_the_log_before_a_correction_is_refused(db, monkeypatch):
    """Without If-Match: the record read the game, then a correction committed before the
    record's compare-and-set, which must then fail though the count is unchanged."""
    game_id, key = played_game(random.Random(5), ["Ann", "Bo"], 3)
    stale = game_log.stored_game(game_id)
    first = game_reads.load_game(game_id).state.history[0].event
    outcome = "none" if getattr(first, "outcome", None) != "none" else "tie"
    corrections.correct_entry(game_id, key, 1, {"round": 1, "step": "phase1", "outcome": outcome})
    monkeypatch.setattr(game_log, "stored_game", lambda _game_id: stale)
    stored = everything_stored()

    with pytest.raises(OutOfTurn):
        services.record_event(
            game_id, key, random_entry(random.Random(6), game_reads.load_game(game_id).state)
        )
    assert everything_stored() == stored


def test_a_deleted_game_leaves_no_row_behind(db):
    game_id, key = played_game(random.Random(7), ["Ann", "Bo"], 10)
    corrections.fix_players(game_id, key, ["Ann", "Bob"])
    corrections.delete_game(game_id, key)
    for table in database.metadata.sorted_tables:
        column = table.c.id if table.name == "games" else table.c.get("game_id")
        if column is not None:
            left = database.session.scalar(select(func.count()).where(column == game_id))
            assert left == 0, table.name


def test_a_read_across_a_correction_replays_the_corrected_log(db, monkeypatch):
    """A correction keeps the count and the times: a read that got the game's row before
    it and the log after it must replay that log, not resume the fold it replaced."""
    created = services.create_game(["Ann", "Bo"], "Ann")
    game_id, key = created.game.id, created.edit_key
    won = {"round": 1, "step": "phase1", "outcome": "win", "hand": "two_pair"}
    services.record_event(game_id, key, won | {"winner": "Ann"})
    stale = game_log.stored_game(game_id)
    corrections.correct_entry(game_id, key, 1, won | {"winner": "Bo"})
    monkeypatch.setattr(game_log, "stored_game", lambda _game_id: stale)

    loaded = game_reads.load_game(game_id)

    assert loaded.state.scores[0] == 0 < loaded.state.scores[1]  # Bo won the hand
    log = game_log.stored_log(game_id, with_times=True)
    assert loaded.state == game_log.replayed(loaded.state.setup, log)
    assert loaded.log_version == game_reads.game_log_version(game_id)


def test_a_correction_answers_with_the_entry_it_replaced_as_it_was_scored(db):
    created = services.create_game(["Ann", "Bo"], "Ann")
    game_id, key = created.game.id, created.edit_key
    won = {"round": 1, "step": "phase1", "outcome": "win", "hand": "two_pair"}
    services.record_event(game_id, key, won | {"winner": "Ann"})
    recorded = game_reads.load_game(game_id).state.history[0]

    answer = corrections.correct_entry(game_id, key, 1, won | {"winner": "Bo"})

    assert answer.replaced == recorded
    assert answer.state.history[0].points == {"Bo": 2}


@EXAMPLES
@given(st.randoms(use_true_random=False), st.integers(min_value=1, max_value=60), st.data())
def test_an_entry_opened_for_correction_comes_with_the_game_just_before_it(db, rng, moves, data):
    game_id, _key = played_game(rng, ["Ann", "Bo", "Cy"], moves)
    loaded = game_reads.load_game(game_id)
    events = [scored.event for scored in loaded.state.history]
    number = data.draw(st.integers(1, len(events)))

    opened = corrections.entry_at_table(game_id, number)

    assert opened.before == replay(loaded.state.setup, events[: number - 1])
    assert opened.scored == loaded.state.history[number - 1]
    assert opened.game == game_reads.load_game_at_table(game_id)


def test_an_entry_outside_the_log_cannot_be_opened(db):
    game_id, _key = played_game(random.Random(8), ["Ann", "Bo"], 2)
    with pytest.raises(NoSuchEntry):
        corrections.entry_at_table(game_id, 3)


def test_the_scoreboard_reads_the_trail_of_its_newest_entries_only(db):
    created = services.create_game(["Ann", "Bo"], "Ann")
    game_id, key = created.game.id, created.edit_key
    quiet = [{"outcome": "none"}, {"outcome": "none"}, {"last_trick": "Bo"}, {"outcome": "none"}]
    for round_number in range(1, game_reads.RECENT_ENTRIES // 4 + 2):  # a round more than shown
        for step, body in zip(("phase1", "phase2", "tricks", "phase3"), quiet, strict=True):
            services.record_event(game_id, key, {"round": round_number, "step": step} | body)
    count = game_reads.load_game(game_id).event_count
    oldest_shown = count - game_reads.RECENT_ENTRIES + 1
    for number in (1, oldest_shown, count):
        event = game_reads.load_game(game_id).state.history[number - 1].event
        corrections.correct_entry(
            game_id, key, number, event_to_dict(event) | corrected_outcome(event)
        )

    table = game_reads.load_game_at_table(game_id)

    assert table.first_number == oldest_shown
    assert sorted(table.corrections) == [oldest_shown, count]
    assert table.corrections == {
        number: versions
        for number, versions in game_reads.load_game(game_id).corrections.items()
        if number >= oldest_shown
    }


def corrected_outcome(event) -> dict:
    """Another answer for an entry of a quiet round: a tie for no hand, Ann for Bo."""
    if event.step == "tricks":
        return {"last_trick": "Ann"}
    return {"outcome": "tie"}


def test_a_deletion_answers_with_the_setup_it_removed(db):
    game_id, key = played_game(random.Random(9), ["Ann", "Bo", "Cy"], 3)
    setup = game_reads.load_game(game_id).state.setup

    assert corrections.delete_game(game_id, key) == setup
