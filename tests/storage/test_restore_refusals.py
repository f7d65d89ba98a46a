"""`flask restore` waits for the app to stop, keeps the database it replaces, and refuses,
saying what to do, a file that is not a Chicago Scorer database or is of a newer version;
`flask backup` overwrites nothing; on PostgreSQL both say what to run instead."""

import sqlite3
import subprocess
import sys
from contextlib import closing

import pytest

from chicago_scorer import PROJECT_ROOT, create_app
from chicago_scorer.extensions import db
from chicago_scorer.storage import backup
from support.backups import file_of, games_in, run, schema_head, schema_revisions
from support.settings import settings_for

# An app that has answered a request, as a gunicorn worker has: its connection stays open.
SERVING = """
import sys
from chicago_scorer import create_app
app = create_app()
assert app.test_client().get("/api/games").status_code == 200
print("serving", flush=True)
sys.stdin.read()
"""


def test_a_restore_over_the_old_database_keeps_it_beside_and_waits_for_the_app_to_stop(
    sqlite_url, apps, tmp_path, monkeypatch
):
    monkeypatch.setattr(backup, "RESTORE_LOCK_WAIT_SECONDS", 0.2)
    app = apps(sqlite_url)
    client = app.test_client()
    client.post("/api/games", json={"players": ["Ann", "Bo"]})
    assert run(app, "backup", str(tmp_path / "backup.sqlite3")).exit_code == 0
    client.post("/api/games", json={"players": ["Cy", "Dee"]})
    with app.app_context():
        db.engine.dispose()
    database = file_of(sqlite_url)

    serving = subprocess.Popen(
        [sys.executable, "-c", SERVING],
        cwd=PROJECT_ROOT,
        env={"DATABASE_URL": sqlite_url, "SECRET_KEY": "s", "PATH": ""},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert serving.stdout.readline() == "serving\n"
        refused = run(app, "restore", str(tmp_path / "backup.sqlite3"))
    finally:
        serving.communicate("")
    assert refused.exit_code != 0
    assert "is in use: stop the app first" in refused.output
    assert games_in(database) == 2
    assert list(database.parent.glob(f"*{database.name}.*restor*")) == []

    restored = run(app, "restore", str(tmp_path / "backup.sqlite3"))
    assert restored.exit_code == 0, restored.output
    assert games_in(database) == 1
    [kept] = database.parent.glob(f"{database.name}.before-restore-*")
    assert f"kept at {kept}" in restored.output
    assert games_in(kept) == 2
    assert client.get("/api/games").get_json()["total"] == 1


def test_an_app_started_during_a_restore_answers_503_until_it_is_done(sqlite_url, apps, tmp_path):
    app = apps(sqlite_url)
    assert run(app, "backup", str(tmp_path / "backup.sqlite3")).exit_code == 0
    with app.app_context():
        db.engine.dispose()
    # Waiting 0.1 s for the lock, from the first statement of a new connection on.
    quick = {"connect_args": {"timeout": 0.1}}
    started = apps(
        sqlite_url, DATABASE_LOCK_TIMEOUT_SECONDS=0.1, SQLALCHEMY_ENGINE_OPTIONS=quick
    ).test_client()
    answers = []

    def bring_up_to_date(_url: str) -> int:
        answers.append(started.get("/api/games").status_code)
        return 0

    backup.restore(tmp_path / "backup.sqlite3", sqlite_url, schema_revisions(), bring_up_to_date)

    assert answers == [503]
    assert started.get("/api/games").status_code == 200


@pytest.mark.parametrize(
    ("contents", "says"),
    [
        (b"Ann 12, Bo 7\n", "is not a Chicago Scorer database: SQLite cannot read it"),
        ("another app's tables", "is not a Chicago Scorer database: it has no tables"),
        (None, "There is no file at"),
    ],
)
def test_restore_refuses_what_is_not_a_chicago_scorer_database(
    contents, says, sqlite_url, apps, tmp_path
):
    app = apps(sqlite_url)
    app.test_client().post("/api/games", json={"players": ["Ann", "Bo"]})
    with app.app_context():
        db.engine.dispose()
    path = tmp_path / "not-a-backup"
    if isinstance(contents, bytes):
        path.write_bytes(contents)
    elif contents is not None:
        with closing(sqlite3.connect(path, isolation_level=None)) as other:
            other.execute("CREATE TABLE alembic_version (version_num TEXT)")
            other.execute("CREATE TABLE scores (name TEXT, points INTEGER)")

    result = run(app, "restore", str(path))

    assert result.exit_code == 1
    assert says in result.output
    assert games_in(file_of(sqlite_url)) == 1


def test_restore_refuses_a_backup_of_a_newer_version_and_says_to_update(
    sqlite_url, fresh_url, apps, tmp_path
):
    newer = tmp_path / "newer.sqlite3"
    assert run(apps(sqlite_url), "backup", str(newer)).exit_code == 0
    with closing(sqlite3.connect(newer, isolation_level=None)) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0099_from_a_newer_version'")

    result = run(apps(fresh_url), "restore", str(newer))

    assert result.exit_code == 1
    assert "has the schema 0099_from_a_newer_version, which this code does not know" in (
        result.output
    )
    assert "newer version of Chicago Scorer. Update this checkout (git pull)" in result.output
    assert not file_of(fresh_url).exists()


def test_a_backup_never_overwrites_a_file_and_names_one_in_a_folder(sqlite_url, apps, tmp_path):
    app = apps(sqlite_url)
    taken = tmp_path / "taken.sqlite3"
    taken.write_text("last week's backup")

    refused = run(app, "backup", str(taken))
    named = run(app, "backup", str(tmp_path))

    assert refused.exit_code == 1
    assert "already exists: give a new name" in refused.output
    assert taken.read_text() == "last week's backup"
    assert named.exit_code == 0
    [made] = tmp_path.glob("chicago-*.sqlite3")
    assert f"Backed up 0 games (schema {schema_head()}) to {made}." in named.output


def test_on_postgresql_both_commands_say_what_to_run_and_fail(tmp_path):
    url = "postgresql+psycopg://ann:hunter2@db.example/chicago"
    app = create_app(settings_for(url))

    dumped = run(app, "backup", str(tmp_path / "chicago.dump"))
    restored = run(app, "restore", str(tmp_path / "chicago.dump"))

    assert dumped.exit_code == restored.exit_code == 1
    dump = tmp_path / "chicago.dump"
    assert f"pg_dump --format=custom --file {dump} postgresql://ann@db.example/chicago" in (
        dumped.output
    )
    assert "pg_restore --clean --if-exists --no-owner" in restored.output
    assert "--dbname postgresql://ann@db.example/chicago" in restored.output
    assert ".venv/bin/flask --app app rebuild --if-stale" in restored.output
    assert "hunter2" not in dumped.output + restored.output
