"""Configuration read from the environment when the app is created."""

import os
import secrets
import tempfile
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


class EmptySecretKey(RuntimeError):
    """The instance folder's key file is there but holds no key."""


def load_or_create_secret_key(instance_path: str) -> str:
    """The key kept in the instance folder, generated once on first start.

    The key is written whole to a file of its own, which is then linked into place only if
    no key is there yet: a reader never sees a key half written, and when several workers
    start at once they all end up with the one key that was linked first.
    """
    path = Path(instance_path) / SECRET_KEY_FILE
    if not path.exists():
        _write_key_once(path, secrets.token_hex(32))
    key = path.read_text().strip()
    if not key:
        raise EmptySecretKey(
            f"The secret key file {path} is empty. Delete it to have a new key made at "
            "the next start, or set SECRET_KEY (signed-in devices then need their keys again)."
        )
    return key


def _write_key_once(path: Path, key: str) -> None:
    """Put ``key`` at ``path`` unless a key is already there; never overwrite one."""
    descriptor, temporary = tempfile.mkstemp(prefix=".secret_key-", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w") as file:
            file.write(key)
            file.flush()
            os.fsync(file.fileno())
        # link, unlike rename, fails when the name is taken: the first key linked stays.
        os.link(temporary, path)
    except FileExistsError:
        pass
    finally:
        os.unlink(temporary)


def normalize_database_url(url: str) -> str:
    """Use psycopg 3 for PostgreSQL URLs that name no driver, as hosting services give them."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def config_from_environment(environ=os.environ) -> dict[str, object]:
    """The settings for this process: ``DATABASE_URL``, ``SECRET_KEY``, ``TRUSTED_PROXIES``,
    ``ALLOWED_HOSTS``, ``RATE_LIMIT``, ``RATE_LIMIT_STORAGE_URI`` and ``EXPORT_REST_SECONDS``."""
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
        # The app's own waits, each shorter than the next and all well within gunicorn's
        # timeout (gunicorn.conf.py), so that a request that waits too long gets the
        # app's own answer, a 503 to try again, never the bare page of a killed worker:
        # a lock on the database, then one SQL statement (PostgreSQL), then an import,
        # which begins no batch after its deadline.
        "DATABASE_LOCK_TIMEOUT_SECONDS": 5,
        "DATABASE_STATEMENT_TIMEOUT_SECONDS": 10,
        "IMPORT_DEADLINE_SECONDS": 25,
        # How long an export of every game waits after the last, so that an import may
        # take the turn between them (services/transfer/long_tasks.py); the tests set 0.
        "EXPORT_REST_SECONDS": float(environ.get("EXPORT_REST_SECONDS", "").strip() or 5),
    }
    if environ.get("DATABASE_URL"):
        settings["SQLALCHEMY_DATABASE_URI"] = normalize_database_url(environ["DATABASE_URL"])
    if environ.get("TRUSTED_PROXIES"):
        settings["TRUSTED_PROXIES"] = int(environ["TRUSTED_PROXIES"])
    if environ.get("ALLOWED_HOSTS"):  # compared as request_origin.host_name reads them
        settings["ALLOWED_HOSTS"] = frozenset(environ["ALLOWED_HOSTS"].replace(",", " ").split())
    if environ.get("SECRET_KEY"):
        settings["SECRET_KEY"] = environ["SECRET_KEY"]
    return settings


def fill_instance_defaults(config, instance_path: str) -> None:
    """Fall back to SQLite and a kept secret key in the instance folder."""
    config.setdefault("SQLALCHEMY_DATABASE_URI", default_database_url(instance_path))
    if not config.get("SECRET_KEY"):
        config["SECRET_KEY"] = load_or_create_secret_key(instance_path)
