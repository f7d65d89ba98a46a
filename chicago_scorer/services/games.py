"""One function per use case that writes a game: load, ask the rules, store, and commit
once. A game is read in game_reads.py, and what every write checks is in guarded_writes.py."""

from collections.abc import Mapping

from chicago_scorer.extensions import db
from chicago_scorer.rules import (
    GameSetup,
    GameState,
    OutOfTurn,
    event_to_dict,
    new_game_setup,
    read_event,
    record,
    start_game,
)
from chicago_scorer.rules.errors import sentence
from chicago_scorer.rules.statistics import PlayerGameStats, summarize, summarize_next
from chicago_scorer.services.edit_keys import (
    edit_key_matches,
    hash_edit_key,
    key_after_rotation,
    new_edit_key,
)
from chicago_scorer.services.errors import (
    AlreadyUndone,
    EditKeyWrong,
    GameFull,
    IdempotencyKeyReused,
    VersionMismatch,
)
from chicago_scorer.services.game_answers import (
    CreatedGame,
    LoadedGame,
    RecordedEntry,
    RepeatedEntry,
    UndoneGame,
)
from chicago_scorer.services.game_reads import found_game, trail_of
from chicago_scorer.services.guarded_writes import (
    ExpectedVersion,
    claim_event_count_or_refuse,
    commit_or_refuse_as_concurrent,
    overtaken,
    refusal_if_beaten,
    refused_as_beaten_if_changed,
    require_key,
    require_version,
    writable_stored_game,
)
from chicago_scorer.services.repeats import entry_sent_before
from chicago_scorer.storage import game_log, game_writes, new_games, projections, resumed_folds
from chicago_scorer.storage.log_versions import count_and_rewrites_of, log_version
from chicago_scorer.storage.models import as_utc, now_utc
from chicago_scorer.storage.new_games import NewGame
from chicago_scorer.storage.summaries import stored_player_figures

# What a write says it did not do when another device's write to the game came first. A
# write asked against a version of the game (an If-Match, a page's count) is refused as
# VersionMismatch instead: that version is gone, whichever write took it away.
ENTRY_BEATEN = sentence(
    "Another device changed this game at the same moment, so this entry was not "
    "recorded: it is probably already recorded. Refresh to see the game."
)
UNDO_BEATEN = sentence(
    "Another device changed this game at the same moment, so nothing was undone. "
    "Refresh to see the game."
)


# The most entries a game holds, recorded or imported alike, so that every game the app
# records can be exported and imported again. Far longer than any real game (they run to
# about 100 entries), short enough that a hostile file cannot make the replay slow.
MAX_ENTRIES_PER_GAME = 2000


def create_game(players: object, dealer: str | None = None, rules: object = None) -> CreatedGame:
    """Start a game for 2–4 players in seating order, by standard rules or house rules."""
    setup = new_game_setup(players, dealer, rules)
    edit_key = new_edit_key()
    started = start_game(setup)
    created_at = now_utc()
    edit_key_hash = hash_edit_key(edit_key)
    [game_id] = new_games.add_games([NewGame(started, created_at, created_at, edit_key_hash)])
    db.session.commit()
    version = log_version(0, None, 0, created_at)
    loaded = LoadedGame(game_id, created_at, started, edit_key_hash, version)
    return CreatedGame(loaded, edit_key)


