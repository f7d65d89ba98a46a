"""An entry and a rotation of the edit key honour If-Match as every other change to a
game does: sent against a version the game is no longer at, they are refused with 412 and
change nothing; a malformed one is refused with 400. A request sent again with its
Idempotency-Key is still answered as the repeat it is."""

import pytest

from support.api_client import ApiGame, create_api_game

PHASE_1 = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"}
PHASE_2 = {"round": 1, "step": "phase2", "outcome": "tie"}


@pytest.fixture
def game(client) -> ApiGame:
    return create_api_game(client, ["Ann", "Bo"])


def etag_of(game: ApiGame) -> str:
    return game.client.get(game.url).headers["ETag"]


def send_entry(game: ApiGame, entry: dict, if_match: str, idempotency_key: str | None = None):
    headers = game.auth() | {"If-Match": if_match}
    if idempotency_key is not None:
        headers["Idempotency-Key"] = idempotency_key
    return game.client.post(f"{game.url}/events", json=entry, headers=headers)


def rotate(game: ApiGame, if_match: str, rotation: str = "rotation-1"):
    headers = game.auth() | {"If-Match": if_match, "Idempotency-Key": rotation}
    return game.client.post(f"{game.url}/edit-key", headers=headers)


def test_an_entry_sent_with_the_games_etag_is_recorded_and_answers_the_next_etag(game):
    response = send_entry(game, PHASE_1, etag_of(game))

    assert response.status_code == 201, response.get_json()
    assert response.headers["ETag"] == etag_of(game)
    assert send_entry(game, PHASE_2, response.headers["ETag"]).status_code == 201


def test_an_entry_sent_against_a_game_another_device_changed_is_refused_and_not_recorded(game):
    read_by_this_device = etag_of(game)
    game.record(PHASE_1 | {"winner": "Bo"})  # another device, meanwhile
    before = game.state()

    response = send_entry(game, PHASE_2, read_by_this_device)

    assert response.status_code == 412
    assert "changed since this device last read it" in response.get_json()["error"]
    assert game.state() == before


def test_an_entry_that_cannot_be_read_is_refused_as_such_whatever_version_it_names(game):
    stale = etag_of(game)
    game.record(PHASE_1)

    response = send_entry(game, {"round": True, "step": "phase2", "outcome": "tie"}, stale)

    assert response.status_code == 422
    assert "round" in response.get_json()["error"]


@pytest.mark.parametrize("if_match", ["", "0-0", 'W/"0-0"', '"unclosed'])
def test_an_entry_with_a_malformed_if_match_is_refused_with_400_and_not_recorded(game, if_match):
    response = send_entry(game, PHASE_1, if_match)

    assert response.status_code == 400
    assert "If-Match" in response.get_json()["error"]
    assert game.state()["events"] == []


def test_an_entry_sent_again_with_its_key_and_its_first_etag_is_answered_as_a_repeat(game):
    first_read = etag_of(game)
    first = send_entry(game, PHASE_1, first_read, idempotency_key="entry-1")

    again = send_entry(game, PHASE_1, first_read, idempotency_key="entry-1")  # answer lost

    assert (first.status_code, again.status_code) == (201, 200)
    assert len(game.state()["events"]) == 1


def test_a_rotation_against_a_game_another_device_changed_is_refused_and_keeps_the_key(game):
    read_by_this_device = etag_of(game)
    game.record(PHASE_1)  # another device, meanwhile

    response = rotate(game, read_by_this_device)

    assert response.status_code == 412
    assert "edit_key" not in response.get_json()
    assert game.post(PHASE_2).status_code == 201  # the old key still opens the game


def test_a_rotation_with_a_malformed_if_match_is_refused_with_400_and_keeps_the_key(game):
    response = rotate(game, "not quoted")

    assert response.status_code == 400
    assert game.post(PHASE_1).status_code == 201


def test_a_rotation_sent_again_with_its_key_and_its_first_etag_gives_the_key_it_made(game):
    first_read = etag_of(game)
    first = rotate(game, first_read)
    assert game.post(PHASE_1, key=first.get_json()["edit_key"]).status_code == 201

    again = rotate(game, first_read)  # the first answer was lost

    assert (first.status_code, again.status_code) == (200, 200)
    assert again.get_json()["edit_key"] == first.get_json()["edit_key"]
