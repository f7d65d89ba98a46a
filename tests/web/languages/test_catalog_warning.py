"""An app whose catalogs are not compiled says so when it starts, rather than fall silent."""

import logging
import os
import shutil
from pathlib import Path

import pytest

PROJECT_TRANSLATIONS = Path(__file__).resolve().parents[3] / "translations"


@pytest.fixture
def translations(tmp_path):
    """A copy of the Swedish catalog, compiled."""
    folder = tmp_path / "translations" / "sv" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(PROJECT_TRANSLATIONS / "sv" / "LC_MESSAGES" / "messages.po", folder)
    (folder / "messages.mo").write_bytes(b"")  # only its time matters here
    return tmp_path / "translations"


def _start(make_app, translations, caplog) -> list[str]:
    with caplog.at_level(logging.WARNING):
        make_app(BABEL_TRANSLATION_DIRECTORIES=str(translations))
    return [record.getMessage() for record in caplog.records]


def test_compiled_catalogs_start_quietly(make_app, translations, caplog):
    compiled = translations / "sv" / "LC_MESSAGES" / "messages.mo"
    os.utime(compiled, (compiled.stat().st_mtime + 10,) * 2)

    assert not [m for m in _start(make_app, translations, caplog) if "catalog" in m]


def test_a_missing_compiled_catalog_is_warned_of_at_start(make_app, translations, caplog):
    (translations / "sv" / "LC_MESSAGES" / "messages.mo").unlink()

    (warning,) = [m for m in _start(make_app, translations, caplog) if "catalog" in m]
    assert "sv/LC_MESSAGES/messages.po is not compiled" in warning
    assert "make install" in warning


def test_a_catalog_changed_since_it_was_compiled_is_warned_of(make_app, translations, caplog):
    catalog = translations / "sv" / "LC_MESSAGES" / "messages.po"
    os.utime(catalog, (catalog.stat().st_mtime + 10,) * 2)

    (warning,) = [m for m in _start(make_app, translations, caplog) if "catalog" in m]
    assert "changed since it was compiled" in warning
