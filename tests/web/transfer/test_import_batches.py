"""An import is bounded in games and entries, refused whole or stored a batch at a time;
one stopped part way is completed by sending the same file again."""

import io
import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import event, func, select
from sqlalchemy.exc import OperationalError

from chicago_scorer.extensions import db as database
from chicago_scorer.services.transfer import import_file, importing
from chicago_scorer.storage.models import Event, Game, Player, StoredFold, StoredSummary

FIRST_AT = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
ENTRIES = [
    {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"},
    {"round": 1, "step": "phase2", "outcome": "none"},
]


def games_file(count: int, entries: list[dict] | None = None) -> bytes:
    """A file of ``count`` games of Ann and Bo, a minute apart."""
    games = [
        {
            "players": ["Ann", "Bo"],
            "first_dealer": "Bo",
            "created_at": (FIRST_AT + timedelta(minutes=number)).isoformat(),
            "updated_at": (FIRST_AT + timedelta(minutes=number, seconds=30)).isoformat(),
            "events": ENTRIES if entries is None else entries,
        }
        for number in range(count)
    ]
    return json.dumps({"format": "chicago-scorer/1", "games": games}).encode()


def row_counts(app) -> tuple[int, ...]:
    with app.app_context():
        return tuple(
            database.session.scalar(select(func.count()).select_from(table))
            for table in (Game, Player, Event, StoredSummary, StoredFold)
        )


@pytest.fixture
def small_batches(monkeypatch):
    """Batches of three games, so that a few games make several."""
    monkeypatch.setattr(importing, "IMPORT_BATCH_GAMES", 3)


def stopped_clock(monkeypatch) -> list[float]:
    """The monotonic clock that an import's deadline is set and checked by, standing
    still at 0 until a test moves it: ``clock[0] += 3600``."""
    clock = [0.0]
    monkeypatch.setattr(importing.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr("chicago_scorer.web.platform.limits.time.monotonic", lambda: clock[0])
    return clock


def test_a_file_of_more_games_than_an_import_takes_is_refused_before_any_replay(app, client):
    body = games_file(import_file.MAX_GAMES_PER_IMPORT + 1, entries=[])

    response = client.post("/api/import", content_type="application/json", data=body)

    assert response.status_code == 413
    assert response.json["error"] == (
        "The file holds 1,001 games; an import takes at most 1,000. "
        "Whoever runs the app can import it whole on its computer: flask import."
    )
    assert row_counts(app) == (0, 0, 0, 0, 0)


def test_a_file_of_more_entries_in_all_than_an_import_takes_is_refused(app, client, monkeypatch):
    monkeypatch.setattr(import_file, "MAX_ENTRIES_PER_IMPORT", 9)

    response = client.post("/api/import", content_type="application/json", data=games_file(5))

    assert response.status_code == 413
    assert (
        "The file holds 10 entries in all; an import takes at most 9." in (response.json["error"])
    )
    assert row_counts(app) == (0, 0, 0, 0, 0)


def test_a_file_of_the_most_games_an_import_takes_is_imported_whole(app, client):
    count = import_file.MAX_GAMES_PER_IMPORT

    response = client.post("/api/import", content_type="application/json", data=games_file(count))

    assert response.status_code == 201
    assert len({game["id"] for game in response.json["games"]}) == count
    assert row_counts(app) == (count, 2 * count, 2 * count, count, count)


def test_games_stored_in_several_batches_are_each_whole_and_open_with_their_keys(
    small_batches, app, client
):
    response = client.post("/api/import", content_type="application/json", data=games_file(8))

    imported = response.json["games"]
    assert response.status_code == 201
    assert len(imported) == 8
    assert row_counts(app) == (8, 16, 16, 8, 8)
    for game in imported:
        listed = client.get(f"/api/games/{game['id']}").json
        assert [player["score"] for player in listed["players"]] == [5, 0]
        answer = client.post(
            f"/api/games/{game['id']}/events",
            json={"round": 1, "step": "tricks", "last_trick": "Bo"},
            headers={"Authorization": f"Bearer {game['edit_key']}"},
        )
        assert answer.status_code == 201


def test_a_game_twice_in_a_file_in_two_batches_is_stored_once(small_batches, app, client):
    once = json.loads(games_file(4))["games"]
    body = json.dumps({"format": "chicago-scorer/1", "games": [*once, once[0]]})

    answer = client.post("/api/import", content_type="application/json", data=body).json

    assert [game["id"] for game in answer["already_here"]] == [answer["games"][0]["id"]]
    assert row_counts(app)[0] == 4


def _stopping_after_batches(monkeypatch, batches: int, stop) -> None:
    """Call ``stop()`` as the import begins to store batch ``batches + 1``."""
    store = importing._store_batch
    done = []

    def counted_store(batch, here):
        if len(done) == batches:
            stop()
        done.append(batch)
        return store(batch, here)

    monkeypatch.setattr(importing, "_store_batch", counted_store)


def test_an_import_out_of_time_says_what_it_stored_and_sending_it_again_completes_it(
    small_batches, make_app, monkeypatch
):
    app = make_app(IMPORT_DEADLINE_SECONDS=60)
    client = app.test_client()
    clock = stopped_clock(monkeypatch)

    def an_hour_passes():
        clock[0] += 3600

    _stopping_after_batches(monkeypatch, 1, an_hour_passes)  # in the second batch
    body = games_file(8)

    first = client.post("/api/import", content_type="application/json", data=body)

    assert first.status_code == 503
    assert first.headers["Retry-After"] == "1"
    assert first.json["error"] == (
        "The server was too busy to finish: 6 of the file's 8 games are stored, the rest "
        "are not. Send the same file again to add them; games already here are left out."
    )
    kept = first.json["games"]
    assert len(kept) == 6
    assert row_counts(app) == (6, 12, 12, 6, 6)

    monkeypatch.undo()
    second = client.post("/api/import", content_type="application/json", data=body)

    assert second.status_code == 201
    assert [game["id"] for game in second.json["already_here"]] == [g["id"] for g in kept]
    assert len(second.json["games"]) == 2
    assert row_counts(app) == (8, 16, 16, 8, 8)
    assert (
        client.post("/api/import", content_type="application/json", data=body).json["games"] == []
    )


def test_a_crash_in_the_middle_of_an_import_loses_no_batch_and_sending_again_completes_it(
    small_batches, app, client, monkeypatch
):
    def crash():
        raise RuntimeError("the power went out")

    _stopping_after_batches(monkeypatch, 1, crash)
    body = games_file(7)

    with pytest.raises(RuntimeError):
        client.post("/api/import", content_type="application/json", data=body)
    assert row_counts(app) == (3, 6, 6, 3, 3)  # the first batch, whole; nothing of the next

    monkeypatch.undo()
    again = client.post("/api/import", content_type="application/json", data=body).json

    assert (len(again["already_here"]), len(again["games"])) == (3, 4)
    assert row_counts(app) == (7, 14, 14, 7, 7)


def test_a_database_locked_past_the_apps_wait_mid_import_keeps_the_batches_before(
    small_batches, app, client, monkeypatch
):
    def locked():
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    _stopping_after_batches(monkeypatch, 1, locked)

    response = client.post("/api/import", content_type="application/json", data=games_file(5))

    assert response.status_code == 503
    assert "3 of the file's 5 games are stored" in response.json["error"]
    assert len(response.json["games"]) == 3
    assert row_counts(app) == (3, 6, 6, 3, 3)


def test_the_import_page_stopped_part_way_shows_and_keeps_what_it_stored(
    small_batches, make_app, monkeypatch
):
    app = make_app(IMPORT_DEADLINE_SECONDS=60)
    client = app.test_client()
    clock = stopped_clock(monkeypatch)
    _stopping_after_batches(monkeypatch, 0, lambda: clock.__setitem__(0, 3600.0))

    page = client.post(
        "/import",
        data={"file": (io.BytesIO(games_file(4)), "export.json")},
        content_type="multipart/form-data",
    )

    assert page.status_code == 503
    assert "3 of the file&#39;s 4 games are stored" in page.text
    assert "Imported 3 games" in page.text
    assert page.text.count("Edit key:") == 3
    for game_id in (1, 2, 3):  # this device keeps score in the games it stored
        assert f'action="/games/{game_id}/entries"' in client.get(f"/games/{game_id}").text


def _writes_and_syncs(engine) -> list[str]:
    """What an import sends that bears on durability, in order: each change of
    ``synchronous``, each game's row, and the synced write."""
    sent: list[str] = []

    def record(_conn, _cursor, statement: str, *_arguments) -> None:
        if statement.startswith("PRAGMA synchronous ="):
            sent.append(statement.split("= ")[1])  # FULL or NORMAL
        elif statement.startswith("INSERT INTO games ("):
            sent.append("games")
        elif statement.startswith("PRAGMA user_version ="):
            sent.append("synced write")

    event.listen(engine, "before_cursor_execute", record)
    return sent


@pytest.mark.parametrize("ending", ["whole", "out of time", "database locked"])
def test_an_import_on_sqlite_answers_only_after_a_write_that_waits_for_the_disk(
    small_batches, sqlite_url, apps, monkeypatch, ending
):
    # Its batches skip their commit's wait for the disk, so that each holds the database
    # for its writing alone; one synced write at the end makes them all durable, however
    # the import ends, before the answer says they are stored.
    app = apps(sqlite_url, IMPORT_DEADLINE_SECONDS=60)
    clock = stopped_clock(monkeypatch)
    stops = {
        "whole": None,
        "out of time": lambda: clock.__setitem__(0, clock[0] + 3600),
        "database locked": _locked,
    }
    if stops[ending] is not None:
        _stopping_after_batches(monkeypatch, 1, stops[ending])
    with app.app_context():
        sent = _writes_and_syncs(database.engine)

    response = app.test_client().post(
        "/api/import", content_type="application/json", data=games_file(7)
    )

    batches = 3 if ending == "whole" else (2 if ending == "out of time" else 1)
    assert response.status_code == (201 if ending == "whole" else 503)
    each_once = [token for at, token in enumerate(sent) if at == 0 or sent[at - 1] != token]
    assert each_once == ["NORMAL", "games"] * batches + ["FULL", "synced write"]


def _locked():
    raise OperationalError("INSERT", {}, Exception("database is locked"))
