"""The refusals of the use cases, beside the rules' own (``rules.errors``): each
carries a message a person can act on, and ``web.refusal_statuses`` gives each its HTTP status."""

from chicago_scorer.rules.errors import Digits, Refusal, counted, cut_short, quoted, sentence
from chicago_scorer.services.transfer.import_results import ImportResult


class GameNotFound(Refusal):
    """No game has this id."""

    def __init__(self, game_id: object) -> None:
        super().__init__(
            sentence(
                "There is no game %(game)s: it was deleted, or the link is wrong.",
                game=Digits(cut_short(str(game_id))),
            )
        )


class GameFull(Refusal):
    """An entry for a game that holds the most entries a game may; nothing was recorded."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            sentence(
                "This game has reached %(limit)s entries, the most one game can hold, so "
                "nothing was recorded: start a new game to play on.",
                limit=limit,
            )
        )


class EditKeyMissing(Refusal):
    """A change was asked for without the game's edit key."""

    def __init__(self) -> None:
        super().__init__(
            sentence("Only the scorekeeper's device can change this game: send its edit key.")
        )


class EditKeyWrong(Refusal):
    """A change was asked for with a key that does not open this game."""

    def __init__(self) -> None:
        super().__init__(
            sentence(
                "That edit key does not open this game; use the key given when it was created."
            )
        )


class PlayerNotFound(Refusal):
    """No game has a player of this name."""

    def __init__(self, name: str) -> None:
        super().__init__(
            sentence(
                "Nobody called %(name)s has played a game here; check the spelling.",
                name=quoted(name.strip()),
            )
        )


class PageNotFound(Refusal):
    """A page number past the end of a list."""

    def __init__(self, number: int, pages: int) -> None:
        super().__init__(
            counted(
                "There is no page %(number)s: the list has %(count)s page.",
                "There is no page %(number)s: the list has %(count)s pages.",
                pages,
                number=number,
            )
        )


class ImportRefused(Refusal):
    """The file was refused and nothing was imported."""


class MalformedImport(ImportRefused):
    """The file is not a document of a format this version reads."""


class ImportTooLarge(ImportRefused):
    """The file is larger than an import takes."""


class IllegalGameInImport(ImportRefused):
    """A game in the file breaks a rule when it is replayed."""


class ImportMustWait(Refusal):
    """An import sent while another long task (an import, or an export of every game) ran
    on the same database: it did not start (see ``long_tasks.py``)."""

    def __init__(self) -> None:
        super().__init__(
            sentence(
                "Another import or export of every game is running, so nothing of this file "
                "was imported. Send the same file again in a few seconds."
            )
        )


class ExportMustWait(Refusal):
    """An export of every game asked for while another long task ran: it did not start."""

    def __init__(self) -> None:
        super().__init__(
            sentence(
                "Another import or export of every game is running, so this export did not "
                "start. Ask for it again in a few seconds."
            )
        )


class ExportTooSoon(Refusal):
    """An export of every game asked for moments after the last one ended: it did not
    start, so that an import may take its turn first (see ``long_tasks.py``)."""

    def __init__(self) -> None:
        super().__init__(
            sentence(
                "An export of every game was made a moment ago, so this one did not start. "
                "Ask for it again in a few seconds."
            )
        )


class ImportInterrupted(Refusal):
    """An import stopped between two batches, its time or the database's patience spent:
    the games of the batches before are stored (``result``), the rest are not."""

    def __init__(self, done: int, count: int, result: ImportResult) -> None:
        super().__init__(
            counted(
                "The server was too busy to finish: %(done)s of the file's %(count)s game "
                "is stored, the rest are not. Send the same file again to add them; games "
                "already here are left out.",
                "The server was too busy to finish: %(done)s of the file's %(count)s games "
                "are stored, the rest are not. Send the same file again to add them; games "
                "already here are left out.",
                count,
                done=done,
            )
        )
        self.done = done
        self.result = result


class VersionMismatch(Refusal):
    """A change was asked for against a version of the game that is no longer its own."""

    def __init__(self) -> None:
        super().__init__(
            sentence(
                "The game changed since this device last read it, so nothing was changed. "
                "Refresh to see the game, then try again."
            )
        )


class AlreadyCorrected(Refusal):
    """A correction asked against a game that has since been given exactly this
    correction, and nothing else: the same correction sent again, its answer lost."""

    def __init__(self) -> None:
        super().__init__(
            sentence(
                "This correction was already saved a moment ago, so it was not saved again. "
                "Here is the game now."
            )
        )


class AlreadyUndone(Refusal):
    """An undo asked against a game whose newest entry has since been undone, and nothing
    else changed: the same undo sent again, its answer lost, or another phone's."""

    def __init__(self) -> None:
        super().__init__(
            sentence(
                "The entry this page would undo was already undone a moment ago, so nothing "
                "more was undone. Here is the game now."
            )
        )


class NothingToChange(Refusal):
    """A fix of names or of the first dealer that says what the game already says."""

    def __init__(self) -> None:
        super().__init__(
            sentence("The game already has these names and this first dealer; nothing changed.")
        )


class IdempotencyKeyReused(Refusal):
    """An entry sent with a key the game's log already holds for another entry."""

    def __init__(self, number: int) -> None:
        super().__init__(
            sentence(
                "This Idempotency-Key was already used for another entry (entry %(number)s "
                "of this game), so nothing was recorded: use a new key for each entry.",
                number=number,
            )
        )
