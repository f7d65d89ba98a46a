"""What the scoreboard page shows, worked out from where the game stands and its newest
entries (``services.games.GameAtTable``)."""

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from chicago_scorer.rules import (
    HAND_STEPS,
    GameState,
    HandResult,
    ScoredEvent,
    Status,
    Step,
    players_past_exchange_stop,
)
from chicago_scorer.rules import chicago_refusal as rules_chicago_refusal
from chicago_scorer.rules import chicago_shut_out as rules_chicago_shut_out
from chicago_scorer.rules.errors import Message
from chicago_scorer.services.game_answers import EntryAtTable, GameAtTable
from chicago_scorer.web.corrected_marks import corrected_mark
from chicago_scorer.web.entry_words import entry_words
from chicago_scorer.web.languages.labels import STEP_LABELS, STEP_QUESTIONS
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext, ngettext
from chicago_scorer.web.languages.wording import in_a_list, translate
from chicago_scorer.web.player_names import isolated_name_text


@dataclass(frozen=True)
class PlayerRow:
    """One player's line on the scoreboard."""

    name: str
    score: int
    to_go: int
    is_dealer: bool
    is_leader: bool
    plays_this_round: bool
    is_winner: bool


@dataclass(frozen=True)
class ChicagoChoice:
    """A player's Chicago buttons: open, or closed for want of points."""

    name: str
    can_call_chicago: bool


@dataclass(frozen=True)
class StepCard:
    """The step card: the next step to record, or a recorded entry to correct."""

    round: int
    step: Step
    in_tiebreak: bool
    round_players: list[str]
    chicago_choices: list[ChicagoChoice]
    # The hidden fields the card's form sends back with the answer.
    hidden: dict[str, str]
    # The entry's number in the log when the card corrects it.
    correcting: int | None = None
    # At the tricks, who may not call Chicago yet and why, in one sentence.
    chicago_shut_out: str | None = None
    # What the table must know before the step's exchange and deal (``step_notes``).
    notes: tuple[str, ...] = ()

    @property
    def anyone_may_call_chicago(self) -> bool:
        return any(choice.can_call_chicago for choice in self.chicago_choices)

    @property
    def is_hand_step(self) -> bool:
        return self.step in HAND_STEPS

    @property
    def question(self) -> str:
        return STEP_QUESTIONS[self.step]


@dataclass(frozen=True)
class LoggedStep:
    """One recorded step as the round log says it, with its number in the log and, if
    it was corrected, what it said before."""

    step: str
    text: str
    number: int
    mark: str | None = None


@dataclass(frozen=True)
class LoggedRound:
    """A round of the log, newest step first."""

    number: int
    is_tiebreak: bool
    steps: list[LoggedStep]


def player_rows(state: GameState) -> list[PlayerRow]:
    """Every player in seating order, with score, points to go and role this round."""
    finished = state.status is Status.FINISHED
    return [
        PlayerRow(
            name=name,
            score=score,
            to_go=state.points_to_target(name),
            is_dealer=not finished and seat == state.dealer,
            is_leader=not finished and name == state.leader_name,
            plays_this_round=seat in state.round_seats,
            is_winner=name == state.winner,
        )
        for seat, (name, score) in enumerate(zip(state.players, state.scores, strict=True))
    ]


def chicago_choices(state: GameState) -> list[ChicagoChoice]:
    """Who of this round's players may call Chicago now."""
    names = [state.players[seat] for seat in state.round_seats]
    return [ChicagoChoice(name, rules_chicago_refusal(state, name) is None) for name in names]


def chicago_shut_out(state: GameState) -> str | None:
    """At the tricks step, the one sentence that says who may not call Chicago yet."""
    if state.next_step is not Step.TRICKS:
        return None
    return _translated(rules_chicago_shut_out(state))


def step_notes(state: GameState) -> tuple[str, ...]:
    """What the table must know before the next step's exchange and deal: who plays a
    tiebreak round, and who may no longer exchange. Said under the card's heading, so
    that it is in the first screen with the step whatever message comes before it."""
    notes = []
    if state.is_tiebreak:
        playing = in_a_list(isolated_name_text(name) for name in state.tiebreak_players)
        # Translators: in the step card of a tiebreak round, an extra round for the
        # players who share the top score; keep it short.
        notes.append(gettext("Tiebreak: only %(names)s play this round.", names=playing))
    if stopped := exchange_stop_note(state):
        notes.append(stopped)
    return tuple(notes)


def exchange_stop_note(state: GameState) -> str | None:
    """Who may no longer exchange cards, if anyone: said in the scorekeeper's step card,
    and under the scores to those watching."""
    stopped = players_past_exchange_stop(state)
    if not stopped:
        return None
    stop = state.setup.rules.exchange_stop
    # Translators: players at or above this score may no longer exchange cards.
    return ngettext(
        "No more exchanges for %(names)s: %(num)s point or more.",
        "No more exchanges for %(names)s: %(num)s points or more.",
        stop,
        num=format_number(stop),
        names=in_a_list(isolated_name_text(name) for name in stopped),
    )


