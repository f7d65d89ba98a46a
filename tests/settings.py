"""Settings for an app under test."""

from pathlib import Path


def settings_for(database_file: Path, **overrides) -> dict[str, object]:
    """Test settings on the given SQLite file, CSRF off unless a test turns it on."""
    return {
        "TESTING": True,
        "SECRET_KEY": "test secret",
        "WTF_CSRF_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database_file}",
    } | overrides
