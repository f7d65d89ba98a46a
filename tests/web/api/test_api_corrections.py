"""Correcting an entry, fixing names and the first dealer, and deleting a game through
the API: statuses, the trail, If-Match (which the undo takes too), and that a refusal
changes nothing."""

import pytest

from support.api_client import create_api_game

TWO_PAIR_ANN = {
    "round": 1,
    "step": "phase1",
    "outcome": "win",
    "winner": "Ann",
    "hand": "two_pair",
}
TWO_PAIR_BO = TWO_PAIR_ANN | {"winner": "Bo"}


@pytest.fixture
def game(client):
    game = create_api_game(client)
    game.record(TWO_PAIR_ANN)
    game.nobody(1, "phase2")
    return game


def put(game, number, entry, **headers):
    return game.client.put(
        f"{game.url}/events/{number}", json=entry, headers=game.auth() | headers
    )


def patch(game, body, **headers):
    return game.client.patch(game.url, json=body, headers=game.auth() | headers)


def etag_of(game) -> str:
    return game.client.get(game.url).headers["ETag"]


def test_a_correction_replaces_the_entry_and_keeps_what_it_was(game):
    response = put(game, 1, TWO_PAIR_BO)

    body = response.get_json()
    assert response.status_code == 200, body
    assert {p["name"]: p["score"] for p in body["players"]} == {"Ann": 0, "Bo": 2, "Cy": 0}
    first = body["events"][0]
    assert first["winner"] == "Bo" and first["points"] == {"Bo": 2}
    assert [c["was"] for c in first["corrections"]] == [TWO_PAIR_ANN]
    assert "corrections" not in body["events"][1]
    assert game.state() == body


def test_each_correction_of_an_entry_is_kept_oldest_first(game):
    put(game, 1, TWO_PAIR_BO)
    put(game, 1, TWO_PAIR_ANN | {"winner": "Cy"})

    was = [c["was"]["winner"] for c in game.state()["events"][0]["corrections"]]
    assert was == ["Ann", "Bo"]


def test_a_correction_changes_the_version_watchers_poll(game):
    before = game.client.get(f"/games/{game.id}/version").get_json()["version"]

    put(game, 1, TWO_PAIR_BO)

    after = game.client.get(f"/games/{game.id}/version").get_json()["version"]
    assert after != before
    assert etag_of(game) == f'"{after}"'


def test_undoing_a_corrected_entry_drops_its_trail_with_it(game):
    put(game, 2, {"round": 1, "step": "phase2", "outcome": "tie"})
    game.undo()
    game.nobody(1, "phase2")

    assert "corrections" not in game.state()["events"][1]


def test_no_such_entry_is_404(game):
    response = put(game, 3, {"round": 1, "step": "tricks", "last_trick": "Ann"})
    assert response.status_code == 404
    assert "entry 3" in response.get_json()["error"]


def test_no_such_game_is_404(game):
    assert game.client.put("/api/games/999/events/1", json=TWO_PAIR_BO).status_code == 404
    assert game.client.patch("/api/games/999", json={"dealer": "Bo"}).status_code == 404
    assert game.client.delete("/api/games/999").status_code == 404


def test_a_correction_for_another_round_or_step_is_409(game):
    response = put(game, 1, {"round": 1, "step": "phase2", "outcome": "none"})
    assert response.status_code == 409


def test_a_correction_the_entry_already_says_is_answered_with_the_game_as_it_is(game):
    before = game.state()

    response = put(game, 1, TWO_PAIR_ANN | {"winner": " ann "})

    assert response.status_code == 200, response.get_json()
    assert response.get_json() == before
    assert response.headers["ETag"] == etag_of(game)
    assert game.state() == before  # no correction in its trail


def test_a_correction_sent_again_after_its_answer_was_lost_is_no_error(game):
    saved = put(game, 1, TWO_PAIR_BO)

    again = put(game, 1, TWO_PAIR_BO)

    assert (saved.status_code, again.status_code) == (200, 200)
    assert again.get_json() == saved.get_json()
    assert [c["was"] for c in again.get_json()["events"][0]["corrections"]] == [TWO_PAIR_ANN]


def test_a_correction_sent_again_under_its_first_if_match_is_answered_with_the_game(game):
    version = etag_of(game)
    saved = put(game, 1, TWO_PAIR_BO, **{"If-Match": version})

    again = put(game, 1, TWO_PAIR_BO | {"winner": "bo"}, **{"If-Match": version})

    assert (saved.status_code, again.status_code) == (200, 200), again.get_json()
    assert again.get_json() == saved.get_json()
    assert again.headers["ETag"] == saved.headers["ETag"]


