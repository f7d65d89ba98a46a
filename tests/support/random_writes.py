"""Random records and undos through the services, for the properties of what is stored."""

from chicago_scorer.extensions import db
from chicago_scorer.services import game_reads
from chicago_scorer.services import games as services
from chicago_scorer.services.demo_games import random_entry

NAMES = ["Ann", "Bo", "Cy", "Dee"]


def random_writes(rng, moves: int, rules=None, undo_share: float = 0.25):
    """Start a game of 2 to 4 players, then yield ``(game_id, answer)`` after each write.

    A write undoes the newest entry now and then (always once the game is over), and
    otherwise records a legal next entry.
    """
    players = rng.sample(NAMES, rng.randint(2, len(NAMES)))
    created = services.create_game(players, rng.choice(players), rules)
    game_id, key, state = created.game.id, created.edit_key, created.game.state
    for _ in range(moves):
        if state.history and (state.next_step is None or rng.random() < undo_share):
            answer = services.undo_last_event(game_id, key)
        else:
            answer = services.record_event(game_id, key, random_entry(rng, state, 0.5))
        yield game_id, answer
        db.session.expire_all()
        state = game_reads.load_game(game_id).state


def played_game(rng, players: list[str], moves: int, rules=None) -> tuple[int, str]:
    """A new game of these players, a random first dealer and up to ``moves`` legal
    entries (fewer if it ends): its id and edit key."""
    created = services.create_game(players, rng.choice(players), rules)
    game_id, key = created.game.id, created.edit_key
    for _ in range(moves):
        state = game_reads.load_game(game_id).state
        if state.next_step is None:
            break
        services.record_event(game_id, key, random_entry(rng, state))
    return game_id, key
