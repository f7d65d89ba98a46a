"""What an import answers: the games it added, each with the edit key only the importer
receives, and those of the file that were already here. A refusal of an import that
stopped part-way (``errors.ImportInterrupted``) carries it too."""

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class ImportedGame:
    """A game created by an import, with the edit key only the importer receives."""

    id: int
    players: tuple[str, ...]
    created_at: datetime
    edit_key: str


@dataclass(frozen=True)
class GameAlreadyHere:
    """A game of the file that was already stored, exactly as it is there: left out."""

    id: int
    players: tuple[str, ...]
    created_at: datetime


@dataclass(frozen=True)
class ImportResult:
    """What an import added, and which games of the file were already here, each once: a
    file that holds one game a thousand times lists it once."""

    imported: list[ImportedGame]
    already_here: list[GameAlreadyHere]

    def __post_init__(self) -> None:
        once = {game.id: game for game in self.already_here}  # in the order first listed
        object.__setattr__(self, "already_here", list(once.values()))
