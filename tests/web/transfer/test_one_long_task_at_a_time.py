"""One long task at a time: while an import or an export of every game runs, another is
refused at once with 503 and changes nothing, so that long tasks never take every worker
and leave the phones at the table waiting. An export holds its turn while it reads the
games, not while a client takes them."""

import tempfile
import time
from pathlib import Path

import pytest

from chicago_scorer.rules import STANDARD_RULES, new_setup, start_game
from chicago_scorer.services.errors import ImportMustWait
from chicago_scorer.services.transfer.exporting import export_all_games
from chicago_scorer.services.transfer.long_tasks import (
    export_ended_file,
    one_long_task_at_a_time,
    turn_file,
)
from support.export_documents import export_document, upload_on_import_page
from support.live_server import serving_a_fresh_database
from support.long_imports import importing_the_largest_file, send
from support.quick_deadlines import QUICK_DEADLINES
from support.slow_readers import seed_a_long_export, taking_a_trickle

JSON = "application/json"
ONE_GAME = export_document(start_game(new_setup(["Ann", "Bo"], "Ann", STANDARD_RULES)))
ANOTHER_GAME = export_document(start_game(new_setup(["Cy", "Di"], "Di", STANDARD_RULES)))
IMPORT_MUST_WAIT = (
    "Another import or export of every game is running, so nothing of this file was "
    "imported. Send the same file again in a few seconds."
)
EXPORT_MUST_WAIT = (
    "Another import or export of every game is running, so this export did not start. "
    "Ask for it again in a few seconds."
)


def games_listed(client) -> int:
    return client.get("/api/games").get_json()["total"]


def test_an_import_through_the_api_while_a_long_task_runs_is_refused_with_503(app, client):
    with app.app_context(), one_long_task_at_a_time(ImportMustWait):
        response = client.post("/api/import", data=ONE_GAME, content_type=JSON)

    assert response.status_code == 503
    assert response.get_json() == {"error": IMPORT_MUST_WAIT}
    assert response.headers["Retry-After"] == "5"
    assert games_listed(client) == 0
    # Once the other task is over, the same file is taken.
    assert client.post("/api/import", data=ONE_GAME, content_type=JSON).status_code == 201
    assert games_listed(client) == 1


def test_an_upload_while_a_long_task_runs_is_refused_on_the_import_page(app, client):
    with app.app_context(), one_long_task_at_a_time(ImportMustWait):
        response = upload_on_import_page(client, ONE_GAME)

    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    page = response.get_data(as_text=True)
    assert "Upload an export" in page  # the form is there to send the file again
    assert "Another import or export of every game is running" in page
    assert games_listed(client) == 0


@pytest.mark.parametrize("path", ["/api/export", "/export.json"])
def test_an_export_of_every_game_while_a_long_task_runs_is_refused_with_503(app, client, path):
    client.post("/api/import", data=ONE_GAME, content_type=JSON)

    with app.app_context(), one_long_task_at_a_time(ImportMustWait):
        refused = client.get(path)
    exported = client.get(path)

    assert refused.status_code == 503
    assert refused.headers["Retry-After"] == "5"
    assert EXPORT_MUST_WAIT in refused.get_data(as_text=True)
    assert exported.status_code == 200
    assert len(exported.get_json()["games"]) == 1


def test_an_export_lets_go_of_its_turn_once_read_and_sends_the_games_as_they_were(app, client):
    with app.test_request_context():
        exported = export_all_games(rest_seconds=0)
    during = client.post("/api/import", data=ONE_GAME, content_type=JSON)
    with exported:
        document = exported.read()

    assert during.status_code == 201
    assert document == b'{"format": "chicago-scorer/2", "games": []}'
    assert games_listed(client) == 1


def test_an_export_lets_go_of_its_turn_once_sent_and_leaves_no_file_behind(app, client):
    assert client.get("/export.json").status_code == 200

    assert client.post("/api/import", data=ONE_GAME, content_type=JSON).status_code == 201
    with app.app_context():
        assert not turn_file().exists()


def test_an_export_without_a_rest_leaves_no_mark_of_its_end_behind(app, client):
    # The tests' exports rest for no time: each test database would leave a file behind.
    assert app.config["EXPORT_REST_SECONDS"] == 0
    assert client.get("/export.json").status_code == 200

    with app.app_context():
        assert not export_ended_file().exists()


def test_an_export_with_a_rest_marks_its_end_for_the_next(make_app):
    app = make_app(EXPORT_REST_SECONDS=5)
    with app.test_client().get("/api/export") as answer:
        assert answer.status_code == 200

    with app.app_context():
        assert export_ended_file().exists()


