"""Keep each game's folded state beside its log, and a version for the listings

Revision ID: 0004_game_folds
Revises: 0003_house_rules
Create Date: 2026-11-29 20:20:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0004_game_folds'
down_revision = '0003_house_rules'
branch_labels = None
depends_on = None


# Nothing is filled in here: a game without a stored fold, or an event without its
# points, is replayed by the next write to it, which then stores what it computed.
def upgrade():
    op.create_table('game_folds',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('version', sa.String(length=40), nullable=False),
    sa.Column('position', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_folds_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', name=op.f('pk_game_folds'))
    )
    op.create_table('listings_version',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('counter', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_listings_version'))
    )
    listings_version = sa.table(
        'listings_version', sa.column('id', sa.Integer()), sa.column('counter', sa.Integer())
    )
    op.bulk_insert(listings_version, [{'id': 1, 'counter': 0}])
    # A plain ADD COLUMN (nullable), so SQLite does not rebuild the events table.
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('points', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_column('points')
    op.drop_table('listings_version')
    op.drop_table('game_folds')
