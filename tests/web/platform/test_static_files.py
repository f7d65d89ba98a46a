"""Stylesheets and scripts reach the phone minified; every other static file as it is."""

import gzip
import re
from pathlib import Path

import pytest

from support.table_forms import start_game

STATIC = Path(__file__).parents[3] / "static"
MINIFIED = [
    "app.css",
    "pages.css",
    "app.js",
    "rules.js",
    "offline.js",
    "local-times.js",
    "picker.js",
]


def fetch(client, url, **options):
    """GET a file and close it at once (a file sent as it is is streamed from disk)."""
    response = client.get(url, **options)
    response.get_data()
    response.close()
    return response


def address_on_a_page(client, name: str) -> str:
    page = client.get("/").text
    return re.search(rf'"(/static/{re.escape(name)}\?v=[0-9a-f]{{12}})"', page).group(1)


@pytest.mark.parametrize("name", MINIFIED)
def test_a_stylesheet_or_script_is_served_without_its_comments_and_spaces(client, name):
    source = (STATIC / name).read_bytes()
    first_comment = re.search(rb"(?m)^\s*(?://|/\*)(.*\S)", source).group(1).strip()

    served = fetch(client, f"/static/{name}")

    assert served.status_code == 200
    assert first_comment not in served.data
    assert b"\n\n" not in served.data
    assert len(served.data) < 0.8 * len(source)
    assert len(gzip.compress(served.data)) < len(gzip.compress(source))


def test_a_script_keeps_its_code(client):
    served = fetch(client, "/static/rules.js").data.decode()

    assert served.startswith("(function(")
    assert '"use strict"' in served
    # Each sentence the predictor refuses with stays as written: the kit translates by it.
    assert "needs %(needed)s points to call Chicago" in served


def test_a_minified_file_is_typed_cached_for_a_year_and_tagged_with_its_version(client):
    stylesheet = address_on_a_page(client, "app.css")
    version = stylesheet.rsplit("=", 1)[1]

    served = fetch(client, stylesheet)

    assert served.mimetype == "text/css"
    assert served.headers["Cache-Control"] == "public, max-age=31536000"
    assert served.headers["ETag"] == f'"{version}"'
    again = fetch(client, stylesheet, headers={"If-None-Match": served.headers["ETag"]})
    assert again.status_code == 304
    assert again.data == b""


def test_a_script_is_typed_as_javascript_in_utf_8(client):
    served = fetch(client, address_on_a_page(client, "app.js"))

    assert served.headers["Content-Type"] == "text/javascript; charset=utf-8"


def test_other_files_are_sent_as_they_are_with_ranges_for_the_video(client):
    icon = fetch(client, "/static/icons/icon.svg")
    video = fetch(client, "/static/keep-awake.mp4", headers={"Range": "bytes=0-99"})

    assert icon.data == (STATIC / "icons" / "icon.svg").read_bytes()
    assert video.status_code == 206
    assert video.data == (STATIC / "keep-awake.mp4").read_bytes()[:100]


def test_a_request_for_several_parts_of_a_file_gets_it_whole(client):
    video = fetch(client, "/static/keep-awake.mp4", headers={"Range": "bytes=0-1,3-4"})

    assert video.status_code == 200
    assert video.data == (STATIC / "keep-awake.mp4").read_bytes()


def test_a_part_past_the_file_s_end_is_refused_in_the_reader_s_language(client):
    asked = {"Range": "bytes=900000000-", "Accept-Language": "sv"}

    refused = fetch(client, "/static/keep-awake.mp4", headers=asked)

    assert refused.status_code == 416
    assert refused.mimetype == "text/html"
    assert "Filen har ingen sådan del" in refused.text


@pytest.mark.parametrize("address", ["/static/app.css", "/static/icons/icon.svg"])
def test_an_if_match_the_file_does_not_meet_gets_a_412_page_not_the_file(client, address):
    refused = fetch(client, address, headers={"If-Match": '"not-this-file"'})

    assert refused.status_code == 412
    assert refused.mimetype == "text/html"
    assert "This file is not the one the request&#39;s If-Match names" in refused.text


@pytest.mark.parametrize(
    "address", ["/static/missing.js", "/static/../app.py", "/static/%2e%2e/app.py", "/static/"]
)
def test_a_file_that_is_not_there_is_404(client, address):
    assert fetch(client, address).status_code == 404


def test_a_static_file_cannot_be_posted_to(client):
    assert client.post("/static/app.js").status_code == 405


def stylesheets_of(page: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="/static/([\w-]+\.css)\?v=', page)


def test_the_scoreboard_loads_only_the_stylesheet_it_uses(client):
    game_url = start_game(client, "Ann", "Bo")

    assert stylesheets_of(client.get(game_url).text) == ["app.css"]


@pytest.mark.parametrize(
    "address", ["/", "/history", "/players", "/players/Ann", "/settle", "/import", "{game}/review"]
)
def test_every_page_around_the_scoreboard_loads_its_rules_after_the_shared_ones(client, address):
    game_url = start_game(client, "Ann", "Bo")

    page = client.get(address.format(game=game_url))

    assert page.status_code == 200
    assert stylesheets_of(page.text) == ["app.css", "pages.css"]
