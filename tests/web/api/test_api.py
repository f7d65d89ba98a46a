"""The JSON API contract: shapes, status codes, and that refusals change nothing."""

import pytest

from chicago_scorer.storage.models import Game
from support.api_client import create_api_game


@pytest.fixture
def game(client):
    return create_api_game(client)


def tie_at_the_top(game) -> None:
    """Ann and Bo both reach 52 in round 1, so they alone play a tiebreak."""
    game.win(1, "phase1", "Ann", "royal_flush")
    game.win(1, "phase2", "Bo", "royal_flush")
    game.last_trick(1, "Cy")
    game.nobody(1, "phase3")


def test_creating_a_game_answers_201_with_location_and_an_edit_key(client):
    response = client.post("/api/games", json={"players": ["Ann", "Bo", "Cy"], "dealer": "Bo"})

    body = response.get_json()
    assert response.status_code == 201
    assert response.headers["Location"] == f"/api/games/{body['id']}"
    assert len(body["edit_key"]) >= 22  # 32 random bytes, base64: far over 128 bits
    assert body["players"] == [
        {"name": "Ann", "score": 0},
        {"name": "Bo", "score": 0},
        {"name": "Cy", "score": 0},
    ]
    assert body["dealer"] == "Bo"
    assert body["status"] == "in_progress"
    assert body["winner"] is None
    assert body["tiebreak_players"] == []
    assert body["next"] == {"round": 1, "step": "phase1"}
    assert body["events"] == []


def test_the_first_player_deals_when_no_dealer_is_given(game):
    assert game.state()["dealer"] == "Ann"


def test_only_a_hash_of_the_edit_key_is_stored(game, db):
    stored = db.session.get(Game, game.id)
    assert game.edit_key not in stored.edit_key_hash
    assert len(stored.edit_key_hash) == 64


def test_reading_a_game_shows_events_with_the_points_they_moved(game):
    game.win(1, "phase1", "Ann", "two_pair")
    game.record({"round": 1, "step": "phase2", "outcome": "tie"})

    body = game.state()

    assert body["events"] == [
        {
            "round": 1,
            "step": "phase1",
            "outcome": "win",
            "winner": "Ann",
            "hand": "two_pair",
            "points": {"Ann": 2},
        },
        {"round": 1, "step": "phase2", "outcome": "tie", "points": {}},
    ]
    assert body["next"] == {"round": 1, "step": "tricks"}


def test_recording_answers_201_with_the_whole_game(game):
    response = game.post(
        {"round": 1, "step": "phase1", "outcome": "win", "winner": "Bo", "hand": "flush"}
    )

    assert response.status_code == 201
    assert response.get_json()["players"][1] == {"name": "Bo", "score": 5}


def test_listing_games_is_newest_first_with_a_total(client):
    first = create_api_game(client, ["Ann", "Bo"])
    second = create_api_game(client, ["Cy", "Dee"])

    body = client.get("/api/games?limit=50&offset=0").get_json()

    assert body["total"] == 2
    assert [summary["id"] for summary in body["games"]] == [second.id, first.id]
    assert "events" not in body["games"][0]
    assert body["games"][0]["players"] == [{"name": "Cy", "score": 0}, {"name": "Dee", "score": 0}]


def test_listing_games_pages_with_limit_and_offset(client):
    games = [create_api_game(client, ["Ann", f"P{n}"]) for n in range(3)]

    body = client.get("/api/games?limit=1&offset=1").get_json()

    assert body["total"] == 3
    assert [summary["id"] for summary in body["games"]] == [games[1].id]


@pytest.mark.parametrize(
    "query", ["limit=0", "limit=101", "limit=x", "offset=-1", "limit=010", "offset=00"]
)
def test_a_bad_page_size_is_a_400(client, query):
    response = client.get(f"/api/games?{query}")
    assert response.status_code == 400
    assert "error" in response.get_json()


def test_undo_removes_the_newest_event(game):
    game.win(1, "phase1", "Ann", "two_pair")
    game.win(1, "phase2", "Bo", "flush")

    response = game.undo()

    body = response.get_json()
    assert response.status_code == 200
    assert [event["step"] for event in body["events"]] == ["phase1"]
    assert body["next"] == {"round": 1, "step": "phase2"}
    assert body["players"][1]["score"] == 0


def test_undo_of_the_winning_entry_reopens_the_game(client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "royal_flush")
    game.nobody(1, "phase2")
    game.last_trick(1, "Bo")
    assert game.nobody(1, "phase3")["status"] == "finished"

    reopened = game.undo().get_json()

    assert reopened["status"] == "in_progress"
    assert reopened["winner"] is None
    assert reopened["next"] == {"round": 1, "step": "phase3"}


