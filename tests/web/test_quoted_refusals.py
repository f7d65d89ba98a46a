"""A refusal repeats what was sent only as far as a person needs to recognise it: quoted,
with what cannot be shown escaped, and cut short. So no refusal is lost for being too
long for the session cookie that carries it to the page, none is the size of the file
that was sent, and none fails to be written out."""

import json
import random
import re

from markupsafe import escape

from chicago_scorer.rules.errors import QUOTED_CHARACTERS
from chicago_scorer.web.scoreboard.scorekeeper import KEPT_GAMES
from support.api_client import create_api_game
from support.export_documents import upload_on_import_page
from support.table_forms import follow_refusal, start_game, tap

# Browsers drop a cookie longer than this, and with it the refusal it carries.
COOKIE_BYTES = 4093
LONG = "Zed" * 2000
SHOWN = repr(LONG[:QUOTED_CHARACTERS]) + "…"


def _file_with_players(*players: str) -> bytes:
    game = {
        "players": list(players),
        "first_dealer": "Bo",
        "created_at": "2026-03-01T19:00:00+00:00",
        "updated_at": "2026-03-01T19:30:00+00:00",
        "events": [],
    }
    return json.dumps({"format": "chicago-scorer/1", "games": [game]}).encode()


def test_a_tap_naming_no_player_at_length_is_refused_on_the_page_with_the_name_cut(client):
    game_url = start_game(client, "Ann", "Bo")

    response = tap(client, game_url, winner=LONG, hand="flush")

    assert len(response.headers["Set-Cookie"]) < COOKIE_BYTES
    page = follow_refusal(client, response, game_url)
    assert "There is no player called &#39;ZedZed" in page
    assert LONG[: QUOTED_CHARACTERS + 1] not in page


def refusals_listed(page: str) -> list[str]:
    """What the long form's summary at its top lists, tags left out."""
    summary = page[page.index('class="refusal-summary"') :]
    summary = summary[: summary.index("</ul>")]
    return [re.sub(r"<[^>]+>", "", item) for item in re.findall(r"<li>(.*?)</li>", summary)]


def test_a_new_game_refused_in_every_box_at_once_is_said_whole_however_much_was_typed(
    client,
):
    for _ in range(KEPT_GAMES):  # a phone that keeps score in as many games as it may
        start_game(client, "Ann", "Bo")
    boxes = sorted(set(re.findall(r'name="(rules-[a-z_]+)"', client.get("/").text)))
    rng = random.Random(1)

    def pasted(length: int) -> str:  # text no compression shortens, six bytes a character
        return "".join(chr(rng.randint(0x4E00, 0x9FFF)) for _ in range(length))

    def every_box(text) -> dict[str, str]:
        form = {box: text(60) for box in boxes} | {"rules-preset": "custom", "dealer": "0"}
        return form | {f"players-{row}": text(39) + "\u200b" for row in range(4)}

    typed = follow_refusal(client, client.post("/games", data=every_box(lambda n: "x")), "/")
    response = client.post("/games", data=every_box(pasted))

    assert len(response.headers["Set-Cookie"]) < COOKIE_BYTES
    listed = refusals_listed(follow_refusal(client, response, "/"))
    assert len(listed) >= 20
    assert [item.split(":")[0] for item in listed] == [
        item.split(":")[0] for item in refusals_listed(typed)
    ]


def test_an_api_entry_naming_no_player_at_length_is_refused_with_the_name_cut(client):
    game = create_api_game(client, players=("Ann", "Bo"))

    response = game.post(
        {"round": 1, "step": "phase1", "outcome": "win", "winner": LONG, "hand": "flush"}
    )

    assert response.status_code == 422
    assert response.get_json()["error"].startswith(f"There is no player called {SHOWN} in")
    assert game.state()["events"] == []