def record_event(
    game_id: int,
    edit_key: str | None,
    entry: Mapping[str, object],
    idempotency_key: str | None = None,
    expected_version: ExpectedVersion = None,
) -> RecordedEntry | RepeatedEntry:
    """Check one entry against the rules and append it to the game's log, if the game is
    still at ``expected_version`` (the API's If-Match) when one is given; an entry sent
    again with the ``idempotency_key`` it was recorded with is found, not recorded twice
    (see repeats.py), though the game has moved on from the version it was sent against."""
    stored = writable_stored_game(game_id, edit_key)
    if idempotency_key is not None:
        repeated = _entry_sent_before(stored, idempotency_key, entry)
        if repeated is not None:
            return repeated
    if expected_version is not None:
        read_event(entry)  # a malformed entry is refused as such, whatever the version
        require_version(stored, expected_version)
    if idempotency_key is None:
        return _append_entry(stored, entry, expected_version=expected_version)
    try:
        return _append_entry(stored, entry, idempotency_key, expected_version)
    except (OutOfTurn, VersionMismatch):
        # A request with the same key may have recorded it first, between our reads and
        # our compare-and-set: then its entry is the answer, as to any repeat.
        db.session.rollback()
        repeated = _entry_sent_before(stored, idempotency_key, entry)
        if repeated is None:
            raise
        return repeated


def _entry_sent_before(
    stored: game_log.StoredGame, idempotency_key: str, entry: Mapping[str, object]
) -> RepeatedEntry | None:
    """The entry this key recorded, if ``entry`` is it (repeats.entry_sent_before), asked
    again of the game as it is now if it changed since ``stored`` was read: a fix of names
    between the reads of the game and of the keyed entry would have the entry, renamed,
    taken for another."""
    try:
        return entry_sent_before(stored, idempotency_key, entry)
    except IdempotencyKeyReused:
        now = found_game(stored.id)
        if now.version() == stored.version():
            raise
        return entry_sent_before(now, idempotency_key, entry)


def _append_entry(
    stored: game_log.StoredGame,
    entry: Mapping[str, object],
    idempotency_key: str | None = None,
    expected_version: ExpectedVersion = None,
) -> RecordedEntry:
    game_id, count = stored.id, stored.event_count
    beaten = refusal_if_beaten(ENTRY_BEATEN, expected_version)
    with refused_as_beaten_if_changed(stored, beaten):
        state, figures = _state_to_write_on(stored, stored.setup())
        state = record(state, entry)
    if count >= MAX_ENTRIES_PER_GAME:  # the entry's own faults, and a finished game, first
        raise GameFull(MAX_ENTRIES_PER_GAME)
    scored = state.history[-1]
    claim_event_count_or_refuse(stored, count + 1, beaten)
    recorded_at = now_utc()
    payload = event_to_dict(scored.event)
    game_writes.add_event(game_id, count + 1, payload, recorded_at, idempotency_key)
    version = log_version(count + 1, recorded_at, stored.rewrites, stored.created_at)
    projections.project_entry(
        game_id,
        count + 1,
        state,
        summarize_next(figures, state, scored),
        version,
        recorded_at,
        fold_is_new=stored.fold_version is None,
    )
    commit_or_refuse_as_concurrent(beaten)
    return RecordedEntry(game_id, scored, count + 1, version)


