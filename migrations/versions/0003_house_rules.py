"""Store each game's house rules

Revision ID: 0003_house_rules
Revises: 0002_game_summaries
Create Date: 2026-11-29 18:50:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003_house_rules'
down_revision = '0002_game_summaries'
branch_labels = None
depends_on = None

# The standard rules as they were when house rules arrived: every game stored before
# this revision was played by them. Written out here so the migration never changes.
STANDARD_SETTINGS = {
    "target": 52,
    "exact_target": False,
    "hand_points": {
        "one_pair": 1, "two_pair": 2, "three_of_a_kind": 3, "straight": 4, "flush": 5,
        "full_house": 6, "four_of_a_kind": 7, "straight_flush": 8, "royal_flush": 52,
    },
    "royal_flush_wins": False,
    "last_trick_points": 5,
    "deuce_last_trick_points": None,
    "chicago_points": 15,
    "chicago_penalty": 15,
    "chicago_failure_to_zero": False,
    "chicago_min_score": 15,
    "must_win_on_last_trick": False,
    "chicago_required_to_win": False,
    "exchange_stop": None,
}


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rules', sa.JSON(), nullable=True))
    games = sa.table('games', sa.column('rules', sa.JSON()))
    op.execute(games.update().values(rules=STANDARD_SETTINGS))
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.alter_column('rules', existing_type=sa.JSON(), nullable=False)


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('rules')
