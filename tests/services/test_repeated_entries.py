"""An entry sent again with its Idempotency-Key is found, not recorded twice, even when
the two requests overlap: the one that loses the compare-and-set answers with the entry
the other recorded, or is refused if that was another entry.

Run on PostgreSQL too (.ci/with-postgres), where the loser waits on the winner's row lock
rather than on SQLite's one writer."""

import threading

import pytest
from sqlalchemy import event
from sqlalchemy.orm import Session

from chicago_scorer.extensions import db
from chicago_scorer.rules import OutOfTurn
from chicago_scorer.services import game_reads
from chicago_scorer.services import games as services
from chicago_scorer.services.errors import IdempotencyKeyReused
from chicago_scorer.services.game_answers import RecordedEntry, RepeatedEntry

FLUSH = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"}
KEY = "phone-1-entry-1"
# Far longer than a write takes on a loaded machine; a test that waits this long fails.
HELD_AT_MOST_SECONDS = 30.0


def new_game(app) -> tuple[int, str]:
    with app.app_context():
        created = services.create_game(["Ann", "Bo"])
        return created.game.id, created.edit_key


def race(app, game: tuple[int, str], losers_entry: dict, losers_key: str | None) -> dict:
    """The winner records FLUSH with KEY and is held before its commit; the loser reads
    the game meanwhile, and the winner commits only once the loser asks for its
    compare-and-set, which so fails. What each answered (or raised)."""
    game_id, edit_key = game
    winner_holding = threading.Event()
    loser_claiming = threading.Event()
    outcomes: dict[str, object] = {}

    def hold_the_winner(session: Session) -> None:
        if threading.current_thread().name == "winner":
            winner_holding.set()
            loser_claiming.wait(HELD_AT_MOST_SECONDS)

    def note_the_losers_claim(_connection, _cursor, statement: str, *_args) -> None:
        if threading.current_thread().name == "loser" and statement.startswith("UPDATE games"):
            loser_claiming.set()

    def send(label: str, entry: dict, key: str | None) -> None:
        with app.app_context():
            try:
                outcomes[label] = services.record_event(game_id, edit_key, entry, key)
            except Exception as error:  # reported by the assertions on the outcomes
                outcomes[label] = error
            finally:
                db.session.remove()

    with app.app_context():
        engine = db.engine
    event.listen(Session, "before_commit", hold_the_winner)
    event.listen(engine, "before_cursor_execute", note_the_losers_claim)
    winner = threading.Thread(target=send, args=("winner", FLUSH, KEY), name="winner")
    loser = threading.Thread(target=send, args=("loser", losers_entry, losers_key), name="loser")
    try:
        winner.start()
        assert winner_holding.wait(HELD_AT_MOST_SECONDS), "the winner never reached its commit"
        loser.start()
        loser.join(HELD_AT_MOST_SECONDS)
        winner.join(HELD_AT_MOST_SECONDS)
    finally:
        loser_claiming.set()
        event.remove(engine, "before_cursor_execute", note_the_losers_claim)
        event.remove(Session, "before_commit", hold_the_winner)
    assert loser_claiming.is_set()
    return outcomes


def event_count(app, game_id: int) -> int:
    with app.app_context():
        count = game_reads.load_game(game_id).event_count
        db.session.remove()
        return count


def test_the_request_that_loses_the_race_to_its_own_key_answers_with_the_entry_recorded(app):
    game = new_game(app)

    outcomes = race(app, game, FLUSH | {"winner": "ann"}, KEY)

    assert isinstance(outcomes["winner"], RecordedEntry), outcomes
    assert outcomes["loser"] == RepeatedEntry(game[0], 1), outcomes
    assert event_count(app, game[0]) == 1


def test_the_request_that_loses_the_race_with_another_entry_under_the_key_is_refused(app):
    game = new_game(app)

    outcomes = race(app, game, FLUSH | {"hand": "straight"}, KEY)

    assert isinstance(outcomes["winner"], RecordedEntry), outcomes
    assert isinstance(outcomes["loser"], IdempotencyKeyReused), outcomes
    assert event_count(app, game[0]) == 1


@pytest.mark.parametrize("losers_key", [None, "another key"], ids=["no key", "another key"])
def test_the_request_that_loses_the_race_with_no_key_of_that_entry_is_out_of_turn(app, losers_key):
    game = new_game(app)

    outcomes = race(app, game, FLUSH, losers_key)

    assert isinstance(outcomes["winner"], RecordedEntry), outcomes
    assert isinstance(outcomes["loser"], OutOfTurn), outcomes
    assert event_count(app, game[0]) == 1
