"""Where a request comes from, as the browser tells: a page of this site, or of another.
A write from another site's page is refused before anything reads it, and its answer sets
no session cookie (security.py, web/errors.py). Also which names this server answers to,
so that a page elsewhere cannot pass for this site by pointing its own name at this
machine."""

import ipaddress
from collections.abc import Collection
from urllib.parse import urlsplit

from flask import Flask, current_app, request

from chicago_scorer.rules.errors import Refusal, quoted, sentence


class CrossSiteRequest(Refusal):
    """A browser sent this request from a page of another site."""

    def __init__(self) -> None:
        super().__init__(
            sentence(
                "This request came from a page of another site, so nothing was done. "
                "Open Chicago Scorer itself to do this."
            )
        )


def sent_from_another_site() -> bool:
    """Whether a browser says this request comes from a page of another origin.

    ``Sec-Fetch-Site``, set by the browser and by no page, decides when it is there. An
    older browser sends only ``Origin``, whose host must be this request's (the scheme is
    not compared: behind a proxy that ends TLS the app may see http for an https page). A
    request with neither did not come from a page in a browser.
    """
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site.strip().lower() not in {"same-origin", "none"}
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    try:
        host = urlsplit(origin.strip()).netloc  # "" for "null", a sandboxed or local page
    except ValueError:
        return True
    return host.lower() != request.host.lower()


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def may_write_the_session() -> bool:
    """Whether this request's answer may set the session cookie: not a write from another
    site's page. The browser sends such a post without the phone's cookie (SameSite), but
    keeps a cookie its answer sets, in place of the phone's own and every edit key in it."""
    return request.method in SAFE_METHODS or not sent_from_another_site()


def _refuse_writes_from_other_sites() -> None:
    """Refuse a write that a browser sends from a page of another site.

    A form's CSRF token alone would stop a page elsewhere that cannot read it, and the
    API's keyless addresses have no token at all. This one rule covers both, before the
    token is checked. A write with an edit key in ``Authorization`` is left to the key: a
    page elsewhere cannot send that header without a preflight this app never allows.
    """
    if request.method in SAFE_METHODS or "Authorization" in request.headers:
        return
    if sent_from_another_site():
        raise CrossSiteRequest()


class HostNotServed(Refusal):
    """A request that names this server by a name it does not answer to."""


# Names that only the home network gives a machine: nobody on the internet can point one
# of them at a phone's Wi-Fi. (Not .box, whose names anyone may register.)
LOCAL_SUFFIXES = (".local", ".localhost", ".home.arpa", ".internal", ".lan")


def is_served_name(host: str, allowed: Collection[str] = ()) -> bool:
    """Whether this server answers to ``host`` (a request's Host, port and all): by an
    address, by a name of one word (``localhost``, ``raspberrypi``), by a name only the
    home network gives, or by one of ``allowed``.

    A page of another site may point its own name at this machine's address (DNS
    rebinding): the browser then takes this server for that site, and lets the page read
    every game as if it were its own. Such a name is none of these.
    """
    name = host_name(host)
    if not name:  # no Host a browser sends
        return False
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return "." not in name or name.endswith(LOCAL_SUFFIXES) or name in allowed
    return True


def host_name(host: str) -> str:
    """A Host's name or address as compared: without its port, brackets or final dot, in
    lower case ("[::1]:5000" is "::1", "Pi.Local.:5000" is "pi.local")."""
    name = host.rpartition("]")[0].lstrip("[") if host.startswith("[") else host.split(":")[0]
    return name.strip().lower().rstrip(".")


def _refuse_names_not_served() -> None:
    if is_served_name(request.host, current_app.config["ALLOWED_HOSTS"]):
        return
    raise HostNotServed(
        sentence(
            "This app does not answer to the name %(name)s, so nothing was done. Open it "
            "by the address it showed when it started, such as http://192.168.1.20:5000/; "
            "whoever runs it can add the name to ALLOWED_HOSTS.",
            # As sent: werkzeug's ``request.host`` is blank for a Host it finds malformed.
            name=quoted(request.headers.get("Host", "")),
        )
    )


def register(app: Flask) -> None:
    """Answer only to this server's own names; behind a reverse proxy (``TRUSTED_PROXIES``),
    the proxy chooses which names reach the app. Take no write from another site's page."""
    allowed = app.config.get("ALLOWED_HOSTS", ())
    app.config["ALLOWED_HOSTS"] = frozenset(host_name(name) for name in allowed)
    if not app.config.get("TRUSTED_PROXIES"):
        app.before_request(_refuse_names_not_served)
    app.before_request(_refuse_writes_from_other_sites)
