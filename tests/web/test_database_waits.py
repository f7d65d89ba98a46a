"""A database locked longer than the app waits gets the app's own 503, in JSON for the
API and HTML for pages (a tap, a new game or an import goes back to its page, which says
so), and nothing of the refused request is written."""

import html
import json
import re
import sqlite3
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine, make_url, text

from support.api_client import create_api_game
from support.export_documents import empty_game_export, upload_on_import_page
from support.table_forms import (
    accepted,
    fix_fields,
    follow_refusal,
    start_game,
    step_card_fields,
    tap,
)

BUSY = "The database is busy, so nothing was recorded. Try again in a moment."
APP_WAIT = 0.3


@contextmanager
def writes_locked(database_url: str):
    """Hold every write to the games table, longer than the app waits, until the end."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        holder = sqlite3.connect(url.database, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # the one writer SQLite allows at a time
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        return
    engine = create_engine(url)
    try:
        with engine.connect() as holder:
            holder.execute(text("LOCK TABLE games IN SHARE MODE"))  # reads go on
            yield
            holder.rollback()
    finally:
        engine.dispose()


@pytest.fixture
def impatient_app(make_app):
    return make_app(DATABASE_LOCK_TIMEOUT_SECONDS=APP_WAIT)


def test_an_api_write_past_the_apps_wait_gets_a_json_503_and_records_nothing(
    impatient_app, database_url
):
    client = impatient_app.test_client()
    game = create_api_game(client, ["Ann", "Bo"])
    before = client.get(game.url).json

    with writes_locked(database_url):
        response = game.post({"round": 1, "step": "phase1", "outcome": "none"})

    assert response.status_code == 503
    assert response.headers["Retry-After"] == "1"
    assert response.json == {"error": BUSY}
    assert client.get(game.url).json == before


def step_card(page: str) -> str:
    """The scoreboard's step card, where a refused tap says why."""
    return re.search(r'<section class="card step-card".*?</section>', page, re.S).group()


def test_a_tap_past_the_apps_wait_goes_back_to_the_scoreboard_and_records_nothing(
    impatient_app, database_url
):
    client = impatient_app.test_client()
    game_url = start_game(client, "Ann", "Bo")
    tap = step_card_fields(client, game_url) | {"winner": "Bo", "hand": "flush"}
    before = client.get(f"/api{game_url}").json

    with writes_locked(database_url):
        response = client.post(f"{game_url}/entries", data=tap)

    # Post, redirect, get: a reload or a language switch does not meet the POST address.
    assert "Retry-After" not in response.headers
    page = follow_refusal(client, response, game_url)
    assert BUSY in step_card(page)
    assert re.search(r'value="Bo"\s+checked', page)  # the player tapped stays chosen
    assert client.get(f"/api{game_url}").json == before
    for link in re.findall(r'href="(/language/[^"]+)"', page):
        chosen = client.get(html.unescape(link))
        assert (chosen.status_code, chosen.headers["Location"]) == (303, game_url)


def test_a_correction_past_the_apps_wait_goes_back_to_its_card_with_the_choice(
    impatient_app, database_url
):
    client = impatient_app.test_client()
    game_url = start_game(client, "Ann", "Bo")
    assert accepted(client, tap(client, game_url, winner="Ann", hand="flush"))
    card = client.get(f"{game_url}/entries/1").text
    hidden = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', card))
    before = client.get(f"/api{game_url}").json

    with writes_locked(database_url):
        response = client.post(
            f"{game_url}/entries/1", data=hidden | {"winner": "Bo", "answer": "hand=flush"}
        )

    page = follow_refusal(client, response, f"{game_url}/entries/1")
    card = re.search(r'<section class="card step-card correcting".*?</section>', page, re.S)
    assert BUSY in card.group()
    assert re.search(r'name="winner" value="Bo"\s+checked', page)
    assert client.get(f"/api{game_url}").json == before


def test_a_fix_of_the_names_past_the_apps_wait_comes_back_open_as_it_was_typed(
    impatient_app, database_url
):
    client = impatient_app.test_client()
    game_url = start_game(client, "Ann", "Bjorn")
    typed = fix_fields(client.get(game_url).text) | {"players-1": "Björn", "dealer": "1"}
    before = client.get(f"/api{game_url}").json

    with writes_locked(database_url):
        response = client.post(f"{game_url}/players", data=typed)

    page = follow_refusal(client, response, game_url)
    fix = page[page.index('<details class="card fix-players"') :]
    assert fix.startswith('<details class="card fix-players" id="fix-players" open>')
    assert BUSY in page
    assert fix_fields(page) == typed
    assert client.get(f"/api{game_url}").json == before


def test_a_new_game_past_the_apps_wait_goes_back_to_the_start_page_with_the_names(
    impatient_app, database_url
):
    client = impatient_app.test_client()

    with writes_locked(database_url):
        response = client.post(
            "/games", data={"players-0": "Ann", "players-1": "Bo", "dealer": "0"}
        )

    page = follow_refusal(client, response, "/")
    assert BUSY in page
    assert 'value="Ann"' in page and 'value="Bo"' in page
    assert client.get("/api/games").json["total"] == 0


def test_an_import_past_the_apps_wait_goes_back_to_the_import_page_and_stores_nothing(
    impatient_app, database_url
):
    client = impatient_app.test_client()
    body = json.dumps(empty_game_export()).encode()

    with writes_locked(database_url):
        api = client.post("/api/import", data=body, content_type="application/json")
        page = upload_on_import_page(client, body)

    assert (api.status_code, api.json) == (503, {"error": BUSY})
    # Post, redirect, get: a reload does not send the file again behind the reader's back.
    assert "Retry-After" not in page.headers
    shown = follow_refusal(client, page, "/import")
    assert f'<p class="form-error" role="alert">{BUSY}</p>' in shown
    assert '<p class="field-error" role="alert">Choose a file to import.</p>' in shown
    assert client.get("/api/games").json["total"] == 0
