"""Settings for an app under test."""


def settings_for(database_url: str, **overrides) -> dict[str, object]:
    """Test settings on the given database, CSRF off unless a test turns it on."""
    return {
        "TESTING": True,
        "SECRET_KEY": "test secret",
        "WTF_CSRF_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": database_url,
    } | overrides