def undo_last_event(
    game_id: int,
    edit_key: str | None,
    expected_version: ExpectedVersion = None,
    shown_version: str | None = None,
) -> UndoneGame:
    """Remove the newest event; undoing the winning entry reopens the game.

    ``shown_version`` (the version of the game the scoreboard's page showed) or
    ``expected_version`` (the API's If-Match) names the game the undo was asked against,
    so that a repeated tap undoes one entry, not two, and no undo removes an entry its
    page never showed: one another phone recorded after undoing the page's newest, say.
    The scoreboard's also tells that second tap from a change by another phone: if the
    game is the page's less its newest entry, that entry is already undone.
    The entry's Idempotency-Key goes with it: the same entry sent again is recorded again.
    """
    stored = writable_stored_game(game_id, edit_key)
    require_version(stored, expected_version)
    count = stored.event_count
    if shown_version is not None and shown_version != stored.version():
        shown = count_and_rewrites_of(shown_version)
        if shown is not None and (count, stored.rewrites) == (shown[0] - 1, shown[1] + 1):
            raise AlreadyUndone()
        raise VersionMismatch()
    if count == 0:
        raise OutOfTurn("Nothing to undo: no entry is recorded yet.")
    beaten = refusal_if_beaten(UNDO_BEATEN, expected_version, shown_version)
    log = game_log.stored_log(game_id, with_times=True)
    if len(log) != count:  # another request's undo or entry came between the reads
        raise overtaken(stored, beaten)
    *log, newest = log
    with refused_as_beaten_if_changed(stored, beaten):
        state = game_log.replayed(stored.setup(), log)
        removed = record(state, newest.payload).history[-1]
    claim_event_count_or_refuse(stored, count - 1, beaten, rewriting=True)
    game_writes.drop_event(game_id, count)
    version = game_log.log_version_of(log, stored.rewrites + 1, stored.created_at)
    projections.project_replay(  # points of other rules are replaced too
        game_id, log, state, version, now_utc(), fold_is_new=stored.fold_version is None
    )
    answer = UndoneGame(
        stored.id,
        as_utc(stored.created_at),
        state,
        stored.edit_key_hash,
        version,
        **trail_of(game_id),
        removed=removed,
    )
    commit_or_refuse_as_concurrent(beaten)
    return answer


def confirm_edit_key(game_id: int, edit_key: str | None) -> None:
    """Check a hand-over key before a device starts keeping score with it."""
    writable_stored_game(game_id, edit_key)


def rotate_edit_key(
    game_id: int,
    edit_key: str | None,
    rotation: str | None = None,
    expected_version: ExpectedVersion = None,
) -> str:
    """Give the game a new key, so that every other device and old link loses it, and
    answer the new key; only while the game is at ``expected_version`` (the API's
    If-Match), when one is given.

    A rotation given a name (``rotation``) makes the same key from the same old key, so
    the same rotation sent again after its answer was lost gives back the key it made,
    rather than refusing the old key and leaving the new one in no phone's hands.
    """
    made = None
    if edit_key is not None and rotation is not None:
        made = key_after_rotation(edit_key, rotation)
    stored = found_game(game_id)
    if _made_already(made, stored):  # sent again: this rotation is done
        return made
    require_key(edit_key, stored.edit_key_hash)
    require_version(stored, expected_version)
    new_key = made or new_edit_key()
    # Asked against a version, the key changes only while the log is still at it.
    at_log = (stored.event_count, stored.rewrites) if expected_version is not None else None
    if game_writes.replace_edit_key_hash(
        game_id, stored.edit_key_hash, hash_edit_key(new_key), at_log=at_log
    ):
        db.session.commit()
        return new_key
    # Since it was read, the game was deleted, its key rotated by another device (or by
    # this very rotation, sent twice at once), or its log changed under an If-Match:
    # answered as if it came a moment later.
    db.session.rollback()
    now = found_game(game_id)
    if _made_already(made, now):
        return made
    if now.edit_key_hash != stored.edit_key_hash:
        raise EditKeyWrong()
    raise VersionMismatch()


def _made_already(made: str | None, stored: game_log.StoredGame) -> bool:
    return made is not None and edit_key_matches(made, stored.edit_key_hash)


def _state_to_write_on(
    stored: game_log.StoredGame, setup: GameSetup
) -> tuple[GameState, tuple[PlayerGameStats, ...]]:
    """Where the game stands, to record on, and each player's figures there.

    Resumed from the stored fold and figures when they are the log's, without reading
    the log; else replayed from the log, whose events then get the replay's points (the
    fold and summary are written after the new entry).
    """
    # The players' figures are read beside the fold, so both must be of these rules.
    position = (
        resumed_folds.resumed_fold(stored, setup) if stored.derived_data_is_current() else None
    )
    if position is not None:
        return position, stored_player_figures(stored.id)
    log = game_log.stored_log(stored.id)
    state = game_log.replayed(setup, log)
    projections.correct_points(stored.id, log, state)
    return state, summarize(state).players
