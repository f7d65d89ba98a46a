"""Summarize each game beside its log, for history and player statistics

Revision ID: 0002_game_summaries
Revises: 0001_initial_schema
Create Date: 2026-11-29 18:40:12.503117

"""
from collections import defaultdict

from alembic import op
import sqlalchemy as sa

# The summary is defined by the rules, so games already stored are summarized by
# replaying their logs through the same pure rules core the app uses.
from chicago_scorer.rules import GameSetup, read_event, replay
from chicago_scorer.rules.statistics import player_key, summarize
from chicago_scorer.summaries import game_row, player_row


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

    summarize_stored_games(op.get_bind())

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


def summarize_stored_games(connection):
    """Replay every stored game and write its summary into the new table and columns."""
    games = sa.table(
        'games',
        sa.column('id', sa.Integer()),
        sa.column('first_dealer_seat', sa.Integer()),
        sa.column('created_at', sa.DateTime(timezone=True)),
    )
    summaries = sa.table(
        'game_summaries',
        sa.column('game_id', sa.Integer()),
        *(sa.column(name, type_) for name, type_ in GAME_COLUMNS.items()),
    )
    players = sa.table(
        'players',
        sa.column('id', sa.Integer()),
        sa.column('game_id', sa.Integer()),
        sa.column('seat', sa.Integer()),
        sa.column('name', sa.String()),
        *(sa.column(name, type_) for name, type_ in PLAYER_COLUMNS.items()),
    )
    events = sa.table(
        'events',
        sa.column('game_id', sa.Integer()),
        sa.column('seq', sa.Integer()),
        sa.column('payload', sa.JSON()),
        sa.column('recorded_at', sa.DateTime(timezone=True)),
    )
    seats = defaultdict(list)
    for row in connection.execute(
        sa.select(players.c.id, players.c.game_id, players.c.name).order_by(
            players.c.game_id, players.c.seat
        )
    ):
        seats[row.game_id].append(row)
    logs = defaultdict(list)
    for row in connection.execute(
        sa.select(events.c.game_id, events.c.payload, events.c.recorded_at).order_by(
            events.c.game_id, events.c.seq
        )
    ):
        logs[row.game_id].append(row)

    game_summaries, player_updates = [], []
    for game in connection.execute(
        sa.select(games.c.id, games.c.first_dealer_seat, games.c.created_at)
    ):
        setup = GameSetup(tuple(row.name for row in seats[game.id]), game.first_dealer_seat)
        log = logs[game.id]
        summary = summarize(replay(setup, (read_event(row.payload) for row in log)))
        updated_at = max((row.recorded_at for row in log), default=game.created_at)
        game_summaries.append({'game_id': game.id, 'updated_at': updated_at} | game_row(summary))
        for row, stats in zip(seats[game.id], summary.players, strict=True):
            values = player_row(stats) | {'name_key': player_key(row.name)}
            player_updates.append(
                {'row_id': row.id} | {f'new_{column}': value for column, value in values.items()}
            )

    if game_summaries:
        connection.execute(sa.insert(summaries), game_summaries)
    if player_updates:
        connection.execute(_update_by_id(players, PLAYER_COLUMNS), player_updates)


def _update_by_id(table, columns):
    return (
        sa.update(table)
        .where(table.c.id == sa.bindparam('row_id'))
        .values({name: sa.bindparam(f'new_{name}') for name in columns})
    )
