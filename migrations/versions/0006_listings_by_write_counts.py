"""Key the listings by each summary's count of writes, not by a row every write updates

Revision ID: 0006_listings_by_write_counts
Revises: 0005_rules_revision
Create Date: 2026-12-01 16:30:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006_listings_by_write_counts'
down_revision = '0005_rules_revision'
branch_labels = None
depends_on = None


# On PostgreSQL the one listings_version row made writes to different games wait for
# each other's commit. Each summary now counts its own writes, and the listings are
# cached under the sum; starting every count at 0 is enough, since only changes matter.
def upgrade():
    with op.batch_alter_table('game_summaries', schema=None) as batch_op:
        batch_op.add_column(sa.Column('write_count', sa.Integer(), server_default='0', nullable=False))
        batch_op.create_index(batch_op.f('ix_game_summaries_write_count'), ['write_count'], unique=False)
    op.drop_table('listings_version')


def downgrade():
    op.create_table('listings_version',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('counter', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_listings_version'))
    )
    listings_version = sa.table(
        'listings_version', sa.column('id', sa.Integer()), sa.column('counter', sa.Integer())
    )
    op.bulk_insert(listings_version, [{'id': 1, 'counter': 0}])
    with op.batch_alter_table('game_summaries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_summaries_write_count'))
        batch_op.drop_column('write_count')
