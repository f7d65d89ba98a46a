"""gunicorn's settings for `make run`, read from the working directory when it starts."""

import gc

# Forwarded headers (X-Forwarded-Proto and the like) are read by the app alone, and only
# when TRUSTED_PROXIES says how many proxies stand in front of it (web/platform/security.py).
# gunicorn would otherwise trust them from 127.0.0.1 on its own, and a wider set of them
# than the app reads; so it trusts them from nowhere, whatever TRUSTED_PROXIES says.
forwarded_allow_ips = ""

# gunicorn's threaded worker, with deadlines on every wait for a client
# (web/platform/client_deadlines.py): a connection that sends nothing holds no thread, and
# one that sends half a request and stops holds one for 20 s at most. The threads are for
# such waits. Only one of a process's threads runs Python at a time, so a worker running
# a request takes no new connection, and the kernel hands it to the other worker.
worker_class = "chicago_scorer.web.platform.client_deadlines.ClientDeadlineWorker"
threads = 4
# Each answer closes its connection, as a sync worker's did. A connection kept open for the
# next request may be closed by the server just as a client sends on it: a browser sends
# again, but a script using the API would see its entry fail without knowing whether it
# was recorded. On the table's Wi-Fi a new connection costs a few milliseconds.
keepalive = 0

# A request runs in a thread, beside the worker's event loop. gunicorn kills a worker
# whose loop stops for `timeout`, but nothing kills a request that runs long: every wait
# of the app's own (config.py) ends it instead, in the app's words, a 503 to try again:
#   a lock on the database     5 s  (SQLite's busy timeout, PostgreSQL's lock_timeout)
#   one SQL statement         10 s  (PostgreSQL's statement_timeout)
#   an import                 25 s  (it begins no batch of games after that)
# An import's last batch, begun just before its deadline, takes a few milliseconds; even
# with a statement running to its bound it ends by 35 s. A stopping worker (a restart,
# `systemctl stop`) lets its requests run for `graceful_timeout`, so that is above it.
timeout = 40
graceful_timeout = 40


def post_worker_init(worker) -> None:
    """Put what the worker loaded with the app (about 120,000 objects: SQLAlchemy, Babel,
    the templates) out of the garbage collector's sight. Otherwise every full collection
    walks them all, in the middle of some request; they live as long as the worker does."""
    gc.freeze()
