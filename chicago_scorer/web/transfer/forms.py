"""The import page's form: an export file."""

from flask_wtf.file import FileField, FileRequired

from chicago_scorer.web.languages.form_translations import TranslatedForm
from chicago_scorer.web.languages.translation import lazy_gettext

EXPORT_FILE = lazy_gettext("Export file (.json)")
# Said beside the file box when it is sent empty, and when an import comes back refused:
# no page can be given back the file it sent.
CHOOSE_A_FILE = lazy_gettext("Choose a file to import.")


class ImportForm(TranslatedForm):
    """An export file to import."""

    file = FileField(EXPORT_FILE, validators=[FileRequired(CHOOSE_A_FILE)])

    def ask_for_the_file(self) -> None:
        """Say beside the file box that a file is wanted: a refused import's page cannot
        be given back the file it sent."""
        self.file.errors = [str(CHOOSE_A_FILE)]
