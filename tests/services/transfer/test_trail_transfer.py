"""Whatever trail the app keeps, its export imports again and exports the same document:
the import's checks of a trail never refuse one the app itself wrote."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago_scorer.rules import replay
from chicago_scorer.rules.errors import Refusal
from chicago_scorer.services import corrections, game_reads
from chicago_scorer.services import games as services
from chicago_scorer.services.demo_games import random_entry
from chicago_scorer.services.transfer import exporting, importing
from chicago_scorer.storage import rebuild
from support.random_writes import played_game

EXAMPLES = settings(
    max_examples=25,
    # Every example plays a game of its own, so sharing the database is harmless.
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
NAMES = ["Ann", "Bo", "Cy", "Björn", "Dee", "ann"]
ACTIONS = ["correct", "rename", "new first dealer", "record", "undo"]


def change_the_game(rng: random.Random, game_id: int, key: str, action: str) -> None:
    """One change a scorekeeper might make; one the app refuses leaves the game as it was."""
    state = game_reads.load_game(game_id).state
    events = [scored.event for scored in state.history]
    try:
        if action == "correct" and events:
            correct_some_entry(rng, game_id, key, state.setup, events)
        elif action == "rename":
            corrections.fix_players(game_id, key, rng.sample(NAMES, len(state.players)))
        elif action == "new first dealer":
            corrections.fix_players(game_id, key, dealer=rng.choice(state.players))
        elif action == "record" and state.next_step is not None:
            services.record_event(game_id, key, random_entry(rng, state))
        elif action == "undo" and events:
            services.undo_last_event(game_id, key)
    except Refusal:
        pass


def correct_some_entry(rng: random.Random, game_id: int, key: str, setup, events) -> None:
    """Correct a random entry; most random replacements break a later entry, so a few
    are tried, and the last entry, which nothing follows, is the last resort."""
    for number in [rng.randint(1, len(events)) for _ in range(4)] + [len(events)] * 4:
        before_it = replay(setup, events[: number - 1])
        try:
            corrections.correct_entry(game_id, key, number, random_entry(rng, before_it))
            return
        except Refusal:
            continue


@EXAMPLES
@given(
    st.randoms(use_true_random=False),
    st.integers(min_value=0, max_value=30),
    st.lists(st.sampled_from(ACTIONS), min_size=1, max_size=10),
)
def test_any_trail_the_app_keeps_is_imported_again_as_it_was_exported(db, rng, moves, actions):
    game_id, key = played_game(rng, rng.sample(NAMES[:5], rng.randint(2, 4)), moves)
    for action in actions:
        change_the_game(rng, game_id, key, action)
    exported = exporting.export_game(game_id)
    corrections.delete_game(game_id, key)

    result = importing.import_games(json.dumps(exported))

    (imported,) = result.imported
    assert exporting.export_game(imported.id) == exported
    assert rebuild.rebuild_games([imported.id]).disagreed == 0


def test_the_changes_the_property_makes_do_leave_trails(db):
    """The property above lets each refused change go; so that it cannot pass on games
    without a trail alone, the changes it makes must give corrections and fixes."""
    corrected = renamed = 0
    for seed in range(8):
        rng = random.Random(seed)
        game_id, key = played_game(rng, ["Ann", "Bo", "Cy"], 12)
        for action in ["correct", "rename", "correct"]:
            change_the_game(rng, game_id, key, action)
        (record,) = exporting.export_game(game_id)["games"]
        corrected += any("corrections" in event for event in record["events"])
        renamed += bool(record.get("changes"))

    assert corrected >= 4
    assert renamed >= 4
