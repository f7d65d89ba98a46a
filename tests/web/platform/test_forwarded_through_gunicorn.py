"""Forwarded headers through the real server: trusted only when TRUSTED_PROXIES says so."""

import http.client

import pytest

from support.live_server import LiveServer


def _session_cookie(server: LiveServer, headers: dict[str, str]) -> str:
    """The session cookie of a first visit to the home page (its form's token starts one)."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=10)
    try:
        connection.request("GET", "/", headers=headers)
        response = connection.getresponse()
        response.read()
        return response.getheader("Set-Cookie") or ""
    finally:
        connection.close()


@pytest.mark.parametrize("setting", ["", "0"])
def test_without_trusted_proxies_a_forwarded_https_from_loopback_is_ignored(
    database_url, tmp_path, setting
):
    with LiveServer(
        database_url,
        log_path=tmp_path / "gunicorn.log",
        workers=1,
        environment={"TRUSTED_PROXIES": setting},
    ) as server:
        cookie = _session_cookie(server, {"X-Forwarded-Proto": "https", "X-Forwarded-Ssl": "on"})

    assert "session=" in cookie
    assert "Secure" not in cookie


def test_with_one_trusted_proxy_its_forwarded_https_makes_the_cookie_secure(
    database_url, tmp_path
):
    with LiveServer(
        database_url,
        log_path=tmp_path / "gunicorn.log",
        workers=1,
        environment={"TRUSTED_PROXIES": "1"},
    ) as server:
        forwarded = _session_cookie(server, {"X-Forwarded-Proto": "https"})
        only_ssl_flag = _session_cookie(server, {"X-Forwarded-Ssl": "on"})

    assert "Secure" in forwarded
    assert "Secure" not in only_ssl_flag  # a header the app does not read stays unread
