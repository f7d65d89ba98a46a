"""Installable and live: manifest, icons, service worker, versioned assets, version checks."""

import re

from support.api_client import create_api_game
from support.table_forms import offline_state, start_game


def fetch(client, url):
    """GET a file and close it at once (static files are streamed from disk)."""
    response = client.get(url)
    response.get_data()
    response.close()
    return response


def test_the_manifest_makes_the_app_installable(client):
    response = client.get("/manifest.webmanifest")

    manifest = response.get_json(force=True)
    assert response.mimetype == "application/manifest+json"
    assert manifest["name"] == "Chicago Scorer"
    assert manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in manifest["icons"]:
        served = fetch(client, icon["src"])
        assert served.status_code == 200
        assert served.mimetype == icon["type"]


def test_every_page_links_the_manifest_and_icons(client):
    page = client.get("/").text

    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'rel="apple-touch-icon"' in page
    assert '<meta name="theme-color"' in page


def test_a_favicon_is_served(client):
    response = fetch(client, "/favicon.ico")

    assert response.status_code == 200
    assert response.mimetype == "image/png"
    assert response.data.startswith(b"\x89PNG")


def test_static_files_have_content_hashed_urls_and_are_cached_for_a_year(client):
    page = client.get("/").text
    stylesheet = re.search(r'href="(/static/app\.css\?v=[0-9a-f]{12})"', page).group(1)

    response = fetch(client, stylesheet)

    assert response.status_code == 200
    assert "max-age=31536000" in response.headers["Cache-Control"]


def test_the_service_worker_is_served_from_the_root_and_never_cached_stale(client):
    response = client.get("/sw.js")

    script = response.text
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert re.search(r'const CACHE = "chicago-scorer-[0-9a-f]{12}";', script)
    shell = re.search(r"const SHELL = (\[.*?\]);", script).group(1)
    for url in re.findall(r'"([^"]+)"', shell):
        assert fetch(client, url).status_code == 200, url


def test_the_offline_page_says_entries_are_paused(client):
    response = client.get("/offline")

    assert response.status_code == 200
    assert "Offline — entries are paused" in response.text


def test_the_version_check_answers_304_while_nothing_changes(client):
    game = create_api_game(client, ["Ann", "Bo"])
    first = client.get(f"/games/{game.id}/version")

    again = client.get(
        f"/games/{game.id}/version", headers={"If-None-Match": first.headers["ETag"]}
    )

    assert first.status_code == 200
    assert first.get_json()["version"]
    assert again.status_code == 304
    assert again.data == b""


def test_the_version_check_compares_its_tag_weakly_as_http_says(client):
    game = create_api_game(client, ["Ann", "Bo"])
    tag = client.get(f"/games/{game.id}/version").headers["ETag"]

    again = client.get(f"/games/{game.id}/version", headers={"If-None-Match": f"W/{tag}"})

    assert again.status_code == 304


def test_the_version_changes_with_every_entry_and_every_undo(client):
    game = create_api_game(client, ["Ann", "Bo"])
    seen = [client.get(f"/games/{game.id}/version").get_json()["version"]]

    game.nobody(1, "phase1")
    seen.append(client.get(f"/games/{game.id}/version").get_json()["version"])
    game.undo()
    seen.append(client.get(f"/games/{game.id}/version").get_json()["version"])
    game.nobody(1, "phase1")  # the same count as before, but a different log
    seen.append(client.get(f"/games/{game.id}/version").get_json()["version"])

    assert len(set(seen[1:])) == 3
    assert seen[0] != seen[1]
    changed = client.get(f"/games/{game.id}/version", headers={"If-None-Match": f'"{seen[1]}"'})
    assert changed.status_code == 200


def test_the_scoreboard_carries_the_version_its_script_polls(client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.nobody(1, "phase1")

    page = client.get(f"/games/{game.id}").text
    version = client.get(f"/games/{game.id}/version").get_json()["version"]

    assert f'data-live-version="{version}"' in page
    assert f'data-live-url="/games/{game.id}/version"' in page
    assert 'aria-live="polite"' in page


def test_the_version_of_an_unknown_game_is_404(client):
    assert client.get("/games/999/version").status_code == 404


def test_the_service_worker_keeps_every_stylesheet_and_script_the_pages_link(client):
    game_url = start_game(client, "Ann", "Bo")
    shell = re.search(r"const SHELL = (\[.*?\]);", client.get("/sw.js").text).group(1)
    kept = set(re.findall(r'"([^"]+)"', shell))

    for page in ["/", game_url, "/history", f"{game_url}/settle"]:
        linked = re.findall(
            r'(?:href|src)="(/static/[\w-]+\.(?:css|js)\?v=\w+)"', client.get(page).text
        )
        assert linked, page
        assert set(linked) <= kept, page


def test_the_service_worker_keeps_every_script_the_scorekeeper_scores_offline_with(client):
    """A phone that loses its connection before the scoreboard loads its queue still
    loads it, and every script the queue needs, from the service worker's copy."""
    game_url = start_game(client, "Ann", "Bo")
    shell = re.search(r"const SHELL = (\[.*?\]);", client.get("/sw.js").text).group(1)
    kept = set(re.findall(r'"([^"]+)"', shell))

    scripts = offline_state(client.get(game_url).text)["urls"]["scripts"]

    assert [script.split("?")[0] for script in scripts][-1] == "/static/offline.js"
    assert set(scripts) <= kept
