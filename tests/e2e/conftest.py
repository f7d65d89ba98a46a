"""Fixtures for the browser tests: a real server, Chromium as a phone, and seeded games.

The app is served by gunicorn (tests/support/live_server.py) on its own fresh database,
on PostgreSQL when TEST_DATABASE_URL names one. Without a Chromium these tests are
skipped, with the reason; under CI=true a missing Chromium is an error instead.
"""

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import APIRequestContext, Browser, Playwright

from support.live_server import LiveServer
from support.phone import (
    MISSING_CHROMIUM,
    Phone,
    find_chromium,
    launch_options,
    phone_options,
    phones_in,
)
from support.seeding import (
    SamplePage,
    SeededGame,
    hand_win,
    last_trick_to,
    no_hand,
    to_a_tiebreak,
)
from support.wifi import Wifi


def _on_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"true", "1"}


@pytest.fixture(scope="session", autouse=True)
def chromium() -> str:
    """The Chromium binary, or a skip (an error on CI) that says how to get one."""
    path = find_chromium()
    if path is None:
        if _on_ci():
            pytest.fail(f"CI=true and {MISSING_CHROMIUM}", pytrace=False)
        pytest.skip(MISSING_CHROMIUM)
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, chromium) -> dict:
    return browser_type_launch_args | launch_options(chromium)


@pytest.fixture(scope="session")
def app_server(databases, tmp_path_factory) -> Iterator[LiveServer]:
    """The app served by gunicorn with two workers, on a database of its own."""
    with databases.fresh() as database_url:
        log_path = tmp_path_factory.mktemp("e2e-server") / "gunicorn.log"
        server = LiveServer(database_url, log_path=log_path)
        try:
            server.start()
            yield server
        finally:
            server.stop()


@pytest.fixture(scope="session")
def base_url(app_server: LiveServer) -> str:
    """Where pages are opened from (this also replaces pytest-playwright's fixture)."""
    return app_server.url


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, playwright) -> dict:
    return browser_context_args | phone_options(playwright)


@pytest.fixture
def new_phone(browser: Browser, browser_context_args: dict):
    """Make phones, each its own browser context (its own cookies), closed after the test.

    Options override the iPhone's, e.g. ``new_phone(viewport={"width": 320, ...})``.
    """
    with phones_in(browser, browser_context_args) as make:
        yield make


@pytest.fixture
def scorekeeper(new_phone) -> Phone:
    """The phone that starts the game."""
    return new_phone()


@pytest.fixture
def wifi(app_server):
    """The table's Wi-Fi: a phone opened through it is cut off from the server while it
    is off, even in a reload that Chromium's offline emulation has not reached yet."""
    with Wifi(app_server.port) as table_wifi:
        yield table_wifi


@pytest.fixture(scope="session")
def api(playwright: Playwright, app_server: LiveServer) -> Iterator[APIRequestContext]:
    context = playwright.request.new_context(base_url=app_server.url)
    yield context
    context.dispose()


@pytest.fixture(scope="session")
def seed_game(api: APIRequestContext):
    """Create a game through the API and record entries in it."""

    def seed(
        players: list[str], *entries: dict, dealer: str | None = None, rules: dict | None = None
    ) -> SeededGame:
        body = {"players": players} | ({"dealer": dealer} if dealer else {})
        body |= {"rules": rules} if rules else {}
        response = api.post("/api/games", data=body)
        assert response.status == 201, response.text()
        created = response.json()
        game = SeededGame(api, created["id"], created["edit_key"])
        game.record(*entries)
        return game

    return seed


@pytest.fixture(scope="session")
def sample_pages(seed_game) -> list[SamplePage]:
    """One of every kind of page, with games in every state a scoreboard can be in."""
    long_names = ["Ann", "Bo", "Cy", "Anna-Karin Lindqvist-Johansson"]
    hand_step = seed_game(long_names, hand_win(1, "phase1", "Ann", "two_pair"))
    tricks_step = seed_game(
        ["Ann", "Bo", "Cy"],
        hand_win(1, "phase1", "Ann", "straight_flush"),
        hand_win(1, "phase2", "Ann", "straight_flush"),
    )
    top_tied = to_a_tiebreak(["Ann", "Bo", "Cy"])
    tiebreak = seed_game(["Ann", "Bo", "Cy"], *top_tied)
    finished = seed_game(
        ["Ann", "Bo", "Cy"],
        *top_tied,
        hand_win(2, "phase1", "Ann", "one_pair"),
        no_hand(2, "phase2"),
        last_trick_to(2, "Bo"),
        no_hand(2, "phase3"),
    )
    return [
        SamplePage("home", "/", ".seating"),
        SamplePage("scoreboard at a hand step", hand_step.path, ".choice-grid.hands", hand_step),
        SamplePage("scoreboard at the tricks step", tricks_step.path, ".why-not", tricks_step),
        SamplePage("scoreboard in a tiebreak", tiebreak.path, ".step-note", tiebreak),
        SamplePage("scoreboard of a finished game", finished.path, ".banner.winner"),
        SamplePage("settle in a game", f"{hand_step.path}/settle", ".playing-card", hand_step),
        SamplePage("settle an argument", "/settle", ".hand-name-input"),
        SamplePage("history", "/history", ".history-list"),
        SamplePage("players", "/players", ".stats-table"),
        SamplePage("review", f"{finished.path}/review", ".score-chart"),
        SamplePage("a player's page", "/players/Ann", ".hand-bars"),
        SamplePage("error page", "/games/999999", ".card h1"),
    ]
