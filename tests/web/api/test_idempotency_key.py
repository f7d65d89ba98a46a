"""An entry sent again with its Idempotency-Key is recorded once: a phone that lost the
answer may send it again safely, and is answered with the game as it stands.

The race between two requests with one key is run on PostgreSQL too (.ci/with-postgres),
where the requests really overlap."""

import json
import threading

import pytest

from chicago_scorer.extensions import db
from chicago_scorer.storage.rebuild import rebuild_all_games
from support.api_client import ApiGame, create_api_game

FLUSH = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"}
NOBODY = {"round": 1, "step": "phase2", "outcome": "none"}
KEY = "3f1c2b9e-5d4a-4e6f-8a7b-0c1d2e3f4a5b"
CLIENTS = 8
# Far longer than a request takes on a loaded machine; a test that waits this long fails.
WAIT_AT_MOST_SECONDS = 60.0


@pytest.fixture
def game(client) -> ApiGame:
    return create_api_game(client, ["Ann", "Bo"])


def events_of(game: ApiGame) -> list[dict]:
    return game.state()["events"]


def post_text(game: ApiGame, text: str, idempotency_key: str):
    """Send an entry as this exact JSON text."""
    headers = game.auth() | {"Idempotency-Key": idempotency_key}
    return game.client.post(
        f"{game.url}/events", data=text, content_type="application/json", headers=headers
    )


def test_the_same_key_with_the_same_entry_records_it_once_and_answers_the_game(game):
    first = game.post(FLUSH, idempotency_key=KEY)

    again = game.post(FLUSH, idempotency_key=KEY)

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json() == first.get_json() == game.state()
    assert len(events_of(game)) == 1


def test_a_repeat_answers_the_game_as_it_stands_after_later_entries(game):
    game.post(FLUSH, idempotency_key="first")
    game.post(NOBODY, idempotency_key="second")

    again = game.post(FLUSH, idempotency_key="first")

    assert again.status_code == 200
    assert again.get_json() == game.state()
    assert [event["step"] for event in again.get_json()["events"]] == ["phase1", "phase2"]


@pytest.mark.parametrize(
    "resent",
    [
        '{"hand": "flush", "winner": "Ann", "outcome": "win", "step": "phase1", "round": 1}',
        '{ "round" : 1 ,\n  "step" : "phase1", "outcome": "win", "winner": "Ann", '
        '"hand": "flush" }',
        '{"round": 1, "step": "phase1", "outcome": "win", "winner": " ann ", "hand": "flush"}',
    ],
    ids=["other key order", "other spaces", "the name spelt otherwise"],
)
def test_the_same_entry_in_other_words_is_the_same_entry(game, resent):
    assert game.post(FLUSH, idempotency_key=KEY).status_code == 201

    again = post_text(game, resent, KEY)

    assert again.status_code == 200, again.get_json()
    assert len(events_of(game)) == 1


def test_cards_written_another_way_are_the_same_entry(game):
    royal = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann"}
    royal |= {"hand": "royal_flush", "cards": "As Ks Qs Js 10s"}
    assert game.post(royal, idempotency_key=KEY).status_code == 201

    again = game.post(royal | {"cards": ["A♠", "K♠", "Q♠", "J♠", "T♠"]}, idempotency_key=KEY)

    assert again.status_code == 200, again.get_json()
    assert len(events_of(game)) == 1


def test_the_same_cards_in_another_order_are_the_same_entry(game):
    flush = FLUSH | {"cards": "As Ks Qs Js 9s"}
    assert game.post(flush, idempotency_key=KEY).status_code == 201

    again = game.post(flush | {"cards": "9s Js Qs Ks As"}, idempotency_key=KEY)

    assert again.status_code == 200, again.get_json()
    assert len(events_of(game)) == 1


def test_the_same_key_with_another_entry_is_refused_with_422_and_records_nothing(game):
    game.post(FLUSH, idempotency_key=KEY)
    before = game.state()

    other = game.post(NOBODY, idempotency_key=KEY)

    assert other.status_code == 422
    assert "already used for another entry (entry 1" in other.get_json()["error"]
    assert "use a new key for each entry" in other.get_json()["error"]
    assert game.state() == before


def test_an_entry_sent_twice_without_a_key_is_refused_the_second_time_as_before(game):
    assert game.post(FLUSH).status_code == 201

    assert game.post(FLUSH).status_code == 409
    assert len(events_of(game)) == 1


def test_a_repeat_still_needs_the_games_edit_key(client, game):
    other = create_api_game(client, ["Cy", "Dee"])
    game.post(FLUSH, idempotency_key=KEY)

    assert game.post(FLUSH, key=other.edit_key, idempotency_key=KEY).status_code == 403
    assert client.post(f"{game.url}/events", json=FLUSH).status_code == 403


def test_a_key_belongs_to_one_game_so_another_game_records_its_own_entry(client, game):
    other = create_api_game(client, ["Ann", "Bo"])

    assert game.post(FLUSH, idempotency_key=KEY).status_code == 201
    assert other.post(FLUSH, idempotency_key=KEY).status_code == 201
    assert len(events_of(game)) == len(events_of(other)) == 1


def test_an_undone_entry_takes_its_key_with_it_so_the_same_entry_sent_again_is_recorded(game):
    game.post(FLUSH, idempotency_key=KEY)
    assert game.undo().status_code == 200

    again = game.post(FLUSH, idempotency_key=KEY)

    assert again.status_code == 201
    assert len(events_of(game)) == 1


