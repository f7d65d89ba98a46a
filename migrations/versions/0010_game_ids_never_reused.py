"""Never give a new game the id of a deleted one, on SQLite too

Revision ID: 0010_game_ids_never_reused
Revises: 0009_idempotency_keys
Create Date: 2026-12-05 07:20:00

"""

from alembic import op


# revision identifiers, used by Alembic.
revision = '0010_game_ids_never_reused'
down_revision = '0009_idempotency_keys'
branch_labels = None
depends_on = None


# SQLite gives a new row the highest id in the table plus one, so a new game took the id
# of the newest game just deleted: its watchers' pages, and every link or QR code to it,
# then showed a stranger's game. AUTOINCREMENT keeps the highest id ever given (in
# sqlite_sequence, set here by the copy of the games already stored). A table gets it only
# when made, so the games table is made anew; PostgreSQL's sequences never reuse an id.
def upgrade():
    _make_games_anew(autoincrement=True)


def downgrade():
    _make_games_anew(autoincrement=False)


def _make_games_anew(autoincrement: bool) -> None:
    if op.get_bind().dialect.name != 'sqlite':
        return
    with op.batch_alter_table(
        'games', recreate='always', table_kwargs={'sqlite_autoincrement': autoincrement}
    ):
        pass
