"""A request that reads a game while another phone changes it (fixes its names, most
often): it reads the game's row and names, then its log or newest entries, and the change
commits in between. A read still shows the game as one moment's, an entry sent again is
still found, and a write is refused as overtaken (409), never as breaking a rule that the
entry does not break, nor with a server error.

As in test_racing_corrections.py, one phone's request is stopped between its reads while
the other phone's request is made and committed whole.
"""

import pytest

from support.api_client import ApiGame, create_api_game
from support.races import one_reads_then_the_other_commits

TWO_PAIR_BO = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Bo", "hand": "two_pair"}


@pytest.fixture
def game(client) -> ApiGame:
    game = create_api_game(client, ["Ann", "Bo", "Cy"])
    game.record(TWO_PAIR_BO)
    game.nobody(1, "phase2")
    return game


def renaming_bo(game: ApiGame):
    def send(client):
        return client.patch(game.url, json={"players": ["Ann", "Bob", "Cy"]}, headers=game.auth())

    return send


def reading(address: str):
    def send(client):
        return client.get(address)

    return send


@pytest.mark.parametrize(
    ("page", "reads_its_log_with"),
    [
        ("/games/{id}/review", "stored_log_and_version"),
        ("/api/games/{id}", "stored_log_text_and_version"),
    ],
)
def test_a_game_read_while_its_names_are_fixed_is_shown_as_one_moments(
    app, game, monkeypatch, page, reads_its_log_with
):
    read, fixed = one_reads_then_the_other_commits(
        app,
        monkeypatch,
        reading(page.format(id=game.id)),
        renaming_bo(game),
        stops_before=reads_its_log_with,
    )

    assert fixed.status_code == 200, fixed.get_json()
    assert read.status_code == 200, read.get_data(as_text=True)[:300]
    assert "Bob" in read.get_data(as_text=True)


def correcting_entry_2(game: ApiGame):
    def send(client):
        entry = {"round": 1, "step": "phase2", "outcome": "tie"}
        return client.put(f"{game.url}/events/2", json=entry, headers=game.auth())

    return send


def undoing(game: ApiGame):
    def send(client):
        return client.delete(f"{game.url}/events/last", headers=game.auth())

    return send


def test_the_scoreboard_read_while_names_are_fixed_is_shown_as_one_moments(app, game, monkeypatch):
    read, fixed = one_reads_then_the_other_commits(
        app,
        monkeypatch,
        reading(f"/games/{game.id}"),
        renaming_bo(game),
        stops_before="newest_entries",
    )

    assert fixed.status_code == 200, fixed.get_json()
    assert read.status_code == 200, read.get_data(as_text=True)[:300]
    page = read.get_data(as_text=True)
    assert "Bob +2 · two pair" in page
    assert ">Bo<" not in page


def test_an_entry_opened_to_correct_while_names_are_fixed_is_shown_as_one_moments(
    app, game, monkeypatch
):
    keep_score = f"/games/{game.id}/keep-score/{game.edit_key}"

    def opening_entry_1(client):
        assert client.get(keep_score).status_code == 303
        return client.get(f"/games/{game.id}/entries/1")

    read, fixed = one_reads_then_the_other_commits(
        app, monkeypatch, opening_entry_1, renaming_bo(game), stops_before="stored_log_and_version"
    )

    assert fixed.status_code == 200, fixed.get_json()
    assert read.status_code == 200, read.get_data(as_text=True)[:300]
    assert 'name="winner" value="Bob" checked' in read.get_data(as_text=True)


def test_an_undo_overtaken_by_another_undo_of_the_last_entry_is_refused_as_overtaken(
    app, client, monkeypatch
):
    game = create_api_game(client, ["Ann", "Bo"])
    game.record(TWO_PAIR_BO | {"winner": "Ann"})

    late, first = one_reads_then_the_other_commits(
        app, monkeypatch, undoing(game), undoing(game), stops_before="stored_log"
    )

    assert first.status_code == 200, first.get_json()
    assert late.status_code == 409, late.get_json()
    assert game.state()["events"] == []


def test_an_entry_sent_again_while_names_are_fixed_is_found_as_the_same_entry(
    app, game, monkeypatch
):
    tricks = {"round": 1, "step": "tricks", "last_trick": "Bo"}
    assert game.post(tricks, idempotency_key="tap-3").status_code == 201

    def sending_again(client):
        headers = game.auth() | {"Idempotency-Key": "tap-3"}
        return client.post(f"{game.url}/events", json=tricks, headers=headers)

    again, fixed = one_reads_then_the_other_commits(
        app, monkeypatch, sending_again, renaming_bo(game), stops_before="entry_with_key"
    )

    assert fixed.status_code == 200, fixed.get_json()
    assert again.status_code == 200, again.get_json()
    assert len(game.state()["events"]) == 3


def deleting(game: ApiGame):
    def send(client):
        return client.delete(game.url, headers=game.auth())

    return send


@pytest.mark.parametrize("change", [correcting_entry_2, undoing], ids=["a correction", "an undo"])
@pytest.mark.parametrize(
    ("other_phones", "made_with", "status", "words"),
    [
        (renaming_bo, 200, 409, "Another device changed this game at the same moment"),
        (deleting, 204, 404, "There is no game"),
    ],
    ids=["a fix of names", "the game's deletion"],
)
def test_a_change_overtaken_by_another_phones_is_answered_as_a_moment_later(
    app, game, monkeypatch, change, other_phones, made_with, status, words
):
    changed, other = one_reads_then_the_other_commits(
        app, monkeypatch, change(game), other_phones(game), stops_before="stored_log"
    )

    assert other.status_code == made_with, other.get_data(as_text=True)[:300]
    assert changed.status_code == status, changed.get_json()
    assert words in changed.get_json()["error"]
    if other_phones is renaming_bo:  # nothing of the overtaken change was made
        assert game.state() == other.get_json()
