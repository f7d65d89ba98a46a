"""A rotation of a game's edit key raced by another phone's write, either way round:
each is answered as it would be a moment later, never with a key that opens nothing, and
no write is made with a key that no longer opens the game.

As in test_racing_corrections.py, one phone's request reads the game and stops before its
compare-and-set, while the other phone's request is made and committed whole.
"""

import pytest

from support.api_client import ApiGame, create_api_game
from support.races import one_reads_then_the_other_commits

TIE = {"round": 1, "step": "phase1", "outcome": "tie"}


@pytest.fixture
def game(client) -> ApiGame:
    return create_api_game(client, ["Ann", "Bo"])


def rotating(game: ApiGame, rotation: str):
    """A phone's rotation of the key it holds, named ``rotation`` (its Idempotency-Key)."""

    def send(client):
        headers = game.auth() | {"Idempotency-Key": rotation}
        return client.post(f"{game.url}/edit-key", headers=headers)

    return send


def deleting(game: ApiGame):
    def send(client):
        return client.delete(game.url, headers=game.auth())

    return send


def opens_the_game(game: ApiGame, key: str) -> bool:
    return game.post(TIE, key=key).status_code == 201


def rotating_at(game: ApiGame, version: str):
    """A phone's rotation of the key it holds, asked against the game at ``version``."""

    def send(client):
        return client.post(f"{game.url}/edit-key", headers=game.auth() | {"If-Match": version})

    return send


def recording(game: ApiGame):
    def send(client):
        return client.post(f"{game.url}/events", json=TIE, headers=game.auth())

    return send


def race(app, monkeypatch, reader, writer):
    return one_reads_then_the_other_commits(
        app, monkeypatch, reader, writer, stops_before="replace_edit_key_hash"
    )


def test_a_rotation_overtaken_by_the_deletion_of_its_game_says_the_game_is_gone(
    app, game, monkeypatch
):
    rotation, deletion = race(app, monkeypatch, rotating(game, "rotation-1"), deleting(game))

    assert deletion.status_code == 204
    assert rotation.status_code == 404, rotation.get_json()
    assert "edit_key" not in rotation.get_json()
    assert "There is no game" in rotation.get_json()["error"]


def test_of_two_phones_rotating_the_same_key_at_once_only_the_first_gets_a_key(
    app, game, monkeypatch
):
    late, first = race(
        app, monkeypatch, rotating(game, "phone-a-rotation"), rotating(game, "phone-b-rotation")
    )

    assert first.status_code == 200, first.get_json()
    assert late.status_code == 403, late.get_json()
    assert "does not open this game" in late.get_json()["error"]
    assert opens_the_game(game, first.get_json()["edit_key"])
    assert not opens_the_game(game, game.edit_key)


def test_one_rotation_sent_twice_at_once_gives_both_sends_the_key_it_made(app, game, monkeypatch):
    again, sent = race(
        app, monkeypatch, rotating(game, "rotation-1"), rotating(game, "rotation-1")
    )

    assert (sent.status_code, again.status_code) == (200, 200), again.get_json()
    new_key = sent.get_json()["edit_key"]
    assert again.get_json()["edit_key"] == new_key != game.edit_key
    assert opens_the_game(game, new_key)


def test_a_rotation_asked_against_a_version_an_entry_overtook_is_refused_with_412(
    app, game, monkeypatch
):
    version = game.client.get(game.url).headers["ETag"]

    rotation, entry = race(app, monkeypatch, rotating_at(game, version), recording(game))

    assert entry.status_code == 201, entry.get_json()
    assert rotation.status_code == 412, rotation.get_json()
    assert "edit_key" not in rotation.get_json()
    assert game.post({"round": 1, "step": "phase2", "outcome": "tie"}).status_code == 201


def test_a_rotation_without_if_match_is_not_stopped_by_an_entry_meanwhile(app, game, monkeypatch):
    rotation, entry = race(app, monkeypatch, rotating(game, "rotation-1"), recording(game))

    assert (entry.status_code, rotation.status_code) == (201, 200), rotation.get_json()
    phase_2 = {"round": 1, "step": "phase2", "outcome": "tie"}
    assert game.post(phase_2, key=rotation.get_json()["edit_key"]).status_code == 201


@pytest.mark.parametrize("change", [deleting, recording], ids=["a deletion", "an entry"])
def test_a_change_overtaken_by_a_rotation_of_its_key_is_refused_and_changes_nothing(
    app, game, monkeypatch, change
):
    before = game.state()

    refused, rotation = one_reads_then_the_other_commits(
        app, monkeypatch, change(game), rotating(game, "rotation-1")
    )

    assert rotation.status_code == 200, rotation.get_json()
    assert refused.status_code == 403, refused.get_json()
    assert "does not open this game" in refused.get_json()["error"]
    assert game.state() == before
    assert opens_the_game(game, rotation.get_json()["edit_key"])
