"""Correcting a recorded entry, and fixing the names or the first dealer.

A correction is checked like a new entry, at the place in the log of the entry it
replaces, and every later entry is then applied again after it. If one of them has
become illegal, or the game would end before it, the correction is refused, naming that
entry and why; nothing about the game changes. A fix of the names or of the first
dealer is checked the same way: the whole log, named anew, replayed from the fixed setup.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .errors import OutOfTurn, RuleError, RuleViolation, counted, quoted, sentence
from .events import (
    STEP_WORDS,
    ChicagoCall,
    Event,
    HandResult,
    LastTrick,
    read_position,
    says_the_same,
)
from .game import GameState, ScoredEvent, apply_event, record, replay, start_game
from .setup import GameSetup, new_setup, setup_as_stored


class NoSuchEntry(RuleError):
    """The log has no entry of that number."""


class NotThatEntry(OutOfTurn):
    """A correction names a round or step other than those of the entry it replaces."""


class NothingToCorrect(RuleError):
    """A correction that says what the entry already says."""


class CorrectionBreaksTheLog(RuleViolation):
    """A later entry would become illegal, or would have no place, after the correction."""


@dataclass(frozen=True)
class EntryInPlace:
    """An entry of the log as it was scored, and where the game stood just before it."""

    number: int
    before: GameState
    scored: ScoredEvent


def entry_in_place(setup: GameSetup, events: Sequence[Event], number: int) -> EntryInPlace:
    """Entry ``number`` (from 1) of the log, scored where it stands in it."""
    if not 1 <= number <= len(events):
        raise NoSuchEntry(
            counted(
                "There is no entry %(number)s: the game has %(count)s entry.",
                "There is no entry %(number)s: the game has %(count)s entries.",
                len(events),
                number=number,
            )
        )
    before = replay(setup, events[: number - 1])
    return EntryInPlace(number, before, apply_event(before, events[number - 1]).history[-1])


def correct_entry(
    setup: GameSetup, events: Sequence[Event], number: int, data: Mapping[str, object]
) -> GameState:
    """The game replayed with entry ``number`` (from 1) replaced by ``data``, its JSON form."""
    return correct_in_place(entry_in_place(setup, events, number), events, data)


def correct_in_place(
    place: EntryInPlace, events: Sequence[Event], data: Mapping[str, object]
) -> GameState:
    """The game with the entry at ``place`` in ``events`` replaced by ``data``, every
    later entry applied again after it."""
    number, replaced = place.number, place.scored.event
    if read_position(data) != (replaced.round, replaced.step):
        raise NotThatEntry(
            sentence(
                "Entry %(number)s is Round %(round)s · %(step)s; a correction keeps its round "
                "and step.",
                number=number,
                round=replaced.round,
                step=STEP_WORDS[replaced.step],
            )
        )
    state = record(place.before, data)
    if says_the_same(state.history[-1].event, replaced):
        raise NothingToCorrect(
            sentence("Entry %(number)s already says that; nothing was changed.", number=number)
        )
    return _apply_later_entries(state, events[number:], first_number=number + 1)


def fixed_setup(setup: GameSetup, players: object = None, dealer: str | None = None) -> GameSetup:
    """The setup with its seats named anew (``players``, in seating order) and/or another
    first dealer (``dealer``, by the new names); without a dealer, the same seat deals
    first whatever its name is now. Only the names it changes are checked: a name left
    as it was stays as the game has it, as a replay keeps it."""
    names = setup.players if players is None else players
    if isinstance(names, list | tuple) and len(names) != len(setup.players):
        raise RuleViolation(
            counted(
                "This game has %(count)s player; give a name for each seat.",
                "This game has %(count)s players; give a name for each seat.",
                len(setup.players),
            ),
            "players",
        )
    fixed = new_setup(names, dealer, setup.rules, kept=setup.players)
    return fixed if dealer is not None else replace(fixed, first_dealer=setup.first_dealer)


def replay_fixed(setup: GameSetup, events: Sequence[Event]) -> GameState:
    """The log replayed from a fixed setup (names or first dealer); refused, naming the
    first entry that breaks, if one no longer fits."""
    return _apply_later_entries(start_game(setup), events, first_number=1)


class FixDoesNotFit(RuleViolation):
    """A fix in a game's trail that the names or first dealer after it contradict."""

    def __init__(self, message, index: int) -> None:
        super().__init__(message)
        self.index = index  # which of the fix's changes


