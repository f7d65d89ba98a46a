"""Writes to different games never wait for each other: no row is shared by all games."""

import threading

import pytest
from sqlalchemy import event
from sqlalchemy.orm import Session

from chicago_scorer.extensions import db
from chicago_scorer.services import game_reads
from chicago_scorer.services import games as services
from chicago_scorer.web.page_cache import response_cache
from support.databases import server_url
from support.game_lists import listed_players

# Far longer than a write takes, far shorter than the held write waits.
AT_ONCE_SECONDS = 2.0
HELD_AT_MOST_SECONDS = 30.0

pytestmark = pytest.mark.skipif(
    server_url() is None,
    reason="SQLite lets one writer in at a time whatever rows it writes; "
    "run with TEST_DATABASE_URL (.ci/with-postgres) to test PostgreSQL's row locks",
)

FLUSH = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"}


def new_game(app, players=("Ann", "Bo")) -> tuple[int, str]:
    with app.app_context():
        created = services.create_game(list(players))
        return created.game.id, created.edit_key


def test_a_write_to_one_game_commits_while_a_write_to_another_is_still_open(app):
    held_id, held_key = new_game(app)
    free_id, free_key = new_game(app)
    committed_at_once, outcomes = write_while_another_is_held(
        app, (held_id, held_key), (free_id, free_key)
    )

    assert committed_at_once, "the write to game B waited for the open write to game A"
    assert outcomes == {"free": 1, "held": 1}
    with app.app_context():
        assert game_reads.load_game(free_id).event_count == 1
        assert game_reads.load_game(held_id).event_count == 1
        db.session.remove()


def test_the_history_follows_a_write_that_commits_after_a_later_one(app):
    """The held write is stamped first but commits last; a page cached in between must
    not outlive it (as a key of the newest time and the count of games would)."""
    held = new_game(app, ["Ann", "Bo"])
    free = new_game(app, ["Cy", "Dee"])
    client = app.test_client()
    seen_between = []

    def look_while_held() -> None:
        seen_between.append(client.get("/history").text)

    committed_at_once, outcomes = write_while_another_is_held(
        app, held, free, while_held=look_while_held
    )

    assert committed_at_once and outcomes == {"free": 1, "held": 1}
    assert listed_players([("Cy", 5), ("Dee", 0)]) in seen_between[0]
    assert listed_players([("Ann", 0), ("Bo", 0)]) in seen_between[0]
    cached = client.get("/history").text
    with app.app_context():
        response_cache().clear()
    assert cached == client.get("/history").text
    assert listed_players([("Ann", 5), ("Bo", 0)]) in cached


def write_while_another_is_held(app, held_game, free_game, while_held=lambda: None):
    """Record a flush on ``held_game`` and hold it before its commit; meanwhile record one
    on ``free_game`` and call ``while_held``. Whether the free write committed within
    AT_ONCE_SECONDS, and what each write answered (its event count, or its error)."""
    (held_id, held_key), (free_id, free_key) = held_game, free_game
    players = {}
    with app.app_context():
        for game_id in (held_id, free_id):
            players[game_id] = game_reads.load_game(game_id).state.players
        db.session.remove()
    holding = threading.Event()
    release = threading.Event()
    outcomes: dict[str, object] = {}

    def hold_before_commit(session: Session) -> None:
        if threading.current_thread().name == "held write":
            holding.set()
            release.wait(HELD_AT_MOST_SECONDS)

    def write(label: str, game_id: int, edit_key: str) -> None:
        flush = FLUSH | {"winner": players[game_id][0]}
        with app.app_context():
            try:
                outcomes[label] = services.record_event(game_id, edit_key, flush).event_count
            except Exception as error:  # reported by the assertions below
                outcomes[label] = error

    event.listen(Session, "before_commit", hold_before_commit)
    held = threading.Thread(target=write, args=("held", held_id, held_key), name="held write")
    free = threading.Thread(target=write, args=("free", free_id, free_key), name="free write")
    try:
        held.start()
        assert holding.wait(AT_ONCE_SECONDS), "the held write never reached its commit"
        free.start()
        free.join(AT_ONCE_SECONDS)
        committed_at_once = not free.is_alive()
        if committed_at_once:
            while_held()
    finally:
        release.set()
        held.join(HELD_AT_MOST_SECONDS)
        free.join(HELD_AT_MOST_SECONDS)
        event.remove(Session, "before_commit", hold_before_commit)
    return committed_at_once, outcomes
