"""The app's gettext functions, with the response's language found once per request.

Flask-Babel finds the locale and the catalog anew on every call (three lookups of the
request's context and the locale's name written out each time), which made the hundreds
of strings of a scoreboard its largest cost. These functions keep the two on ``g``, where
Flask-Babel keeps the locale, so they last exactly as long as its choice does. They
answer like Flask-Babel's functions of the same names, which templates use too.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from babel import Locale
from babel.support import NullTranslations
from flask import current_app, g, has_app_context
from flask_babel import LazyString, force_locale, get_babel, get_locale, get_translations
from jinja2 import Environment, pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

SOURCE_LANGUAGE = "en"


@dataclass(frozen=True)
class ResponseLanguage:
    """The locale a response is written in, its code, and its catalog."""

    locale: Locale
    code: str
    catalog: NullTranslations


# Outside an app context there is no request to choose for: the source language.
_SOURCE = ResponseLanguage(Locale.parse(SOURCE_LANGUAGE), SOURCE_LANGUAGE, NullTranslations())


def response_language() -> ResponseLanguage:
    """The language of this response, chosen once per request (see locales.select_locale)."""
    if not has_app_context():
        return _SOURCE
    # Through the proxy once: each attribute asked of ``g`` itself goes through it again.
    request_globals = g._get_current_object()
    language = getattr(request_globals, "_response_language", None)
    if language is None:
        language = request_globals._response_language = _language_chosen()
    return language


def _language_chosen() -> ResponseLanguage:
    """The language the app's selector chooses, made once per app and language: asking
    Flask-Babel for the locale and catalog costs more than the choice itself."""
    code = get_babel().locale_selector() or SOURCE_LANGUAGE
    made = current_app.extensions.setdefault("response_languages", {})
    language = made.get(code)
    if language is None:
        locale = get_locale() or _SOURCE.locale
        language = made[code] = ResponseLanguage(locale, str(locale), get_translations())
    return language


def gettext(string: str, **variables: object) -> str:
    """``string`` in this response's language, with ``variables`` put in."""
    translated = response_language().catalog.ugettext(string)
    return translated % variables if variables else translated


def pgettext(context: str, string: str, **variables: object) -> str:
    """``gettext`` of a ``string`` that translates otherwise in this ``context``."""
    translated = response_language().catalog.upgettext(context, string)
    return translated % variables if variables else translated


def ngettext(singular: str, plural: str, num: int, /, **variables: object) -> str:
    """The singular or plural form for ``num``, translated, with ``num`` and ``variables``;
    a ``num`` among them is the number as written, in the reader's digits."""
    variables.setdefault("num", num)
    return response_language().catalog.ungettext(singular, plural, num) % variables


def lazy_gettext(string: str, **variables: object) -> LazyString:
    """``gettext`` when the text is used, in the language of the response it is used in."""
    return LazyString(gettext, string, **variables)


def lazy_ngettext(singular: str, plural: str, num: int, /, **variables: object) -> LazyString:
    """``ngettext`` when the text is used."""
    return LazyString(ngettext, singular, plural, num, **variables)


def in_every_language(string: str, codes: Iterable[str]) -> dict[str, str]:
    """``string`` in each of the languages ``codes``, by code: for what is served the same
    whichever language asks for it (the service worker)."""
    words = {}
    for code in codes:
        with force_locale(code):
            words[code] = get_translations().ugettext(string)
    return words


def install_in_templates(jinja_env: Environment) -> None:
    """Make templates' ``_``, ``gettext``, ``ngettext``, ``pgettext`` and ``npgettext`` (and
    ``{% trans %}``) these functions, answering as Jinja's newstyle callables do.

    Jinja's own look ``gettext`` up in the template's context and call through it twice
    on every use, which cost more than the translation; these read the catalog directly.
    """
    jinja_env.newstyle_gettext = True  # {% trans %} passes its variables to the call
    jinja_env.globals.update(
        _=_template_gettext,
        gettext=_template_gettext,
        ngettext=_template_ngettext,
        pgettext=_template_pgettext,
        npgettext=_template_npgettext,
    )


def _in_template(eval_ctx: EvalContext, translated: str, variables: dict) -> str:
    """Markup where the template escapes, and formatted even without variables, so that
    a message's "%%" is "%": as Jinja's newstyle callables answer. (A message without a
    "%" is the same formatted or not, and formatting Markup is slow.)"""
    if eval_ctx.autoescape:
        translated = Markup(translated)
    return translated % variables if variables or "%" in translated else translated


@pass_eval_context
def _template_gettext(eval_ctx: EvalContext, string: str, /, **variables: object) -> str:
    return _in_template(eval_ctx, response_language().catalog.ugettext(string), variables)


@pass_eval_context
def _template_ngettext(
    eval_ctx: EvalContext, singular: str, plural: str, count: int, /, **variables: object
) -> str:
    variables.setdefault("num", count)
    translated = response_language().catalog.ungettext(singular, plural, count)
    return _in_template(eval_ctx, translated, variables)


@pass_eval_context
def _template_pgettext(
    eval_ctx: EvalContext, context: str, string: str, /, **variables: object
) -> str:
    variables.setdefault("context", context)
    translated = response_language().catalog.upgettext(context, string)
    return _in_template(eval_ctx, translated, variables)


@pass_eval_context
def _template_npgettext(
    eval_ctx: EvalContext,
    context: str,
    singular: str,
    plural: str,
    count: int,
    /,
    **variables: object,
) -> str:
    variables.setdefault("context", context)
    variables.setdefault("num", count)
    translated = response_language().catalog.unpgettext(context, singular, plural, count)
    return _in_template(eval_ctx, translated, variables)