def setup_before_fix(after: GameSetup, changes: Sequence[tuple[str, str, str]]) -> GameSetup:
    """The setup a game had just before one fix of its names and first dealer, from the
    setup it had just after it.

    ``changes`` are the fix's ``(what, was, now)`` as the trail keeps them: ``"name"``
    for a seat renamed, ``"first_dealer"`` for another first dealer, named as the players
    were just after the fix. Refused when they do not fit the setup after it.
    """
    names = list(after.players)
    renamed_seats: set[int] = set()
    first_dealer = None
    for index, (what, was, now) in enumerate(changes):
        if what == "name":
            if now not in after.players:
                raise FixDoesNotFit(
                    sentence(
                        "It renames %(was)s to %(now)s, but no player is called %(now)s after it.",
                        was=quoted(was),
                        now=quoted(now),
                    ),
                    index,
                )
            seat = after.players.index(now)
            if seat in renamed_seats:
                raise FixDoesNotFit(
                    sentence("It renames %(name)s twice.", name=quoted(now)), index
                )
            renamed_seats.add(seat)
            names[seat] = was
        elif what == "first_dealer":
            if first_dealer is not None:
                raise FixDoesNotFit(sentence("It changes the first dealer twice."), index)
            dealer = after.players[after.first_dealer]
            if now != dealer:
                raise FixDoesNotFit(
                    sentence(
                        "It makes %(now)s the first dealer, but %(dealer)s deals first after it.",
                        now=quoted(now),
                        dealer=quoted(dealer),
                    ),
                    index,
                )
            if was not in after.players:
                raise FixDoesNotFit(
                    sentence(
                        "It moves the first deal from %(was)s, but no player is called "
                        "%(was)s after it.",
                        was=quoted(was),
                    ),
                    index,
                )
            first_dealer = after.players.index(was)
        else:
            raise ValueError(f"not a change of a name or the first dealer: {what!r}")
    before = setup_as_stored(names, None, after.rules)
    return replace(
        before, first_dealer=after.first_dealer if first_dealer is None else first_dealer
    )


def named_player(event: Event) -> str | None:
    """The player an entry names, if any: a hand's winner, the last trick's taker, or
    the Chicago caller."""
    match event:
        case HandResult():
            return event.winner
        case LastTrick():
            return event.taker
        case ChicagoCall():
            return event.caller
    return None


def renamed(event: Event, names: Mapping[str, str]) -> Event:
    """An entry with each player named anew by ``names`` (old name to new)."""
    match event:
        case HandResult(winner=str(winner)):
            return replace(event, winner=names.get(winner, winner))
        case LastTrick():
            return replace(event, taker=names.get(event.taker, event.taker))
        case ChicagoCall():
            return replace(event, caller=names.get(event.caller, event.caller))
    return event


def _apply_later_entries(state: GameState, later: Sequence[Event], first_number: int) -> GameState:
    """The entries after a corrected one, or after a fixed setup, applied in turn; refused
    at the first that no longer holds, or that has no place in a game that now ends before
    it, with the way to make the change: those entries undone first."""
    for offset, event in enumerate(later):
        if state.next_step is None:
            raise CorrectionBreaksTheLog(
                counted(
                    "The game would end after round %(round)s; %(count)s later entry would "
                    "have no place: undo it first.",
                    "The game would end after round %(round)s; %(count)s later entries would "
                    "have no place: undo them first.",
                    len(later) - offset,
                    round=state.history[-1].event.round,
                )
            )
        try:
            state = apply_event(state, event)
        except RuleError as refusal:
            raise CorrectionBreaksTheLog(
                sentence(
                    "Entry %(number)s (Round %(round)s · %(step)s) would no longer be legal: "
                    "%(reason)s Correct or undo that entry first.",
                    number=first_number + offset,
                    round=event.round,
                    step=STEP_WORDS[event.step],
                    reason=refusal.text,
                )
            ) from refusal
    return state
