"""Time the history, player and home pages on a database of many finished games.

    .venv/bin/python bench/history.py                # 10,000 games, 150 ms budget
    .venv/bin/python bench/history.py --games 2000 --runs 20

The games are made by `flask seed-demo` into a SQLite file of their own (kept in
instance/ and reused on the next run, topped up if it has fewer games). Each page is
fetched once to warm up, then --runs times through the test client; the table gives
the median and slowest time and the SQL statements one request runs. The exit status
is 1 if a page with a budget takes longer than the budget (median), else 0.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import flask_migrate  # noqa: E402
from sqlalchemy import event, func, select  # noqa: E402

from chicago_scorer import create_app  # noqa: E402
from chicago_scorer.cli import seed_demo_command  # noqa: E402
from chicago_scorer.extensions import db  # noqa: E402
from chicago_scorer.storage.models import Game, Player  # noqa: E402


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--budget-ms", type=float, default=150.0)
    parser.add_argument(
        "--database", type=Path, default=ROOT / "instance" / "bench-history.sqlite3"
    )
    parser.add_argument("--seed", type=int, default=52)
    return parser.parse_args()


def prepared_app(arguments: argparse.Namespace):
    """An app on the bench database, migrated and holding at least --games games."""
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{arguments.database}",
            "TESTING": True,
            "RATE_LIMIT": "off",
        }
    )
    with app.app_context():
        flask_migrate.upgrade()
        stored = db.session.scalar(select(func.count()).select_from(Game))
    missing = arguments.games - stored
    if missing > 0:
        print(f"Seeding {missing} games into {arguments.database} (stored: {stored})")
        result = app.test_cli_runner().invoke(
            seed_demo_command, ["--games", str(missing), "--seed", str(arguments.seed + stored)]
        )
        if result.exit_code != 0:
            raise SystemExit(result.output)
    return app


def count_statements(app) -> list[int]:
    """A one-item list that counts every SQL statement the app's engine runs."""
    counter = [0]

    def count(*_args) -> None:
        counter[0] += 1

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", count)
    return counter


def pages_to_time(app) -> list[tuple[str, str, bool]]:
    """(label, URL, has a budget) for each page measured."""
    with app.app_context():
        games = db.session.scalar(select(func.count()).select_from(Game))
        newest = db.session.scalar(select(func.max(Game.id)))
        busiest = db.session.execute(
            select(func.min(Player.name))
            .group_by(Player.name_key)
            .order_by(func.count().desc())
            .limit(1)
        ).scalar()
    last_page = max(1, -(-games // 25))
    return [
        ("history, first page", "/history", True),
        ("history, last page", f"/history?page={last_page}", True),
        ("history, one player", f"/history?player={busiest}", True),
        ("history, finished", "/history?status=finished", True),
        ("players", "/players", True),
        ("one player's page", f"/players/{busiest}", True),
        ("home", "/", True),
        ("games API, 100", "/api/games?limit=100", False),
        ("player stats API", f"/api/players/{busiest}/stats", False),
        ("game review", f"/games/{newest}/review", False),
        ("scoreboard", f"/games/{newest}", False),
    ]


def main() -> int:
    arguments = parse_arguments()
    arguments.database.parent.mkdir(parents=True, exist_ok=True)
    app = prepared_app(arguments)
    statements = count_statements(app)
    client = app.test_client()
    with app.app_context():
        games = db.session.scalar(select(func.count()).select_from(Game))
    print(f"{games} games in {arguments.database}; {arguments.runs} runs per page\n")
    print(f"{'page':<22} {'median ms':>10} {'max ms':>8} {'statements':>11}  verdict")
    over_budget = []
    for label, url, has_budget in pages_to_time(app):
        assert client.get(url).status_code == 200, url
        timings = []
        for _ in range(arguments.runs):
            statements[0] = 0
            started = time.perf_counter()
            response = client.get(url)
            timings.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, url
        median = statistics.median(timings)
        verdict = "-"
        if has_budget:
            verdict = "ok" if median < arguments.budget_ms else "OVER BUDGET"
            if median >= arguments.budget_ms:
                over_budget.append(label)
        print(f"{label:<22} {median:>10.1f} {max(timings):>8.1f} {statements[0]:>11}  {verdict}")
    print(f"\nBudget: {arguments.budget_ms:.0f} ms (median) for the pages marked ok/OVER BUDGET.")
    if over_budget:
        print("Over budget: " + ", ".join(over_budget))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
