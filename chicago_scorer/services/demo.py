"""Demo data: realistic random finished games, stored as if they had been played here."""

import random
from collections.abc import Callable
from datetime import timedelta

from chicago_scorer.extensions import db
from chicago_scorer.services.demo_games import random_game, random_seating
from chicago_scorer.services.edit_keys import hash_edit_key, new_edit_key
from chicago_scorer.services.transfer.importing import add_replayed_game
from chicago_scorer.storage.models import now_utc

SEED_BATCH = 250
SECONDS_PER_ENTRY = 40
HOURS_BETWEEN_GAMES = 6


def seed_demo_games(
    count: int, rng: random.Random, on_stored: Callable[[int], None] = lambda n: None
) -> None:
    """Play ``count`` finished games through the rules and store them, oldest first.

    Commits every few hundred games so that memory stays flat; ``on_stored`` hears how
    many were stored in each batch.
    """
    start = now_utc() - timedelta(hours=HOURS_BETWEEN_GAMES * count)
    for first in range(0, count, SEED_BATCH):
        batch = range(first, min(first + SEED_BATCH, count))
        for number in batch:
            seating = random_seating(rng)
            state = random_game(rng, seating, rng.choice(seating))
            jitter = timedelta(minutes=rng.randrange(0, 60 * HOURS_BETWEEN_GAMES // 2))
            created_at = start + timedelta(hours=HOURS_BETWEEN_GAMES * number) + jitter
            updated_at = created_at + timedelta(seconds=SECONDS_PER_ENTRY * len(state.history))
            # Nobody holds the key of a demo game: it can be watched, never changed.
            add_replayed_game(state, created_at, updated_at, hash_edit_key(new_edit_key()))
        db.session.commit()
        db.session.expunge_all()
        on_stored(len(batch))
