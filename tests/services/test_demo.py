"""`flask seed-demo`: realistic finished games, played through the rules and stored."""

from sqlalchemy import select

from chicago_scorer.rules import Status
from chicago_scorer.rules.statistics import summarize
from chicago_scorer.services import game_reads
from chicago_scorer.storage.models import Game
from chicago_scorer.storage.summaries import stored_summary


def test_seed_demo_adds_finished_games_that_replay_to_their_summaries(runner, db):
    result = runner.invoke(args=["seed-demo", "--games", "6", "--seed", "3"])

    assert result.exit_code == 0, result.output
    assert "Added 6 finished demo games." in result.output
    games = db.session.scalars(select(Game).order_by(Game.id)).all()
    assert len(games) == 6
    assert [game.created_at for game in games] == sorted(game.created_at for game in games)
    for game in games:
        state = game_reads.load_game(game.id).state
        assert state.status is Status.FINISHED
        assert stored_summary(game.id).summary == summarize(state)


def test_seed_demo_refuses_a_count_below_one(runner):
    result = runner.invoke(args=["seed-demo", "--games", "0"])

    assert result.exit_code != 0
    assert "--games" in result.output
