"""An import takes times from 2000 to tomorrow, and refuses any other by game and field."""

import json
from datetime import UTC, datetime, timedelta

import pytest

from support.export_documents import upload_on_import_page

TINY_GAME = {
    "players": ["Ann", "Bo"],
    "first_dealer": "Bo",
    "created_at": "2026-03-01T19:00:00+00:00",
    "updated_at": "2026-03-01T19:30:00+00:00",
    "events": [],
}


def _file(*games) -> bytes:
    return json.dumps({"format": "chicago-scorer/1", "games": list(games)}).encode()


def _stored_games(client) -> list:
    return client.get("/api/export").get_json()["games"]


TOMORROW_AND_A_BIT = (datetime.now(UTC) + timedelta(days=1, hours=1)).isoformat()


@pytest.mark.parametrize(
    ("field", "moment"),
    [
        ("created_at", "0001-01-01T00:00:00+14:00"),  # overflows on its way to UTC
        ("created_at", "1999-12-31T23:59:59+00:00"),
        ("updated_at", "9999-12-31T23:59:59-14:00"),  # would head the history for ever
        ("updated_at", "9999-12-31T23:59:59+00:00"),
        pytest.param("updated_at", TOMORROW_AND_A_BIT, id="updated_at-tomorrow-and-an-hour"),
    ],
)
def test_a_time_outside_2000_to_tomorrow_is_refused_naming_game_and_field(client, field, moment):
    response = client.post(
        "/api/import",
        content_type="application/json",
        data=_file(TINY_GAME, TINY_GAME | {field: moment}),
    )

    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error.startswith(f"Game 2 (Ann, Bo): '{field}' is {moment}; a time in a file lies ")
    assert "between 2000-01-01 and " in error
    assert _stored_games(client) == []


def test_a_time_out_of_range_on_the_import_page_is_refused_there(client):
    body = _file(TINY_GAME | {"created_at": "0001-01-01T00:00:00+14:00"})

    response = upload_on_import_page(client, body)

    assert response.status_code == 400
    assert "Game 1 (Ann, Bo): &#39;created_at&#39; is 0001-01-01" in response.text


def test_the_first_moment_of_2000_and_a_moment_of_today_are_taken(client):
    now = datetime.now(UTC).replace(microsecond=0).isoformat()
    game = TINY_GAME | {"created_at": "2000-01-01T00:00:00+00:00", "updated_at": now}

    assert (
        client.post("/api/import", content_type="application/json", data=_file(game)).status_code
        == 201
    )
    assert [stored["created_at"] for stored in _stored_games(client)] == [game["created_at"]]


def test_a_correction_time_out_of_range_is_refused_by_the_same_rule(client):
    game = TINY_GAME | {
        "events": [{"round": 1, "step": "phase1", "outcome": "none"}],
        "changes": [{"what": "name", "was": "Bo", "now": "Bob", "at": "0001-01-01T00:00:00Z"}],
        "players": ["Ann", "Bob"],
        "first_dealer": "Bob",
    }

    response = client.post(
        "/api/import",
        content_type="application/json",
        data=json.dumps({"format": "chicago-scorer/2", "games": [game]}),
    )

    assert response.status_code == 400
    assert "Game 1 (Ann, Bob), change 1: 'at' is 0001-01-01T00:00:00Z" in response.json["error"]
