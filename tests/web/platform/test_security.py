"""Headers, cookies and CSRF: pages stay on their own origin and forms can't be forged."""

import io
import re

import pytest

from chicago_scorer.web.platform.security import CONTENT_SECURITY_POLICY
from support.form_tokens import csrf_token

PAGES = ["/", "/settle", "/no-such-page", "/api/games", "/api/games/999"]


@pytest.mark.parametrize("path", PAGES)
def test_every_response_carries_the_security_headers(client, path):
    response = client.get(path)

    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_the_policy_allows_only_this_origin_and_no_framing():
    directives = dict(directive.split(" ", 1) for directive in CONTENT_SECURITY_POLICY.split("; "))

    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY


def pages_of_a_game(client) -> list[str]:
    game_url = client.post(
        "/games", data={"players-0": "Ann", "players-1": "Bo", "dealer": "0"}
    ).headers["Location"]
    return ["/", "/settle", game_url, f"{game_url}/settle"]


def test_templates_have_no_inline_scripts_or_styles(client):
    for path in pages_of_a_game(client):
        page = client.get(path).text
        assert not re.search(r"<script(?![^>]*\bsrc=)", page), path
        assert "<style" not in page, path
        assert not re.search(r"\sstyle=", page), path
        assert not re.search(r"\son[a-z]+=", page), path


def test_the_session_cookie_is_httponly_and_lax_and_secure_over_https(client):
    plain = client.post("/games", data={"players-0": "Ann", "players-1": "Bo", "dealer": "0"})
    secure = client.post(
        "/games",
        data={"players-0": "Cy", "players-1": "Dee", "dealer": "0"},
        base_url="https://localhost",
    )

    plain_cookie = plain.headers["Set-Cookie"]
    secure_cookie = secure.headers["Set-Cookie"]
    assert "HttpOnly" in plain_cookie and "SameSite=Lax" in plain_cookie
    assert "Secure" not in plain_cookie
    assert "Secure" in secure_cookie


def test_behind_a_trusted_proxy_the_forwarded_scheme_makes_the_cookie_secure(make_app):
    client = make_app(TRUSTED_PROXIES=1).test_client()

    response = client.post(
        "/games",
        data={"players-0": "Ann", "players-1": "Bo", "dealer": "0"},
        headers={"X-Forwarded-Proto": "https"},
    )

    assert "Secure" in response.headers["Set-Cookie"]


@pytest.fixture
def csrf_app(make_app):
    return make_app(WTF_CSRF_ENABLED=True)


def forms_on(page: str) -> list[str]:
    return re.findall(r'<form method="post"(?: action="([^"]*)")?', page)


def a_kept_game_and_its_forms(keeper) -> tuple[str, set[str]]:
    """A game this client keeps score of, with one entry so that the undo form is shown
    too, and the address of every form its phone's pages show."""
    token = csrf_token(keeper.get("/").text)
    game_url = keeper.post(
        "/games",
        data={"csrf_token": token, "players-0": "Ann", "players-1": "Bo", "dealer": "0"},
    ).headers["Location"]
    keeper.post(
        f"{game_url}/entries",
        data={"csrf_token": token, "round": "1", "step": "phase1", "outcome": "none"},
    )
    actions = set()
    for path in ["/", "/settle", game_url, f"{game_url}/settle", f"{game_url}/entries/1"]:
        actions |= {action or path for action in forms_on(keeper.get(path).text)}
    assert {
        "/games",
        f"{game_url}/entries",
        f"{game_url}/undo",
        f"{game_url}/revoke",
        f"{game_url}/entries/1",
        f"{game_url}/players",
        f"{game_url}/delete",
        "/settle",
        f"{game_url}/settle",
    } <= actions
    return game_url, actions


def test_every_form_is_refused_without_its_csrf_token(csrf_app):
    keeper = csrf_app.test_client()
    game_url, actions = a_kept_game_and_its_forms(keeper)
    before = keeper.get(f"/api{game_url}").get_json()

    # The phone pages go back to the page the form was on, and say why there (a
    # correction to its entry's card); the settlers, whose answer is the page itself,
    # answer 400.
    went_back = (
        {"/games": "/"}
        | {
            f"{game_url}/{form}": game_url
            for form in ["entries", "undo", "revoke", "players", "delete"]
        }
        | {f"{game_url}/entries/1": f"{game_url}/entries/1"}
    )
    statuses = {}
    for action in actions:
        answer = keeper.post(action, data={"round": "1"})
        statuses[action] = answer.status_code
        if action in went_back:
            assert answer.headers["Location"] == went_back[action]
            refusal = "no game was started" if action == "/games" else "nothing was recorded"
            assert f"out of date, so {refusal}" in keeper.get(went_back[action]).text

    assert statuses == {action: 303 if action in went_back else 400 for action in actions}
    assert keeper.get(f"/api{game_url}").get_json() == before


