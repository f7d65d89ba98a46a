"""`flask import FILE` brings in an export of any size, such as every game of another
installation, which the page and the API refuse past their bounds: every game is checked
before any is stored, and running it again adds only what is not here yet."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy.exc import OperationalError

from chicago_scorer.services.errors import ImportMustWait
from chicago_scorer.services.transfer import import_file, importing
from chicago_scorer.services.transfer.game_checks import ListedGames
from chicago_scorer.services.transfer.long_tasks import one_long_task_at_a_time
from support.api_client import ApiGame
from support.export_documents import export_document, played_without_a_hand

GAMES_IN_THE_FILE = 5


@pytest.fixture
def small_bounds(monkeypatch):
    """An import sent to the page or the API takes 2 games and 6 entries, so that a file
    of five games of three entries is past its bounds in both."""
    for module in (import_file, importing):
        monkeypatch.setattr(module, "MAX_GAMES_PER_IMPORT", 2)
        monkeypatch.setattr(module, "MAX_ENTRIES_PER_IMPORT", 6)


@pytest.fixture
def export_file(tmp_path):
    path = tmp_path / "every-game.json"
    games = [played_without_a_hand(3) for _ in range(GAMES_IN_THE_FILE)]
    path.write_bytes(export_document(*games))
    return path


def added_games(stdout: str) -> list[list[str]]:
    """The command's standard output: a line per game added, its fields tab-separated."""
    return [line.split("\t") for line in stdout.splitlines()]


def test_a_file_the_api_refuses_as_too_large_is_imported_whole(
    small_bounds, export_file, runner, client
):
    refused = client.post(
        "/api/import", data=export_file.read_bytes(), content_type="application/json"
    )

    result = runner.invoke(args=["import", str(export_file)])

    assert refused.status_code == 413
    assert result.exit_code == 0, result.output
    assert result.stderr.endswith("Imported 5 games.\n")
    assert "Stored 2 of 5 games\nStored 4 of 5 games\nStored 5 of 5 games\n" in result.stderr
    added = added_games(result.stdout)
    assert [fields[2:] for fields in added] == [
        ["Ann, Bo", f"2026-03-01T{19 + hour}:00:00+00:00"] for hour in range(GAMES_IN_THE_FILE)
    ]
    exported = client.get("/api/export").get_json()["games"]
    assert [game["events"] for game in exported] == [
        game["events"] for game in json.loads(export_file.read_bytes())["games"]
    ]


def test_each_listed_edit_key_changes_its_game(small_bounds, export_file, runner, client):
    result = runner.invoke(args=["import", str(export_file)])

    game_id, edit_key, *_ = added_games(result.stdout)[-1]
    game = ApiGame(client, int(game_id), edit_key)
    assert game.undo().status_code == 200
    assert game.undo(key=added_games(result.stdout)[0][1]).status_code == 403


def test_run_again_it_adds_nothing_twice(small_bounds, export_file, runner, client):
    runner.invoke(args=["import", str(export_file)])

    again = runner.invoke(args=["import", str(export_file)])

    assert again.exit_code == 0
    assert again.stdout == ""
    assert again.stderr.endswith("No game was imported: the file's 5 games were already here.\n")
    assert len(client.get("/api/export").get_json()["games"]) == GAMES_IN_THE_FILE


def test_an_export_of_no_games_imports_none_and_says_so(tmp_path, runner, client):
    path = tmp_path / "empty.json"
    path.write_bytes(client.get("/api/export").data)

    result = runner.invoke(args=["import", str(path)])

    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert result.stderr.endswith("No game was imported: the file holds none.\n")


def test_a_game_that_breaks_a_rule_anywhere_in_the_file_stores_none(
    small_bounds, export_file, runner, client
):
    document = json.loads(export_file.read_bytes())
    document["games"][-1]["events"][0]["round"] = 2
    export_file.write_text(json.dumps(document))

    result = runner.invoke(args=["import", str(export_file)])

    assert result.exit_code == 1
    assert result.stdout == ""
    assert "Error: Game 5 (Ann, Bo), entry 1" in result.stderr
    assert client.get("/api/export").get_json()["games"] == []


def test_a_file_that_is_no_export_is_refused_as_the_page_refuses_it(tmp_path, runner):
    path = tmp_path / "notes.json"
    path.write_text('{"games": []}')

    result = runner.invoke(args=["import", str(path)])

    assert result.exit_code == 1
    assert "Error: This is not a Chicago Scorer export" in result.stderr


def test_stopped_by_a_busy_database_it_lists_what_it_stored_and_run_again_adds_the_rest(
    small_bounds, export_file, runner, client, monkeypatch
):
    store_batch = importing._store_batch
    batches = []

    def busy_at_the_third_batch(batch, here):
        batches.append(batch)
        if len(batches) == 3:
            raise OperationalError("INSERT", {}, Exception("database is locked"))
        return store_batch(batch, here)

    monkeypatch.setattr(importing, "_store_batch", busy_at_the_third_batch)

    stopped = runner.invoke(args=["import", str(export_file)])
    monkeypatch.setattr(importing, "_store_batch", store_batch)
    again = runner.invoke(args=["import", str(export_file)])

    assert stopped.exit_code == 1
    assert "The database stayed busy: 4 games of the file stored." in stopped.stderr
    assert len(added_games(stopped.stdout)) == 4
    assert again.exit_code == 0
    assert again.stderr.endswith("Imported 1 game; 4 games were already here.\n")
    assert len(client.get("/api/export").get_json()["games"]) == GAMES_IN_THE_FILE


@given(
    lengths=st.lists(st.integers(min_value=0, max_value=12), max_size=30),
    most_games=st.integers(min_value=1, max_value=5),
    most_entries=st.integers(min_value=1, max_value=20),
)
def test_the_parts_take_every_game_once_in_order_each_part_within_the_bounds(
    lengths, most_games, most_entries
):
    listed = ListedGames(False, [{"events": [{}] * length} for length in lengths])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(importing, "MAX_GAMES_PER_IMPORT", most_games)
        patch.setattr(importing, "MAX_ENTRIES_PER_IMPORT", most_entries)
        parts = list(importing._parts(listed))

    positions = [position for first, last in parts for position in range(first, last + 1)]
    assert positions == list(range(1, len(lengths) + 1))
    for first, last in parts:
        part = lengths[first - 1 : last]
        assert len(part) <= most_games
        assert sum(part) <= most_entries or len(part) == 1


def test_a_database_busy_from_the_first_batch_stores_nothing_and_says_so(
    small_bounds, export_file, runner, client, monkeypatch
):
    def busy(batch, here):
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    monkeypatch.setattr(importing, "_store_batch", busy)

    result = runner.invoke(args=["import", str(export_file)])

    assert result.exit_code == 1
    assert result.stderr.endswith(
        "Error: The database stayed busy, so nothing was stored. Run the same import again.\n"
    )
    assert "Traceback" not in result.output
    assert client.get("/api/export").get_json()["games"] == []


def test_while_another_import_runs_it_waits_its_turn(export_file, runner, app):
    with app.app_context(), one_long_task_at_a_time(ImportMustWait):
        result = runner.invoke(args=["import", str(export_file)])

    assert result.exit_code == 1
    assert "Another import or export of every game is running" in result.stderr
