"""Changing what a game's log says after the fact: correcting an entry, fixing the names
or the first dealer, deleting the game. Each checks the whole log through the rules, keeps
what it replaced in the trail, rewrites the projections and commits once.

Each may name the version of the game it was asked against (``expected_version``, or a
few of them, as an ``If-Match`` header may); if the game has changed since, it is
refused and nothing changes. Each also moves the game's
count of rewrites with a compare-and-set, so a write racing it cannot build on the log it
replaced: exactly one of the two is stored.
"""

from collections.abc import Mapping

from chicago_scorer.extensions import db
from chicago_scorer.rules import GameSetup, event_to_dict, read_event
from chicago_scorer.rules.corrections import (
    correct_in_place,
    entry_in_place,
    fixed_setup,
    renamed,
    replay_fixed,
)
from chicago_scorer.rules.errors import Refusal, sentence
from chicago_scorer.rules.repeats import is_same_entry
from chicago_scorer.services.errors import AlreadyCorrected, NothingToChange, VersionMismatch
from chicago_scorer.services.game_answers import CorrectedGame, EntryAtTable, LoadedGame
from chicago_scorer.services.game_reads import (
    READS_OF_A_CHANGING_GAME,
    load_game_at_table,
    trail_of,
)
from chicago_scorer.services.guarded_writes import (
    ExpectedVersion,
    claim_event_count_or_refuse,
    commit_or_refuse_as_concurrent,
    refusal_if_beaten,
    refused_as_beaten_if_changed,
    require_version,
    writable_stored_game,
)
from chicago_scorer.storage import game_log, game_writes, log_versions, projections, trail
from chicago_scorer.storage.game_log import LoggedEvent, StoredGame
from chicago_scorer.storage.models import as_utc, now_utc
from chicago_scorer.storage.trail import Change

# What a change asked against no version says it did not do when another device's write
# came first (see guarded_writes.refusal_if_beaten).
REWRITE_BEATEN = sentence(
    "Another device changed this game at the same moment, so nothing was changed. "
    "Refresh to see the game, then try again."
)
DELETE_BEATEN = sentence(
    "Another device changed this game at the same moment, so the game was not deleted. "
    "Refresh to see the game."
)


def entry_at_table(game_id: int, number: int) -> EntryAtTable:
    """Entry ``number`` (from 1) as it was scored, where the game stood before it, and the
    game as the scoreboard shows it: what a correction of the entry starts from."""
    for _ in range(READS_OF_A_CHANGING_GAME):  # until both reads are of one moment
        game = load_game_at_table(game_id)
        log, version = game_log.stored_log_and_version(game_id)
        if version == game.log_version:
            break
    events = [read_event(logged.payload) for logged in log]
    place = entry_in_place(game.position.setup, events, number)
    return EntryAtTable(game, number, place.scored, place.before)


def correct_entry(
    game_id: int,
    edit_key: str | None,
    number: int,
    entry: Mapping[str, object],
    expected_version: ExpectedVersion = None,
) -> CorrectedGame:
    """Replace entry ``number`` (from 1) by ``entry``, if every later entry still holds;
    the answer says what the entry was. The entry keeps the Idempotency-Key it was sent
    with, so that sending it again is still found (services/repeats.py)."""
    stored = writable_stored_game(game_id, edit_key)
    read_event(entry)  # a malformed entry is refused as such, whatever the version
    try:
        require_version(stored, expected_version)
    except VersionMismatch:
        if _corrected_to_it_since(stored, expected_version, number, entry):
            raise AlreadyCorrected() from None
        raise
    setup = stored.setup()
    log = game_log.stored_log(game_id, with_times=True)
    beaten = refusal_if_beaten(REWRITE_BEATEN, expected_version)
    with refused_as_beaten_if_changed(stored, beaten):
        events = [read_event(logged.payload) for logged in log]
        place = entry_in_place(setup, events, number)
        state = correct_in_place(place, events, entry)
    _claim_rewrite(stored, beaten)
    at = now_utc()
    payload = event_to_dict(state.history[number - 1].event)
    game_writes.replace_event(game_id, number, payload, at)
    log[number - 1] = log[number - 1]._replace(payload=payload)
    return _stored_rewrite(stored, log, state, at, beaten, CorrectedGame, replaced=place.scored)


