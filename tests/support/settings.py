"""Settings for an app under test."""


def settings_for(database_url: str, **overrides) -> dict[str, object]:
    """Test settings on the given database, CSRF, the rate limit and the rest between two
    exports off unless a test turns them on."""
    return {
        "TESTING": True,
        "RATE_LIMIT": "off",
        "EXPORT_REST_SECONDS": 0,
        "SECRET_KEY": "test secret",
        "WTF_CSRF_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": database_url,
    } | overrides
