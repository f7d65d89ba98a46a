"""Keep every stored player's name in its composed spelling (NFC), as new names are, so
that a name typed in two ways is one name and one player

Revision ID: 0008_composed_names
Revises: 0007_corrections
Create Date: 2026-12-03 10:00:00

"""

import logging
import unicodedata
from collections import defaultdict

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008_composed_names'
down_revision = '0007_corrections'
branch_labels = None
depends_on = None

# Not under "alembic", whose loggers env.py's logging setup resets; root prints it.
log = logging.getLogger('chicago_scorer.migrations')

# The longest name a player may have; a name that composes to more is kept as stored.
MAX_NAME_LENGTH = 40

players = sa.table(
    'players',
    sa.column('id', sa.Integer),
    sa.column('game_id', sa.Integer),
    sa.column('name', sa.String),
)
events = sa.table(
    'events',
    sa.column('id', sa.Integer),
    sa.column('game_id', sa.Integer),
    sa.column('payload', sa.JSON),
    sa.column('points', sa.JSON),
)
event_corrections = sa.table(
    'event_corrections',
    sa.column('id', sa.Integer),
    sa.column('game_id', sa.Integer),
    sa.column('was', sa.JSON),
)
game_changes = sa.table(
    'game_changes',
    sa.column('id', sa.Integer),
    sa.column('game_id', sa.Integer),
    sa.column('was', sa.String),
    sa.column('now', sa.String),
)
game_summaries = sa.table(
    'game_summaries', sa.column('game_id', sa.Integer), sa.column('rules_revision', sa.Integer)
)
game_folds = sa.table(
    'game_folds', sa.column('game_id', sa.Integer), sa.column('rules_revision', sa.Integer)
)


def composed(value):
    """A stored value with every text in it composed: names, and the JSON of an entry
    or of its points (whose other texts, steps and hands, are ASCII and stay as they are)."""
    if isinstance(value, str):
        return unicodedata.normalize('NFC', value)
    if isinstance(value, dict):
        return {composed(key): composed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [composed(item) for item in value]
    return value


# A game's names are composed with everything that names its players: its entries and
# their points, the earlier versions of corrected entries, and its fixes of names. A game
# in which two names would compose to one (both spellings of "Åsa" at one table), or a
# name to more than 40 characters, is kept exactly as stored and named in the log: it
# replays as before, since its entries name its players as they are spelt. Every game
# changed here is marked stale, so that `flask rebuild` (run by `make run`) writes its
# derived copies and the keys its players are found by again; the rules' revision moved
# on with this change too, so every game's statistics are regrouped by the new keys.
def upgrade():
    connection = op.get_bind()
    names = defaultdict(list)
    for player_id, game_id, name in connection.execute(
        sa.select(players.c.id, players.c.game_id, players.c.name)
    ):
        names[game_id].append((player_id, name))

    renamed_games, kept_games = set(), set()
    for game_id, seats in sorted(names.items()):
        spelt = [composed(name) for _player_id, name in seats]
        if spelt == [name for _player_id, name in seats]:
            continue
        if len(set(spelt)) < len(spelt) or any(len(name) > MAX_NAME_LENGTH for name in spelt):
            log.warning(
                'Game %s keeps its names as stored: composed, %r would clash or be too long.',
                game_id,
                spelt,
            )
            kept_games.add(game_id)
            continue
        for (player_id, name), new in zip(seats, spelt):
            if new != name:
                connection.execute(
                    sa.update(players).where(players.c.id == player_id).values(name=new)
                )
        renamed_games.add(game_id)

    for game_id in sorted(renamed_games):
        rows = connection.execute(
            sa.select(events.c.id, events.c.payload, events.c.points).where(
                events.c.game_id == game_id
            )
        ).all()
        for event_id, payload, points in rows:
            if (composed(payload), composed(points)) != (payload, points):
                connection.execute(
                    sa.update(events)
                    .where(events.c.id == event_id)
                    .values(payload=composed(payload), points=composed(points))
                )

    trail_games = set()
    for correction_id, game_id, was in connection.execute(
        sa.select(event_corrections.c.id, event_corrections.c.game_id, event_corrections.c.was)
    ).all():
        if game_id not in kept_games and composed(was) != was:
            connection.execute(
                sa.update(event_corrections)
                .where(event_corrections.c.id == correction_id)
                .values(was=composed(was))
            )
            trail_games.add(game_id)
    for change_id, game_id, was, now in connection.execute(
        sa.select(game_changes.c.id, game_changes.c.game_id, game_changes.c.was, game_changes.c.now)
    ).all():
        if game_id not in kept_games and (composed(was), composed(now)) != (was, now):
            connection.execute(
                sa.update(game_changes)
                .where(game_changes.c.id == change_id)
                .values(was=composed(was), now=composed(now))
            )
            trail_games.add(game_id)

    stale = sorted(renamed_games | trail_games)
    for table in (game_summaries, game_folds):
        for game_id in stale:
            connection.execute(
                sa.update(table).where(table.c.game_id == game_id).values(rules_revision=0)
            )


# The composed spelling shows and plays the same as the one it replaced: kept.
def downgrade():
    pass
