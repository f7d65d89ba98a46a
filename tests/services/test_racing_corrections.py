"""One phone corrects an entry while another records the next one: exactly one of the
two writes is stored, and the other is refused and changes nothing: with 412 when it was
sent against a version of the game (If-Match), which is gone; else with 409, in words
that say what was not done.

The races are made deterministic. On any database, one phone's request is stopped after
it has read the game and before its compare-and-set, while the other phone's request is
made and committed whole. On PostgreSQL, one phone's transaction is also held open after
its compare-and-set, so that the other's waits on the game's row lock, as happens when
two writes really overlap.
"""

import threading

import pytest
from sqlalchemy import event, text
from sqlalchemy.orm import Session

from chicago_scorer.extensions import db
from support.api_client import ApiGame, create_api_game
from support.databases import server_url
from support.races import WAIT_AT_MOST_SECONDS, in_a_thread, one_reads_then_the_other_commits

TWO_PAIR = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "two_pair"}
CORRECTION = TWO_PAIR | {"winner": "Bo"}
NEXT_ENTRY = {"round": 1, "step": "tricks", "last_trick": "Ann"}

postgres_only = pytest.mark.skipif(
    server_url() is None,
    reason="SQLite lets one writer in at a time, so no write can wait on another's row "
    "lock; run with TEST_DATABASE_URL (.ci/with-postgres) to test PostgreSQL's",
)


@pytest.fixture
def game(client) -> ApiGame:
    """Ann and Bo after two entries; both the correction and the next entry are legal in
    either order, so only the race can refuse one of them."""
    game = create_api_game(client, ["Ann", "Bo"])
    game.record(TWO_PAIR)
    game.nobody(1, "phase2")
    return game


def correcting(game: ApiGame, if_match: str | None = None):
    """A phone's correction of entry 1, sent from a client of its own."""

    def send(client):
        headers = game.auth() | ({"If-Match": if_match} if if_match else {})
        return client.put(f"{game.url}/events/1", json=CORRECTION, headers=headers)

    return send


def recording(game: ApiGame):
    """A phone's next entry, sent from a client of its own."""

    def send(client):
        return client.post(f"{game.url}/events", json=NEXT_ENTRY, headers=game.auth())

    return send


def assert_only_the_winner_is_stored(game: ApiGame, winner, loser, refused_with: int) -> None:
    assert loser.status_code == refused_with, loser.get_json()
    assert "Refresh" in loser.get_json()["error"]
    assert game.state() == winner.get_json()


def deleting(game: ApiGame, if_match: str | None = None):
    """A phone's deletion of the game, sent from a client of its own."""

    def send(client):
        headers = game.auth() | ({"If-Match": if_match} if if_match else {})
        return client.delete(game.url, headers=headers)

    return send


def test_an_entry_recorded_while_a_correction_was_on_its_way_refuses_the_correction(
    app, game, monkeypatch
):
    read_by_both = game.client.get(game.url).headers["ETag"]

    correction, entry = one_reads_then_the_other_commits(
        app, monkeypatch, correcting(game, read_by_both), recording(game)
    )

    assert entry.status_code == 201, entry.get_json()
    assert_only_the_winner_is_stored(game, entry, correction, 412)
    stored = game.state()["events"]
    assert [len(stored), stored[0]["winner"], "corrections" in stored[0]] == [3, "Ann", False]


def test_a_correction_without_if_match_that_loses_the_race_says_nothing_was_changed(
    app, game, monkeypatch
):
    correction, entry = one_reads_then_the_other_commits(
        app, monkeypatch, correcting(game), recording(game)
    )

    assert entry.status_code == 201, entry.get_json()
    assert_only_the_winner_is_stored(game, entry, correction, 409)
    assert correction.get_json() == {
        "error": "Another device changed this game at the same moment, so nothing was "
        "changed. Refresh to see the game, then try again."
    }


def test_an_undo_without_if_match_that_loses_the_race_says_nothing_was_undone(
    app, game, monkeypatch
):
    def undoing(client):
        return client.delete(f"{game.url}/events/last", headers=game.auth())

    undo, entry = one_reads_then_the_other_commits(app, monkeypatch, undoing, recording(game))

    assert entry.status_code == 201, entry.get_json()
    assert_only_the_winner_is_stored(game, entry, undo, 409)
    assert undo.get_json() == {
        "error": "Another device changed this game at the same moment, so nothing was "
        "undone. Refresh to see the game."
    }


