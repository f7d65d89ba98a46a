"""What the scoreboard page shows, worked out from a replayed game."""

from dataclasses import dataclass

from .labels import HAND_LABELS, signed
from .rules import ChicagoCall, GameState, HandResult, LastTrick, Outcome, ScoredEvent, Status
from .rules import chicago_refusal as rules_chicago_refusal


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
    """A player's Chicago buttons, and why they are disabled if they are."""

    name: str
    refusal: str | None

    @property
    def can_call_chicago(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class LoggedStep:
    """One recorded step as the round log says it."""

    step: str
    text: str


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
    """Who may call Chicago now, and why the others may not."""
    return [
        ChicagoChoice(state.players[seat], rules_chicago_refusal(state, state.players[seat]))
        for seat in state.round_seats
    ]


def describe(scored: ScoredEvent) -> str:
    """A recorded step in a few words: 'Ann +2 two pair', 'Bo Chicago lost −15'."""
    points = dict(scored.points)
    match scored.event:
        case HandResult(outcome=Outcome.WIN, winner=winner, hand=hand):
            return f"{winner} {signed(points[winner])} · {HAND_LABELS[hand].lower()}"
        case HandResult(outcome=Outcome.TIE):
            return "Tie: nobody scores"
        case HandResult():
            return "Nobody had a hand"
        case LastTrick(taker=taker):
            return f"{taker} {signed(points[taker])} · last trick"
        case ChicagoCall(caller=caller, won=won):
            verdict = "won" if won else "lost"
            return f"{caller} Chicago {verdict} {signed(points[caller])}"
    raise TypeError(f"not an event: {scored.event!r}")


def round_log(state: GameState) -> list[LoggedRound]:
    """The recorded rounds, newest first, each with its newest step first."""
    rounds: dict[int, LoggedRound] = {}
    for scored in state.history:
        number = scored.event.round
        logged = rounds.setdefault(number, LoggedRound(number, scored.in_tiebreak, []))
        logged.steps.insert(0, LoggedStep(str(scored.event.step), describe(scored)))
    return sorted(rounds.values(), key=lambda logged: logged.number, reverse=True)
