"""Stamp each game's stored fold and summary with the rules' revision they came from

Revision ID: 0005_rules_revision
Revises: 0004_game_folds
Create Date: 2026-12-01 15:10:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005_rules_revision'
down_revision = '0004_game_folds'
branch_labels = None
depends_on = None


# Every row stored so far gets revision 0, which no rules have: it counts as stale, is
# never trusted, and `flask rebuild` (which `make run` runs when it finds such rows)
# replays the games and writes them again.
def upgrade():
    with op.batch_alter_table('game_summaries', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rules_revision', sa.Integer(), server_default='0', nullable=False))
        batch_op.create_index(batch_op.f('ix_game_summaries_rules_revision'), ['rules_revision'], unique=False)
    with op.batch_alter_table('game_folds', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rules_revision', sa.Integer(), server_default='0', nullable=False))


def downgrade():
    with op.batch_alter_table('game_folds', schema=None) as batch_op:
        batch_op.drop_column('rules_revision')
    with op.batch_alter_table('game_summaries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_summaries_rules_revision'))
        batch_op.drop_column('rules_revision')