def test_a_corrected_entry_keeps_its_key_and_is_still_found_by_what_it_first_said(client, game):
    game.post(FLUSH, idempotency_key=KEY)
    corrected = FLUSH | {"winner": "Bo"}
    url = f"{game.url}/events/1"
    assert client.put(url, json=corrected, headers=game.auth()).status_code == 200

    as_first_sent = game.post(FLUSH, idempotency_key=KEY)
    as_corrected = game.post(corrected, idempotency_key=KEY)
    another = game.post(FLUSH | {"hand": "straight"}, idempotency_key=KEY)

    assert (as_first_sent.status_code, as_corrected.status_code) == (200, 200)
    assert as_first_sent.get_json()["events"][0]["winner"] == "Bo"
    assert another.status_code == 422
    assert len(events_of(game)) == 1


def test_an_entry_sent_again_after_its_player_was_renamed_is_still_that_entry(client, game):
    # The phone sent "Ann", lost the answer, and sends again once another phone (or the
    # scorekeeper on another page) has fixed the name: the log says "Anna" now.
    game.post(FLUSH, idempotency_key=KEY)
    fix = {"players": ["Anna", "Bo"]}
    assert client.patch(game.url, json=fix, headers=game.auth()).status_code == 200
    fix = {"players": ["Annika", "Bo"]}  # and fixed once more
    assert client.patch(game.url, json=fix, headers=game.auth()).status_code == 200

    again = game.post(FLUSH, idempotency_key=KEY)
    as_renamed = game.post(FLUSH | {"winner": "annika"}, idempotency_key=KEY)
    another = game.post(FLUSH | {"winner": "Bo"}, idempotency_key=KEY)

    assert (again.status_code, as_renamed.status_code) == (200, 200), again.get_json()
    assert another.status_code == 422
    assert [event["winner"] for event in events_of(game)] == ["Annika"]


@pytest.mark.parametrize(
    "fixes",
    [
        [["Bo", "Ann"]],  # the seats' names swapped, as when the seating was typed wrong
        [["Anna", "Bo"], ["Bo", "Anna"]],  # renamed, then swapped
        [["Cy", "Bo"], ["Cy", "Ann"]],  # Ann's name given to the other seat later
    ],
    ids=["swapped", "renamed then swapped", "a former name given to another seat"],
)
def test_an_entry_sent_again_is_found_by_the_seat_its_name_had_when_it_was_sent(
    client, game, fixes
):
    game.post(FLUSH, idempotency_key=KEY)  # Ann, in the first seat, wins
    for players in fixes:
        fixed = client.patch(game.url, json={"players": players}, headers=game.auth())
        assert fixed.status_code == 200, fixed.get_json()
    first_seat_now = fixes[-1][0]

    again = game.post(FLUSH, idempotency_key=KEY)

    assert again.status_code == 200, again.get_json()
    assert [event["winner"] for event in events_of(game)] == [first_seat_now]


def test_the_key_outlives_a_restart_and_a_rebuild_of_the_projections(make_app, game):
    game.post(FLUSH, idempotency_key=KEY)
    restarted = make_app()
    with restarted.app_context():
        assert rebuild_all_games().games == 1
        db.session.remove()

    again = ApiGame(restarted.test_client(), game.id, game.edit_key).post(
        FLUSH, idempotency_key=KEY
    )

    assert again.status_code == 200
    assert len(events_of(game)) == 1


def test_a_key_of_64_printable_characters_is_taken(game):
    key = "~ !" + "x" * 61

    assert game.post(FLUSH, idempotency_key=key).status_code == 201
    assert game.post(FLUSH, idempotency_key=key).status_code == 200


@pytest.mark.parametrize(
    "key",
    ["", "x" * 65, "tab\there", "caf\xe9", "bell\x07"],
    ids=["empty", "65 characters", "a tab", "not ASCII", "a control character"],
)
def test_an_empty_long_or_odd_key_is_refused_with_400_and_records_nothing(game, key):
    response = game.post(FLUSH, idempotency_key=key)

    assert response.status_code == 400
    assert "Idempotency-Key header must be 1 to 64 printable ASCII" in response.get_json()["error"]
    assert events_of(game) == []


@pytest.mark.parametrize(
    "keys",
    [[KEY, "another"], [f"{KEY},another"]],
    ids=["in two headers", "joined by a comma, as the server passes two headers on"],
)
def test_an_entry_sent_with_two_keys_is_refused_with_400_and_records_nothing(game, keys):
    headers = [*game.auth().items(), *(("Idempotency-Key", key) for key in keys)]

    response = game.client.post(f"{game.url}/events", json=FLUSH, headers=headers)

    assert response.status_code == 400
    assert "Send the Idempotency-Key header once" in response.get_json()["error"]
    assert events_of(game) == []


def test_keys_are_not_exported(client, game):
    game.post(FLUSH, idempotency_key=KEY)

    exported = client.get("/api/export")

    assert exported.status_code == 200
    assert KEY not in exported.get_data(as_text=True)
    assert "idempotency" not in json.dumps(exported.get_json()).lower()


def test_clients_sending_one_entry_with_one_key_at_once_record_it_exactly_once(app, game):
    start = threading.Barrier(CLIENTS)
    answers: list = [None] * CLIENTS

    def send(index: int) -> None:
        client = app.test_client()
        start.wait(WAIT_AT_MOST_SECONDS)
        try:
            phone = ApiGame(client, game.id, game.edit_key)
            answers[index] = phone.post(FLUSH, idempotency_key=KEY).status_code
        except Exception as error:  # reported by the assertions on the answers
            answers[index] = error

    threads = [threading.Thread(target=send, args=(index,)) for index in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT_AT_MOST_SECONDS)

    # The others found the entry at once (200), or lost the compare-and-set to it and
    # then found it: never a 409 for an entry that is recorded.
    assert sorted(answers) == [200] * (CLIENTS - 1) + [201], answers
    assert len(events_of(game)) == 1
