"""Summarize each game beside its log, for history and player statistics

Revision ID: 0002_game_summaries
Revises: 0001_initial_schema
Create Date: 2026-11-29 18:40:12.503117

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0002_game_summaries'
down_revision = '0001_initial_schema'
branch_labels = None
depends_on = None

HANDS = ('one_pair', 'two_pair', 'three_of_a_kind', 'straight', 'flush', 'full_house',
         'four_of_a_kind', 'straight_flush', 'royal_flush')
GAME_COLUMNS = {
    'status': sa.String(length=16),
    'rounds': sa.Integer(),
    'updated_at': sa.DateTime(timezone=True),
}
PLAYER_COLUMNS = {
    'name_key': sa.String(length=120),
    'score': sa.Integer(),
    'is_winner': sa.Boolean(),
    'played_tiebreak': sa.Boolean(),
    'chicago_called': sa.Integer(),
    'chicago_won': sa.Integer(),
    'last_tricks': sa.Integer(),
} | {f'wins_{hand}': sa.Integer() for hand in HANDS}


def upgrade():
    op.create_table('game_summaries',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_summaries_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', name=op.f('pk_game_summaries'))
    )
    with op.batch_alter_table('game_summaries', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_summaries_status'), ['status'], unique=False)

    # Added nullable, filled in from the logs, then made NOT NULL. Only `players` is
    # rebuilt for that on SQLite: no table refers to it, so no cascade can fire.
    with op.batch_alter_table('players', schema=None) as batch_op:
        for name, type_ in PLAYER_COLUMNS.items():
            batch_op.add_column(sa.Column(name, type_, nullable=True))

    mark_stored_games_unsummarized(op.get_bind())

    with op.batch_alter_table('players', schema=None) as batch_op:
        for name, type_ in PLAYER_COLUMNS.items():
            batch_op.alter_column(name, existing_type=type_, nullable=False)
        batch_op.create_index('ix_players_name_key_game_id', ['name_key', 'game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_index('ix_players_name_key_game_id')
        for name in reversed(PLAYER_COLUMNS):
            batch_op.drop_column(name)
    with op.batch_alter_table('game_summaries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_summaries_status'))

    op.drop_table('game_summaries')


def mark_stored_games_unsummarized(connection):
    """Give every stored game a summary row and its players zeroed figures, to be filled.

    A migration never imports the app: the summaries are what the rules make of each log,
    so they are left to the rebuild (0005 stamps these rows with no revision of the rules,
    and `flask rebuild`, which `make run` runs then, replays every such game).
    """
    games = sa.table(
        'games',
        sa.column('id', sa.Integer()),
        sa.column('created_at', sa.DateTime(timezone=True)),
    )
    events = sa.table(
        'events',
        sa.column('game_id', sa.Integer()),
        sa.column('recorded_at', sa.DateTime(timezone=True)),
    )
    summaries = sa.table(
        'game_summaries',
        sa.column('game_id', sa.Integer()),
        *(sa.column(name, type_) for name, type_ in GAME_COLUMNS.items()),
    )
    players = sa.table(
        'players',
        sa.column('name', sa.String()),
        *(sa.column(name, type_) for name, type_ in PLAYER_COLUMNS.items()),
    )
    # When the log last changed is stored, not derived: its newest event, or the start.
    last_change = (
        sa.select(sa.func.max(events.c.recorded_at))
        .where(events.c.game_id == games.c.id)
        .scalar_subquery()
    )
    connection.execute(
        sa.insert(summaries).from_select(
            ['game_id', 'status', 'rounds', 'updated_at'],
            sa.select(
                games.c.id,
                sa.literal('in_progress'),
                sa.literal(0),
                sa.func.coalesce(last_change, games.c.created_at),
            ),
        )
    )
    zeroed = {name: False if isinstance(type_, sa.Boolean) else 0
              for name, type_ in PLAYER_COLUMNS.items() if name != 'name_key'}
    connection.execute(sa.update(players).values(name_key=sa.func.lower(players.c.name), **zeroed))
