"""What the game use cases answer: a game loaded whole, a game as the scoreboard reads
it, a game as the API shows it, an entry just recorded, a game just undone, corrected or
created, and an entry opened to be corrected."""

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from chicago_scorer.rules import GameState, ScoredEvent, event_to_dict
from chicago_scorer.rules.statistics import scores_before
from chicago_scorer.services.edit_keys import edit_key_matches
from chicago_scorer.services.seatings import in_todays_names
from chicago_scorer.storage.trail import Change, Correction


def event_texts(history: Iterable[ScoredEvent]) -> Iterator[tuple[str, str]]:
    """Each scored event's JSON form and the points it moved, as JSON text: a replay's
    events as the API writes them out."""
    for scored in history:
        yield json.dumps(event_to_dict(scored.event)), json.dumps(dict(scored.points))


class _KeptByKey:
    """A stored game that only the holder of its edit key may change."""

    edit_key_hash: str

    def opens_with(self, edit_key: str | None) -> bool:
        """Whether this key may change the game."""
        return bool(edit_key) and edit_key_matches(edit_key, self.edit_key_hash)


@dataclass(frozen=True)
class LoadedGame(_KeptByKey):
    """A stored game and the state its whole log replays to: what a read or a write answers.

    ``state`` always holds every recorded entry, whether it was replayed or read from
    the stored fold and points (tests prove the two equal).
    """

    id: int
    created_at: datetime
    state: GameState
    edit_key_hash: str = field(default="", repr=False)
    log_version: str = ""  # changes whenever the log changes; see game_reads.game_log_version
    # The trail: each corrected entry's earlier versions by its number, and the fixes of
    # names and of the first dealer, oldest first.
    corrections: Mapping[int, tuple[Correction, ...]] = field(default_factory=dict)
    changes: tuple[Change, ...] = ()

    @property
    def event_count(self) -> int:
        """How many events are recorded."""
        return len(self.state.history)

    def corrections_in_todays_names(self) -> Mapping[int, tuple[Correction, ...]]:
        """The trail's earlier versions of entries, each naming its player as the game
        names that seat now, as a corrected entry's mark says them."""
        return in_todays_names(self.corrections, self.changes, self.state.players)

    @property
    def standing(self) -> GameState:
        """Where the game stands: scores, dealer, next step, status and winner."""
        return self.state

    def event_texts(self) -> Iterator[tuple[str, str]]:
        """Each event's JSON form and the points it moved, as JSON text."""
        return event_texts(self.state.history)


@dataclass(frozen=True)
class UndoneGame(LoadedGame):
    """A game just undone, and the entry the undo removed, as it was scored."""

    removed: ScoredEvent | None = None


@dataclass(frozen=True)
class CorrectedGame(LoadedGame):
    """A game just corrected, and the entry the correction replaced, as it was scored."""

    replaced: ScoredEvent | None = None


@dataclass(frozen=True)
class LoggedGame:
    """A game as the API shows it: where it stands, its log as JSON text, and its trail.

    ``standing`` is a state without history. ``events`` holds every event's JSON form
    and the points it moved, as JSON text, in log order: as stored, when the stored fold
    and points are the log's, else from a replay. They are only ever written out again,
    so nothing decodes them or reads them back into the rules' types.
    """

    id: int
    created_at: datetime
    standing: GameState
    events: tuple[tuple[str, str], ...]
    log_version: str
    corrections: Mapping[int, tuple[Correction, ...]] = field(default_factory=dict)
    changes: tuple[Change, ...] = ()

    def event_texts(self) -> Iterator[tuple[str, str]]:
        """Each event's JSON form and the points it moved, as JSON text."""
        return iter(self.events)


@dataclass(frozen=True)
class GameAtTable(_KeptByKey):
    """A game as the scoreboard shows it, read in a few statements however long its log.

    ``position`` is where the game stands: scores, dealer, next step, status and winner,
    as a state without history. ``newest`` holds the newest entries, at most
    ``game_reads.RECENT_ENTRIES``, oldest first; the whole log is ``game_reads.load_game``'s.
    ``corrections`` holds the trail of those of them that were corrected: each one's
    earlier versions, oldest first, by its number, each naming its player as the game
    names that seat now (``seatings.in_todays_names``).
    """

    id: int
    created_at: datetime
    position: GameState
    newest: tuple[ScoredEvent, ...]
    event_count: int
    edit_key_hash: str = field(default="", repr=False)
    log_version: str = ""
    corrections: Mapping[int, tuple[Correction, ...]] = field(default_factory=dict)

    @property
    def first_number(self) -> int:
        """The number in the log (from 1) of the oldest of the newest entries."""
        return self.event_count - len(self.newest) + 1

    @property
    def scores_before_newest(self) -> tuple[int, ...]:
        """The scores before the oldest of the newest entries, in seating order."""
        return scores_before(self.position.scores, self.position.setup, self.newest)


@dataclass(frozen=True)
class EntryAtTable:
    """A recorded entry opened to be corrected: the game as the scoreboard shows it, the
    entry's number and how it was scored, and where the game stood just before it."""

    game: GameAtTable
    number: int
    scored: ScoredEvent
    before: GameState


@dataclass(frozen=True)
class RecordedEntry:
    """An entry just appended to a game's log, as the rules scored it."""

    game_id: int
    scored: ScoredEvent
    event_count: int
    log_version: str


@dataclass(frozen=True)
class RepeatedEntry:
    """An entry sent again with the Idempotency-Key it was recorded with: nothing new
    was recorded; ``number`` (from 1) is where the entry stands in the log."""

    game_id: int
    number: int


@dataclass(frozen=True)
class CreatedGame:
    """A new game and the edit key that only its creator receives."""

    game: LoadedGame
    edit_key: str