def test_an_unknown_field_of_any_length_is_named_cut_short(client):
    game = create_api_game(client, players=("Ann", "Bo"))

    response = game.post({"round": 1, "step": "phase1", "outcome": "none", LONG: 1})

    assert response.status_code == 422
    assert f"does not take {SHOWN};" in response.get_json()["error"]


def test_an_import_with_a_huge_name_is_refused_without_repeating_it(client):
    response = client.post(
        "/api/import",
        content_type="application/json",
        data=_file_with_players("A" * 500_000, "Bo"),
    )

    assert response.status_code == 422
    assert len(response.get_json()["error"]) < 200
    assert client.get("/api/export").get_json()["games"] == []


def test_an_import_page_refusal_of_an_unpaired_surrogate_is_shown_not_a_server_error(client):
    # JSON can write half of a UTF-16 pair; no page can hold one.
    body = _file_with_players("Ann", "Bo").replace(b'"Ann"', b'"\\ud800"')

    response = upload_on_import_page(client, body)

    assert response.status_code == 422
    assert "Game 1: Player 1&#39;s name has U+D800, half of a character" in response.text
    assert client.get("/api/export").get_json()["games"] == []


def test_an_unknown_players_page_says_so_with_the_name_cut(client):
    response = client.get(f"/players/{LONG}")

    assert response.status_code == 404
    assert f"Nobody called {escape(SHOWN)} has played" in response.text


# A number is cut short like any value a refusal repeats, in every language's digits.
HUGE = "9" * 4000


def test_an_entry_for_a_round_of_thousands_of_digits_is_refused_with_the_number_cut(client):
    game = create_api_game(client, players=("Ann", "Bo"))

    response = game.post({"round": int(HUGE), "step": "phase1", "outcome": "none"})

    assert response.status_code == 409
    assert response.get_json() == {
        "error": f"Round {HUGE[:QUOTED_CHARACTERS]}… · Phase 1 is not the next step: Round 1 "
        "· Phase 1 is. It may already be recorded; refresh to see the game."
    }
    nepali = game.client.post(
        f"{game.url}/events",
        json={"round": int(HUGE), "step": "phase1", "outcome": "none"},
        headers=game.auth() | {"Accept-Language": "ne"},
    )
    assert nepali.status_code == 409
    assert "९" * 3 in nepali.get_json()["error"]
    assert len(nepali.get_json()["error"]) < 300
    assert game.state()["events"] == []


def test_a_correction_of_an_entry_of_thousands_of_digits_is_refused_with_the_number_cut(client):
    game = create_api_game(client, players=("Ann", "Bo"))
    game.nobody(1, "phase1")

    response = client.put(
        f"{game.url}/events/{HUGE}",
        json={"round": 1, "step": "phase1", "outcome": "tie"},
        headers=game.auth(),
    )

    assert response.status_code == 404
    assert response.get_json() == {
        "error": f"There is no entry {HUGE[:QUOTED_CHARACTERS]}…: the game has 1 entry."
    }
    assert game.state()["events"] == [
        {"round": 1, "step": "phase1", "outcome": "none", "points": {}}
    ]


def test_a_game_id_of_thousands_of_digits_is_named_cut_short(client):
    response = client.get(f"/api/games/{HUGE}")

    assert response.status_code == 404
    assert response.get_json() == {
        "error": f"There is no game {HUGE[:QUOTED_CHARACTERS]}…: it was deleted, or the link "
        "is wrong."
    }


def test_an_imported_entry_with_a_round_of_any_length_is_named_by_its_place_alone(client):
    game = json.loads(_file_with_players("Ann", "Bo"))
    game["games"][0]["events"] = [{"round": "x" * 4000, "step": "phase1", "outcome": "none"}]

    response = client.post("/api/import", json=game)

    assert response.status_code == 422
    assert response.get_json() == {
        "error": "Game 1 (Ann, Bo), entry 1: 'round' must be a whole number from 1 up."
    }
    assert client.get("/api/export").get_json()["games"] == []
