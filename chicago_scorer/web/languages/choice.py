"""Choosing the language: from the switcher's cookie, else from Accept-Language."""

from pathlib import Path
from urllib.parse import quote, quote_from_bytes, urlsplit

from flask import Blueprint, Flask, Response, abort, current_app, redirect, request, url_for

from chicago_scorer.extensions import babel
from chicago_scorer.web.languages.locales import (
    LANGUAGE_COOKIE,
    available_languages,
    format_date_time,
    format_number,
    format_one_decimal,
    format_percent,
    language_code,
    languages_in,
    select_locale,
    uncompiled_catalogs,
)
from chicago_scorer.web.languages.translation import install_in_templates
from chicago_scorer.web.languages.wording import hand_words, in_a_list, translate

language_choice = Blueprint("language_choice", __name__)

COOKIE_LIFETIME = 365 * 24 * 60 * 60


def _same_site_path(target: str | None) -> str:
    """``target`` when it is a path on this site, else the home page: never an open
    redirect, and never a control character, which no address holds (``urlsplit`` drops a
    line break before it looks for a host, and a header cannot carry one)."""
    if target and target.isprintable():
        parts = urlsplit(target)
        if not parts.scheme and not parts.netloc and target.startswith("/"):
            if not target.startswith("//") and "\\" not in target:
                return target
    return url_for("pages.home")


# What stays as it is in the address of the page a language is chosen on: a path's
# separators, and in the query its separators and the escapes it came with.
_PATH_AS_SENT = "/:@!$&'()*+,;=~"
_QUERY_AS_SENT = _PATH_AS_SENT + "?%"


def _this_path() -> str:
    """This page's path as its route writes it, through the route's converters: the server
    has undone the path's escapes, and a player's name written back as it reads
    ("Ann/../Bo") would be taken by the browser for other segments. An address no route
    answers comes back as it reads, with the signs that would end a path escaped."""
    if request.url_rule is not None and request.view_args is not None:
        # Not url_for, which adds defaults again: a static file's version, read from a
        # file that may not be there (the 404 page of /static/missing.js).
        adapter = current_app.create_url_adapter(request)
        return adapter.build(request.endpoint, request.view_args)
    return quote(request.script_root + request.path, safe=_PATH_AS_SENT)


def language_links() -> dict[str, str]:
    """The switcher's link to each language, by code, which comes back to this very page:
    the path with its own '?', '#' and '%' escaped (the page of a player called "Ann?" is
    not Ann's). The page's address is worked out once for all the links.

    A page that answers a form sent (a refusal of a tap on a game just deleted, say)
    stands at an address that takes only the form: the links go back to the page the
    form was sent from, which the browser names (``Referrer-Policy: same-origin``), or
    else to the home page."""
    if request.method not in {"GET", "HEAD"}:
        back_to = _page_sent_from()
    else:
        back_to = _this_path()
        if request.query_string:
            back_to += "?" + quote_from_bytes(request.query_string, safe=_QUERY_AS_SENT)
    return {
        code: url_for("language_choice.choose", code=code, next=back_to)
        for code in available_languages()
    }


def _page_sent_from() -> str | None:
    """The path and query of the page of this site that sent this request, if any."""
    try:
        sender = urlsplit(request.referrer or "")
    except ValueError:  # "http://[::1", which no browser sends
        return None
    if sender.netloc != request.host or not sender.path.startswith("/"):
        return None
    return sender.path + (f"?{sender.query}" if sender.query else "")


@language_choice.get("/language/<code>")
def choose(code: str):
    """Keep ``code`` as this phone's language and go back to the page it was chosen on."""
    if code not in available_languages():
        abort(404)
    response = redirect(_same_site_path(request.args.get("next")), code=303)
    response.set_cookie(
        LANGUAGE_COOKIE,
        code,
        max_age=COOKIE_LIFETIME,
        samesite="Lax",
        secure=request.is_secure,
        httponly=True,
    )
    return response


LANGUAGE_VARY = ("Accept-Language", "Cookie")


def _say_the_language(response: Response) -> Response:
    """Caches must keep one copy per language of everything but the static files, and a
    page says which language it is in (the service worker fetches its shell's pages
    again when pages come in another)."""
    if request.endpoint != "static":
        response.vary.update(LANGUAGE_VARY)  # one header write, not one per name
        if response.mimetype == "text/html":
            response.headers["Content-Language"] = language_code()
    return response


def register(app: Flask) -> None:
    """Bind Flask-Babel to the app and give templates the language helpers."""
    directory = Path(app.config["BABEL_TRANSLATION_DIRECTORIES"])
    app.config.setdefault("LANGUAGES", languages_in(directory))
    for catalog in uncompiled_catalogs(directory):
        app.logger.warning(
            "The catalog %s is not compiled, or changed since it was compiled, so its "
            "language is served in English or in older words: run `make install`.",
            catalog,
        )
    babel.init_app(app, locale_selector=select_locale)
    install_in_templates(app.jinja_env)
    app.register_blueprint(language_choice)
    app.after_request(_say_the_language)
    app.jinja_env.filters.update(
        number=format_number,
        percent=format_percent,
        one_decimal=format_one_decimal,
        date_time=format_date_time,
        translate=translate,
        hand_words=hand_words,
        in_a_list=in_a_list,
    )
    app.jinja_env.globals.update(
        languages=available_languages, language_code=language_code, language_links=language_links
    )
