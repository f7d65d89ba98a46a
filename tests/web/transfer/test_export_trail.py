"""The export carries each game's trail, and the import stores it: a round trip keeps
every corrected entry's earlier versions and every fix of a name or the first dealer."""

import copy
import json

import pytest
from sqlalchemy import func, select

from chicago_scorer.extensions import db as database
from chicago_scorer.rules import STANDARD_RULES
from chicago_scorer.storage.models import (
    Event,
    EventCorrection,
    Game,
    GameChange,
    Player,
    StoredSummary,
)
from support.api_client import ApiGame, create_api_game
from support.installations import another_installation

FLUSH_ANN = {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"}

JSON = "application/json"


def corrected_renamed_and_redealt(client) -> ApiGame:
    """A game whose first entry was corrected twice before Bo became Björn and once
    after, and whose first dealer was fixed; its third entry was corrected once."""
    game = create_api_game(client, ["Ann", "Bo", "Cy"], dealer="Ann")
    game.record(FLUSH_ANN)
    game.nobody(1, "phase2")
    game.last_trick(1, "Cy")
    game.nobody(1, "phase3")
    changes = [
        ("put", 1, FLUSH_ANN | {"winner": "Bo"}),
        ("put", 1, FLUSH_ANN | {"hand": "two_pair"}),
        ("patch", None, {"players": ["Ann", "Björn", "Cy"]}),
        ("put", 1, FLUSH_ANN | {"winner": "Cy"}),
        ("patch", None, {"dealer": "Cy"}),
        ("put", 3, {"round": 1, "step": "tricks", "last_trick": "Björn"}),
    ]
    for method, number, body in changes:
        url = game.url if number is None else f"{game.url}/events/{number}"
        response = client.open(url, method=method.upper(), json=body, headers=game.auth())
        assert response.status_code == 200, response.get_json()
    game.record({"round": 2, "step": "phase1", "outcome": "tie"})
    return game


def in_another_database(databases, requests):
    """Run ``requests(client)`` on an app with a database of its own; what it returns."""
    with another_installation(databases) as client:
        return requests(client)


def test_export_import_and_export_again_keeps_the_trail_word_for_word(client, databases):
    game = corrected_renamed_and_redealt(client)
    exported = client.get("/api/export").get_data(as_text=True)
    one_game = client.get(f"/games/{game.id}/export.json").get_data(as_text=True)

    def import_and_export(other_client):
        answer = other_client.post("/api/import", data=exported, content_type=JSON)
        return answer, other_client.get("/api/export").get_data(as_text=True), other_client

    response, again, _ = in_another_database(databases, import_and_export)

    document = json.loads(exported)
    (record,) = document["games"]
    assert response.status_code == 201, response.get_json()
    assert again == exported
    assert json.loads(one_game) == document
    assert document["format"] == "chicago-scorer/2"
    earlier = [(c["was"]["winner"], c["was"]["hand"]) for c in record["events"][0]["corrections"]]
    assert earlier == [("Ann", "flush"), ("Bo", "flush"), ("Ann", "two_pair")]
    assert record["events"][2]["corrections"][0]["was"]["last_trick"] == "Cy"
    assert "corrections" not in record["events"][1]
    assert [(c["what"], c["was"], c["now"]) for c in record["changes"]] == [
        ("name", "Bo", "Björn"),
        ("first_dealer", "Ann", "Cy"),
    ]
    assert list(record) == [
        "players",
        "first_dealer",
        "rules",
        "created_at",
        "updated_at",
        "events",
        "changes",
    ]


def test_an_imported_game_shows_the_same_trail_as_the_original(client, databases):
    game = corrected_renamed_and_redealt(client)
    original = game.state()
    exported = client.get("/api/export").get_data()

    def imported_game(other_client):
        other_client.post("/api/import", data=exported, content_type=JSON)
        return other_client.get("/api/games/1").get_json()

    imported = in_another_database(databases, imported_game)

    assert imported["events"] == original["events"]
    assert imported["changes"] == original["changes"]
    assert imported["players"] == original["players"]
    assert imported["dealer"] == original["dealer"]


def test_a_game_with_a_trail_is_already_here_from_either_format(client):
    game = corrected_renamed_and_redealt(client)
    document = client.get("/api/export").get_json()
    without_trail = first_format(document)

    again = client.post("/api/import", json=document)
    old_copy = client.post("/api/import", json=without_trail)

    assert again.status_code == 200
    assert [found["id"] for found in again.get_json()["already_here"]] == [game.id]
    assert old_copy.status_code == 200
    assert [found["id"] for found in old_copy.get_json()["already_here"]] == [game.id]
    assert client.get("/api/games").get_json()["total"] == 1


def first_format(document: dict) -> dict:
    """The same games as a ``chicago-scorer/1`` file writes them: without their trails."""
    games = [
        {key: value for key, value in game.items() if key != "changes"}
        | {
            "events": [
                {key: value for key, value in event.items() if key != "corrections"}
                for event in game["events"]
            ]
        }
        for game in document["games"]
    ]
    return {"format": "chicago-scorer/1", "games": games}


def test_a_first_format_file_still_imports_and_exports_in_the_second(client, databases):
    corrected_renamed_and_redealt(client)
    document = client.get("/api/export").get_json()
    old_file = first_format(document)

    def import_and_export(other_client):
        answer = other_client.post("/api/import", json=old_file)
        return answer, other_client.get("/api/export").get_json()

    response, exported = in_another_database(databases, import_and_export)

    assert response.status_code == 201
    assert exported == old_file | {"format": "chicago-scorer/2"}


# A game as a chicago-scorer/2 file holds it: Ann's flush was corrected to Bo's two pair,
# then to Bo's flush; then Bo became Björn and Björn the first dealer, in one fix.
TRAILED = {
    "players": ["Ann", "Björn"],
    "first_dealer": "Björn",
    "rules": STANDARD_RULES.settings(),
    "created_at": "2026-03-01T19:00:00+00:00",
    "updated_at": "2026-03-01T20:00:00+00:00",
    "events": [
        {
            "round": 1,
            "step": "phase1",
            "outcome": "win",
            "winner": "Björn",
            "hand": "flush",
            "corrections": [
                {"was": FLUSH_ANN, "at": "2026-03-01T19:10:00+00:00"},
                {
                    "was": FLUSH_ANN | {"winner": "Bo", "hand": "two_pair"},
                    "at": "2026-03-01T19:15:00+00:00",
                },
            ],
        },
        {"round": 1, "step": "phase2", "outcome": "none"},
    ],
    "changes": [
        {"what": "name", "was": "Bo", "now": "Björn", "at": "2026-03-01T19:20:00+00:00"},
        {"what": "first_dealer", "was": "Ann", "now": "Björn", "at": "2026-03-01T19:20:00+00:00"},
    ],
}


def second_format(*games) -> dict:
    return {"format": "chicago-scorer/2", "games": list(games)}


def test_a_trail_written_by_hand_imports_and_exports_as_it_was_written(client):
    response = client.post("/api/import", json=second_format(TRAILED))

    assert response.status_code == 201, response.get_json()
    assert client.get("/api/export").get_json() == second_format(TRAILED)
    game = client.get("/api/games/1").get_json()
    assert game["events"][0]["corrections"] == TRAILED["events"][0]["corrections"]
    assert game["changes"] == TRAILED["changes"]


def trailed(change) -> dict:
    """A copy of TRAILED, changed in place by ``change``."""
    game = copy.deepcopy(TRAILED)
    change(game)
    return game


def first_correction(game) -> dict:
    return game["events"][0]["corrections"][0]


def at(moment: str):
    return lambda item: item.update(at=moment)


REFUSED_TRAILS = {
    "corrections not a list": (
        lambda game: game["events"][0].update(corrections=first_correction(game)),
        400,
        "Game 2 (Ann, Björn), entry 1: 'corrections' must be a list of objects with 'was'",
    ),
    "a correction without its time": (
        lambda game: first_correction(game).pop("at"),
        400,
        "'corrections' must be a list of objects with 'was' (the entry as it was) and 'at'",
    ),
    "a correction's time without its offset": (
        lambda game: at("2026-03-01T19:10:00")(first_correction(game)),
        400,
        "Game 2 (Ann, Björn), entry 1, correction 1: 'at' must be a date and time with its "
        "UTC offset",
    ),
    "a correction before the game began": (
        lambda game: at("2026-03-01T18:59:59+00:00")(first_correction(game)),
        400,
        "entry 1, correction 1: 'at' must lie between the game's 'created_at' and 'updated_at'",
    ),
    "corrections newest first": (
        lambda game: game["events"][0]["corrections"].reverse(),
        400,
        "entry 1, correction 2: 'at' is earlier than the one listed before it; list them "
        "oldest first",
    ),
    "an earlier version of another step": (
        lambda game: first_correction(game)["was"].update(step="phase2"),
        422,
        "entry 1, correction 1 is of Round 1 · Phase 2; a correction keeps the entry's round "
        "and step",
    ),
    "an earlier version that is no entry": (
        lambda game: first_correction(game)["was"].update(hand="five_aces"),
        422,
        "entry 1, correction 1: Unknown hand 'five_aces'",
    ),
    "an earlier version naming someone not at the table": (
        lambda game: first_correction(game)["was"].update(winner="Björn"),
        422,
        "entry 1, correction 1 names 'Björn', who was not playing then; the players were "
        "Ann and Bo",
    ),
    "changes not a list": (
        lambda game: game.update(changes=game["changes"][0]),
        400,
        "Game 2 (Ann, Björn): 'changes' must be a list of objects with 'what', 'was', 'now'",
    ),
    "a change of something else": (
        lambda game: game["changes"][0].update(what="rules"),
        400,
        "Game 2 (Ann, Björn), change 1: 'what' must be 'name' or 'first_dealer'",
    ),
    "a change whose kind is no text": (
        lambda game: game["changes"][0].update(what=["name"]),
        400,
        "Game 2 (Ann, Björn), change 1: 'what' must be 'name' or 'first_dealer'",
    ),
    "a change whose names are no text": (
        lambda game: game["changes"][1].update(was=None),
        400,
        "Game 2 (Ann, Björn), change 2: 'was' and 'now' must be players' names",
    ),
    "an earlier version that is no object": (
        lambda game: first_correction(game).update(was="Ann won"),
        400,
        "Game 2 (Ann, Björn), entry 1: 'corrections' must be a list of objects",
    ),
    "a rename to nobody's name": (
        lambda game: game["changes"][0].update(now="Bert"),
        422,
        "change 1: It renames 'Bo' to 'Bert', but no player is called 'Bert' after it",
    ),
    "a first dealer who does not deal first": (
        lambda game: game["changes"][1].update(now="Ann", was="Björn"),
        422,
        "change 2: It makes 'Ann' the first dealer, but 'Björn' deals first after it",
    ),
    "a rename from a name another player had": (
        lambda game: game["changes"][0].update(was="ann"),
        422,
        "change 1: 'Ann' and 'ann' are the same name",
    ),
    "a change after the game's last change": (
        lambda game: at("2026-03-01T20:00:01+00:00")(game["changes"][1]),
        400,
        "change 2: 'at' must lie between",
    ),
}


def snapshot(app, client) -> tuple:
    with app.app_context():
        counts = tuple(
            database.session.scalar(select(func.count()).select_from(table))
            for table in (Game, Player, Event, StoredSummary, EventCorrection, GameChange)
        )
    return counts, client.get("/api/export").get_data()


@pytest.mark.parametrize(
    ("change", "status", "message"), REFUSED_TRAILS.values(), ids=REFUSED_TRAILS.keys()
)
def test_a_trail_that_does_not_fit_its_game_refuses_the_file_and_stores_nothing(
    app, client, change, status, message
):
    corrected_renamed_and_redealt(client)
    before = snapshot(app, client)

    # The file's first game is sound: nothing of it is stored either.
    response = client.post("/api/import", json=second_format(TRAILED, trailed(change)))

    assert response.status_code == status
    assert message in response.get_json()["error"]
    assert snapshot(app, client) == before


@pytest.mark.parametrize(
    ("game", "status", "message"),
    [
        (
            {key: value for key, value in TRAILED.items() if key != "events"}
            | {"events": [TRAILED["events"][1] | {"step": "phase1"}]},
            400,
            "Game 1 (Ann, Björn): unknown field 'changes'",
        ),
        (
            {key: value for key, value in TRAILED.items() if key != "changes"},
            422,
            "The phase1 step does not take 'corrections'",
        ),
    ],
    ids=["a game's changes", "an entry's corrections"],
)
def test_a_first_format_file_has_no_trail(app, client, game, status, message):
    before = snapshot(app, client)

    response = client.post("/api/import", json={"format": "chicago-scorer/1", "games": [game]})

    assert response.status_code == status
    assert message in response.get_json()["error"]
    assert snapshot(app, client) == before


def test_an_unknown_format_names_the_formats_this_version_reads(client):
    response = client.post("/api/import", json={"format": "chicago-scorer/3", "games": []})

    assert response.status_code == 400
    assert response.get_json()["error"] == (
        "Unknown format 'chicago-scorer/3': this version reads 'chicago-scorer/2' and "
        "'chicago-scorer/1'. Import the file with the version of Chicago Scorer that exported "
        "it, or a newer one."
    )