def test_a_correction_under_an_if_match_another_change_overtook_is_still_412(game):
    version = etag_of(game)
    assert put(game, 1, TWO_PAIR_BO).status_code == 200
    assert put(game, 1, TWO_PAIR_ANN | {"winner": "Cy"}).status_code == 200
    before = game.state()

    again = put(game, 1, TWO_PAIR_BO, **{"If-Match": version})

    assert again.status_code == 412
    assert game.state() == before


def test_a_correction_after_a_swap_of_names_made_it_read_alike_is_still_412(game):
    version = etag_of(game)
    # Another phone swaps Ann's and Bo's names: entry 1 now reads "Bo", the same seat.
    swapped = patch(game, {"players": ["Bo", "Ann", "Cy"]})
    assert swapped.status_code == 200, swapped.get_json()
    before = game.state()

    response = put(game, 1, TWO_PAIR_BO, **{"If-Match": version})  # meant the other seat

    assert response.status_code == 412, response.get_json()
    assert game.state() == before


def test_a_correction_after_an_undo_and_an_entry_alike_is_still_412(game):
    version = etag_of(game)
    assert game.undo().status_code == 200
    game.nobody(1, "phase2")  # recorded again alike, at another moment
    before = game.state()

    response = put(
        game, 2, {"round": 1, "step": "phase2", "outcome": "none"}, **{"If-Match": version}
    )

    assert response.status_code == 412, response.get_json()
    assert game.state() == before


def test_a_correction_the_entry_already_says_still_needs_the_key(game):
    before = game.state()

    response = put(game, 1, TWO_PAIR_ANN, Authorization="Bearer not-the-key")

    assert response.status_code == 403
    assert game.state() == before


def test_a_correction_that_breaks_a_later_entry_is_422_naming_it(client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "straight_flush")  # 8
    game.win(1, "phase2", "Ann", "four_of_a_kind")  # 16
    game.record({"round": 1, "step": "tricks", "chicago": "Ann", "chicago_won": True})
    before = game.state()

    response = put(game, 1, {"round": 1, "step": "phase1", "outcome": "none"})

    assert response.status_code == 422
    assert "Entry 3" in response.get_json()["error"]
    assert game.state() == before


def test_a_stale_if_match_is_412_and_changes_nothing(game):
    stale = etag_of(game)
    game.last_trick(1, "Cy")
    before = game.state()

    assert put(game, 1, TWO_PAIR_BO, **{"If-Match": stale}).status_code == 412
    assert patch(game, {"dealer": "Bo"}, **{"If-Match": stale}).status_code == 412
    response = game.client.delete(game.url, headers=game.auth() | {"If-Match": stale})
    assert response.status_code == 412
    assert game.state() == before


def test_the_current_if_match_is_taken(game):
    response = put(game, 1, TWO_PAIR_BO, **{"If-Match": etag_of(game)})
    assert response.status_code == 200
    assert response.headers["ETag"] == etag_of(game)


# Every write that takes If-Match, sent with these headers besides the edit key.
WRITES_WITH_IF_MATCH = {
    "correct": lambda game, headers: put(game, 1, TWO_PAIR_BO, **headers),
    "fix": lambda game, headers: patch(game, {"dealer": "Bo"}, **headers),
    "undo": lambda game, headers: game.client.delete(
        f"{game.url}/events/last", headers=game.auth() | headers
    ),
    "delete": lambda game, headers: game.client.delete(game.url, headers=game.auth() | headers),
}


@pytest.mark.parametrize("write", WRITES_WITH_IF_MATCH)
@pytest.mark.parametrize(
    "if_match",
    ["", "abc", '"', '"0-0" "1-0"', '"0 0"', '*, "0-0"'],
    ids=[
        "empty",
        "unquoted",
        "a quote alone",
        "two tags without a comma",
        "a space inside the quotes",
        "a star beside a tag",
    ],
)
def test_an_if_match_that_is_no_list_of_quoted_etags_is_400_and_changes_nothing(
    game, write, if_match
):
    before = game.state()

    response = WRITES_WITH_IF_MATCH[write](game, {"If-Match": if_match})

    assert response.status_code == 400
    assert "The If-Match header must be the game's ETag" in response.get_json()["error"]
    assert game.state() == before


@pytest.mark.parametrize("write", WRITES_WITH_IF_MATCH)
def test_a_weak_etag_never_matches_so_it_is_refused_with_400_and_changes_nothing(game, write):
    before = game.state()

    response = WRITES_WITH_IF_MATCH[write](game, {"If-Match": "W/" + etag_of(game)})

    assert response.status_code == 400
    assert "without W/" in response.get_json()["error"]
    assert game.state() == before


