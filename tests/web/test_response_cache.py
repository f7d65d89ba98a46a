"""Cached pages and JSON always show what an uncached answer would, after any write."""

import pytest
from flask import url_for
from sqlalchemy import update

from chicago_scorer.extensions import db
from chicago_scorer.storage.models import Player
from chicago_scorer.web.page_cache import ResponseCache, response_cache, template_url_for
from support.api_client import create_api_game


def fresh(app, client, url: str, **kwargs):
    """The answer as it is rendered with nothing cached."""
    with app.app_context():
        response_cache().clear()
    return client.get(url, **kwargs)


def cached_then_fresh(app, client, url: str, **kwargs):
    cached = client.get(url, **kwargs)
    return cached, fresh(app, client, url, **kwargs)


def assert_same_answer(cached, uncached) -> None:
    assert cached.status_code == uncached.status_code == 200
    assert cached.data == uncached.data
    assert cached.headers == uncached.headers


@pytest.mark.parametrize("page", ["/games/{id}", "/api/games/{id}"])
def test_a_cached_game_follows_every_record_and_undo(app, client, page):
    game = create_api_game(client, ["Ann", "Bo"])
    url = page.format(id=game.id)
    watcher = app.test_client()
    first = watcher.get(url)
    moves = [
        lambda: game.win(1, "phase1", "Ann", "flush"),
        lambda: game.nobody(1, "phase2"),
        game.undo,
        lambda: game.win(1, "phase2", "Bo", "one_pair"),
        game.undo,
        game.undo,
    ]
    seen = {first.data}
    for move in moves:
        move()
        cached, uncached = cached_then_fresh(app, watcher, url)
        assert_same_answer(cached, uncached)
        seen.add(cached.data)
    # Back where it began, yet not the first page: the version changed with every write.
    assert len(seen) >= 4


def test_the_api_game_answers_exactly_as_before_it_was_cached(app, client):
    game = create_api_game(client, ["Ann", "Bo", "Cy"])
    game.win(1, "phase1", "Cy", "straight")
    assert client.get(game.url).get_json() == game.state() == fresh(app, client, game.url).json


def test_a_watchers_scoreboard_carries_no_csrf_token_and_sets_no_cookie(make_app):
    app = make_app(WTF_CSRF_ENABLED=True)
    game = create_api_game(app.test_client(), ["Ann", "Bo"])
    for _ in range(2):  # rendered, then cached
        page = app.test_client().get(f"/games/{game.id}")
        assert b"csrf_token" not in page.data
        assert "Set-Cookie" not in page.headers
        assert set(page.vary) == {"Accept-Language", "Cookie"}


def test_the_scorekeepers_page_is_never_shared_with_watchers(app, client):
    created = client.post("/games", data={"players-0": "Ann", "players-1": "Bo"})
    assert created.status_code == 303, created.data[:500]
    url = created.headers["Location"]
    keeper_page = client.get(url)
    watcher_page = app.test_client().get(url)
    again = client.get(url)
    assert b"/entries" in keeper_page.data and b"/entries" in again.data
    assert b"/entries" not in watcher_page.data
    assert b"/keep-score/" in again.data and b"/keep-score/" not in watcher_page.data


def test_a_waiting_message_is_shown_even_on_a_cached_page(app, client):
    game = create_api_game(client, ["Ann", "Bo"])
    for url in (f"/games/{game.id}", "/history", "/players/Ann"):
        client.get(url)
        with client.session_transaction() as session:
            session["_flashes"] = [("message", "A word for this phone only")]
        assert b"A word for this phone only" in client.get(url).data
        assert b"A word for this phone only" not in client.get(url).data


def test_each_host_gets_links_to_itself(app, client):
    game = create_api_game(client, ["Ann", "Bo"])
    url = f"/games/{game.id}"
    one = client.get(url, base_url="http://raspberrypi.local")
    other = client.get(url, base_url="http://192.168.1.20:5000")
    assert b"http://raspberrypi.local/" in one.data
    assert b"http://192.168.1.20:5000/" in other.data


@pytest.mark.parametrize("page", ["/games/{id}", "/history", "/players", "/players/Ann"])
def test_a_query_one_visitor_sent_never_reaches_another_visitors_page(app, client, page):
    game = create_api_game(client, ["Ann", "Bo"])
    url = page.format(id=game.id)
    app.test_client().get(url + "?from=elsewhere")

    cached, uncached = cached_then_fresh(app, app.test_client(), url)

    assert_same_answer(cached, uncached)
    assert b"elsewhere" not in cached.data


