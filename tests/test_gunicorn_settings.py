"""gunicorn's settings: the worker with deadlines for clients, every wait of the app's
and the worker's own within gunicorn's timeout, and no forwarded header trusted on its
own."""

import os
import runpy
import subprocess
import sys
from pathlib import Path

from gunicorn.util import load_class

from chicago_scorer.config import config_from_environment
from chicago_scorer.web.platform.client_deadlines import ClientDeadlineWorker

SETTINGS = runpy.run_path(str(Path(__file__).resolve().parents[1] / "gunicorn.conf.py"))


def test_make_run_serves_with_the_worker_that_sets_deadlines_for_clients():
    assert load_class(SETTINGS["worker_class"]) is ClientDeadlineWorker


def test_every_wait_ends_before_gunicorn_kills_the_worker_or_stops_waiting_for_it():
    waits = config_from_environment({})

    lock = waits["DATABASE_LOCK_TIMEOUT_SECONDS"]
    statement = waits["DATABASE_STATEMENT_TIMEOUT_SECONDS"]
    import_deadline = waits["IMPORT_DEADLINE_SECONDS"]
    assert lock < statement <= import_deadline
    # An import's body may take its whole time to arrive; its last batch begins by its
    # deadline, and even a statement of it running to its own bound ends before the
    # worker would be killed, or, stopping, given up on.
    longest = ClientDeadlineWorker.arrival_seconds + import_deadline + statement
    assert longest < SETTINGS["timeout"]
    assert longest < SETTINGS["graceful_timeout"]
    # A client slow to take the answer is dropped before that too, even one taking each
    # piece in time, after the longest wait for a request's head.
    worker = ClientDeadlineWorker
    assert worker.answer_seconds <= worker.whole_answer_seconds
    assert worker.head_seconds + worker.whole_answer_seconds < SETTINGS["timeout"]


def test_gunicorn_trusts_no_forwarded_header_on_its_own():
    assert SETTINGS["forwarded_allow_ips"] == ""


def test_the_app_imports_nothing_of_gunicorn_only_the_worker_knows_its_errors(tmp_path):
    # The worker says which of gunicorn's errors mean what (web/platform/gunicorn_errors.py),
    # so the app runs under any WSGI server, and `flask run` where gunicorn does not.
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, app; print(*sorted(sys.modules))"],
        cwd=Path(__file__).resolve().parents[1],
        env=os.environ | {"DATABASE_URL": f"sqlite:///{tmp_path}/app.db", "SECRET_KEY": "x"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()

    assert "chicago_scorer.web.scoreboard.routes" in loaded  # the whole app, then
    assert [name for name in loaded if name.split(".")[0] == "gunicorn"] == []
