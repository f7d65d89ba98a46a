"""What every write to a stored game checks, in games.py and in corrections.py: that the
game is there and the key may change it, that it is still at the version the change was
asked against, and that no other device's write came first. A write that loses a race
is refused as it would be a moment later, never half made."""

from collections.abc import Collection, Iterator
from contextlib import contextmanager

from sqlalchemy.exc import IntegrityError

from chicago_scorer.extensions import db
from chicago_scorer.rules import OutOfTurn
from chicago_scorer.rules.errors import Message, Refusal, RuleError
from chicago_scorer.services.edit_keys import edit_key_matches
from chicago_scorer.services.errors import EditKeyMissing, EditKeyWrong, VersionMismatch
from chicago_scorer.services.game_reads import found_game
from chicago_scorer.storage import game_log, game_writes
from chicago_scorer.storage.log_versions import stored_log_version

# The version a change was asked against, or a few (as an If-Match header may name); None
# to make it on whatever version the game is at.
ExpectedVersion = str | Collection[str] | None


def writable_stored_game(game_id: int, edit_key: str | None) -> game_log.StoredGame:
    """The stored game, if there is one and this key may change it; else the refusal."""
    stored = found_game(game_id)
    require_key(edit_key, stored.edit_key_hash)
    return stored


def require_version(stored: game_log.StoredGame, expected_version: ExpectedVersion) -> None:
    """Refuse a change asked against a version of the game that is no longer its own."""
    if isinstance(expected_version, str):
        expected_version = {expected_version}
    if expected_version is not None and stored.version() not in expected_version:
        raise VersionMismatch()


def refusal_if_beaten(words: Message, *expected: object) -> Refusal:
    """The refusal of a write that another device's came before: VersionMismatch if it was
    asked against a version of the game (any of ``expected`` given), else ``words``."""
    if any(version is not None for version in expected):
        return VersionMismatch()
    return OutOfTurn(words)


def claim_event_count_or_refuse(
    stored: game_log.StoredGame, new: int, beaten: Refusal, *, rewriting: bool = False
) -> None:
    """Move the event count only if no other device changed the game since we read it
    (see game_writes.claim_event_count); else roll back and refuse the write as it would be
    refused a moment later: the game gone, or its key replaced, or else with ``beaten``."""
    if not game_writes.claim_event_count(stored, new, rewriting=rewriting):
        db.session.rollback()
        raise overtaken(stored, beaten)


def overtaken(stored: game_log.StoredGame, beaten: Refusal) -> Refusal:
    """The refusal of a write that another request's change overtook after the game was
    read as ``stored``, as the write would be refused a moment later: the game gone
    (raised here), its key replaced, or else ``beaten``."""
    if found_game(stored.id).edit_key_hash != stored.edit_key_hash:
        return EditKeyWrong()
    return beaten


@contextmanager
def refused_as_beaten_if_changed(stored: game_log.StoredGame, beaten: Refusal) -> Iterator[None]:
    """Let a refusal of the rules met in the block stand only if the game is still the one
    read as ``stored``: another request's change that came between the reads of the game
    and of its log (a fix of names, say) would have the rules refuse an entry that is fine,
    where the write is only beaten (``beaten``), as its compare-and-set would find it."""
    try:
        yield
    except RuleError:
        if stored_log_version(stored.id) != stored.version():
            raise overtaken(stored, beaten) from None
        raise


def commit_or_refuse_as_concurrent(beaten: Refusal) -> None:
    """Commit the write; one the database refuses because another device's write came
    first is rolled back and refused with ``beaten``."""
    try:
        db.session.commit()
    except IntegrityError as error:
        db.session.rollback()
        raise beaten from error


def require_key(edit_key: str | None, edit_key_hash: str) -> None:
    """Refuse a change made without the game's edit key, or with another."""
    if not edit_key:
        raise EditKeyMissing()
    if not edit_key_matches(edit_key, edit_key_hash):
        raise EditKeyWrong()
