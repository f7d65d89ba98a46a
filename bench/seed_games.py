"""Store finished games through chicago_scorer's own services, for an app without seed-demo.

    DATABASE_URL=sqlite:////tmp/x/chicago.sqlite3 .venv/bin/python -m bench.seed_games --games 500

`make bench` uses `flask --app app seed-demo` when the app has it, and this otherwise.
The games are played entry by entry through the rules core (``demo_games``) and stored
with their whole log and summary by ``add_replayed_game``, as an import stores them.
"""

import argparse
import random
import sys
from datetime import timedelta

from chicago_scorer import create_app
from chicago_scorer.extensions import db
from chicago_scorer.services.demo_games import random_game, random_seating
from chicago_scorer.services.edit_keys import hash_edit_key, new_edit_key
from chicago_scorer.services.transfer.importing import add_replayed_game
from chicago_scorer.storage.models import now_utc

BATCH = 250
HOURS_BETWEEN_GAMES = 6
SECONDS_PER_ENTRY = 40


def seed_games(count: int, rng: random.Random) -> None:
    """Play ``count`` finished games and store them, oldest first, a batch per commit."""
    start = now_utc() - timedelta(hours=HOURS_BETWEEN_GAMES * count)
    for first in range(0, count, BATCH):
        for number in range(first, min(first + BATCH, count)):
            seating = random_seating(rng)
            state = random_game(rng, seating, rng.choice(seating))
            created_at = start + timedelta(hours=HOURS_BETWEEN_GAMES * number)
            updated_at = created_at + timedelta(seconds=SECONDS_PER_ENTRY * len(state.history))
            add_replayed_game(state, created_at, updated_at, hash_edit_key(new_edit_key()))
        db.session.commit()
        db.session.expunge_all()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.seed_games")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, default=None)
    arguments = parser.parse_args(argv)
    with create_app().app_context():
        seed_games(arguments.games, random.Random(arguments.seed))
    print(f"Added {arguments.games} finished games.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
