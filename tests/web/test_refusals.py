"""Refusals reach people one way: one table of statuses, one handler, JSON or a page."""

import pytest
from markupsafe import escape

from chicago_scorer.rules import OutOfTurn, RuleViolation
from chicago_scorer.rules.errors import Refusal, RuleViolations
from chicago_scorer.services.errors import (
    ExportMustWait,
    ExportTooSoon,
    ImportInterrupted,
    ImportMustWait,
)
from chicago_scorer.web.refusal_statuses import STATUS_OF, status_of

SWEDISH = {"Accept-Language": "sv"}


def refusals_below(kind: type[Refusal]) -> set[type[Refusal]]:
    """Every subclass of ``kind``, however deep."""
    found = set()
    for subclass in kind.__subclasses__():
        found |= {subclass} | refusals_below(subclass)
    return found


def test_every_refusal_the_app_defines_has_a_status_in_the_one_table(app):
    defined = {
        kind for kind in refusals_below(Refusal) if kind.__module__.startswith("chicago_scorer.")
    }
    # The app is built, so every module that defines a refusal has been imported.
    assert len(defined) >= 14
    missing = sorted(kind.__qualname__ for kind in defined if kind not in STATUS_OF)
    assert missing == [], "give each a status in web/refusal_statuses.py STATUS_OF"
    # The client's fault, but for an import the server had no time to finish, or an import
    # or export that did not start while another ran: try again.
    busy = {ImportInterrupted, ImportMustWait, ExportMustWait, ExportTooSoon}
    assert all(400 <= STATUS_OF[kind] < 500 for kind in defined - busy)
    assert {STATUS_OF[kind] for kind in busy} == {503}


def test_no_refusal_falls_back_on_a_status_for_refusals_in_general():
    assert Refusal not in STATUS_OF
    with pytest.raises(TypeError, match="no status for Refusal"):
        status_of(Refusal("Refused."))


@pytest.mark.parametrize(
    ("refusal", "status"),
    [
        (RuleViolation("Bad."), 422),
        (RuleViolations([RuleViolation("Bad."), RuleViolation("Worse.")]), 422),
        (OutOfTurn("Not now."), 409),
    ],
)
def test_a_refusal_has_its_own_kinds_status(refusal, status):
    assert status_of(refusal) == status


def test_refusals_are_answered_by_the_app_alone_never_by_a_blueprint(app):
    for blueprint, by_code in app.error_handler_spec.items():
        if blueprint is None:
            continue
        handled = {kind for handlers in by_code.values() for kind in handlers}
        assert not any(issubclass(kind, Refusal) for kind in handled), blueprint


def test_every_pages_form_is_marked_with_where_its_refusals_go_and_no_api_address_is(app):
    # A form stopped before its view (an out-of-date page, the rate limit, a busy
    # database) goes back to the page its view's mark names; one left unmarked would be
    # answered with a bare error page instead.
    posted_to = {rule.endpoint for rule in app.url_map.iter_rules() if "POST" in rule.methods}
    api = {endpoint for endpoint in posted_to if endpoint.split(".")[0].startswith("api")}
    marked = {
        endpoint
        for endpoint in posted_to
        if getattr(app.view_functions[endpoint], "form_refusals", None) is not None
    }
    assert {"api.record_event", "api_all_games.import_document"} <= api
    assert {"pages.record_entry", "correcting.correct_entry", "transfer.import_page"} <= marked
    assert marked == posted_to - api


def test_an_unknown_game_is_a_page_in_the_readers_language_outside_the_api(client):
    response = client.get("/games/404/review", headers=SWEDISH)

    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "<h1>Hittades inte</h1>" in response.text
    gone = "Det finns inget parti 404: det har tagits bort, eller så är länken fel."
    assert gone in response.text


def test_an_unknown_game_is_json_in_the_readers_language_on_the_api(client):
    response = client.get("/api/games/404", headers=SWEDISH)

    assert response.status_code == 404
    assert response.get_json() == {
        "error": "Det finns inget parti 404: det har tagits bort, eller så är länken fel."
    }


@pytest.mark.parametrize("game_id", [2**31, 2**63])
def test_an_id_no_stored_game_can_have_is_an_unknown_game_at_every_address(app, game_id):
    client = app.test_client()
    addresses = [
        rule.rule.replace("<int:game_id>", str(game_id))
        for rule in app.url_map.iter_rules()
        if "game_id" in rule.arguments and rule.arguments <= {"game_id"} and "GET" in rule.methods
    ]
    assert "/games/<int:game_id>/export.json" in {rule.rule for rule in app.url_map.iter_rules()}

    statuses = {address: client.get(address).status_code for address in addresses}

    assert len(statuses) >= 8
    assert set(statuses.values()) == {404}, statuses


def test_an_unknown_player_is_answered_alike_by_the_api_and_the_pages(client):
    page = client.get("/players/Nobody", headers=SWEDISH)
    api = client.get("/api/players/Nobody/stats", headers=SWEDISH)

    assert (page.status_code, api.status_code) == (404, 404)
    assert page.mimetype == "text/html"
    assert api.get_json()["error"].startswith("Ingen som heter")
    assert escape(api.get_json()["error"]) in page.text


def test_a_method_an_api_address_does_not_take_is_a_405_that_says_which_it_does(client):
    response = client.put("/api/games", json={"players": ["Ann", "Bo"]})

    assert response.status_code == 405
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS", "POST"}
    assert response.get_json() == {"error": "This address takes GET and POST, not PUT."}


def test_a_method_a_page_does_not_take_is_a_405_page_that_says_which_it_does(client):
    response = client.delete("/history")

    assert response.status_code == 405
    assert "GET" in response.headers["Allow"].split(", ")
    assert response.mimetype == "text/html"
    assert "This address takes GET, not DELETE." in response.text


def test_a_405_says_the_methods_in_the_readers_language(client):
    response = client.put("/api/games", json={}, headers={"Accept-Language": "sv"})

    assert response.status_code == 405
    assert response.get_json()["error"].endswith("PUT.")
    assert "GET" in response.get_json()["error"] and "POST" in response.get_json()["error"]
    assert "This address takes" not in response.get_json()["error"]