EXPORT_TOO_SOON = (
    "An export of every game was made a moment ago, so this one did not start. "
    "Ask for it again in a few seconds."
)


def test_an_export_moments_after_another_rests_while_an_import_may_run(make_app):
    """Exports asked for again and again, each dropped at once, took turn after turn and
    kept every import at 503: between two exports an import may take the turn."""
    client = make_app(EXPORT_REST_SECONDS=60).test_client()
    with client.get("/api/export") as first:
        assert first.status_code == 200

    again = [client.get("/api/export"), client.get("/export.json")]
    imported = client.post("/api/import", data=ONE_GAME, content_type=JSON)

    assert [answer.status_code for answer in again] == [503, 503]
    assert all(answer.headers["Retry-After"] == "5" for answer in again)
    assert again[0].get_json() == {"error": EXPORT_TOO_SOON}
    assert EXPORT_TOO_SOON in again[1].get_data(as_text=True)
    assert imported.status_code == 201


def test_an_export_after_its_rest_runs(make_app, monkeypatch):
    client = make_app(EXPORT_REST_SECONDS=5).test_client()
    with client.get("/api/export") as first:
        assert first.status_code == 200
    ended = time.time()
    monkeypatch.setattr(time, "time", lambda: ended + 5.5)

    with client.get("/api/export") as later:
        assert later.status_code == 200


def test_a_refused_file_lets_the_next_import_run(client):
    refused = client.post("/api/import", data=b"{}", content_type=JSON)
    assert refused.status_code == 400

    response = client.post("/api/import", data=ONE_GAME, content_type=JSON)

    assert response.status_code == 201


def test_the_turn_is_kept_where_a_service_and_a_shell_both_see_it(app, monkeypatch, tmp_path):
    # A service's temporary folder may be its own (systemd's PrivateTmp), and flask import,
    # run from a shell, would never see a turn taken there.
    with app.app_context():
        kept = turn_file()
        monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

        assert turn_file() == kept
    assert kept.parent == Path(app.instance_path)


def test_imports_still_run_if_the_file_that_keeps_the_turn_cannot_be_opened(app, client, caplog):
    with app.app_context():
        turn = turn_file()
    turn.unlink(missing_ok=True)
    turn.symlink_to(turn.with_name("somebody-elses-file"))  # never followed
    try:
        response = client.post("/api/import", data=ONE_GAME, content_type=JSON)
    finally:
        turn.unlink()

    assert response.status_code == 201
    assert "running without waiting for a turn" in caplog.text


def test_during_the_largest_import_another_import_and_an_export_wait_and_pages_are_served(
    databases, tmp_path
):
    with serving_a_fresh_database(databases, tmp_path) as server:
        importing, first = importing_the_largest_file(server)

        second = send(server, "POST", "/api/import", ONE_GAME)
        export = send(server, "GET", "/api/export")
        home = send(server, "GET", "/")
        during = importing.is_alive()
        importing.join(120)

        assert during, "the first import was over before the others were answered"
        assert (second.status, export.status, home.status) == (503, 503, 200), second.body
        assert first.status == 201, first.body
        stored = server.game_count()
        assert send(server, "POST", "/api/import", ONE_GAME).status == 201
        assert server.game_count() == stored + 1


def test_while_a_client_takes_an_export_a_trickle_at_a_time_an_import_runs(databases, tmp_path):
    # The export is read whole with the turn held, then sent: a client that takes it
    # slowly on purpose held the turn as long as its worker, and imports and exports got
    # 503 meanwhile.
    with serving_a_fresh_database(
        databases, tmp_path, workers=2, environment=QUICK_DEADLINES
    ) as server:
        seed_a_long_export(server)
        reading, trickle = taking_a_trickle(server, "/export.json")

        imported = send(server, "POST", "/api/import", ANOTHER_GAME)
        during = reading.is_alive()
        reading.join()

    assert during, "the export was over before the import was answered"
    assert imported.status == 201, imported.body
    assert trickle.received.startswith(b"HTTP/1.1 200 ")


def test_an_import_killed_in_the_middle_leaves_the_next_one_free_to_run(databases, tmp_path):
    with serving_a_fresh_database(databases, tmp_path) as server:
        importing, answer = importing_the_largest_file(server)
        server.kill()  # the worker dies holding the turn
        importing.join(60)
        server.start()

        assert answer.status == 0, "the import was over before the server was killed"
        assert send(server, "POST", "/api/import", ONE_GAME).status == 201
