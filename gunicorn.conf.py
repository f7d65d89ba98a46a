"""gunicorn's settings for `make run`, read from the working directory when it starts."""

import gc

# Forwarded headers (X-Forwarded-Proto and the like) are read by the app alone, and only
# when TRUSTED_PROXIES says how many proxies stand in front of it (web/platform/security.py).
# gunicorn would otherwise trust them from 127.0.0.1 on its own, and a wider set of them
# than the app reads; so it trusts them from nowhere, whatever TRUSTED_PROXIES says.
forwarded_allow_ips = ""

# gunicorn's sync worker, with deadlines on every wait for a client
# (web/platform/client_deadlines.py): a connection that sends nothing holds nothing, and
# one that sends half a request and stops holds its worker for 5 s, or 20 s at most for
# one still sending its body at 200 kbit/s or more.
worker_class = "chicago_scorer.web.platform.client_deadlines.ClientDeadlineWorker"

# A worker busy with one request longer than this is killed, and the request gets
# gunicorn's bare error page. So every wait of the app's own (config.py), which answers
# in the app's words, and of the worker's for the request to arrive and its answer to be
# taken, ends first:
#   the request's arrival     20 s  (ClientDeadlineWorker.arrival_seconds)
#   a lock on the database     5 s  (SQLite's busy timeout, PostgreSQL's lock_timeout)
#   one SQL statement         10 s  (PostgreSQL's statement_timeout)
#   an import                 25 s  (it begins no batch of games after that)
#   an answer                 30 s  from its first byte (whole_answer_seconds)
# An import's last batch, begun just before its deadline, takes a few milliseconds; even
# with its body arriving to the last moment and a statement running to its bound, it ends
# by 55 s, within the 60 s here. The longest answer, the export of every game, is read
# before its first byte is sent: 5,000 games in about 10 s, after a head that has 5 s to
# arrive, so even a client taking it a trickle at a time is dropped by 45 s. A stopping
# worker (a restart, `systemctl stop`) lets its request run for `graceful_timeout`, so
# that is 60 s too.
timeout = 60
graceful_timeout = 60


def post_worker_init(worker) -> None:
    """Put what the worker loaded with the app (about 120,000 objects: SQLAlchemy, Babel,
    the templates) out of the garbage collector's sight. Otherwise every full collection
    walks them all, in the middle of some request; they live as long as the worker does."""
    gc.freeze()