@pytest.mark.parametrize(
    "from_another_site",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": "https://evil.example"},
    ],
)
def test_every_form_sent_from_another_site_is_refused_even_with_its_token(
    csrf_app, from_another_site
):
    # Another site's page cannot read the token, but a browser's word that the form came
    # from elsewhere is enough: the token is not the only safeguard.
    keeper = csrf_app.test_client()
    game_url, actions = a_kept_game_and_its_forms(keeper)
    page = keeper.get(game_url).text
    token = csrf_token(page)
    before = keeper.get(f"/api{game_url}").get_json()
    games_before = keeper.get("/api/games").get_json()["total"]

    for action in actions:
        answer = keeper.post(
            action,
            data={"csrf_token": token, "round": "1", "step": "phase2", "outcome": "none"},
            headers=from_another_site,
        )
        assert answer.status_code == 403, action
        assert (
            "This request came from a page of another site, so nothing was done. "
            "Open Chicago Scorer itself to do this."
        ) in answer.text, action
        assert "Set-Cookie" not in answer.headers, action

    assert keeper.get(f"/api{game_url}").get_json() == before
    assert keeper.get("/api/games").get_json()["total"] == games_before
    # The same form from the phone's own page is taken.
    taken = keeper.post(
        f"{game_url}/entries",
        data={"csrf_token": token, "round": "1", "step": "phase2", "outcome": "none"},
        headers={"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
    )
    assert taken.status_code == 303
    assert len(keeper.get(f"/api{game_url}").get_json()["events"]) == 2


@pytest.mark.parametrize(
    ("path", "form", "refusal"),
    [
        (
            "/import",
            {"file": (io.BytesIO(b"{}"), "games.json")},
            "so nothing was imported. Open the import page again and choose the file.",
        ),
        (
            "/settle",
            {"players-0": "Ann"},
            "so no cards were compared. Open the page again and pick the cards.",
        ),
    ],
)
def test_an_out_of_date_import_or_settle_page_says_what_it_did_not_do(
    csrf_app, path, form, refusal
):
    phone = csrf_app.test_client()
    phone.get(path)  # the page, and with it the session its token is checked against

    answer = phone.post(path, data=form)

    assert answer.status_code == 400
    assert f"This page was out of date, {refusal}" in answer.text
    assert "Check the scores" not in answer.text


def test_an_out_of_date_settle_page_of_a_game_leads_back_to_the_game(csrf_app):
    phone = csrf_app.test_client()
    created = phone.post("/api/games", json={"players": ["Ann", "Bo"]}).get_json()
    game_url = f"/games/{created['id']}"
    phone.get(f"{game_url}/settle")

    answer = phone.post(f"{game_url}/settle", data={"hands-0": "As Ks Qs Js 10s"})

    assert answer.status_code == 400
    assert f'<a class="button" href="{game_url}">Back to the game</a>' in answer.text
    assert "Back to the start" not in answer.text


def test_the_session_cookie_is_read_with_the_secret_keys_the_app_has_now(make_app):
    app = make_app(SECRET_KEY="the old key")
    phone = app.test_client()
    game_url = phone.post(
        "/games", data={"players-0": "Ann", "players-1": "Bo", "dealer": "0"}
    ).headers["Location"]
    keeping_score = phone.get(game_url).text

    app.secret_key = "the new key"
    app.config["SECRET_KEY_FALLBACKS"] = ["the old key"]
    with_the_old_key_as_fallback = phone.get(game_url).text
    app.config["SECRET_KEY_FALLBACKS"] = []
    without_it = phone.get(game_url).text

    assert 'name="hand"' in keeping_score
    assert 'name="hand"' in with_the_old_key_as_fallback
    assert 'name="hand"' not in without_it  # the cookie was signed with the old key
