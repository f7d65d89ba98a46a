"""The API's undo honours If-Match as the corrections do: a tap sent twice, or by eight
clients at once with the same ETag, removes one entry, never several.

Run on PostgreSQL too (.ci/with-postgres), where the requests really overlap."""

import threading

import pytest

from support.api_client import ApiGame, create_api_game

CLIENTS = 8
# Far longer than a request takes on a loaded machine; a test that waits this long fails.
WAIT_AT_MOST_SECONDS = 60.0


@pytest.fixture
def game(client) -> ApiGame:
    """Three entries recorded, so that several undos could each remove one."""
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "one_pair")
    game.nobody(1, "phase2")
    game.last_trick(1, "Bo")
    return game


def etag_of(game: ApiGame) -> str:
    return game.client.get(game.url).headers["ETag"]


def undo(client, game: ApiGame, if_match: str | None):
    headers = game.auth() | ({"If-Match": if_match} if if_match else {})
    return client.delete(f"{game.url}/events/last", headers=headers)


def test_an_undo_with_the_games_etag_removes_the_newest_entry_and_gives_the_new_etag(game):
    response = undo(game.client, game, etag_of(game))

    assert response.status_code == 200
    assert len(response.get_json()["events"]) == 2
    assert response.headers["ETag"] == etag_of(game)


def test_the_same_undo_sent_again_is_refused_with_412_and_removes_nothing_more(game):
    tag = etag_of(game)
    undo(game.client, game, tag)
    before = game.state()

    again = undo(game.client, game, tag)

    assert again.status_code == 412
    assert "changed since this device last read it" in again.get_json()["error"]
    assert game.state() == before


def test_an_undo_with_a_stale_etag_is_refused_even_when_nothing_is_left_to_undo(client):
    game = create_api_game(client, ["Ann", "Bo"])

    response = undo(client, game, '"0-0"')

    assert response.status_code == 412


def test_an_undo_without_if_match_undoes_whatever_is_newest(game):
    undo(game.client, game, None)

    assert undo(game.client, game, None).status_code == 200
    assert len(game.state()["events"]) == 1


def test_eight_clients_undoing_at_once_with_the_same_etag_remove_exactly_one_entry(app, game):
    tag = etag_of(game)
    start = threading.Barrier(CLIENTS)
    answers: list = [None] * CLIENTS

    def tap(index: int) -> None:
        client = app.test_client()
        start.wait(WAIT_AT_MOST_SECONDS)
        try:
            answers[index] = undo(client, game, tag).status_code
        except Exception as error:  # reported by the assertions on the answers
            answers[index] = error

    threads = [threading.Thread(target=tap, args=(index,)) for index in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT_AT_MOST_SECONDS)

    # The others read the game after the undo, or before it and lost its compare-and-set;
    # either way the version they named is gone, and they changed nothing.
    assert sorted(answers) == [200] + [412] * (CLIENTS - 1), answers
    assert len(game.state()["events"]) == 2
