"""Where one endpoint's time goes: pyinstrument over many requests, in-process.

    .venv/bin/python -m bench.profile_endpoint scoreboard          # GET /games/<id>, 40 events
    .venv/bin/python -m bench.profile_endpoint scorekeeper         # the same, with the edit key
    .venv/bin/python -m bench.profile_endpoint record --events 200 # POST an event after 200
    .venv/bin/python -m bench.profile_endpoint history --games 10000  # or player (Ann)

The app runs on a fresh SQLite file in a temporary folder, migrated as `make run` does,
and is driven through Flask's test client (no HTTP server, so no gunicorn or socket time).
It prints pyinstrument's call tree, then the self time summed by package and the
functions with the most self time: the numbers docs/PERFORMANCE.md quotes.
"""

import argparse
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

import flask_migrate
from pyinstrument import Profiler

from chicago_scorer import create_app

from .event_sequences import endless_game

PLAYERS = ["Ann", "Bo", "Cy", "Dee"]
PACKAGES = ("chicago_scorer", "sqlalchemy", "jinja2", "werkzeug", "flask", "wtforms", "segno")


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.profile_endpoint")
    parser.add_argument(
        "endpoint",
        choices=("scoreboard", "scorekeeper", "api-game", "record", "history", "player"),
    )
    parser.add_argument("--events", type=int, default=40, help="events in the game first")
    parser.add_argument("--games", type=int, default=0, help="demo games to seed first")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--top", type=int, default=15)
    return parser.parse_args(argv)


def _self_times(frame, by_function: Counter, by_package: Counter) -> None:
    """Add up each real function's own time (pyinstrument keeps it in "[self]" children)."""
    if not frame.is_synthetic:
        own = frame.total_self_time
        path = frame.file_path or ""
        if "chicago_scorer" in path or "/templates/" in path:
            package = "chicago_scorer (app and templates)"
        else:
            package = next((name for name in PACKAGES if f"/{name}/" in path), "other")
        by_package[package] += own
        by_function[f"{frame.function}  {frame.file_path_short}:{frame.line_no}"] += own
    for child in frame.children:
        _self_times(child, by_function, by_package)


def main(argv: list[str]) -> int:
    arguments = parse_arguments(argv)
    with tempfile.TemporaryDirectory(prefix="chicago-profile-") as folder:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'p.sqlite3'}",
                "RATE_LIMIT": "off",
            }
        )
        with app.app_context():
            flask_migrate.upgrade()
        if arguments.games:
            seeded = app.test_cli_runner().invoke(
                args=["seed-demo", "--games", str(arguments.games), "--seed", "7"]
            )
            assert seeded.exit_code == 0, seeded.output
        client = app.test_client()
        created = client.post("/api/games", json={"players": PLAYERS}).get_json()
        auth = {"Authorization": f"Bearer {created['edit_key']}"}
        events_url = f"/api/games/{created['id']}/events"
        entries = endless_game(random.Random(1), PLAYERS, arguments.events + 1)
        for entry in entries[:-1]:
            assert client.post(events_url, json=entry, headers=auth).status_code == 201

        if arguments.endpoint == "scorekeeper":
            # The page a tap ends on: its session holds the game's edit key (bench.time_tap).
            with client.session_transaction() as session:
                session["edit_keys"] = {str(created["id"]): created["edit_key"]}
        url = {
            "scoreboard": f"/games/{created['id']}",
            "scorekeeper": f"/games/{created['id']}",
            "api-game": f"/api/games/{created['id']}",
            "history": "/history",
            "player": "/players/Ann",
        }.get(arguments.endpoint)

        def one_request(profiler: Profiler | None) -> None:
            """One request, profiled alone: the undo after a recorded event is not."""
            if profiler is not None:
                profiler.start()
            if url is None:
                response = client.post(events_url, json=entries[-1], headers=auth)
            else:
                response = client.get(url)
            if profiler is not None:
                profiler.stop()
            assert response.status_code == (200 if url else 201), response.data[:300]
            if url is None:
                assert client.delete(f"{events_url}/last", headers=auth).status_code == 200

        one_request(None)
        profiler = Profiler(interval=0.0005)
        for _ in range(arguments.requests):
            one_request(profiler)
        session = profiler.last_session
    print(profiler.output_text(unicode=False, color=False, show_all=False))
    by_function: Counter = Counter()
    by_package: Counter = Counter()
    _self_times(session.root_frame(), by_function, by_package)
    total = sum(by_package.values())
    wall, cpu = (
        1000 * seconds / arguments.requests for seconds in (session.duration, session.cpu_time)
    )
    print(
        f"{arguments.requests} requests, each {wall:.1f} ms wall and {cpu:.1f} ms CPU, profiled\n"
    )
    print("Self time by package:")
    for package, seconds in by_package.most_common():
        print(f"  {100 * seconds / total:5.1f}%  {package}")
    print(f"\nTop {arguments.top} functions by self time:")
    for function, seconds in by_function.most_common(arguments.top):
        print(f"  {100 * seconds / total:5.1f}%  {function}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
