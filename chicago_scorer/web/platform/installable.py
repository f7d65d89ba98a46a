"""What makes the app installable on a phone: manifest, icons, service worker, offline page."""

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    render_template,
    send_from_directory,
    url_for,
)

from chicago_scorer.web.languages.locales import available_languages, language_code
from chicago_scorer.web.languages.translation import gettext, in_every_language
from chicago_scorer.web.platform.static_files import asset_version

installable = Blueprint("installable", __name__)

THEME_COLOUR = "#14532d"
BACKGROUND_COLOUR = "#f4f1ea"
SHELL_FILES = [
    "app.css",
    "pages.css",
    "app.js",
    "local-times.js",
    "rules.js",
    "offline.js",
    "picker.js",
    "typed-input.js",
    "icons/icon.svg",
    "icons/icon-192.png",
]


def _icon(name: str, sizes: str, kind: str) -> dict[str, str]:
    return {
        "src": url_for("static", filename=f"icons/{name}"),
        "sizes": sizes,
        "type": kind,
        "purpose": "any",
    }


@installable.get("/manifest.webmanifest")
def manifest():
    """The web app manifest: name, icons and colours for the home screen."""
    body = {
        "name": gettext("Chicago Scorer"),
        "short_name": "Chicago",
        "description": gettext("Keep the score of Swedish Chicago at the table."),
        "lang": language_code(),
        "start_url": url_for("pages.home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            _icon("icon.svg", "any", "image/svg+xml"),
            _icon("icon-192.png", "192x192", "image/png"),
            _icon("icon-512.png", "512x512", "image/png"),
        ],
    }
    response = current_app.json.response(body)
    response.mimetype = "application/manifest+json"
    return response


@installable.get("/sw.js")
def service_worker():
    """The service worker, served from the root so that it may look after every page.

    It is the same script whichever language asks for it, so that choosing another
    language never replaces it: the browser stops a worker it replaces at once, with any
    page that worker is still fetching. It fetches the shell's pages again when the pages
    come in another language (their ``Content-Language``)."""
    pages = [url_for("pages.home"), url_for("installable.offline")]
    script = render_template(
        "sw.js",
        asset_version=asset_version(current_app.static_folder),
        shell_urls=pages + [url_for("static", filename=name) for name in SHELL_FILES],
        shell_pages=pages,
        offline_words=in_every_language("Offline — entries are paused.", available_languages()),
    )
    return Response(
        script,
        mimetype="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )


@installable.get("/offline")
def offline():
    """What a phone shows when it has no connection and no copy of the page asked for."""
    return render_template("offline.html")


@installable.get("/favicon.ico")
def favicon():
    """The icon browsers ask for by default."""
    return send_from_directory(
        current_app.static_folder, "icons/icon-48.png", mimetype="image/png", max_age=86400
    )


def register(app: Flask) -> None:
    """Serve the installable pieces."""
    app.register_blueprint(installable)
