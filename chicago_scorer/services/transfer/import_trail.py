"""Read a game's trail from an export file: each corrected entry's earlier versions, and
the fixes of its names and first dealer (``chicago-scorer/2`` files carry them).

The trail is checked against the game it comes with, so that it reads as the game's own:
its times lie between the game's ``created_at`` and ``updated_at``, oldest first; each
earlier version is an entry of the same round and step that names a player of its time;
and the fixes, undone one by one from the game's names and first dealer, lead back to a
setup that could have begun the game. A trail that does not fit refuses the whole file,
as a game that breaks a rule does.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from itertools import groupby

from chicago_scorer.rules import (
    Event,
    GameSetup,
    GameState,
    RuleError,
    event_to_dict,
    read_event,
)
from chicago_scorer.rules.corrections import (
    FixDoesNotFit,
    named_player,
    renamed,
    setup_before_fix,
)
from chicago_scorer.rules.errors import Message, quoted, sentence
from chicago_scorer.rules.events import STEP_WORDS
from chicago_scorer.rules.names import normal_name, same_name_key
from chicago_scorer.services.errors import IllegalGameInImport, MalformedImport
from chicago_scorer.storage.models import as_utc
from chicago_scorer.storage.trail import Change, Correction

CORRECTION_FIELDS = frozenset({"was", "at"})
CHANGE_FIELDS = frozenset({"what", "was", "now", "at"})
CHANGE_KINDS = frozenset({"name", "first_dealer"})


@dataclass(frozen=True)
class Trail:
    """A game's trail, ready to store: each corrected entry's earlier versions, oldest
    first, by the entry's number; and the fixes of names and first dealer, oldest first."""

    corrections: Mapping[int, tuple[Correction, ...]] = field(default_factory=dict)
    changes: tuple[Change, ...] = ()


NO_TRAIL = Trail()


@dataclass(frozen=True)
class Span:
    """A game's life in a file, from ``created_at`` to ``updated_at``: every time in its
    trail lies within it."""

    created_at: datetime
    updated_at: datetime


# The times a file may hold. Its times were written by a server's clock when its games
# were played, and no game here was played before 2000. A time later than tomorrow (a day
# of grace for a clock running ahead) would keep a game at the top of the history for
# years, or for ever at 9999-12-31; a time near the ends of the calendar would overflow
# on its way to UTC.
EARLIEST_MOMENT = datetime(2000, 1, 1, tzinfo=UTC)
GRACE_AFTER_NOW = timedelta(days=1)


def read_moment(where: Message, text: object, field_name: str) -> datetime:
    """A time from the file, in UTC; refused unless it is ISO 8601 with its UTC offset,
    and lies between 2000 and tomorrow."""
    try:
        moment = datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise MalformedImport(
            sentence(
                "%(game)s: %(field)s must be a date and time with its UTC offset, "
                "like 2026-11-29T19:02:11+00:00.",
                game=where,
                field=quoted(field_name),
            )
        )
    latest = datetime.now(UTC) + GRACE_AFTER_NOW
    try:
        in_utc = as_utc(moment)
    except OverflowError:  # a few hours from the calendar's ends
        in_utc = None
    if in_utc is None or not EARLIEST_MOMENT <= in_utc <= latest:
        raise MalformedImport(
            sentence(
                "%(game)s: %(field)s is %(moment)s; a time in a file lies between "
                "%(earliest)s and %(latest)s.",
                game=where,
                field=quoted(field_name),
                moment=text,
                earliest=EARLIEST_MOMENT.date().isoformat(),
                latest=latest.date().isoformat(),
            )
        )
    return in_utc


def read_trail(
    name: Message,
    state: GameState,
    earlier_versions: Mapping[int, object],
    changes: object,
    span: Span,
) -> Trail:
    """The trail of the game ``state`` replays to, from the file's ``corrections`` of each
    entry (by its number) and its ``changes``; refused if it does not fit the game."""
    fixes = _read_changes(name, changes, span)
    setups_before = _setups_before_fixes(name, state.setup, fixes)
    corrections = {
        number: _read_corrections(
            sentence("%(game)s, entry %(number)s", game=name, number=number),
            raw,
            state.history[number - 1].event,
            lambda moment: _players_at(moment, setups_before, state.setup),
            span,
        )
        for number, raw in earlier_versions.items()
    }
    return Trail({number: kept for number, kept in corrections.items() if kept}, fixes)