@pytest.mark.parametrize(("if_match", "status"), [(True, 412), (False, 409)])
def test_a_deletion_that_loses_the_race_to_an_entry_deletes_nothing(
    app, game, monkeypatch, if_match, status
):
    read_by_both = game.client.get(game.url).headers["ETag"] if if_match else None

    deletion, entry = one_reads_then_the_other_commits(
        app, monkeypatch, deleting(game, read_by_both), recording(game)
    )

    assert entry.status_code == 201, entry.get_json()
    assert_only_the_winner_is_stored(game, entry, deletion, status)
    if not if_match:
        assert deletion.get_json() == {
            "error": "Another device changed this game at the same moment, so the game was "
            "not deleted. Refresh to see the game."
        }


def test_a_correction_made_while_an_entry_was_on_its_way_refuses_the_entry(app, game, monkeypatch):
    entry, correction = one_reads_then_the_other_commits(
        app, monkeypatch, recording(game), correcting(game)
    )

    assert correction.status_code == 200, correction.get_json()
    assert_only_the_winner_is_stored(game, correction, entry, 409)
    stored = game.state()["events"]
    assert [len(stored), stored[0]["winner"]] == [2, "Bo"]
    assert [earlier["was"] for earlier in stored[0]["corrections"]] == [TWO_PAIR]


def test_a_correction_sent_against_the_game_before_another_phones_entry_is_412(game):
    read_before = game.client.get(game.url).headers["ETag"]
    entry = recording(game)(game.client)

    correction = correcting(game, read_before)(game.client)

    assert entry.status_code == 201
    assert_only_the_winner_is_stored(game, entry, correction, 412)


# --- PostgreSQL: one write's transaction held open while the other is sent ---


def one_is_held_open_while_the_other_waits(app, held, waiting) -> tuple:
    """``held``'s request stops just before its commit, after its compare-and-set took
    the game's row lock; ``waiting``'s request is sent and blocks on that lock; then
    ``held`` commits. Both answers."""
    holding, release = threading.Event(), threading.Event()

    def hold_before_commit(session: Session) -> None:
        if threading.current_thread().name == "held":
            holding.set()
            release.wait(WAIT_AT_MOST_SECONDS)

    answers: dict = {}
    event.listen(Session, "before_commit", hold_before_commit)
    threads = [in_a_thread(app, "held", held, answers)]
    try:
        assert holding.wait(WAIT_AT_MOST_SECONDS), "the held write never reached its commit"
        threads.append(in_a_thread(app, "waiting", waiting, answers))
        assert waits_on_a_row_lock(app), "the other write never waited for the held one"
    finally:
        release.set()
        for thread in threads:
            thread.join(WAIT_AT_MOST_SECONDS)
        event.remove(Session, "before_commit", hold_before_commit)
    return answers["held"], answers["waiting"]


def waits_on_a_row_lock(app) -> bool:
    """Whether, within the time allowed, a session of this database waits on a lock."""
    waiting = text(
        "SELECT count(*) FROM pg_stat_activity "
        "WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )
    with app.app_context():
        try:
            for _ in range(int(WAIT_AT_MOST_SECONDS / 0.05)):
                with db.engine.connect() as connection:
                    if connection.scalar(waiting):
                        return True
                threading.Event().wait(0.05)
            return False
        finally:
            db.session.remove()


@postgres_only
def test_an_entry_sent_while_a_correction_holds_the_game_waits_and_is_refused(app, game):
    correction, entry = one_is_held_open_while_the_other_waits(
        app, correcting(game), recording(game)
    )

    assert correction.status_code == 200, correction.get_json()
    assert_only_the_winner_is_stored(game, correction, entry, 409)


@postgres_only
def test_a_correction_sent_while_an_entry_holds_the_game_waits_and_is_refused(app, game):
    read_by_both = game.client.get(game.url).headers["ETag"]

    entry, correction = one_is_held_open_while_the_other_waits(
        app, recording(game), correcting(game, read_by_both)
    )

    assert entry.status_code == 201, entry.get_json()
    assert_only_the_winner_is_stored(game, entry, correction, 412)
