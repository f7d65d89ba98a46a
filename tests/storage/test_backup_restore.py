"""`flask backup` copies the database while phones record entries, and `flask restore` puts
a copy back in a fresh folder with every game's id and edit key, brought up to date: shared
links, hand-over codes and the scorekeepers' phones go on working."""

import shutil
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import flask_migrate
from sqlalchemy import MetaData, update

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameSetup, read_event, replay
from chicago_scorer.services.edit_keys import hash_edit_key
from chicago_scorer.storage import rebuild
from support.backups import Table, file_of, games_in, next_entry, run, schema_head
from support.older_schemas import store_game

TABLES = 3
# Entries every table records before the first backup, so there is something to copy.
WARM_UP_ENTRIES = 15
BACKUPS = 4


def test_a_backup_taken_while_phones_record_entries_restores_every_game_and_key(
    sqlite_url, fresh_url, apps, tmp_path
):
    app = apps(sqlite_url)
    stop = threading.Event()
    tables = [Table(app, seed, stop) for seed in range(TABLES)]
    for table in tables:
        table.start()
    try:
        while min(table.entries for table in tables) < WARM_UP_ENTRIES:
            assert all(table.is_alive() for table in tables)
            stop.wait(0.01)
        stored_before = {game for table in tables for game in list(table.keys)}
        entries_before = sum(table.entries for table in tables)
        made = [run(app, "backup", str(tmp_path / f"backup-{n}.sqlite3")) for n in range(BACKUPS)]
        entries_during = sum(table.entries for table in tables) - entries_before
    finally:
        stop.set()
        for table in tables:
            table.join()
    for table in tables:
        if table.error is not None:
            raise table.error
    assert [result.exit_code for result in made] == [0] * BACKUPS, made[0].output
    assert entries_during > 0, "the tables went on recording while the backups ran"

    restored = apps(fresh_url)
    result = run(restored, "restore", str(tmp_path / f"backup-{BACKUPS // 2}.sqlite3"))
    assert result.exit_code == 0, result.output
    assert "Restored" in result.output

    client = restored.test_client()
    answers = {game: kept for table in tables for game, kept in table.answers.items()}
    keys = {game: key for table in tables for game, key in table.keys.items()}
    found = {}
    for game_id, kept in answers.items():
        response = client.get(f"/api/games/{game_id}")
        if response.status_code == 404:
            assert game_id not in stored_before, "a game stored before the backup is missing"
            continue
        game = response.get_json()
        # Exactly the game as the API answered when it had that many entries.
        assert game == kept[len(game["events"])]
        found[game_id] = game
    assert stored_before <= found.keys()

    for game_id, game in found.items():
        auth = {"Authorization": f"Bearer {keys[game_id]}"}
        if game["next"] is None:
            changed = client.delete(f"/api/games/{game_id}/events/last", headers=auth)
            assert changed.status_code == 200, changed.get_json()
        else:
            changed = client.post(
                f"/api/games/{game_id}/events", json=next_entry(game), headers=auth
            )
            assert changed.status_code == 201, changed.get_json()
        wrong = client.delete(
            f"/api/games/{game_id}/events/last", headers={"Authorization": "Bearer wrong"}
        )
        assert wrong.status_code == 403

    checked = run(restored, "rebuild")
    assert f"Rebuilt {len(found)} games; 0 disagreed" in checked.output


def test_every_backup_holds_each_game_whole(sqlite_url, apps, tmp_path):
    app = apps(sqlite_url)
    stop = threading.Event()
    table = Table(app, 7, stop)
    table.start()
    try:
        made = [run(app, "backup", str(tmp_path / f"b{n}.sqlite3")) for n in range(BACKUPS)]
    finally:
        stop.set()
        table.join()
    assert [result.exit_code for result in made] == [0] * BACKUPS
    for n in range(BACKUPS):
        with closing(sqlite3.connect(tmp_path / f"b{n}.sqlite3", isolation_level=None)) as copy:
            counts = copy.execute(
                "SELECT games.event_count, (SELECT count(*) FROM events"
                " WHERE events.game_id = games.id) FROM games"
            ).fetchall()
            mode = copy.execute("PRAGMA journal_mode").fetchone()[0]
        assert all(claimed == stored for claimed, stored in counts)
        assert mode == "delete", "a backup is one file, with no -wal beside it"


