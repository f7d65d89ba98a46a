"""Headers and cookies that keep pages to their own origin and sessions private."""

import hashlib
import hmac

from flask import Flask, Response, current_app, g, request
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer
from werkzeug.middleware.proxy_fix import ProxyFix

from chicago_scorer.web.platform.request_origin import may_write_the_session

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


NO_STORE = "no-store"


def keep_out_of_caches() -> None:
    """Mark this answer as one that no cache may keep: it shows an edit key or a hand-over
    link, which must stay on the device it was given to."""
    g.keeps_out_of_caches = True


def secret_rotation(name: str | None) -> str | None:
    """The name a rotation of a game's key is made under (``games.rotate_edit_key``): the
    one its page or API client gave it, signed with this app's secret. A phone that still
    holds the old key and reads or guesses the name a client chose ("rotation-1") cannot
    make the new key from them without the secret too. It can still ask the server for
    it, sending the old key and that name, as a retry does: only a name it cannot guess
    keeps it out, which is why the page's is random and docs/API.md asks for random."""
    if name is None:
        return None
    secret = current_app.secret_key
    secret = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(secret, name.encode(), hashlib.sha256).hexdigest()


class SessionCookieSecureOverHttps(SecureCookieSessionInterface):
    """Mark the session cookie Secure whenever the request came over HTTPS, and keep an
    answer that sets it out of caches when it holds edit keys."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure or super().get_cookie_secure(app)

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        # Flask builds it anew for every request, with a cookie or without: a tenth of a
        # kept page. It depends only on the keys, so it is kept with them.
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        kept = app.extensions.get("session_serializer")
        if kept is None or kept[0] != keys:
            kept = app.extensions["session_serializer"] = (
                keys,
                super().get_signing_serializer(app),
            )
        return kept[1]

    def save_session(self, app: Flask, session, response: Response) -> None:
        if not may_write_the_session():
            return  # another site's form: the phone's own cookie must stay as it is
        super().save_session(app, session, response)
        # The cookie is signed, not encrypted: whoever keeps the answer can read its keys.
        if session.get("edit_keys") and "Set-Cookie" in response.headers:
            response.headers["Cache-Control"] = NO_STORE


def _no_store_when_marked(response: Response) -> Response:
    if g.get("keeps_out_of_caches"):
        response.headers["Cache-Control"] = NO_STORE
    return response


def _add_security_headers(response: Response) -> Response:
    # Looking a missing header up raises and catches an exception inside werkzeug, so the
    # names present are read once instead of asking for each header in turn.
    present = {name.lower() for name in response.headers.keys()}
    for header, value in SECURITY_HEADERS.items():
        if header.lower() not in present:
            response.headers.add(header, value)
    return response


def register(app: Flask) -> None:
    """Set the headers on every response; trust a reverse proxy only when told to."""
    app.session_interface = SessionCookieSecureOverHttps()
    app.after_request(_add_security_headers)
    app.after_request(_no_store_when_marked)
    proxies = int(app.config.get("TRUSTED_PROXIES", 0))
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
