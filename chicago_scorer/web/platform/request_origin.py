"""Where a request comes from, as the browser tells: a page of this site, or of another.
Asked by the guard of the addresses that need no key (security.py), and by the refusal of
a form that came without its session (web/errors.py); and whether a request's answer may
set the session cookie at all (security.py, web/errors.py)."""

from urllib.parse import urlsplit

from flask import request

from chicago_scorer.rules.errors import Refusal


class CrossSiteRequest(Refusal):
    """A browser sent this request from a page of another site."""


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
