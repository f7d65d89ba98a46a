"""Static files: addresses that carry a hash of their content, a year in the browser's cache,
and stylesheets and scripts served without their comments and spaces.

The sources in ``static/`` stay written for people, comments and all; a phone gets a copy
without them, a quarter to two fifths smaller once gzipped. Each worker makes the copy and
the hash in its address once, from the same file, so the two agree until the next deploy.
"""

import hashlib
from collections.abc import Callable
from functools import cache
from pathlib import Path

import rcssmin
import rjsmin
from flask import Flask, Response, abort, current_app, request
from werkzeug.security import safe_join

# Static files change only with a deploy, so their URLs carry a content hash and may be
# cached for a year.
STATIC_MAX_AGE = 365 * 24 * 60 * 60
# By suffix: the type to send, and the minifier. The types are fixed here rather than
# guessed, since a system's mime.types may call a script application/javascript.
MINIFIED: dict[str, tuple[str, Callable[[str], str]]] = {
    ".css": ("text/css", rcssmin.cssmin),
    ".js": ("text/javascript", rjsmin.jsmin),
}


@cache
def file_version(static_folder: str, filename: str) -> str:
    """A short hash of a static file's content, for cache-busting URLs."""
    return hashlib.sha256((Path(static_folder) / filename).read_bytes()).hexdigest()[:12]


@cache
def asset_version(static_folder: str) -> str:
    """One hash over every static file: it names the service worker's cache."""
    digest = hashlib.sha256()
    for path in sorted(Path(static_folder).rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(static_folder).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@cache
def minified(static_folder: str, filename: str) -> bytes:
    """The stylesheet or script without its comments and spaces."""
    source = (Path(static_folder) / filename).read_text(encoding="utf-8")
    _mimetype, minify = MINIFIED[Path(filename).suffix]
    return minify(source).encode()


def _versioned_static_urls(endpoint: str, values: dict) -> None:
    if endpoint == "static" and "filename" in values and "v" not in values:
        values["v"] = file_version(current_app.static_folder, values["filename"])


def serve_static(filename: str) -> Response:
    """A static file; a stylesheet or script minified, with the headers Flask would send.

    A request for several parts of a file at once gets the whole file, as RFC 9110 lets a
    server answer any Range (werkzeug serves one part only, and refused the rest with
    416); and an ``If-Match`` the file does not meet gets the app's 412 page, not the
    file with a 412 status."""
    if "," in request.headers.get("Range", ""):
        request.environ.pop("HTTP_RANGE")
    response = _static_file(filename)
    if response.status_code == 412:
        response.close()
        abort(412)
    return response


def _static_file(filename: str) -> Response:
    static_folder = current_app.static_folder
    suffix = Path(filename).suffix
    path = safe_join(static_folder, filename)
    if suffix not in MINIFIED or path is None or not Path(path).is_file():
        return current_app.send_static_file(filename)  # Flask's own answer, 404 included
    mimetype, _minify = MINIFIED[suffix]
    response = current_app.response_class(minified(static_folder, filename), mimetype=mimetype)
    response.cache_control.public = True
    response.cache_control.max_age = current_app.get_send_file_max_age(filename)
    response.set_etag(file_version(static_folder, filename))
    return response.make_conditional(request)


def register(app: Flask) -> None:
    """Version every static URL, keep static files a year, and serve them minified."""
    if app.config.get("SEND_FILE_MAX_AGE_DEFAULT") is None:
        app.config["SEND_FILE_MAX_AGE_DEFAULT"] = STATIC_MAX_AGE
    app.url_defaults(_versioned_static_urls)
    app.view_functions["static"] = serve_static
