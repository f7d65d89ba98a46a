"""The catalogs: complete, faithful to every placeholder, compiled and up to date."""

import io
import re
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scripts.translations import (
    TEMPLATE,
    TRANSLATIONS,
    copy_catalogs,
    extract,
    merge,
    without_date,
)

LANGUAGES = ["sv", "it", "et", "be", "uz", "ne"]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def catalog(code: str):
    with open(TRANSLATIONS / code / "LC_MESSAGES" / "messages.po", "rb") as file:
        return read_po(file, locale=code)


def entries(code: str):
    return [message for message in catalog(code) if message.id]


def ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def translations(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.fixture(scope="module")
def source_template(tmp_path_factory) -> set[tuple[str, ...]]:
    """Every message the sources mark today, extracted afresh."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    extract(pot)
    with open(pot, "rb") as file:
        return {ids(message) for message in read_po(file) if message.id}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_has_a_catalog(code):
    assert (TRANSLATIONS / code / "LC_MESSAGES" / "messages.po").is_file()


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_entry_is_left_untranslated(code):
    untranslated = [ids(m)[0] for m in entries(code) if not all(translations(m))]
    assert untranslated == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_entry_is_fuzzy(code):
    assert [ids(m)[0] for m in entries(code) if m.fuzzy] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_plural_entry_has_every_plural_form_of_its_language(code):
    read = catalog(code)
    for message in entries(code):
        if message.pluralizable:
            assert len(translations(message)) == read.num_plurals, ids(message)[0]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_translation_keeps_exactly_the_placeholders_of_the_english(code):
    wrong = []
    for message in entries(code):
        wanted = set().union(*(placeholders(text) for text in ids(message)))
        for text in translations(message):
            if placeholders(text) != wanted:
                wrong.append((ids(message)[0], text))
    assert wrong == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_babel_finds_no_format_errors(code):
    problems = [(ids(message)[0], errors) for message, errors in catalog(code).check()]
    assert problems == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalog_holds_exactly_the_messages_the_sources_mark(code, source_template):
    in_catalog = {ids(message) for message in entries(code)}
    assert sorted(source_template - in_catalog) == [], "missing: run make translations"
    assert sorted(in_catalog - source_template) == [], "obsolete: run make translations"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_compiled_catalog_is_the_catalog_compiled_now(code):
    compiled = io.BytesIO()
    write_mo(compiled, catalog(code))
    on_disk = TRANSLATIONS / code / "LC_MESSAGES" / "messages.mo"
    assert on_disk.is_file(), "not compiled: run make translations"
    assert on_disk.read_bytes() == compiled.getvalue(), "stale: run make translations"


def test_the_template_is_what_the_sources_mark_today(source_template):
    with open(Path(TRANSLATIONS) / "messages.pot", "rb") as file:
        committed = {ids(message) for message in read_po(file) if message.id}
    assert committed == source_template, "run make translations"


@pytest.mark.parametrize("code", LANGUAGES)
def test_chicago_is_never_translated(code):
    renamed = [
        text
        for message in entries(code)
        if any("Chicago" in english for english in ids(message))
        for text in translations(message)
        if "Chicago" not in text
    ]
    assert renamed == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_json_field_names_in_quotes_stay_as_they_are(code):
    quoted = re.compile(r"'[a-z_]+'")
    changed = [
        (ids(message)[0], text)
        for message in entries(code)
        for text in translations(message)
        if set(quoted.findall(ids(message)[0])) - set(quoted.findall(text))
    ]
    assert changed == []


def test_the_template_is_what_make_translations_would_write(tmp_path):
    """No source lines, which move with every edit: only a new or changed message
    changes the template."""
    fresh = tmp_path / "messages.pot"
    extract(fresh)
    assert without_date(fresh.read_text("utf-8")) == without_date(TEMPLATE.read_text("utf-8"))


def test_every_catalog_is_what_make_translations_would_write(tmp_path):
    copies = copy_catalogs(tmp_path)
    merge(TEMPLATE, copies)
    merged = sorted(copies.glob("*/LC_MESSAGES/messages.po"))
    assert len(merged) == len(LANGUAGES)
    for catalog_file in merged:
        committed = TRANSLATIONS / catalog_file.relative_to(copies)
        assert catalog_file.read_text("utf-8") == committed.read_text("utf-8"), committed