def test_a_phone_keeps_score_after_a_restore_when_the_secret_key_moves_too(
    sqlite_url, fresh_url, apps, tmp_path
):
    app = apps(sqlite_url)
    created = app.test_client().post("/api/games", json={"players": ["Ann", "Bo"]}).get_json()
    game_id, key = created["id"], created["edit_key"]
    phone = app.test_client()
    phone.get(f"/games/{game_id}/keep-score/{key}")
    session = phone.get_cookie("session").value
    assert run(app, "backup", str(tmp_path / "backup.sqlite3")).exit_code == 0

    same_key = apps(fresh_url)
    assert run(same_key, "restore", str(tmp_path / "backup.sqlite3")).exit_code == 0
    other_key = apps(fresh_url, SECRET_KEY="a new secret key")

    for server, keeps_score in ((same_key, True), (other_key, False)):
        returning_phone = server.test_client()
        returning_phone.set_cookie("session", session)
        page = returning_phone.get(f"/games/{game_id}").get_data(as_text=True)
        assert (f"/keep-score/{key}" in page) is keeps_score


def test_a_copy_of_the_files_of_a_killed_app_restores_with_what_its_wal_holds(
    sqlite_url, fresh_url, apps, tmp_path
):
    app = apps(sqlite_url)
    for players in (["Ann", "Bo"], ["Cy", "Dee"]):
        app.test_client().post("/api/games", json={"players": players})
    database = file_of(sqlite_url)
    # Copied while the app holds the database open, as the files are left after a kill.
    copy = tmp_path / "copy" / "chicago.sqlite3"
    copy.parent.mkdir()
    for suffix in ("", "-wal", "-shm"):
        shutil.copyfile(f"{database}{suffix}", f"{copy}{suffix}")
    assert Path(f"{copy}-wal").stat().st_size > 0

    result = run(apps(fresh_url), "restore", str(copy))

    assert result.exit_code == 0, result.output
    assert games_in(file_of(fresh_url)) == 2


ROUND = [
    {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"},
    {"round": 1, "step": "phase2", "outcome": "tie"},
    {"round": 1, "step": "tricks", "last_trick": "Cy"},
    {"round": 1, "step": "phase3", "outcome": "win", "winner": "Bo", "hand": "two_pair"},
]
OLDER_KEY = "a key handed over before the upgrade"


def test_a_backup_from_an_older_version_is_brought_up_to_date_as_it_is_restored(
    fresh_url, apps, tmp_path
):
    older = f"sqlite:///{tmp_path / 'older.sqlite3'}"
    app = apps(older)
    with app.app_context():
        flask_migrate.upgrade(revision="0008_composed_names")
        with db.engine.begin() as connection:
            tables = MetaData()
            tables.reflect(connection)
            store_game(connection, tables.tables, 4, ["Ann", "Bo", "Cy"], ROUND)
            connection.execute(
                update(tables.tables["games"]).values(edit_key_hash=hash_edit_key(OLDER_KEY))
            )
        db.engine.dispose()

    restored = apps(fresh_url)
    result = run(restored, "restore", str(tmp_path / "older.sqlite3"))

    assert result.exit_code == 0, result.output
    assert f"Its schema 0008_composed_names was brought up to {schema_head()}." in result.output
    assert "Rebuilt 1 game for this version's rules." in result.output
    client = restored.test_client()
    game = client.get("/api/games/4").get_json()
    expected = replay(GameSetup(("Ann", "Bo", "Cy"), 0), [read_event(e) for e in ROUND])
    assert [player["score"] for player in game["players"]] == list(expected.scores)
    with restored.app_context():
        assert not rebuild.has_stale_games()
    answer = client.post(
        "/api/games/4/events",
        json={"round": 2, "step": "phase1", "outcome": "none"},
        headers={"Authorization": f"Bearer {OLDER_KEY}"},
    )
    assert answer.status_code == 201, answer.get_json()