# --- errors: every refusal is {"error": "..."} with its status, and nothing changes ---


def assert_refused(response, status: int, *words: str) -> None:
    body = response.get_json()
    assert response.status_code == status, body
    assert set(body) == {"error"}
    for word in words:
        assert word.lower() in body["error"].lower()


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ("{not json", "application/json"),
        ("", "application/json"),
        ("[1, 2]", "application/json"),
        ('"Ann"', "application/json"),
    ],
)
def test_malformed_or_non_object_bodies_are_400(client, game, body, content_type):
    before = game.state()

    create = client.post("/api/games", data=body, content_type=content_type)
    record = client.post(
        f"{game.url}/events", data=body, content_type=content_type, headers=game.auth()
    )

    assert_refused(create, 400)
    assert_refused(record, 400)
    assert game.state() == before


def test_recording_without_the_edit_key_is_403(client, game):
    response = client.post(
        f"{game.url}/events", json={"round": 1, "step": "phase1", "outcome": "tie"}
    )

    assert_refused(response, 403, "edit key")
    assert game.state()["events"] == []


def test_a_wrong_edit_key_is_403(game):
    response = game.post({"round": 1, "step": "phase1", "outcome": "tie"}, key="guess")

    assert_refused(response, 403, "edit key")
    assert game.state()["events"] == []


def test_another_games_key_is_wrong_too(client, game):
    other = create_api_game(client, ["Dee", "Eve"])

    record = game.post({"round": 1, "step": "phase1", "outcome": "tie"}, key=other.edit_key)
    undo = other.undo(key=game.edit_key)

    assert_refused(record, 403)
    assert_refused(undo, 403)


def test_undo_without_the_key_is_403(client, game):
    game.nobody(1, "phase1")

    assert_refused(client.delete(f"{game.url}/events/last"), 403)
    assert len(game.state()["events"]) == 1


@pytest.mark.parametrize(
    "request_",
    [
        ("get", "/api/games/999"),
        ("post", "/api/games/999/events"),
        ("delete", "/api/games/999/events/last"),
        ("get", "/api/nothing-here"),
    ],
)
def test_unknown_games_and_paths_are_404_in_json(client, game, request_):
    method, url = request_
    response = getattr(client, method)(
        url, json={"round": 1, "step": "phase1", "outcome": "tie"}, headers=game.auth()
    )
    assert_refused(response, 404)


def test_the_same_event_sent_twice_is_recorded_once_and_then_409(game):
    entry = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"}
    assert game.post(entry).status_code == 201

    assert_refused(game.post(entry), 409, "refresh")
    body = game.state()
    assert len(body["events"]) == 1
    assert body["players"][0]["score"] == 5


@pytest.mark.parametrize(
    "position",
    [
        {"round": 1, "step": "phase2"},
        {"round": 2, "step": "phase1"},
        {"round": 1, "step": "tricks"},
        {"round": 1, "step": "phase3"},
    ],
)
def test_an_event_out_of_order_is_409(game, position):
    response = game.post(position | {"outcome": "tie"})

    assert_refused(response, 409, "Round 1 · Phase 1")
    assert game.state()["events"] == []


def test_a_stale_step_with_a_bad_body_is_still_409(game):
    game.nobody(1, "phase1")

    assert_refused(game.post({"round": 1, "step": "phase1", "outcome": "win"}), 409)


def test_nothing_can_be_recorded_after_the_game_is_finished(client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "royal_flush")
    game.nobody(1, "phase2")
    game.last_trick(1, "Bo")
    game.nobody(1, "phase3")

    response = game.post({"round": 2, "step": "phase1", "outcome": "tie"})

    assert_refused(response, 409, "finished")


def test_undo_with_nothing_recorded_is_409(game):
    assert_refused(game.undo(), 409, "nothing to undo")


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"outcome": "win", "winner": "Dee", "hand": "flush"}, ["Dee"]),
        ({"outcome": "win", "winner": "Ann", "hand": "five_of_a_kind"}, ["five_of_a_kind"]),
        ({"outcome": "win", "winner": "Ann"}, ["hand"]),
        ({"outcome": "win", "hand": "flush"}, ["winner"]),
        ({}, ["outcome"]),
        ({"outcome": "maybe"}, ["outcome"]),
        ({"outcome": "tie", "winner": "Ann"}, ["winner"]),
        ({"outcome": "tie", "colour": "red"}, ["colour"]),
    ],
)
def test_bad_hand_step_values_are_422(game, entry, words):
    response = game.post({"round": 1, "step": "phase1"} | entry)

    assert_refused(response, 422, *words)
    assert game.state()["events"] == []


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"step": "phase1", "outcome": "tie"}, ["round"]),
        ({"round": 1, "outcome": "tie"}, ["step"]),
        ({"round": "1", "step": "phase1", "outcome": "tie"}, ["round"]),
        ({"round": True, "step": "phase1", "outcome": "tie"}, ["round"]),
        ({"round": 1, "step": "phase4", "outcome": "tie"}, ["step"]),
    ],
)
def test_a_missing_or_bad_position_is_422(game, entry, words):
    assert_refused(game.post(entry), 422, *words)


