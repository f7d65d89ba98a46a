"""One import at a time: while one is stored, another is refused at once with 503 and
stores nothing, so that an import never takes the worker the phones at the table need."""

import http.client
import threading
from dataclasses import dataclass

from chicago_scorer.rules import STANDARD_RULES, new_setup, start_game
from chicago_scorer.services.import_gate import one_import_at_a_time, turn_file
from support.export_documents import export_document, largest_file, upload_on_import_page
from support.live_server import LiveServer, serving_a_fresh_database

ONE_GAME = export_document(start_game(new_setup(["Ann", "Bo"], "Ann", STANDARD_RULES)))
BUSY = (
    "Another import is being stored, so nothing of this file was imported. "
    "Send the same file again in a few seconds."
)


def games_listed(client) -> int:
    return client.get("/api/games").get_json()["total"]


def test_an_import_through_the_api_while_another_runs_is_refused_with_503(app, client):
    with app.app_context(), one_import_at_a_time():
        response = client.post("/api/import", data=ONE_GAME, content_type="application/json")

    assert response.status_code == 503
    assert response.get_json() == {"error": BUSY}
    assert response.headers["Retry-After"] == "1"
    assert games_listed(client) == 0
    # Once the other import is over, the same file is taken.
    assert (
        client.post("/api/import", data=ONE_GAME, content_type="application/json").status_code
        == 201
    )
    assert games_listed(client) == 1


def test_an_upload_while_another_import_runs_is_refused_on_the_import_page(app, client):
    with app.app_context(), one_import_at_a_time():
        response = upload_on_import_page(client, ONE_GAME)

    assert response.status_code == 503
    assert response.headers["Retry-After"] == "1"
    page = response.get_data(as_text=True)
    assert "Upload an export" in page  # the form is there to send the file again
    assert "Another import is being stored, so nothing of this file was imported." in page
    assert games_listed(client) == 0


def test_a_refused_file_lets_the_next_import_run_and_neither_leaves_a_file_behind(app, client):
    refused = client.post("/api/import", data=b"{}", content_type="application/json")
    assert refused.status_code == 400

    response = client.post("/api/import", data=ONE_GAME, content_type="application/json")

    assert response.status_code == 201
    with app.app_context():
        assert not turn_file().exists()


def test_imports_still_run_if_the_file_that_keeps_the_turn_cannot_be_opened(app, client, caplog):
    with app.app_context():
        turn = turn_file()
    turn.unlink(missing_ok=True)
    turn.symlink_to(turn.with_name("somebody-elses-file"))  # never followed
    try:
        response = client.post("/api/import", data=ONE_GAME, content_type="application/json")
    finally:
        turn.unlink()

    assert response.status_code == 201
    assert "importing without waiting for a turn" in caplog.text


@dataclass
class Answer:
    status: int = 0
    body: bytes = b""


def send(server: LiveServer, method: str, path: str, body: bytes | None = None) -> Answer:
    connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body, headers)
        response = connection.getresponse()
        return Answer(response.status, response.read())
    finally:
        connection.close()


def importing_the_largest_file(server: LiveServer) -> tuple[threading.Thread, Answer]:
    """Start the largest import in a thread; return once it has stored its first games."""
    answer = Answer()

    def run() -> None:
        try:
            finished = send(server, "POST", "/api/import", largest_file())
        except (OSError, http.client.HTTPException):
            return  # the server was killed: no answer (status 0)
        answer.status, answer.body = finished.status, finished.body

    importing = threading.Thread(target=run, daemon=True)
    importing.start()
    while server.game_count() == 0:
        assert importing.is_alive(), f"the import ended before storing a game: {answer}"
        importing.join(0.05)
    return importing, answer


def test_while_the_largest_import_runs_a_second_is_refused_and_pages_are_served(
    databases, tmp_path
):
    with serving_a_fresh_database(databases, tmp_path) as server:
        importing, first = importing_the_largest_file(server)

        second = send(server, "POST", "/api/import", ONE_GAME)
        home = send(server, "GET", "/")
        during = importing.is_alive()
        importing.join(120)

        assert during, "the first import was over before the second was answered"
        assert (second.status, home.status) == (503, 200), second.body
        assert first.status == 201, first.body
        stored = server.game_count()
        assert send(server, "POST", "/api/import", ONE_GAME).status == 201
        assert server.game_count() == stored + 1


def test_an_import_killed_in_the_middle_leaves_the_next_one_free_to_run(databases, tmp_path):
    with serving_a_fresh_database(databases, tmp_path) as server:
        importing, answer = importing_the_largest_file(server)
        server.kill()  # the worker dies holding the turn
        importing.join(60)
        server.start()

        assert answer.status == 0, "the import was over before the server was killed"
        assert send(server, "POST", "/api/import", ONE_GAME).status == 201
