"""WTForms' own messages, such as 'Not a valid integer value.', from the app's catalogs.

WTForms ships no Belarusian, Uzbek or Nepali catalog, so its messages are looked up in
ours instead; ``WTFORMS_MESSAGES`` puts the ones our fields can raise into the catalogs.
"""

from flask_wtf import FlaskForm

from chicago_scorer.web.languages.translation import (
    lazy_gettext,
    lazy_ngettext,
    response_language,
)

WTFORMS_MESSAGES = (
    lazy_gettext("Not a valid integer value."),
    lazy_gettext("Not a valid choice."),
    lazy_gettext("This field is required."),
    lazy_gettext("Number must be at least %(min)s."),
    lazy_ngettext(
        "Field cannot be longer than %(max)d character.",
        "Field cannot be longer than %(max)d characters.",
        2,
    ),
)


class CatalogTranslations:
    """The ``gettext``/``ngettext`` pair WTForms calls, answered from the app's catalogs."""

    def gettext(self, string: str) -> str:
        return response_language().catalog.ugettext(string)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return response_language().catalog.ungettext(singular, plural, count)


CATALOG_TRANSLATIONS = CatalogTranslations()


class CatalogMeta:
    """Form options that take WTForms' own messages from the app's catalogs.

    WTForms builds each form's options from every ``Meta`` along its classes, so a form,
    or a sub-form inside a ``FormField``, gets this by naming it as its ``Meta``.
    """

    def get_translations(self, form):
        return CATALOG_TRANSLATIONS


class TranslatedForm(FlaskForm):
    """A form with CSRF whose every message comes from the app's catalogs."""

    Meta = CatalogMeta
