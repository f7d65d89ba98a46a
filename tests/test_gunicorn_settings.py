"""gunicorn's settings: its timeout above every wait of the app's, and no forwarded
header trusted on its own."""

import runpy
from pathlib import Path

from chicago_scorer.config import config_from_environment

SETTINGS = runpy.run_path(str(Path(__file__).resolve().parents[1] / "gunicorn.conf.py"))


def test_every_wait_of_the_apps_ends_before_gunicorn_kills_the_worker():
    waits = config_from_environment({})

    lock = waits["DATABASE_LOCK_TIMEOUT_SECONDS"]
    statement = waits["DATABASE_STATEMENT_TIMEOUT_SECONDS"]
    import_deadline = waits["IMPORT_DEADLINE_SECONDS"]
    assert lock < statement <= import_deadline
    # An import's last batch begins by its deadline; even a statement of it running to
    # its own bound ends before the worker would be killed.
    assert import_deadline + statement < SETTINGS["timeout"]


def test_gunicorn_trusts_no_forwarded_header_on_its_own():
    assert SETTINGS["forwarded_allow_ips"] == ""
