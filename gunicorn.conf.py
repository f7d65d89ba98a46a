"""gunicorn's settings for `make run`, read from the working directory when it starts."""

import gc

# Forwarded headers (X-Forwarded-Proto and the like) are read by the app alone, and only
# when TRUSTED_PROXIES says how many proxies stand in front of it (web/platform/security.py).
# gunicorn would otherwise trust them from 127.0.0.1 on its own, and a wider set of them
# than the app reads; so it trusts them from nowhere, whatever TRUSTED_PROXIES says.
forwarded_allow_ips = ""

# A worker busy with one request longer than this is killed, and the request gets
# gunicorn's bare error page. So every wait of the app's own (config.py) ends first, and
# answers in the app's words, a 503 to try again:
#   a lock on the database     5 s  (SQLite's busy timeout, PostgreSQL's lock_timeout)
#   one SQL statement         10 s  (PostgreSQL's statement_timeout)
#   an import                 25 s  (it begins no batch of games after that)
# An import's last batch, begun just before its deadline, takes a few milliseconds; even
# with a statement running to its bound it ends by 35 s, within the 40 s here.
timeout = 40


def post_worker_init(worker) -> None:
    """Put what the worker loaded with the app (about 120,000 objects: SQLAlchemy, Babel,
    the templates) out of the garbage collector's sight. Otherwise every full collection
    walks them all, in the middle of some request; they live as long as the worker does."""
    gc.freeze()
