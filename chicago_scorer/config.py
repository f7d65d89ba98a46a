"""Configuration read from the environment when the app is created."""

import os
import secrets
from pathlib import Path

SECRET_KEY_FILE = "secret_key"
# How often one client address may create a game, import, or settle a tie: see
# web/platform/rate_limits.py for why. ``RATE_LIMIT=off`` turns the limit off.
DEFAULT_RATE_LIMIT = "60/minute"
RATE_LIMIT_OFF = "off"
# Each worker counts on its own unless the workers share a store (redis://, memcached://).
DEFAULT_RATE_LIMIT_STORAGE_URI = "memory://"


def default_database_url(instance_path: str) -> str:
    """SQLite in the instance folder."""
    return "sqlite:///" + str(Path(instance_path) / "chicago.sqlite3")


def load_or_create_secret_key(instance_path: str) -> str:
    """The key kept in the instance folder, generated once on first start."""
    path = Path(instance_path) / SECRET_KEY_FILE
    try:
        # O_EXCL: when two workers start at once, exactly one writes the key.
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    key = secrets.token_hex(32)
    with os.fdopen(descriptor, "w") as file:
        file.write(key)
    return key


def normalize_database_url(url: str) -> str:
    """Use psycopg 3 for PostgreSQL URLs that name no driver, as hosting services give them."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def config_from_environment(environ=os.environ) -> dict[str, object]:
    """The settings for this process: ``DATABASE_URL``, ``SECRET_KEY``, ``TRUSTED_PROXIES``,
    ``RATE_LIMIT`` and ``RATE_LIMIT_STORAGE_URI``."""
    settings: dict[str, object] = {
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 365,
        # Send the cookie only when the session changes: a poll answered while a flash
        # message was pending must not bring that message back.
        "SESSION_REFRESH_EACH_REQUEST": False,
        "WTF_CSRF_TIME_LIMIT": None,
        "RATE_LIMIT": environ.get("RATE_LIMIT", "").strip() or DEFAULT_RATE_LIMIT,
        "RATELIMIT_STORAGE_URI": (
            environ.get("RATE_LIMIT_STORAGE_URI", "").strip() or DEFAULT_RATE_LIMIT_STORAGE_URI
        ),
    }
    if environ.get("DATABASE_URL"):
        settings["SQLALCHEMY_DATABASE_URI"] = normalize_database_url(environ["DATABASE_URL"])
    if environ.get("TRUSTED_PROXIES"):
        settings["TRUSTED_PROXIES"] = int(environ["TRUSTED_PROXIES"])
    if environ.get("SECRET_KEY"):
        settings["SECRET_KEY"] = environ["SECRET_KEY"]
    return settings


def fill_instance_defaults(config, instance_path: str) -> None:
    """Fall back to SQLite and a kept secret key in the instance folder."""
    config.setdefault("SQLALCHEMY_DATABASE_URI", default_database_url(instance_path))
    if not config.get("SECRET_KEY"):
        config["SECRET_KEY"] = load_or_create_secret_key(instance_path)