@pytest.fixture
def at_tricks(game):
    game.win(1, "phase1", "Ann", "four_of_a_kind")
    game.win(1, "phase2", "Ann", "straight_flush")
    return game


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"last_trick": "Cy", "chicago": "Ann", "chicago_won": True}, ["not both"]),
        ({"chicago": "Ann", "chicago_won": "yes"}, ["true or false"]),
        ({"chicago": "Ann"}, ["chicago_won"]),
        ({}, ["last_trick", "chicago"]),
        ({"last_trick": "Dee"}, ["Dee"]),
        ({"chicago": "Bo", "chicago_won": True}, ["15", "Bo"]),
    ],
)
def test_bad_tricks_values_are_422(at_tricks, entry, words):
    before = at_tricks.state()

    response = at_tricks.post({"round": 1, "step": "tricks"} | entry)

    assert_refused(response, 422, *words)
    assert at_tricks.state() == before


def test_chicago_at_15_points_is_accepted(at_tricks):
    body = at_tricks.record({"round": 1, "step": "tricks", "chicago": "Ann", "chicago_won": True})

    assert body["players"][0]["score"] == 30
    assert body["events"][-1] == {
        "round": 1,
        "step": "tricks",
        "chicago": "Ann",
        "chicago_won": True,
        "points": {"Ann": 15},
    }


def test_a_player_outside_the_tiebreak_is_422(game):
    tie_at_the_top(game)
    assert game.state()["tiebreak_players"] == ["Ann", "Bo"]

    response = game.post(
        {"round": 2, "step": "phase1", "outcome": "win", "winner": "Cy", "hand": "one_pair"}
    )

    assert_refused(response, 422, "Cy", "tiebreak")


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (["Ann"], ["2 to 4"]),
        (["Ann", "Bo", "Cy", "Dee", "Eve"], ["2 to 4"]),
        (["Ann", "ann"], ["same name"]),
        (["Ann", "  "], ["blank"]),
        (["Ann", ""], ["blank"]),
        (["Ann", "x" * 41], ["40"]),
        (["Ann", 7], ["text"]),
        ("Ann, Bo", ["list"]),
        (None, ["list"]),
    ],
)
def test_bad_player_lists_are_422(client, players, words):
    response = client.post("/api/games", json={"players": players})

    assert_refused(response, 422, *words)
    assert client.get("/api/games").get_json()["total"] == 0


def test_a_dealer_who_is_not_playing_is_422(client):
    response = client.post("/api/games", json={"players": ["Ann", "Bo"], "dealer": "Cy"})
    assert_refused(response, 422, "Cy")


def test_unknown_fields_in_a_new_game_are_422(client):
    response = client.post("/api/games", json={"players": ["Ann", "Bo"], "target": 50})
    assert_refused(response, 422, "target")


def test_names_are_trimmed_and_matched_without_regard_to_case(client):
    game = create_api_game(client, ["  Ann ", "Bo"], dealer="bo")

    body = game.win(1, "phase1", "ANN", "one_pair")

    assert body["dealer"] == "Bo"
    assert body["players"][0] == {"name": "Ann", "score": 1}
    assert body["events"][0]["winner"] == "Ann"


@pytest.mark.parametrize("weak", [False, True], ids=["strong tag", "weak tag"])
def test_a_game_read_again_with_its_etag_is_304_until_it_changes(client, weak):
    game = create_api_game(client, ["Ann", "Bo"])
    first = client.get(game.url)
    tag = ("W/" if weak else "") + first.headers["ETag"]

    unchanged = client.get(game.url, headers={"If-None-Match": tag})
    game.nobody(1, "phase1")
    changed = client.get(game.url, headers={"If-None-Match": tag})

    assert unchanged.status_code == 304 and unchanged.data == b""
    assert unchanged.headers["ETag"] == first.headers["ETag"]
    assert changed.status_code == 200
    assert [event["step"] for event in changed.get_json()["events"]] == ["phase1"]
    assert changed.headers["ETag"] != first.headers["ETag"]
