"""A game in the export format, and how an import tells a game that is already here.

Two games are the same game when their records are equal: the same players in the same
seats, the same first dealer, the same rules, the same ``created_at`` and ``updated_at``
and the same events. Anything less exact could merge two evenings that only look alike;
anything looser than the record could count one evening twice in the statistics. The
record's trail (each corrected entry's earlier versions, the fixes of names and first
dealer) is left out of the comparison: see ``fingerprint``.
"""

import json
from collections.abc import Collection, Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameState, event_to_dict, rules_from_settings
from chicago_scorer.storage.models import Game, as_utc

# Enough moments per query that a whole file is looked up in a few; few enough for any
# database's limit on bound values.
LOOKUP_BATCH = 500


def whole_game():
    """Load options for a game with everything its record holds, its trail included."""
    return (*_played_game(), selectinload(Game.corrections), selectinload(Game.changes))


def _played_game():
    """Load options for a game with everything its record holds but its trail."""
    return (selectinload(Game.players), selectinload(Game.events), selectinload(Game.summary))


def game_record(game: Game) -> dict[str, object]:
    """A stored game in the export format, with its trail (loaded by ``whole_game``).

    An entry's earlier versions go with it, and the game's fixes of names and first
    dealer after its events, as the API's game shows them: each only when there are any.
    The Idempotency-Key an entry was sent with is left out: it is not part of the game.
    """
    record = _played_record(game)
    earlier: dict[int, list[dict[str, object]]] = {}
    for correction in game.corrections:
        earlier.setdefault(correction.seq, []).append(
            {"was": correction.was, "at": as_utc(correction.at).isoformat()}
        )
    if earlier:
        record["events"] = [
            event.payload | {"corrections": earlier[event.seq]}
            if event.seq in earlier
            else event.payload
            for event in game.events
        ]
    if game.changes:
        record["changes"] = [
            {
                "what": change.what,
                "was": change.was,
                "now": change.now,
                "at": as_utc(change.at).isoformat(),
            }
            for change in game.changes
        ]
    return record


def _played_record(game: Game) -> dict[str, object]:
    """A stored game in the export format, without its trail.

    The stored payloads are used as they are: the log is only ever written with
    ``event_to_dict`` of the replayed event, so they are already in that form.
    """
    names = [player.name for player in game.players]
    return _record(
        names,
        names[game.first_dealer_seat],
        game.rules,
        as_utc(game.created_at),
        as_utc(game.summary.updated_at),
        [event.payload for event in game.events],
    )


def replayed_record(state: GameState, created_at: datetime, updated_at: datetime) -> dict:
    """The record a replayed game from a file would have once stored."""
    players = list(state.players)
    return _record(
        players,
        players[state.setup.first_dealer],
        state.setup.rules.settings(),
        as_utc(created_at),
        as_utc(updated_at),
        [event_to_dict(scored.event) for scored in state.history],
    )


def _record(
    players: list[str],
    first_dealer: str,
    rules: dict,
    created_at: datetime,
    updated_at: datetime,
    events: list,
) -> dict[str, object]:
    return {
        "players": players,
        "first_dealer": first_dealer,
        "rules": rules,
        "created_at": created_at.isoformat(),
        "updated_at": updated_at.isoformat(),
        "events": events,
    }


def fingerprint(record: dict[str, object]) -> str:
    """A record as canonical JSON, without its trail: equal exactly when the two games
    are the same game."""
    # The trail is not part of what makes a game the same game. It tells how the record
    # came to say what it says, not what was played: two records equal in every other
    # field, down to the microsecond of their start and last change, are copies of one
    # evening, whatever trail each copy kept. Comparing the trails too would add that
    # evening again, doubling its statistics, whenever one copy lacks the other's trail:
    # a chicago-scorer/1 file (which has none) imported beside the chicago-scorer/2
    # export of the same game. A game already here is never changed by an import, so
    # the trail of such a copy is left out with it.
    events = [
        {key: value for key, value in event.items() if key != "corrections"}
        for event in record["events"]
    ]
    # Rules are compared as settings in full, so a game stored before a setting existed
    # still matches its own export.
    canonical = {key: value for key, value in record.items() if key != "changes"} | {
        "rules": rules_from_settings(record["rules"]).settings(),
        "events": events,
    }
    return json.dumps(canonical, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def stored_fingerprints(moments: Collection[datetime]) -> dict[str, int]:
    """The fingerprint of each stored game created at one of these moments, with its id.

    A game keeps its ``created_at`` through export and import, so only games begun at
    the same instant can be the same game; the index on ``created_at`` finds them.
    """
    ordered: Sequence[datetime] = sorted({as_utc(moment) for moment in moments})
    found: dict[str, int] = {}
    for start in range(0, len(ordered), LOOKUP_BATCH):
        batch = ordered[start : start + LOOKUP_BATCH]
        games = db.session.scalars(
            select(Game)
            .where(Game.created_at.in_(batch))
            .order_by(Game.id)
            .options(*_played_game())
        )
        for game in games:
            found.setdefault(fingerprint(_played_record(game)), game.id)
    return found
