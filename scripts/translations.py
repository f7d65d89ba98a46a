"""The translation workflow behind `make translations` and `make language CODE=xx`.

    python scripts/translations.py update       # extract, merge into every catalog, compile
    python scripts/translations.py new fr       # start a catalog for a new language

The strings come from the templates (`_()`, `ngettext`, `{% trans %}`), from the app's
Python (`gettext`, `lazy_gettext`) and from the rules core, which marks its messages with
`sentence()` and `counted()` and raises `RuleViolation` and `OutOfTurn` with plain ones.
"""

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
    # The offline kit's words, translated with their slots kept (web/scoreboard/offline.py).
    "slotted_gettext",
    "slotted_ngettext:1,2",
]
WIDTH = "99"


def _pybabel(*arguments: str) -> None:
    CommandLineInterface().run(["pybabel", "--quiet", *arguments])


def extract(output: Path = TEMPLATE) -> None:
    """Write every marked string of the sources into a catalog template."""
    keywords = [argument for keyword in KEYWORDS for argument in ("-k", keyword)]
    with chdir(PROJECT_ROOT):  # locations in the template are relative to the project
        _extract_here(keywords, output.resolve())


def _extract_here(keywords: list[str], output: Path) -> None:
    _pybabel(
        "extract",
        "--mapping-file",
        "babel.cfg",
        *keywords,
        "--add-comments=Translators:",
        "--ignore-dirs=.* __pycache__ node_modules",
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
    _pybabel(
        "update",
        "--input-file",
        str(TEMPLATE),
        "--output-dir",
        str(TRANSLATIONS),
        "--no-fuzzy-matching",
        "--ignore-obsolete",
        "--width",
        WIDTH,
    )
    _pybabel("compile", "--directory", str(TRANSLATIONS), "--statistics")


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
