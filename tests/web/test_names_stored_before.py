"""A game stored with a name that a later rule of names refuses keeps that name: its
export imports again, and a fix of its other names or of its first dealer leaves the name
as it is. Only what a fix changes, and what no game could ever have stored, is refused."""

import json

import pytest

from support.api_client import ApiGame, create_api_game
from support.installations import another_installation
from support.legacy_names import rename_as_stored_before
from support.table_forms import accepted, fix_fields, game_of_three

JSON = "application/json"
# Four marks on one letter, refused since a letter's own mark counts toward its stack.
STACKED_A = "\u00c4\u0308\u0308\u0308"
# Behind a right-to-left override, refused since names hold no format characters.
OVERRIDDEN_ANN = "\u202eAnn"
# With a variation selector after a letter, which selects nothing there: "Ann" to the eye.
SELECTED_ANN = "Ann\ufe0e"


@pytest.fixture(
    params=[STACKED_A, OVERRIDDEN_ANN, SELECTED_ANN],
    ids=["stacked marks", "an override", "a variation selector"],
)
def old_name(request) -> str:
    return request.param


@pytest.fixture
def old_game(app, client, old_name) -> ApiGame:
    """Ann, Bo and Cy two entries in, Ann's name stored as an older game could store it."""
    game = create_api_game(client, ("Ann", "Bo", "Cy"))
    game.win(1, "phase1", "Ann", "flush")
    game.win(1, "phase2", "Bo", "two_pair")
    with app.app_context():
        rename_as_stored_before(game.id, "Ann", old_name)
    return game


def fix(game: ApiGame, body: dict):
    return game.client.patch(game.url, json=body, headers=game.auth())


def names_of(answer: dict) -> list[str]:
    return [player["name"] for player in answer["players"]]


def imported_into_a_fresh_database(databases, exported: bytes):
    """The answer to importing ``exported`` into an empty database, and that database's
    export of every game afterwards."""
    with another_installation(databases) as other_client:
        response = other_client.post("/api/import", data=exported, content_type=JSON)
        again = other_client.get("/api/export").get_data()
    return response, again


def assert_round_trip(client, databases, game: ApiGame) -> None:
    """The game's export imports into an empty database, whose export is the same file."""
    for address in (f"/games/{game.id}/export.json", "/api/export"):
        exported = client.get(address).get_data()

        response, again = imported_into_a_fresh_database(databases, exported)

        assert response.status_code == 201, response.get_json()
        assert json.loads(again) == json.loads(exported)


def test_its_export_imports_into_an_empty_database_and_exports_again_the_same(
    old_game, client, databases
):
    assert_round_trip(client, databases, old_game)


def test_its_first_dealer_can_be_fixed_and_its_names_stay_as_they_are(old_game, old_name):
    fixed = fix(old_game, {"dealer": "Bo"})

    assert fixed.status_code == 200, fixed.get_json()
    assert names_of(fixed.get_json()) == [old_name, "Bo", "Cy"]
    assert fixed.get_json()["changes"][0] | {"at": ""} == {
        "what": "first_dealer",
        "was": old_name,
        "now": "Bo",
        "at": "",
    }


def test_another_seat_can_be_renamed_and_the_old_name_is_kept(old_game, old_name):
    fixed = fix(old_game, {"players": [old_name, "Björn", "Cy"]})

    assert fixed.status_code == 200, fixed.get_json()
    assert names_of(fixed.get_json()) == [old_name, "Björn", "Cy"]
    assert fixed.get_json()["events"][1]["winner"] == "Björn"


def test_the_old_name_itself_can_be_fixed_to_one_of_todays(old_game):
    fixed = fix(old_game, {"players": ["Ann", "Bo", "Cy"]})

    assert fixed.status_code == 200, fixed.get_json()
    assert names_of(fixed.get_json()) == ["Ann", "Bo", "Cy"]


@pytest.mark.parametrize(
    "body",
    [
        {"dealer": "Cy"},
        {"players": ["Ann", "Bo", "Cy"]},
    ],
    ids=["around the old name", "away from the old name"],
)
def test_a_game_fixed_around_or_away_from_its_old_name_imports_again_with_its_trail(
    old_game, old_name, client, databases, body
):
    assert fix(old_game, {"players": [old_name, "Björn", "Cy"]}).status_code == 200
    assert fix(old_game, body).status_code == 200

    assert_round_trip(client, databases, old_game)


@pytest.mark.parametrize(
    ("others", "message"),
    [
        (
            ["Bo\u202e", "Cy"],
            "Player 2's name has an invisible character (U+202E); type it again without it.",
        ),
        (
            ["B\u0308\u0308\u0308\u0308o", "Cy"],
            "Player 2's name has 4 marks stacked on one letter; keep it to 3.",
        ),
        (
            ["Bo", "bo"],
            "'Bo' and 'bo' are the same name; give each player a different one.",
        ),
    ],
    ids=["an invisible character", "stacked marks", "a clash with a kept name"],
)
def test_a_name_a_fix_changes_is_held_to_every_rule(old_game, old_name, others, message):
    before = old_game.state()

    refused = fix(old_game, {"players": [old_name, *others]})

    assert refused.status_code == 422
    assert refused.get_json()["error"] == message
    assert old_game.state() == before


def test_the_scorekeepers_page_fixes_the_first_dealer_of_such_a_game(app, client, old_name):
    game_url = game_of_three(client)
    with app.app_context():
        rename_as_stored_before(int(game_url.rsplit("/", 1)[1]), "Ann", old_name)
    fields = fix_fields(client.get(game_url).text) | {"dealer": "1"}

    assert fields["players-0"] == old_name
    assert accepted(client, client.post(f"{game_url}/players", data=fields))
    assert "Names and first dealer saved" in client.get(game_url).text


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (
            ["A\u0007nn", "Bo"],
            "Player 1's name has a control character or line break (U+0007); "
            "type it again with letters, digits and spaces.",
        ),
        (["A" * 41, "Bo"], f"The name {'A' * 20}… has 41 characters; keep it to 40."),
        (["Bo", "bo"], "'Bo' and 'bo' are the same name; give each player a different one."),
        (
            ["Bo", "Bo\ufe0e"],
            "'Bo' and 'Bo\\ufe0e' are the same name; give each player a different one.",
        ),
    ],
    ids=["a control character", "41 characters", "one name twice", "one with a selector"],
)
def test_an_import_still_refuses_names_no_game_could_have_stored(client, players, message):
    game = {
        "players": players,
        "first_dealer": "Bo",
        "created_at": "2026-03-01T19:00:00+00:00",
        "updated_at": "2026-03-01T19:30:00+00:00",
        "events": [],
    }
    body = json.dumps({"format": "chicago-scorer/2", "games": [game]})

    refused = client.post("/api/import", data=body, content_type=JSON)

    assert refused.status_code == 422
    assert refused.get_json()["error"].endswith(f": {message}")
    assert client.get("/api/export").get_json()["games"] == []
