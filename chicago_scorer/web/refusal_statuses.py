"""Every refusal's HTTP status, in one table.

``STATUS_OF`` maps each refusal the app defines, the rules' and its own, to its status;
a refusal not in it takes its nearest parent's. The app's one handler (errors.py) answers
with it, and so do the settle and import pages, which show a refusal on their own page.
A test checks that every refusal the app defines is in the table.
"""

from chicago_scorer.rules import OutOfTurn, RuleViolation
from chicago_scorer.rules.corrections import (
    CorrectionBreaksTheLog,
    FixDoesNotFit,
    NoSuchEntry,
    NothingToCorrect,
    NotThatEntry,
)
from chicago_scorer.rules.errors import Refusal, RuleError, RuleViolations
from chicago_scorer.services.errors import (
    AlreadyCorrected,
    AlreadyUndone,
    EditKeyMissing,
    EditKeyWrong,
    ExportMustWait,
    ExportTooSoon,
    GameFull,
    GameNotFound,
    IdempotencyKeyReused,
    IllegalGameInImport,
    ImportInterrupted,
    ImportMustWait,
    ImportRefused,
    ImportTooLarge,
    MalformedImport,
    NothingToChange,
    PageNotFound,
    PlayerNotFound,
    VersionMismatch,
)
from chicago_scorer.web.api.refusals import BodyNotJson, MalformedRequest
from chicago_scorer.web.platform.readable_addresses import AddressUnreadable
from chicago_scorer.web.platform.readable_bodies import (
    BodyCompressed,
    BodyNotForm,
    FormFieldRepeated,
    FormHasTooManyFields,
    FormNotUtf8,
    FormPartsBroken,
)
from chicago_scorer.web.platform.request_origin import CrossSiteRequest, HostNotServed

STATUS_OF: dict[type[Refusal], int] = {
    # The request cannot be read.
    MalformedRequest: 400,
    FormNotUtf8: 400,
    FormFieldRepeated: 400,
    FormPartsBroken: 400,
    AddressUnreadable: 400,
    HostNotServed: 400,  # a name that only a page of another site would use (DNS rebinding)
    ImportRefused: 400,
    MalformedImport: 400,
    # A device without the key is refused like one with a wrong key: it may only watch.
    EditKeyMissing: 403,
    EditKeyWrong: 403,
    CrossSiteRequest: 403,
    GameNotFound: 404,
    PlayerNotFound: 404,
    PageNotFound: 404,
    NoSuchEntry: 404,
    # An entry for another step than the next one, or for a game that is over or holds
    # the most entries a game may; a correction for another round or step than the
    # entry's, or one that changes nothing.
    OutOfTurn: 409,
    GameFull: 409,
    NotThatEntry: 409,
    NothingToCorrect: 409,
    NothingToChange: 409,
    # A change asked for against a version of the game that is no longer its own.
    VersionMismatch: 412,
    AlreadyUndone: 412,  # the scoreboard's undo sent again, its answer lost
    AlreadyCorrected: 412,  # a correction sent again, its answer lost
    ImportTooLarge: 413,
    FormHasTooManyFields: 413,
    BodyNotJson: 415,
    BodyCompressed: 415,
    BodyNotForm: 415,
    # Readable, but it breaks a rule.
    RuleError: 422,
    RuleViolation: 422,
    RuleViolations: 422,
    CorrectionBreaksTheLog: 422,
    FixDoesNotFit: 422,  # a file's fixes that do not lead back to a setup
    IllegalGameInImport: 422,
    IdempotencyKeyReused: 422,  # a key sent again with another entry than its own
    # Stopped before the end, its time or the database's patience spent: send it again.
    ImportInterrupted: 503,
    # Not started while another import or export ran, so that the phones keep a worker:
    # ask again.
    ImportMustWait: 503,
    ExportMustWait: 503,
    # Not started moments after the last export, so that an import may go first.
    ExportTooSoon: 503,
}

# Sent with every 503: the database or the server was busy, and a try again will do.
RETRY_SOON = {"Retry-After": "1"}
# A long task holds its turn for seconds (services/transfer/long_tasks.py): the refusal says "in a
# few seconds", and a client that waits as told is not refused again and again meanwhile.
RETRY_AFTER_A_LONG_TASK = {"Retry-After": "5"}


def retry_after(refusal: Refusal) -> dict[str, str]:
    """The ``Retry-After`` of a refusal answered with 503; none for any other."""
    if status_of(refusal) != 503:
        return {}
    if isinstance(refusal, ImportMustWait | ExportMustWait | ExportTooSoon):
        return RETRY_AFTER_A_LONG_TASK
    return RETRY_SOON


def status_of(refusal: Refusal) -> int:
    """The HTTP status of a refusal: its kind's in ``STATUS_OF``, else its nearest parent's."""
    for kind in type(refusal).__mro__:
        if kind in STATUS_OF:
            return STATUS_OF[kind]
    raise TypeError(f"no status for {type(refusal).__name__}: add it to STATUS_OF")
