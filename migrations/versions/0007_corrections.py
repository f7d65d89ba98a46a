"""Keep each corrected entry's earlier versions, each fix of a name or the first dealer,
and count the changes to a log other than appending to it

Revision ID: 0007_corrections
Revises: 0006_listings_by_write_counts
Create Date: 2026-12-02 10:00:00

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007_corrections'
down_revision = '0006_listings_by_write_counts'
branch_labels = None
depends_on = None


# Every game starts with no rewrites: its version reads as before, so stored folds stay
# current. The trail starts empty, since nothing was ever corrected before.
def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rewrites', sa.Integer(), server_default='0', nullable=False))
    op.create_table('event_corrections',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('was', sa.JSON(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_event_corrections_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event_corrections'))
    )
    with op.batch_alter_table('event_corrections', schema=None) as batch_op:
        batch_op.create_index('ix_event_corrections_game_id_seq', ['game_id', 'seq'], unique=False)
    op.create_table('game_changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('what', sa.String(length=16), nullable=False),
    sa.Column('was', sa.String(length=40), nullable=False),
    sa.Column('now', sa.String(length=40), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_changes_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_changes'))
    )
    with op.batch_alter_table('game_changes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_changes_game_id'), ['game_id'], unique=False)
    op.create_table('game_deletions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_deletions'))
    )


def downgrade():
    op.drop_table('game_deletions')
    with op.batch_alter_table('game_changes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_changes_game_id'))
    op.drop_table('game_changes')
    with op.batch_alter_table('event_corrections', schema=None) as batch_op:
        batch_op.drop_index('ix_event_corrections_game_id_seq')
    op.drop_table('event_corrections')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('rewrites')
