"""The translation workflow behind `make translations` and `make language CODE=xx`.

    python scripts/translations.py update       # extract, merge into every catalog, compile
    python scripts/translations.py new fr       # start a catalog for a new language

The strings come from the templates (`_()`, `ngettext`, `{% trans %}`), from the app's
Python (`gettext`, `lazy_gettext`) and from the rules core, which marks its messages with
`sentence()` and `counted()` and raises `RuleViolation` and `OutOfTurn` with plain ones.
"""

import re
import shutil
import sys
from contextlib import chdir
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = PROJECT_ROOT / "translations"
TEMPLATE = TRANSLATIONS / "messages.pot"
KEYWORDS = [
    "lazy_gettext",
    "lazy_ngettext:1,2",
    "sentence",
    "counted:1,2",
    "RuleViolation",
    "OutOfTurn",
    # The offline kit's words, translated with their slots kept (web/scoreboard/offline_words.py).
    "slotted_gettext",
    "slotted_ngettext:1,2",
    # Words served in every language at once (web/platform/installable.py).
    "in_every_language:1",
]
WIDTH = "99"
# The one line of a template that changes when nothing else does.
CREATION_DATE = re.compile(r'^"POT-Creation-Date: .*\\n"$', re.MULTILINE)


def _pybabel(*arguments: str) -> None:
    CommandLineInterface().run(["pybabel", "--quiet", *arguments])


def extract(output: Path = TEMPLATE) -> None:
    """Write every marked string of the sources into a catalog template.

    The template names no source lines, which move with every edit, and it keeps its
    creation date while its messages stay the same: extracting again changes nothing.
    """
    keywords = [argument for keyword in KEYWORDS for argument in ("-k", keyword)]
    earlier = output.read_text(encoding="utf-8") if output.exists() else None
    with chdir(PROJECT_ROOT):
        _extract_here(keywords, output.resolve())
    if earlier is not None and without_date(earlier) == without_date(output.read_text("utf-8")):
        output.write_text(earlier, encoding="utf-8")


def without_date(template_text: str) -> str:
    """A template's text without its creation date."""
    return CREATION_DATE.sub("", template_text)


def _extract_here(keywords: list[str], output: Path) -> None:
    _pybabel(
        "extract",
        "--mapping-file",
        "babel.cfg",
        *keywords,
        "--add-comments=Translators:",
        "--ignore-dirs=.* __pycache__ node_modules",
        "--no-location",
        "--sort-by-file",
        "--width",
        WIDTH,
        "--output-file",
        str(output),
        ".",
    )


def update() -> None:
    """Extract, merge the template into every catalog, then compile them all."""
    extract()
    merge(TEMPLATE, TRANSLATIONS)
    _pybabel("compile", "--directory", str(TRANSLATIONS), "--statistics")


def merge(template: Path, translations: Path) -> None:
    """Bring every catalog under ``translations`` up to ``template``."""
    _pybabel(
        "update",
        "--input-file",
        str(template),
        "--output-dir",
        str(translations),
        "--no-fuzzy-matching",
        "--ignore-obsolete",
        "--width",
        WIDTH,
    )


def copy_catalogs(target: Path) -> Path:
    """The catalogs' sources (``.po``) copied under ``target``, for a trial merge."""
    for source in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"):
        copy = target / source.relative_to(TRANSLATIONS)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, copy)
    return target


def new_language(code: str) -> None:
    """Start the catalog of a new language from the current template."""
    extract()
    _pybabel(
        "init",
        "--input-file",
        str(TEMPLATE),
        "--output-dir",
        str(TRANSLATIONS),
        "--locale",
        code,
        "--width",
        WIDTH,
    )


if __name__ == "__main__":
    match sys.argv[1:]:
        case ["update"]:
            update()
        case ["new", code]:
            new_language(code)
        case _:
            sys.exit(__doc__)
