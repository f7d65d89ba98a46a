"""The languages the app speaks, and which one a request gets."""

from decimal import InvalidOperation
from functools import lru_cache
from pathlib import Path

from babel import Locale, dates, numbers
from flask import current_app, has_request_context, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from chicago_scorer.web.languages.translation import SOURCE_LANGUAGE, response_language

LANGUAGE_COOKIE = "lang"
CATALOG_GLOB = "*/LC_MESSAGES/messages.po"

# The zero of each numbering system a language here may default to; digits follow it.
_DIGIT_ZEROS = {"latn": "0", "deva": "\u0966"}


def native_name(code: str) -> str:
    """A language's name as its own speakers write it: "Svenska", "नेपाली"."""
    name = Locale.parse(code).display_name
    return name[:1].upper() + name[1:]


def languages_in(translation_directory: Path) -> dict[str, str]:
    """English, then every language with a catalog, by code: adding one is adding a catalog."""
    codes = sorted(path.parent.parent.name for path in translation_directory.glob(CATALOG_GLOB))
    return {code: native_name(code) for code in [SOURCE_LANGUAGE, *codes]}


def uncompiled_catalogs(translation_directory: Path) -> list[Path]:
    """The catalogs (.po) whose compiled form (.mo) is missing or older than they are:
    their language would be served in English, or in an earlier wording."""
    stale = []
    for catalog in sorted(translation_directory.glob(CATALOG_GLOB)):
        compiled = catalog.with_suffix(".mo")
        if not compiled.exists() or compiled.stat().st_mtime < catalog.stat().st_mtime:
            stale.append(catalog)
    return stale


def available_languages() -> dict[str, str]:
    """The languages this app has catalogs for, named in themselves."""
    return current_app.config["LANGUAGES"]


def select_locale() -> str:
    """The language chosen with the switcher, else the best match for Accept-Language."""
    if not has_request_context():  # a command or a test in an app context: the source
        return SOURCE_LANGUAGE
    languages = available_languages()
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in languages:
        return chosen
    return _best_language(request.headers.get("Accept-Language", ""), tuple(languages))


# A phone sends the same header with every request, and parsing it cost a tenth of a
# kept page; the best match depends on nothing else.
@lru_cache(maxsize=256)
def _best_language(accept_language: str, languages: tuple[str, ...]) -> str:
    """The best of ``languages`` for an Accept-Language header, as werkzeug matches it."""
    accepted = parse_accept_header(accept_language, LanguageAccept)
    return accepted.best_match(languages, default=SOURCE_LANGUAGE)


def language_code() -> str:
    """The code of the language this response is in, for ``<html lang>``."""
    return response_language().code


def in_native_digits(text: str, locale: Locale) -> str:
    """``text`` with its ASCII digits written in the locale's default numbering system."""
    zero = _DIGIT_ZEROS.get(locale.default_numbering_system, "0")
    if zero == "0":
        return text
    return text.translate({ord("0") + digit: ord(zero) + digit for digit in range(10)})


def _locale() -> Locale:
    return response_language().locale


def format_number(value: int | float) -> str:
    """A number as the response's language writes it: separators and digits."""
    return _number_in(value, _locale())


# Babel takes long to write a number, and a page writes the same few scores many times.
@lru_cache(maxsize=4096, typed=True)
def _number_in(value: int | float, locale: Locale) -> str:
    try:
        written = numbers.format_decimal(value, locale=locale)
    except InvalidOperation:  # past Babel's precision, as a refused entry's value may be
        written = str(value)
    return in_native_digits(written, locale)


def format_percent(share: float | None) -> str:
    """A share as a whole percentage in the response's language, or a dash for none."""
    if share is None:
        return "—"
    locale = _locale()
    return in_native_digits(numbers.format_percent(share, "#,##0%", locale=locale), locale)


def format_one_decimal(value: float | None) -> str:
    """A number to one decimal place in the response's language, or a dash for none."""
    if value is None:
        return "—"
    locale = _locale()
    return in_native_digits(numbers.format_decimal(value, "#,##0.0", locale=locale), locale)


def format_date_time(moment) -> str:
    """A date with hours and minutes in UTC, as the response's language writes it."""
    locale = _locale()
    day = dates.format_date(moment, "medium", locale=locale)
    time = dates.format_time(moment, "short", tzinfo=dates.UTC, locale=locale)
    written = dates.get_datetime_format("medium", locale=locale).format(time, day)
    return in_native_digits(f"{written} UTC", locale)
