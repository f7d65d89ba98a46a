"""Names as games stored them before names were checked for invisible characters,
look-alikes and stacked marks: written straight into the rows, past the rules."""

from sqlalchemy import select, update

from chicago_scorer.extensions import db
from chicago_scorer.storage.models import Event, Player, name_key


def rename_as_stored_before(game_id: int, old: str, new: str) -> None:
    """Call a game's player ``old`` by ``new`` in every row that names them, as a game
    stored before today's name rules could (in an app context; committed)."""
    db.session.execute(
        update(Player)
        .where(Player.game_id == game_id, Player.name == old)
        .values(name=new, name_key=name_key(new))
    )
    for event_id, payload, points in db.session.execute(
        select(Event.id, Event.payload, Event.points).where(Event.game_id == game_id)
    ):
        payload = {key: new if value == old else value for key, value in payload.items()}
        if points is not None:
            points = {new if name == old else name: change for name, change in points.items()}
        db.session.execute(
            update(Event).where(Event.id == event_id).values(payload=payload, points=points)
        )
    db.session.commit()
