"""Keep the Idempotency-Key an entry was sent with, unique in its game, so that an entry
sent again is found rather than recorded twice

Revision ID: 0009_idempotency_keys
Revises: 0008_composed_names
Create Date: 2026-12-04 10:00:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0009_idempotency_keys'
down_revision = '0008_composed_names'
branch_labels = None
depends_on = None


# Entries stored before have no key (NULL), and NULLs never collide in a unique index:
# nothing needs filling in, and every stored game reads and replays as before.
def upgrade():
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('idempotency_key', sa.String(length=64), nullable=True))
        batch_op.create_index(
            'ix_events_game_id_idempotency_key', ['game_id', 'idempotency_key'], unique=True
        )


def downgrade():
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_index('ix_events_game_id_idempotency_key')
        batch_op.drop_column('idempotency_key')