@pytest.mark.parametrize("write", WRITES_WITH_IF_MATCH)
@pytest.mark.parametrize(
    "listed",
    [
        lambda tag: f'"0-0", {tag}',
        lambda tag: f'"0,0" ,, {tag} ,',
        lambda tag: "*",
    ],
    ids=["among others", "with a comma inside a tag and empty elements", "a star"],
)
def test_a_list_naming_the_current_etag_or_a_star_is_taken(game, write, listed):
    response = WRITES_WITH_IF_MATCH[write](game, {"If-Match": listed(etag_of(game))})

    assert response.status_code in (200, 204), response.get_json()


def test_if_match_sent_twice_is_one_list_as_http_reads_it(game):
    headers = [*game.auth().items(), ("If-Match", '"0-0"'), ("If-Match", etag_of(game))]

    response = game.client.put(f"{game.url}/events/1", json=TWO_PAIR_BO, headers=headers)

    assert response.status_code == 200, response.get_json()


def test_changes_need_the_edit_key(game):
    no_key = game.client.put(f"{game.url}/events/1", json=TWO_PAIR_BO)
    wrong = put(game, 1, TWO_PAIR_BO, Authorization="Bearer wrong")
    assert (no_key.status_code, wrong.status_code) == (403, 403)
    assert game.client.patch(game.url, json={"dealer": "Bo"}).status_code == 403
    assert game.client.delete(game.url).status_code == 403


def test_a_rename_follows_through_the_log_and_is_kept(game):
    response = patch(game, {"players": ["Ann", "Björn", "Cy"]})

    body = response.get_json()
    assert response.status_code == 200, body
    assert [p["name"] for p in body["players"]] == ["Ann", "Björn", "Cy"]
    assert body["changes"] == [
        {"what": "name", "was": "Bo", "now": "Björn", "at": body["changes"][0]["at"]}
    ]
    put(game, 1, TWO_PAIR_BO | {"winner": "Björn"})
    assert game.state()["players"][1] == {"name": "Björn", "score": 2}


def test_a_rename_that_collides_with_another_name_ignoring_case_is_422(game):
    before = game.state()
    response = patch(game, {"players": ["Ann", "ann", "Cy"]})
    assert response.status_code == 422
    assert game.state() == before


def test_two_players_can_trade_names(game):
    body = patch(game, {"players": ["Bo", "Ann", "Cy"]}).get_json()
    assert [p["name"] for p in body["players"]] == ["Bo", "Ann", "Cy"]
    assert body["events"][0]["winner"] == "Bo"
    assert body["players"][0]["score"] == 2


def test_a_dealer_fix_moves_the_dealer_and_not_the_scores(game):
    before = game.state()
    body = patch(game, {"dealer": "Cy"}).get_json()
    assert body["players"] == before["players"]
    assert body["dealer"] != before["dealer"]
    assert body["changes"][0]["what"] == "first_dealer"
    assert (body["changes"][0]["was"], body["changes"][0]["now"]) == ("Ann", "Cy")


def test_a_fix_that_changes_nothing_is_409(game):
    assert patch(game, {"players": ["Ann", "Bo", "Cy"], "dealer": "Ann"}).status_code == 409
    assert patch(game, {}).status_code == 409


def test_a_fix_with_another_number_of_players_or_an_unknown_field_is_422(game):
    assert patch(game, {"players": ["Ann", "Bo"]}).status_code == 422
    assert patch(game, {"rules": {}}).status_code == 422


def test_deleting_a_game_removes_it_everywhere(game):
    assert game.client.get("/api/games").get_json()["total"] == 1
    game.client.get("/history")

    response = game.client.delete(game.url, headers=game.auth())

    assert response.status_code == 204
    assert game.client.get(game.url).status_code == 404
    assert game.client.get("/api/games").get_json()["total"] == 0
    assert "Ann" not in game.client.get("/history").text
    assert game.client.get("/players/Ann").status_code == 404


def test_a_new_game_after_a_deletion_is_never_shown_as_the_deleted_one(client):
    first = create_api_game(client, ["Ann", "Bo"])
    client.get(first.url)
    client.get("/history")
    client.delete(first.url, headers=first.auth())

    second = create_api_game(client, ["Dee", "Eve"])

    assert [p["name"] for p in client.get(second.url).get_json()["players"]] == ["Dee", "Eve"]
    assert "Dee" in client.get("/history").text
