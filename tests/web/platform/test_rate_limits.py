"""One client address may create, import and settle only so often: the 61st creation in a
minute is refused with 429 and Retry-After, and records nothing; the new-game form so
refused goes back to the start page, which says why. ``RATE_LIMIT=off`` lifts the limit,
and the limit counts nothing that needs a key."""

import html
import io
import json
import re

import pytest

from chicago_scorer import create_app
from chicago_scorer.config import config_from_environment
from support.api_client import create_api_game
from support.export_documents import empty_game_export, upload_on_import_page
from support.settings import settings_for
from support.table_forms import follow_refusal, refused_by_redirect, start_game

NEW_GAME = {"players": ["Ann", "Bo"]}
NEW_GAME_FORM = {"players-0": "Ann", "players-1": "Bo", "dealer": "0"}
HANDS = {"hands": {"Ann": "As Ks Qs Js 10s", "Bo": "2c 3d 4h 5s 7c"}}
EMPTY_EXPORT = {"format": "chicago-scorer/2", "games": []}


@pytest.fixture
def limited_client(make_app):
    return make_app(RATE_LIMIT="60/minute").test_client()


def game_count(client) -> int:
    return client.get("/api/games").get_json()["total"]


def test_the_61st_game_created_in_a_minute_is_refused_with_429_and_retry_after(limited_client):
    for _ in range(60):
        assert limited_client.post("/api/games", json=NEW_GAME).status_code == 201

    response = limited_client.post("/api/games", json=NEW_GAME)

    assert response.status_code == 429
    assert 1 <= int(response.headers["Retry-After"]) <= 60
    assert "Try again in" in response.get_json()["error"]
    assert game_count(limited_client) == 60


def test_games_created_through_the_form_count_with_those_of_the_api(limited_client):
    for _ in range(30):
        limited_client.post("/api/games", json=NEW_GAME)
    for _ in range(30):
        assert limited_client.post("/games", data=NEW_GAME_FORM).status_code == 303

    response = limited_client.post("/games", data=NEW_GAME_FORM)

    page = follow_refusal(limited_client, response, "/")
    assert "Too many requests from this network" in page
    assert limited_client.post("/api/games", json=NEW_GAME).status_code == 429
    assert game_count(limited_client) == 60


def language_links(page: str) -> list[str]:
    return [html.unescape(link) for link in re.findall(r'href="(/language/[^"]+)"', page)]


def test_a_new_game_over_the_limit_goes_back_to_the_start_page_with_the_names_typed(make_app):
    client = make_app(RATE_LIMIT="1/minute").test_client()
    assert client.post("/api/games", json=NEW_GAME).status_code == 201
    typed = {"players-0": "Märta", "players-1": "Zoltan", "players-2": "Ines", "dealer": "1"}

    response = client.post("/games", data=typed)

    # Post, redirect, get: not a page at the form's address, which only takes a POST.
    assert "Retry-After" not in response.headers
    page = follow_refusal(client, response, "/")
    assert re.search(
        r'class="form-error" role="alert">Too many requests from this network in a short '
        r"time, so nothing was done\. Try again in \d+ seconds?\.",
        page,
    )
    for name in ["Märta", "Zoltan", "Ines"]:
        assert f'value="{name}"' in page
    links = language_links(page)
    assert links
    for link in links:
        chosen = client.get(link)
        assert (chosen.status_code, chosen.headers["Location"]) == (303, "/")
        assert client.get("/").status_code == 200
    assert game_count(client) == 1


def test_the_api_over_the_limit_still_answers_429_in_json(make_app):
    client = make_app(RATE_LIMIT="1/minute").test_client()
    client.post("/api/games", json=NEW_GAME)

    response = client.post("/api/games", json=NEW_GAME)

    assert response.status_code == 429
    assert response.mimetype == "application/json"
    assert 1 <= int(response.headers["Retry-After"]) <= 60
    assert "Try again in" in response.get_json()["error"]


TOO_MANY = (
    r'class="form-error" role="alert">Too many requests from this network in a short time, '
    r"so nothing was done\. Try again in \d+ seconds?\."
)


def boxes(page: str) -> dict[str, str]:
    """The picker's boxes that hold something, by name, as the page fills them in."""
    return {
        name: html.unescape(value)
        for name, value in re.findall(r'name="((?:names|hands)-\d)"\s+value="([^"]+)"', page)
    }


def test_a_settle_over_the_limit_goes_back_to_the_picker_with_the_hands_typed(make_app):
    client = make_app(RATE_LIMIT="1/minute").test_client()
    assert client.post("/api/settle", json=HANDS).status_code == 200
    typed = {
        "names-0": "Märta",
        "hands-0": "A♠ K♠ Q♠ J♠ 10♠",
        "names-1": "Zoltan",
        "hands-1": "9h 9d 9c 2s 2d",
    }

    response = client.post("/settle", data=typed)

    # Post, redirect, get: a reload asks for the picker again, not for another verdict.
    assert "Retry-After" not in response.headers
    page = follow_refusal(client, response, "/settle")
    assert re.search(TOO_MANY, page)
    assert boxes(page) == typed
    assert "verdict-title" not in page
    links = language_links(page)
    assert links
    for link in links:
        chosen = client.get(link)
        assert (chosen.status_code, chosen.headers["Location"]) == (303, "/settle")


def test_a_games_settle_over_the_limit_goes_back_to_its_picker_with_the_cards(make_app):
    client = make_app(RATE_LIMIT="1/minute").test_client()
    game_url = start_game(client, "Ann", "Bo")
    assert client.post("/api/settle", json=HANDS).status_code == 200
    typed = {"hands-0": "Qs 9s 7s 4s 2s", "hands-1": "Qh 8h 7h 4h 2h"}

    response = client.post(f"{game_url}/settle", data=typed)

    page = follow_refusal(client, response, f"{game_url}/settle")
    assert re.search(TOO_MANY, page)
    assert boxes(page) == typed
    assert "Record:" not in page


