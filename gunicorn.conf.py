"""gunicorn's settings for `make run`, read from the working directory when it starts."""

import gc

# Forwarded headers (X-Forwarded-Proto and the like) are read by the app alone, and only
# when TRUSTED_PROXIES says how many proxies stand in front of it (web/platform/security.py).
# gunicorn would otherwise trust them from 127.0.0.1 on its own, and a wider set of them
# than the app reads; so it trusts them from nowhere, whatever TRUSTED_PROXIES says.
forwarded_allow_ips = ""


def post_worker_init(worker) -> None:
    """Put what the worker loaded with the app (about 120,000 objects: SQLAlchemy, Babel,
    the templates) out of the garbage collector's sight. Otherwise every full collection
    walks them all, in the middle of some request; they live as long as the worker does."""
    gc.freeze()