def _corrected_to_it_since(
    stored: StoredGame, expected_version: ExpectedVersion, number: int, entry: Mapping
) -> bool:
    """Whether the game is the one the correction was asked against but for one rewrite,
    that rewrite a correction of entry ``number`` (not a fix of names, which can make an
    entry read alike yet name another seat), and the entry now says what ``entry`` does:
    this correction, sent again."""
    versions = {expected_version} if isinstance(expected_version, str) else expected_version
    before_it = log_versions.log_version(
        stored.event_count, stored.last_recorded_at, stored.rewrites - 1, stored.created_at
    )
    if before_it not in (versions or ()):
        return False
    corrected = trail.corrections_of(stored.id, first_seq=number).get(number)
    changes = trail.changes_of(stored.id)
    if not corrected or (changes and changes[-1].at >= corrected[-1].at):
        return False
    log = game_log.stored_log(stored.id)
    return is_same_entry(stored.setup(), entry, [log[number - 1].payload])


def fix_players(
    game_id: int,
    edit_key: str | None,
    players: object = None,
    dealer: str | None = None,
    expected_version: ExpectedVersion = None,
) -> LoadedGame:
    """Give the seats new names (``players``, in seating order) and/or another first
    dealer (``dealer``, by the new names); every entry follows, and is checked again."""
    stored = writable_stored_game(game_id, edit_key)
    setup = stored.setup()
    beaten = refusal_if_beaten(REWRITE_BEATEN, expected_version)
    fixed = fixed_setup(setup, players, dealer)
    renames = {
        seat: (old, new)
        for seat, (old, new) in enumerate(zip(setup.players, fixed.players, strict=True))
        if old != new
    }
    require_version(stored, expected_version)  # after the names, as for a correction
    if not renames and fixed.first_dealer == setup.first_dealer:
        raise NothingToChange()
    log = game_log.stored_log(game_id, with_times=True)
    by_new_name = dict(renames.values())
    with refused_as_beaten_if_changed(stored, beaten):
        events = [renamed(read_event(logged.payload), by_new_name) for logged in log]
        state = replay_fixed(fixed, events)
    _claim_rewrite(stored, beaten)
    at = now_utc()
    game_writes.rename_players(game_id, [(seat, new) for seat, (_old, new) in renames.items()])
    projections.write_name_keys(game_id, [(seat, new) for seat, (_old, new) in renames.items()])
    rewritten = [
        (seq, payload)
        for seq, (logged, event) in enumerate(zip(log, events, strict=True), start=1)
        if (payload := event_to_dict(event)) != logged.payload
    ]
    game_writes.rewrite_payloads(game_id, rewritten)
    for seq, payload in rewritten:
        log[seq - 1] = log[seq - 1]._replace(payload=payload)
    changes = [Change("name", old, new, at) for old, new in renames.values()]
    if fixed.first_dealer != setup.first_dealer:
        game_writes.set_first_dealer(game_id, fixed.first_dealer)
        changes.append(
            Change(
                "first_dealer",
                fixed.players[setup.first_dealer],
                fixed.players[fixed.first_dealer],
                at,
            )
        )
    trail.add_changes(game_id, changes)
    return _stored_rewrite(stored, log, state, at, beaten)


def delete_game(
    game_id: int, edit_key: str | None, expected_version: ExpectedVersion = None
) -> GameSetup:
    """Remove the game, its log, its trail and all it derives; it leaves every listing.
    The answer is the setup it had, so that the removal can name the game."""
    stored = writable_stored_game(game_id, edit_key)
    require_version(stored, expected_version)
    setup = stored.setup()
    beaten = refusal_if_beaten(DELETE_BEATEN, expected_version)
    _claim_rewrite(stored, beaten)
    projections.drop_projections(game_id)
    game_writes.delete_game(game_id, now_utc())
    commit_or_refuse_as_concurrent(beaten)
    return setup


def _claim_rewrite(stored: StoredGame, beaten: Refusal) -> None:
    claim_event_count_or_refuse(stored, stored.event_count, beaten, rewriting=True)


def _stored_rewrite(
    stored: StoredGame,
    log: list[LoggedEvent],
    state,
    at,
    beaten: Refusal,
    answer_type: type[LoadedGame] = LoadedGame,
    **members: object,
) -> LoadedGame:
    """Store what the rewritten log derives, commit, and answer with the game (as an
    ``answer_type``, given ``members`` beside the game's own)."""
    version = game_log.log_version_of(log, stored.rewrites + 1, stored.created_at)
    projections.project_replay(
        stored.id, log, state, version, at, fold_is_new=stored.fold_version is None
    )
    answer = answer_type(
        stored.id,
        as_utc(stored.created_at),
        state,
        stored.edit_key_hash,
        version,
        **trail_of(stored.id),
        **members,
    )
    commit_or_refuse_as_concurrent(beaten)
    db.session.expire_all()
    return answer
