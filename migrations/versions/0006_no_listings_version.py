"""Drop the listings' version: a row every write to every game had to update

Revision ID: 0006_no_listings_version
Revises: 0005_rules_revision
Create Date: 2026-12-01 16:30:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006_no_listings_version'
down_revision = '0005_rules_revision'
branch_labels = None
depends_on = None


# On PostgreSQL that one row made writes to different games wait for each other's
# commit. The history and player pages it keyed are now rendered from the summaries on
# every request, so nothing takes its place.
def upgrade():
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
