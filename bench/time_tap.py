"""What one scorekeeper's tap costs in-process: the POST of the entry form and the page.

    .venv/bin/python -m bench.time_tap                       # SQLite, games of 10 and 200
    .ci/with-postgres .venv/bin/python -m bench.time_tap     # PostgreSQL (TEST_DATABASE_URL)

The app runs on a fresh database (a SQLite file in a temporary folder unless
TEST_DATABASE_URL names another), migrated as `make run` does, without CSRF, and is
driven through Flask's test client: no server, so the numbers are the app's own work.
For each game length, a phone that holds the game's key taps its next entry (the POST,
answered 303, then the GET of the scoreboard, both timed) and the entry is undone through
the API (not timed), so the game keeps its length. Between taps, the baseline's tap
(bench/baseline_app.py: its form insert, 303 and page, padded to the watchers'
scoreboard) is timed in the same process. It prints the medians, how many SQL statements
each request sent, and the baseline's tap over the app's: the in-process counterpart of
`make bench`'s tap ratio. A shared machine's noise moves the times by tens of percent;
the ratio, taken tap by tap, moves far less.

It also times, after each tap, the cheapest answer the app gives (the version a watching
phone polls), and prints the ratio the tap would have if its page cost no more than that:
how far the POST alone leaves a tap from the budget, whatever its page is made of.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import flask_migrate
from flask.testing import FlaskClient
from sqlalchemy import event

from chicago_scorer import create_app
from chicago_scorer.extensions import db

from . import baseline_app
from .event_sequences import endless_game
from .taps import entry_form

PLAYERS = ["Ann", "Bo", "Cy", "Dee"]


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.time_tap")
    parser.add_argument("--events", type=int, nargs="+", default=[10, 200])
    parser.add_argument("--taps", type=int, default=60, help="timed taps per game")
    return parser.parse_args(argv)


class StatementCounter:
    """Counts the statements an engine sends, from the last reset."""

    def __init__(self, engine) -> None:
        self.count = 0
        event.listen(engine, "before_cursor_execute", self._count)

    def _count(self, *_arguments) -> None:
        self.count += 1

    def reset(self) -> int:
        """The count so far, starting again from zero."""
        counted, self.count = self.count, 0
        return counted


def game_of(client: FlaskClient, length: int) -> tuple[int, str, dict]:
    """A new game of ``length`` entries recorded through the API: its id, key and next entry."""
    created = client.post("/api/games", json={"players": PLAYERS}).get_json()
    game_id, key = created["id"], created["edit_key"]
    entries = endless_game(random.Random(length), PLAYERS, length + 1)
    for entry in entries[:-1]:
        answer = client.post(
            f"/api/games/{game_id}/events", json=entry, headers={"Authorization": f"Bearer {key}"}
        )
        assert answer.status_code == 201, answer.data[:300]
    return game_id, key, entries[-1]


def baseline_phone(folder: Path, page_bytes: int) -> FlaskClient:
    """A client of the baseline app on its own SQLite file, its page as large as given."""
    uri = f"sqlite:///{folder / 'baseline.sqlite3'}"
    baseline = baseline_app.create_app({"SQLALCHEMY_DATABASE_URI": uri, "PAGE_BYTES": page_bytes})
    with baseline.app_context():
        baseline_app.db.create_all()
    return baseline.test_client()


def baseline_tap(phone: FlaskClient, entry: dict) -> float:
    """The seconds of one baseline tap: the form insert, its 303 and the page."""
    started = time.perf_counter()
    posted = phone.post("/insert-form", data=entry_form(entry))
    page = phone.get("/page")
    seconds = time.perf_counter() - started
    assert posted.status_code == 303 and page.status_code == 200
    return seconds


def time_taps(app, counter: StatementCounter, length: int, taps: int, folder: Path) -> str:
    """One line of medians for taps in a game of ``length`` entries, and the baseline's."""
    api = app.test_client()
    game_id, key, entry = game_of(api, length)
    watchers_page = app.test_client().get(f"/games/{game_id}").data
    baseline = baseline_phone(folder / str(length), len(watchers_page))
    phone = app.test_client()
    with phone.session_transaction() as session:
        session["edit_keys"] = {str(game_id): key}
    posts, pages, polls, baselines, statements = [], [], [], [], set()
    for number in range(taps + 3):  # the first three warm up, untimed
        counter.reset()
        started = time.perf_counter()
        posted = phone.post(f"/games/{game_id}/entries", data=entry_form(entry))
        answered = time.perf_counter()
        post_statements = counter.reset()
        page = phone.get(f"/games/{game_id}")
        shown = time.perf_counter()
        statements.add((post_statements, counter.reset()))
        assert posted.status_code == 303 and "Set-Cookie" not in posted.headers, posted.data
        assert page.status_code == 200
        polled = phone.get(f"/games/{game_id}/version")
        poll = time.perf_counter() - shown
        assert polled.status_code == 200
        undone = api.delete(
            f"/api/games/{game_id}/events/last", headers={"Authorization": f"Bearer {key}"}
        )
        assert undone.status_code == 200
        base = baseline_tap(baseline, entry)
        if number >= 3:
            posts.append(answered - started)
            pages.append(shown - answered)
            polls.append(poll)
            baselines.append(base)
    taps_timed = [p + g for p, g in zip(posts, pages, strict=True)]
    tap, post, get, base = (
        1000 * statistics.median(seconds) for seconds in (taps_timed, posts, pages, baselines)
    )
    ratio = statistics.median(b / t for b, t in zip(baselines, taps_timed, strict=True))
    floor = statistics.median(b / (p + v) for b, p, v in zip(baselines, posts, polls, strict=True))
    return (
        f"{length:4d} events: tap {tap:6.2f} ms (POST {post:5.2f}, GET {get:5.2f})"
        f"  statements (POST, GET): {sorted(statements)}"
        f"  baseline tap {base:5.2f} ms, ratio {ratio:.2f}"
        f"\n             with a page as cheap as a version poll"
        f" ({1000 * statistics.median(polls):.2f} ms), ratio {floor:.2f}"
    )


def main(argv: list[str]) -> int:
    arguments = parse_arguments(argv)
    with tempfile.TemporaryDirectory(prefix="chicago-tap-") as folder:
        uri = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{Path(folder) / 't.sqlite3'}"
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": uri, "WTF_CSRF_ENABLED": False, "RATE_LIMIT": "off"}
        )
        with app.app_context():
            flask_migrate.upgrade()
            counter = StatementCounter(db.engine)
        print(f"{uri.split(':', 1)[0]}, {arguments.taps} taps a game, medians:")
        for length in arguments.events:
            (Path(folder) / str(length)).mkdir()
            print(time_taps(app, counter, length, arguments.taps, Path(folder)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
