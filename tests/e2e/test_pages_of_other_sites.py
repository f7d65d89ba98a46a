"""A page of another site, open in a player's browser, cannot create or import games, nor
take the phone's edit keys from it.

The page is served by a second server on another port and opened by name as localhost,
so that Chromium treats it as another site than the app at 127.0.0.1. It sends what the
security probe sent: a no-cors fetch with a text/plain body, which a browser sends
without asking the app first; and a form posted to the new-game address.
"""

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import APIRequestContext, expect

from support.export_documents import empty_game_export
from support.live_server import LiveServer, free_port

IMPORTED = empty_game_export("Mallory", "Trudy")
CREATED = {"players": ["Mallory", "Eve"]}

PROBE = """<!doctype html>
<html><head><meta charset="utf-8"><title>loading</title></head><body>
<script>
const app = %(app)s;
const send = (path, body) => fetch(app + path, {
  method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: body,
});
Promise.all([send("/api/import", %(imported)s), send("/api/games", %(created)s)])
  .then(() => { document.title = "sent"; }, () => { document.title = "failed"; });
</script>
<form id="new-game" method="post" action="%(new_game)s">
  <input name="players-0" value="Mallory"><input name="players-1" value="Eve">
  <input name="dealer" value="0">
</form>
</body></html>"""


class OtherSite:
    """A server on another port that serves one page, the probe."""

    def __init__(self, app_url: str) -> None:
        page = PROBE % {
            "app": json.dumps(app_url),
            "imported": json.dumps(json.dumps(IMPORTED)),
            "created": json.dumps(json.dumps(CREATED)),
            "new_game": app_url + "/games",
        }
        body = page.encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_arguments) -> None:
                pass

        self.port = free_port()
        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}/"

    def __enter__(self) -> "OtherSite":
        self.thread.start()
        return self

    def __exit__(self, *_exc_info) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def other_site(app_server: LiveServer) -> Iterator[OtherSite]:
    with OtherSite(app_server.url) as site:
        yield site


def names_of_every_game(api: APIRequestContext) -> list[list[str]]:
    listing = api.get("/api/games?limit=100").json()
    return [[player["name"] for player in game["players"]] for game in listing["games"]]


def test_a_no_cors_text_plain_fetch_from_another_site_imports_and_creates_nothing(
    new_phone, api, other_site
):
    before = api.get("/api/games?limit=1").json()["total"]
    phone = new_phone()
    phone.open("/")  # a player who uses the app, then opens another site's page

    with phone.page.expect_response(lambda answer: answer.url.endswith("/api/import")) as sent:
        phone.page.goto(other_site.url)
    expect(phone.page).to_have_title("sent")

    assert sent.value.status == 403
    assert api.get("/api/games?limit=1").json()["total"] == before
    assert not any("Mallory" in names for names in names_of_every_game(api))


def test_a_form_another_site_posts_to_the_new_game_address_creates_nothing(
    new_phone, api, other_site
):
    before = api.get("/api/games?limit=1").json()["total"]
    phone = new_phone()
    phone.open("/")
    phone.page.goto(other_site.url)
    expect(phone.page).to_have_title("sent")

    with phone.page.expect_navigation():
        phone.page.evaluate("document.getElementById('new-game').submit()")

    # Another site cannot read the form's CSRF token, and the browser says where the post
    # came from: the app refuses it as another site's, not as a page of its own out of date.
    expect(
        phone.page.get_by_text("This request came from a page of another site, so nothing")
    ).to_be_visible()
    expect(phone.page.get_by_text("out of date")).to_have_count(0)
    assert api.get("/api/games?limit=1").json()["total"] == before


def test_a_form_another_site_posts_leaves_the_phone_the_games_it_keeps_score_in(
    new_phone, other_site
):
    phone = new_phone()
    phone.open("/import")
    phone.page.locator("input[type=file]").set_input_files(
        {
            "name": "games.json",
            "mimeType": "application/json",
            "buffer": json.dumps(empty_game_export("Iris", "Jon")).encode(),
        }
    )
    with phone.page.expect_navigation():
        phone.page.locator("form button[type=submit]").tap()
    imported = phone.page.locator(".imported-games a").get_attribute("href")

    # Before the imported game is ever opened, whose key only the session holds.
    phone.page.goto(other_site.url)
    with phone.page.expect_navigation():
        phone.page.evaluate("document.getElementById('new-game').submit()")
    phone.open(imported)

    expect(phone.step_card).to_be_visible()  # still this phone's to keep score in
