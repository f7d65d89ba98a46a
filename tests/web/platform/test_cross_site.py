"""A page of another site cannot use the visitor's browser to write anything: every write
a browser marks as sent from another site is refused (403), keyless API write and form
alike, unless it carries an edit key, which no page elsewhere can send. Nothing is
recorded."""

import json

import pytest

from support.api_client import create_api_game
from support.export_documents import empty_game_export

JSON = "application/json"
EXPORT = empty_game_export()
KEYLESS_WRITES = [
    ("/api/games", {"players": ["Ann", "Bo"]}),
    ("/api/import", EXPORT),
    ("/api/settle", {"hands": {"Ann": "As Ks Qs Js 10s", "Bo": "2c 3d 4h 5s 7c"}}),
]
FROM_ANOTHER_SITE = [
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Sec-Fetch-Site": "cross-site", "Origin": "http://localhost"},
    {"Origin": "https://evil.example"},
    {"Origin": "http://localhost:8080"},
    {"Origin": "null"},
]
FROM_THIS_APP = [
    {},
    {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
    {"Sec-Fetch-Site": "none"},
    {"Origin": "http://localhost"},
    # Behind a proxy that ends TLS: the page is https, the app sees http, the host is the same.
    {"Origin": "https://localhost"},
    # The browser's own word decides over an Origin a proxy made look foreign.
    {"Sec-Fetch-Site": "same-origin", "Origin": "https://scores.example"},
]


def game_count(client) -> int:
    return client.get("/api/games").get_json()["total"]


@pytest.mark.parametrize(("path", "body"), KEYLESS_WRITES)
@pytest.mark.parametrize("headers", FROM_ANOTHER_SITE)
def test_a_keyless_write_from_another_site_is_refused_with_403(client, path, body, headers):
    response = client.post(path, data=json.dumps(body), content_type=JSON, headers=headers)

    assert response.status_code == 403
    assert "another site" in response.get_json()["error"]
    assert game_count(client) == 0


@pytest.mark.parametrize(("path", "body"), KEYLESS_WRITES)
@pytest.mark.parametrize("headers", FROM_THIS_APP)
def test_a_keyless_write_from_this_app_or_a_client_outside_a_browser_is_done(
    client, path, body, headers
):
    response = client.post(path, data=json.dumps(body), content_type=JSON, headers=headers)

    assert response.status_code in {200, 201}, response.get_json()


def test_the_no_cors_text_plain_import_of_the_probe_is_refused(client):
    response = client.post(
        "/api/import",
        data=json.dumps(EXPORT),
        content_type="text/plain;charset=UTF-8",
        headers={"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
    )

    assert response.status_code == 403
    assert game_count(client) == 0


def test_writes_that_need_the_key_are_left_to_the_key(client):
    game = create_api_game(client)

    response = client.post(
        f"{game.url}/events",
        json={"round": 1, "step": "phase1", "outcome": "none"},
        headers=game.auth() | {"Sec-Fetch-Site": "cross-site"},
    )

    # A page elsewhere cannot send the Authorization header without a preflight this app
    # never allows; a client that can is holding the key.
    assert response.status_code == 201


def test_a_write_that_needs_the_key_sent_from_another_site_without_it_is_refused(client):
    game = create_api_game(client)

    response = client.post(
        f"{game.url}/events",
        json={"round": 1, "step": "phase1", "outcome": "none"},
        headers={"Sec-Fetch-Site": "cross-site"},
    )

    assert response.status_code == 403
    assert "came from a page of another site" in response.get_json()["error"]
    assert client.get(game.url).get_json()["events"] == []


def test_reading_from_another_site_is_not_refused(client):
    response = client.get("/api/games", headers={"Sec-Fetch-Site": "cross-site"})

    assert response.status_code == 200


@pytest.fixture
def csrf_client(make_app):
    return make_app(WTF_CSRF_ENABLED=True).test_client()


@pytest.mark.parametrize(
    ("path", "fields"),
    [
        ("/games", {"players-0": "Ann", "players-1": "Bo", "dealer": "0"}),
        ("/settle", {"names-0": "Ann", "hands-0": "As Ks Qs Js 10s"}),
        ("/import", {}),
    ],
)
def test_a_keyless_form_posted_from_another_site_is_refused_as_another_sites(
    csrf_client, path, fields
):
    # Another site's page cannot read this app's token, and with SameSite=Lax the browser
    # sends no session cookie with its post either.
    response = csrf_client.post(
        path,
        data=fields,
        headers={"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
    )

    assert response.status_code == 403
    assert "came from a page of another site" in response.text
    assert "out of date" not in response.text
    assert "Set-Cookie" not in response.headers
    assert game_count(csrf_client) == 0


# A page of another site that points its own name at this machine (DNS rebinding) is,
# to the browser, a page of this site: its requests name this server by the page's name.
REBOUND = {"Sec-Fetch-Site": "same-origin", "Origin": "http://evil.example:5000"}


@pytest.mark.parametrize(("path", "body"), KEYLESS_WRITES)
def test_a_write_that_names_this_server_by_another_sites_name_is_refused(client, path, body):
    response = client.post(
        path,
        data=json.dumps(body),
        content_type=JSON,
        headers=REBOUND,
        base_url="http://evil.example:5000",
    )

    assert response.status_code == 400
    assert response.get_json()["error"].startswith(
        "This app does not answer to the name 'evil.example:5000', so nothing was done."
    )
    assert game_count(client) == 0


@pytest.mark.parametrize("path", ["/api/export", "/export.json", "/", "/static/app.css"])
def test_nothing_is_read_under_another_sites_name(client, path):
    create_api_game(client, ["Ann", "Bo"])

    response = client.get(path, base_url="http://evil.example.:5000", headers=REBOUND)

    assert response.status_code == 400
    assert b"Ann" not in response.data
    assert b"ALLOWED_HOSTS" in response.data


SERVED_NAMES = [
    "http://192.168.1.20:5000",
    "http://[fe80::1]:5000",
    "http://localhost:5000",
    "http://raspberrypi:5000",
    "http://raspberrypi.local:5000",
    "http://chicago.home.arpa",
]


@pytest.mark.parametrize("base_url", SERVED_NAMES)
def test_this_server_answers_to_its_addresses_and_the_home_networks_names(client, base_url):
    assert client.get("/api/games", base_url=base_url).status_code == 200


@pytest.mark.parametrize(
    "written", ["scores.example.org", "Scores.Example.org.", "scores.example.org:5000"]
)
def test_a_name_of_its_own_is_served_once_allowed_however_it_is_written(make_app, written):
    client = make_app(ALLOWED_HOSTS=frozenset({written, "chicago.lan"})).test_client()

    assert client.get("/api/games", base_url="http://scores.example.org").status_code == 200
    assert client.get("/api/games", base_url="http://SCORES.example.org.:8000").status_code == 200
    assert client.get("/api/games", base_url="http://evil.example").status_code == 400


def test_a_host_that_names_nothing_is_refused(client):
    response = client.get("/api/games", headers={"Host": ""})

    assert response.status_code == 400


@pytest.mark.parametrize(
    "host", ["x_y.local", "127.0.0.1:99999", "[::1", "pi.local, evil.example"]
)
def test_a_malformed_host_is_refused_naming_it_as_it_was_sent(client, host):
    response = client.get("/api/games", headers={"Host": host})

    assert response.status_code == 400
    assert f"This app does not answer to the name '{host}'" in response.get_json()["error"]


# Hosts no address can be built on: a label over 63 characters, or an empty one.
UNBINDABLE_HOSTS = ["a" * 64, "a" * 64 + ":5000", "pi..local", ".local"]
NOT_READ = (
    "The request could not be read as HTTP, so nothing was recorded: check the address, "
    "and send it again from a browser or an HTTP client."
)


@pytest.mark.parametrize("host", UNBINDABLE_HOSTS)
def test_a_host_no_address_can_be_built_on_is_refused_on_the_error_page(client, host):
    response = client.get("/", headers={"Host": host})

    assert response.status_code == 400
    assert NOT_READ in response.text
    assert 'href="/"' in response.text  # the page's own links are built all the same


@pytest.mark.parametrize("host", UNBINDABLE_HOSTS)
def test_a_write_to_a_host_no_address_can_be_built_on_records_nothing(client, host):
    response = client.post("/api/games", json={"players": ["Ann", "Bo"]}, headers={"Host": host})

    assert response.status_code == 400
    assert response.get_json() == {"error": NOT_READ}
    assert game_count(client) == 0


def test_a_forwarded_host_no_address_can_be_built_on_is_refused_too(make_app):
    client = make_app(TRUSTED_PROXIES=1).test_client()

    response = client.get(
        "/", base_url="http://127.0.0.1:5000", headers={"X-Forwarded-Host": "a..b"}
    )

    assert response.status_code == 400
    assert NOT_READ in response.text


def test_behind_a_trusted_proxy_the_proxy_chooses_the_names(make_app):
    client = make_app(TRUSTED_PROXIES=1).test_client()

    response = client.get(
        "/api/games",
        base_url="http://127.0.0.1:5000",
        headers={"X-Forwarded-Host": "scores.example.org", "X-Forwarded-Proto": "https"},
    )

    assert response.status_code == 200