def _read_changes(name: Message, raw: object, span: Span) -> tuple[Change, ...]:
    if not isinstance(raw, list) or not all(
        isinstance(change, dict) and set(change) == CHANGE_FIELDS for change in raw
    ):
        raise MalformedImport(
            sentence(
                "%(game)s: 'changes' must be a list of objects with 'what', 'was', 'now' "
                "and 'at'.",
                game=name,
            )
        )
    changes = []
    for number, change in enumerate(raw, start=1):
        where = sentence("%(game)s, change %(number)s", game=name, number=number)
        if not isinstance(change["what"], str) or change["what"] not in CHANGE_KINDS:
            raise MalformedImport(
                sentence("%(game)s: 'what' must be 'name' or 'first_dealer'.", game=where)
            )
        if not all(isinstance(change[key], str) for key in ("was", "now")):
            raise MalformedImport(
                sentence("%(game)s: 'was' and 'now' must be players' names.", game=where)
            )
        at = _moment_in_order(where, change["at"], changes[-1].at if changes else None, span)
        # Names are kept in their one spelling, as a game's players are.
        was, now = normal_name(change["was"]), normal_name(change["now"])
        changes.append(Change(change["what"], was, now, at))
    return tuple(changes)


def _setups_before_fixes(
    name: Message, setup: GameSetup, changes: Sequence[Change]
) -> list[tuple[datetime, GameSetup]]:
    """Each fix's time and the setup just before it, oldest first, found by undoing the
    fixes newest first from the game's setup. One fix's changes share their time."""
    numbered = list(enumerate(changes, start=1))
    fixes = [list(fix) for _at, fix in groupby(numbered, key=lambda item: item[1].at)]
    before: list[tuple[datetime, GameSetup]] = []
    after = setup
    for fix in reversed(fixes):
        try:
            after = setup_before_fix(after, [(c.what, c.was, c.now) for _n, c in fix])
        except RuleError as refusal:
            index = refusal.index if isinstance(refusal, FixDoesNotFit) else 0
            raise IllegalGameInImport(
                sentence(
                    "%(game)s: %(refusal)s",
                    game=sentence("%(game)s, change %(number)s", game=name, number=fix[index][0]),
                    refusal=refusal.text,
                )
            ) from None
        before.append((fix[0][1].at, after))
    return before[::-1]


def _players_at(
    moment: datetime, setups_before: Sequence[tuple[datetime, GameSetup]], now: GameSetup
) -> tuple[str, ...]:
    """The players' names at ``moment``: those before the first fix made after it."""
    for fixed_at, before in setups_before:
        if moment < fixed_at:
            return before.players
    return now.players


def _read_corrections(
    where: Message,
    raw: object,
    entry: Event,
    players_at: Callable[[datetime], tuple[str, ...]],
    span: Span,
) -> tuple[Correction, ...]:
    if not isinstance(raw, list) or not all(
        isinstance(correction, dict)
        and set(correction) == CORRECTION_FIELDS
        and isinstance(correction["was"], dict)
        for correction in raw
    ):
        raise MalformedImport(
            sentence(
                "%(game)s: 'corrections' must be a list of objects with 'was' (the entry as "
                "it was) and 'at' (when it was replaced).",
                game=where,
            )
        )
    corrections: list[Correction] = []
    for number, correction in enumerate(raw, start=1):
        version = sentence("%(game)s, correction %(number)s", game=where, number=number)
        at = _moment_in_order(
            version, correction["at"], corrections[-1].at if corrections else None, span
        )
        was = _earlier_version(version, correction["was"], entry, players_at(at))
        corrections.append(Correction(event_to_dict(was), at))
    return tuple(corrections)


def _earlier_version(version: Message, raw: dict, entry: Event, players: tuple[str, ...]) -> Event:
    """An earlier version of ``entry``: an entry of its round and step, naming one of
    the ``players`` of its time (spelt as they were)."""
    try:
        was = read_event(raw)
    except RuleError as refusal:
        raise IllegalGameInImport(
            sentence("%(game)s: %(refusal)s", game=version, refusal=refusal.text)
        ) from None
    if (was.round, was.step) != (entry.round, entry.step):
        raise IllegalGameInImport(
            sentence(
                "%(game)s is of Round %(round)s · %(step)s; a correction keeps the entry's "
                "round and step.",
                game=version,
                round=was.round,
                step=STEP_WORDS[was.step],
            )
        )
    player = named_player(was)
    if player is None:
        return was
    spelt = [name for name in players if same_name_key(name) == same_name_key(player)]
    if not spelt:
        raise IllegalGameInImport(
            sentence(
                "%(game)s names %(name)s, who was not playing then; the players were %(players)s.",
                game=version,
                name=quoted(player),
                players=players,
            )
        )
    return renamed(was, {player: spelt[0]})


def _moment_in_order(
    where: Message, text: object, previous: datetime | None, span: Span
) -> datetime:
    """The time of one item of a trail: within the game's span, and not before the item
    listed before it."""
    moment = read_moment(where, text, "at")
    if not span.created_at <= moment <= span.updated_at:
        raise MalformedImport(
            sentence(
                "%(game)s: 'at' must lie between the game's 'created_at' and 'updated_at'.",
                game=where,
            )
        )
    if previous is not None and moment < previous:
        raise MalformedImport(
            sentence(
                "%(game)s: 'at' is earlier than the one listed before it; list them oldest first.",
                game=where,
            )
        )
    return moment