@pytest.mark.parametrize(
    "page", ["/history", "/history?player=ann", "/players", "/players/Ann", "/api/games?limit=5"]
)
def test_listings_follow_new_games_records_and_undos(app, client, page):
    game = create_api_game(client, ["Ann", "Bo"])
    moves = [
        lambda: game.win(1, "phase1", "Ann", "flush"),
        game.undo,
        lambda: create_api_game(client, ["Ann", "Cy"]),
        lambda: game.win(1, "phase1", "Bo", "royal_flush"),
    ]
    client.get(page)
    for move in moves:
        move()
        cached, uncached = cached_then_fresh(app, client, page)
        assert_same_answer(cached, uncached)


def test_listings_follow_an_import(app, client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "flush")
    exported = client.get("/api/export")
    assert exported.status_code == 200, exported.data[:300]
    document = exported.get_json()
    game.win(1, "phase2", "Bo", "flush")  # so the file's game is no longer the one here
    before = client.get("/history")
    imported = client.post("/api/import", json=document)
    assert imported.status_code == 201, imported.data[:300]
    cached, uncached = cached_then_fresh(app, client, "/history")
    assert_same_answer(cached, uncached)
    assert cached.data != before.data


def test_the_cache_forgets_the_least_recently_used_beyond_its_bound():
    cache = ResponseCache(max_entries=2)
    cache.put("a", b"1")
    cache.put("b", b"2")
    assert cache.get("a") == b"1"
    cache.put("c", b"3")
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (b"1", None, b"3")


@pytest.mark.parametrize("page", ["/history", "/players/Ann"])
def test_listings_follow_a_rebuild_that_corrects_a_stored_summary(app, client, runner, page):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "royal_flush")
    with app.app_context():
        db.session.execute(
            update(Player).where(Player.game_id == game.id).values(score=7, wins_royal_flush=3)
        )
        db.session.commit()
    wrong = fresh(app, client, page)  # rendered from the wrong figures, and kept

    assert runner.invoke(args=["rebuild"]).exit_code == 0

    cached, uncached = cached_then_fresh(app, client, page)
    assert_same_answer(cached, uncached)
    assert cached.data != wrong.data


def test_the_api_keeps_one_game_for_every_language_and_pages_one_per_language(app, client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "flush")
    with app.app_context():
        response_cache().clear()
    for language in ("sv", "it", "en"):
        assert client.get(game.url, headers={"Accept-Language": language}).status_code == 200
        page = client.get(f"/games/{game.id}", headers={"Accept-Language": language})
        assert page.status_code == 200
    with app.app_context():
        kept = list(response_cache()._entries)
    assert sum(key[0] == "api-game" for key in kept) == 1
    assert sum(key[0] == "scoreboard" for key in kept) == 3


def test_a_kept_address_is_the_one_url_for_builds_for_each_root_path_and_host(app):
    asked = [
        ("pages.scoreboard", {"game_id": 7}),
        ("correcting.entry", {"game_id": 7, "number": 3}),
        ("language_choice.choose", {"code": "sv", "next": "/history?player=Ann & Bo"}),
        ("static", {"filename": "app.css"}),
        ("pages.scoreboard", {"game_id": 7, "_external": True}),
        ("history.game_list", {"player": ["Ann", "Bo"]}),  # a list cannot be a key
    ]
    requests = [
        {"base_url": "http://phone.local/"},
        {"base_url": "http://phone.local/", "environ_overrides": {"SCRIPT_NAME": "/chicago"}},
        {"base_url": "http://192.168.1.20:8000/"},
    ]
    for _round in range(2):  # built, then kept
        for request in requests:
            with app.test_request_context("/", **request):
                for endpoint, values in asked:
                    assert template_url_for(endpoint, **values) == url_for(endpoint, **values)

    with app.test_request_context("/", environ_overrides={"SCRIPT_NAME": "/chicago"}):
        assert template_url_for("pages.scoreboard", game_id=7) == "/chicago/games/7"


def test_templates_build_their_addresses_with_the_kept_url_for(app):
    assert app.jinja_env.globals["url_for"] is template_url_for
