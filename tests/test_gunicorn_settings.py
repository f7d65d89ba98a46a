"""gunicorn's settings: the worker with deadlines for clients, every wait of the app's
within what a stopping worker allows, and no forwarded header trusted on its own."""

import runpy
from pathlib import Path

from gunicorn.util import load_class

from chicago_scorer.config import config_from_environment
from chicago_scorer.web.platform.client_deadlines import ClientDeadlineWorker

SETTINGS = runpy.run_path(str(Path(__file__).resolve().parents[1] / "gunicorn.conf.py"))


def test_make_run_serves_with_the_worker_that_sets_deadlines_for_clients():
    assert load_class(SETTINGS["worker_class"]) is ClientDeadlineWorker
    # With one thread, a client sending slowly would hold the whole worker again.
    assert SETTINGS["threads"] >= 2


def test_every_wait_of_the_apps_ends_before_a_stopping_worker_gives_up_on_its_requests():
    waits = config_from_environment({})

    lock = waits["DATABASE_LOCK_TIMEOUT_SECONDS"]
    statement = waits["DATABASE_STATEMENT_TIMEOUT_SECONDS"]
    import_deadline = waits["IMPORT_DEADLINE_SECONDS"]
    assert lock < statement <= import_deadline
    # An import's last batch begins by its deadline; even a statement of it running to
    # its own bound ends before the worker would stop waiting for it.
    assert import_deadline + statement < SETTINGS["graceful_timeout"]
    assert SETTINGS["graceful_timeout"] <= SETTINGS["timeout"]


def test_gunicorn_trusts_no_forwarded_header_on_its_own():
    assert SETTINGS["forwarded_allow_ips"] == ""