def next_step_card(state: GameState) -> StepCard:
    """The card for the step the game expects next.

    Its tap carries a key new with each page, which the entry is recorded under (as the
    API's Idempotency-Key): the same tap sent again, by a reload after its answer was lost,
    is found as this phone's rather than refused as someone else's.
    """
    return StepCard(
        state.round,
        state.next_step,
        state.is_tiebreak,
        [state.players[seat] for seat in state.round_seats],
        chicago_choices(state),
        {"round": str(state.round), "step": str(state.next_step), "tap": secrets.token_hex(16)},
        chicago_shut_out=chicago_shut_out(state),
        notes=step_notes(state),
    )


def correction_card(opened: EntryAtTable) -> StepCard:
    """The card for a recorded entry, asked as it was when the entry was made: the same
    players, and the same who may call Chicago."""
    event, before = opened.scored.event, opened.before
    hidden = {
        "round": str(event.round),
        "step": str(event.step),
        "version": opened.game.log_version,
    }
    if isinstance(event, HandResult) and event.cards:
        hidden |= {
            "cards": " ".join(str(card) for card in event.cards),
            "cards_winner": str(event.winner),
            "cards_hand": str(event.hand),
        }
    return StepCard(
        event.round,
        event.step,
        opened.scored.in_tiebreak,
        [before.players[seat] for seat in before.round_seats],
        chicago_choices(before),
        hidden,
        correcting=opened.number,
        chicago_shut_out=chicago_shut_out(before),
    )


def _translated(refusal: Message | None) -> str | None:
    return None if refusal is None else translate(refusal)


# The round log shows the rounds a player at the table may still ask about; the review
# has them all. Its entries are among the newest the scoreboard reads.
LOGGED_ROUNDS = 3


def round_log(game: GameAtTable) -> list[LoggedRound]:
    """The last ``LOGGED_ROUNDS`` recorded rounds, newest first, each with its newest step
    first."""
    newest = game.newest
    shown = sorted({scored.event.round for scored in newest}, reverse=True)[:LOGGED_ROUNDS]
    rounds: dict[int, LoggedRound] = {}
    for entry_number, scored in enumerate(newest, start=game.first_number):
        number = scored.event.round
        if number in shown:
            logged = rounds.setdefault(number, LoggedRound(number, scored.in_tiebreak, []))
            mark = corrected_mark(game.corrections.get(entry_number, ()))
            words = entry_words(scored.event, scored.points)
            step = LoggedStep(str(scored.event.step), words, entry_number, mark)
            logged.steps.insert(0, step)
    return [rounds[number] for number in shown]


def stale_tap(
    state: GameState, newest: Sequence[ScoredEvent], round_number: object, step: object
) -> str | None:
    """Why a tap from an older copy of the page came too late, if it answered a step that
    is no longer the next one; None when it answered the next step (and was refused for
    another reason). ``newest`` are the game's newest entries; a round before them was
    recorded long ago."""
    if (round_number, step) == (state.round, state.next_step):
        return None
    oldest_read = newest[0].event.round if newest else 1
    is_step = step in {known.value for known in Step}
    recorded = is_step and (
        (isinstance(round_number, int) and 0 < round_number < oldest_read)
        or any(
            scored.event.round == round_number and str(scored.event.step) == step
            for scored in newest
        )
    )
    if not recorded:
        return gettext(
            "The game changed on another phone a moment ago, so nothing was recorded; "
            "here is the game now."
        )
    return gettext(
        "Someone recorded Round %(number)s · %(step)s a moment ago; here is the game now.",
        number=format_number(round_number),
        step=STEP_LABELS[Step(step)],
    )


def removed_message(removed: ScoredEvent) -> str:
    """What an undo took away: 'Removed: Round 4 · Phase 3, Björn +5 · flush.'"""
    return gettext(
        "Removed: Round %(number)s · %(step)s, %(entry)s.",
        number=format_number(removed.event.round),
        step=STEP_LABELS[removed.event.step],
        entry=entry_words(removed.event, removed.points),
    )


def corrected_message(corrected: ScoredEvent, replaced: ScoredEvent) -> str:
    """What a correction changed: 'Corrected Round 2 · Phase 1: Bo +2 · two pair, was
    Ann +2 · two pair'."""
    # Translators: said once a recorded entry is corrected; each of the two entries reads
    # like "Bo +2 · two pair".
    return gettext(
        "Corrected Round %(number)s · %(step)s: %(entry)s, was %(was)s",
        number=format_number(corrected.event.round),
        step=STEP_LABELS[corrected.event.step],
        entry=entry_words(corrected.event, corrected.points),
        was=entry_words(replaced.event, replaced.points),
    )
