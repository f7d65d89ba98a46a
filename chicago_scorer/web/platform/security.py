"""Headers and cookies that keep pages to their own origin and sessions private."""

from flask import Flask, Response, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

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


class SessionCookieSecureOverHttps(SecureCookieSessionInterface):
    """Mark the session cookie Secure whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure or super().get_cookie_secure(app)


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
    proxies = int(app.config.get("TRUSTED_PROXIES", 0))
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
