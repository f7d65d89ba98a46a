"""Settings for an app under test."""


def settings_for(database_url: str, **overrides) -> dict[str, object]:
    """Test settings on the given database, CSRF and the rate limit off unless a test turns
    them on."""
    return {
        "TESTING": True,
        "RATE_LIMIT": "off",
        "SECRET_KEY": "test secret",
        "WTF_CSRF_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": database_url,
    } | overrides