def test_an_import_over_the_limit_goes_back_to_the_import_page_asking_for_the_file_again(
    make_app,
):
    client = make_app(RATE_LIMIT="1/minute").test_client()
    assert client.post("/api/import", json=EMPTY_EXPORT).status_code == 200
    response = upload_on_import_page(client, json.dumps(empty_game_export()).encode())

    assert "Retry-After" not in response.headers
    page = follow_refusal(client, response, "/import")
    assert re.search(TOO_MANY, page)
    # A file cannot be put back in its box: the page asks for it beside the box.
    assert re.search(
        r'type="file"[^>]*aria-invalid="true">\s*'
        r'<p class="field-error" role="alert">Choose a file to import\.</p>',
        page,
    )
    for link in language_links(page):
        chosen = client.get(link)
        assert (chosen.status_code, chosen.headers["Location"]) == (303, "/import")
    assert game_count(client) == 0


def test_the_429_writes_its_seconds_in_the_readers_digits_and_retry_after_in_ascii(
    limited_client,
):
    for _ in range(60):
        limited_client.post("/api/games", json=NEW_GAME)

    response = limited_client.post("/api/games", json=NEW_GAME, headers={"Accept-Language": "ne"})

    seconds = response.headers["Retry-After"]
    assert response.status_code == 429
    assert seconds.isascii() and seconds.isdigit()
    devanagari = seconds.translate(str.maketrans("0123456789", "०१२३४५६७८९"))
    assert response.get_json()["error"] == (
        "यो नेटवर्कबाट छोटो समयमा धेरै अनुरोध आए, त्यसैले केही गरिएन। "
        f"{devanagari} सेकेन्डपछि फेरि प्रयास गर्नुहोस्।"
    )


def test_each_client_address_is_counted_on_its_own(limited_client):
    for _ in range(60):
        limited_client.post("/api/games", json=NEW_GAME)

    response = limited_client.post(
        "/api/games", json=NEW_GAME, environ_base={"REMOTE_ADDR": "192.0.2.7"}
    )

    assert response.status_code == 201


def test_imports_and_settling_are_limited_too(limited_client):
    for _ in range(60):
        limited_client.post("/api/import", json=EMPTY_EXPORT)
        limited_client.post("/api/settle", json=HANDS)
    upload = {"file": (io.BytesIO(json.dumps(EMPTY_EXPORT).encode()), "games.json")}

    assert limited_client.post("/api/import", json=EMPTY_EXPORT).status_code == 429
    assert refused_by_redirect(limited_client, limited_client.post("/import", data=upload))
    assert limited_client.post("/api/settle", json=HANDS).status_code == 429
    assert refused_by_redirect(limited_client, limited_client.post("/settle", data={}))
    # Each kind is counted apart: creating a game is still allowed.
    assert limited_client.post("/api/games", json=NEW_GAME).status_code == 201


def test_the_export_of_every_game_is_limited_apart_and_an_import_still_runs(make_app):
    """Each export reads every game, holding the one turn for long tasks, whether or not
    its client stays: asked for again and again, it would keep every import out."""
    client = make_app(RATE_LIMIT="3/minute").test_client()
    for address in ["/export.json", "/api/export", "/export.json"]:
        with client.get(address) as allowed:
            assert allowed.status_code == 200

    refused = [client.get("/export.json"), client.get("/api/export"), client.head("/api/export")]

    assert [answer.status_code for answer in refused] == [429, 429, 429]
    assert all(int(answer.headers["Retry-After"]) >= 1 for answer in refused)
    assert refused[1].get_json()["error"].startswith("Too many requests from this network")
    assert client.post("/api/import", json=EMPTY_EXPORT).status_code == 200


def test_reading_and_writes_that_need_the_key_are_not_counted(limited_client):
    game = create_api_game(limited_client)
    for _ in range(70):
        assert limited_client.get("/settle").status_code == 200
    for _ in range(35):
        game.nobody(1, "phase1")
        assert game.undo().status_code == 200


def test_a_refused_request_leaves_a_game_as_it_was(limited_client):
    game = create_api_game(limited_client)
    game.nobody(1, "phase1")
    before = game.state()
    for _ in range(59):
        limited_client.post("/api/games", json=NEW_GAME)

    assert limited_client.post("/api/games", json=NEW_GAME).status_code == 429
    assert game.state() == before


def test_with_the_limit_off_nothing_is_refused(make_app):
    client = make_app(RATE_LIMIT="off").test_client()

    answers = {client.post("/api/games", json=NEW_GAME).status_code for _ in range(150)}

    assert answers == {201}


def test_the_environment_sets_the_limit_and_where_it_is_counted():
    settings = config_from_environment(
        {"RATE_LIMIT": "10/second", "RATE_LIMIT_STORAGE_URI": "memcached://cache:11211"}
    )

    assert settings["RATE_LIMIT"] == "10/second"
    assert settings["RATELIMIT_STORAGE_URI"] == "memcached://cache:11211"


def test_by_default_sixty_a_minute_are_allowed_and_counted_in_memory():
    settings = config_from_environment({})

    assert settings["RATE_LIMIT"] == "60/minute"
    assert settings["RATELIMIT_STORAGE_URI"] == "memory://"


def test_a_limit_that_cannot_be_read_stops_the_app_at_start(database_url):
    with pytest.raises(ValueError, match="RATE_LIMIT='sixty' is not a limit"):
        create_app(settings_for(database_url, RATE_LIMIT="sixty"))
