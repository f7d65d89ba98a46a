"""Random game logs judged by the rules core, for the scoreboard's predictor (static/rules.js).

A log is a setup and the entries a scoreboard sends, in their JSON form, some of them
refused. With every entry comes the core's answer as the predictor gives it: the state
the entry leads to, or the refusal, after which the log goes on as a client would, as if
the refused entry had never been sent.

The tables here are unlike real ones on purpose: big hands, close scores, hands steered
onto the top score or onto the target, Chicago called often, and a wrong entry now and
then, so that a few thousand games reach every rule, tiebreaks and floors included.
``random_log(seed)`` makes the same log from the same seed, so one that exposes a fault
can be made again on its own.
"""

import base64
import json
import random
import zlib
from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import accumulate, combinations

from chicago_scorer.rules import (
    PRESETS,
    STEP_ORDER,
    ChicagoCall,
    GameSetup,
    GameState,
    Hand,
    LastTrick,
    RuleError,
    RuleSet,
    RuleViolation,
    Step,
    chicago_refusal,
    new_setup,
    players_past_exchange_stop,
    record,
    rules_from_settings,
    start_game,
)
from chicago_scorer.rules.errors import Message
from chicago_scorer.rules.events import STEP_WORDS
from chicago_scorer.rules.scoring import applied_score

# Players' names, one with an apostrophe, which Python quotes in double quotes.
NAMES = ("Ann", "Bo", "Cy", "Dee", "Åsa", "Örjan", "O'Hara", "Li")
# Names that are no player's, quoted every way Python's repr() quotes a plain name.
STRANGERS = ("Zed", "Nobody", "D'Arcy", 'Jo "J\'" Oy', "Back\\slash")
MAX_ENTRIES = 80
WRONG_ENTRY_SHARE = 0.1
TIEBREAK_WRONG_ENTRY_SHARE = 0.4
HANDS = tuple(Hand)
# How often each hand wins at these tables, as cumulative weights: mostly every hand
# alike, which makes for short games; sometimes as at a real table, for long ones.
HAND_WEIGHTS = tuple(
    tuple(accumulate(weights))
    for weights in (
        (1,) * len(HANDS),
        (400, 220, 100, 60, 50, 40, 15, 3, 1),
        (1, 1, 2, 3, 3, 3, 2, 2, 1),
    )
)
# The switches a table may set, each drawn at random in a custom rule set.
SWITCHES = (
    "exact_target",
    "royal_flush_wins",
    "chicago_failure_to_zero",
    "must_win_on_last_trick",
    "chicago_required_to_win",
)

# The fields of a state the predictor must give as the core does.
STATE_FIELDS = (
    "scores",
    "round",
    "step",
    "dealer",
    "leader",
    "round_seats",
    "is_tiebreak",
    "status",
    "winner",
    "tiebreak_players",
    "chicago_callers",
    "last_points",
)


@dataclass
class Log:
    """One game: its setup and entries as sent, and the core's answer to each."""

    seed: int
    rules_name: str
    setup: dict
    entries: list[dict] = field(default_factory=list)
    answers: list[dict] = field(default_factory=list)
    # What the core says of each state the log passes through, the start included:
    # who may not call Chicago and why, and who is past the exchange stop.
    looks: list[dict] = field(default_factory=list)
    final: dict | None = None
    coverage: Counter = field(default_factory=Counter)


# The core's answers in the predictor's JSON form ------------------------------------


def state_summary(state: GameState) -> dict:
    """The fields of ``STATE_FIELDS``, as the core has them."""
    return {
        "scores": list(state.scores),
        "round": state.round,
        "step": None if state.next_step is None else str(state.next_step),
        "dealer": state.dealer,
        "leader": state.players.index(state.leader_name),
        "round_seats": list(state.round_seats),
        "is_tiebreak": state.is_tiebreak,
        "status": str(state.status),
        "winner": state.winner,
        "tiebreak_players": list(state.tiebreak_players),
        "chicago_callers": sorted(state.chicago_callers),
        "last_points": dict(state.history[-1].points) if state.history else None,
    }


def _value(value: object) -> object:
    if isinstance(value, Message):
        steps = [step for step, words in STEP_WORDS.items() if words == value]
        if len(steps) != 1:
            raise ValueError(f"no JSON form for the message {value!r}")
        return str(steps[0])
    if isinstance(value, tuple):
        return list(value)
    return value


def message_json(message: Message) -> dict:
    """A sentence as ``{template, values}``: a step's words as the step, names as a list."""
    return {
        "template": message.template,
        "values": {name: _value(value) for name, value in message.values.items()},
    }


def refusal_json(error: RuleError) -> dict:
    """A refusal as ``{template, values, field}``."""
    return message_json(error.text) | {"field": error.field}


def look(state: GameState) -> dict:
    """Who may not call Chicago in this state, and why; and who is past the exchange stop."""
    return {
        "chicago": [_chicago_json(state, name) for name in state.players],
        "stopped": list(players_past_exchange_stop(state)),
    }


# The same few refusals to call Chicago come up again and again; each is written once.
_CHICAGO_REFUSALS: dict[tuple, dict] = {}


def _chicago_json(state: GameState, name: str) -> dict | None:
    refusal = chicago_refusal(state, name)
    if refusal is None:
        return None
    key = (refusal.template, *refusal.values.items())  # names and numbers only
    if key not in _CHICAGO_REFUSALS:
        _CHICAGO_REFUSALS[key] = message_json(refusal)
    return _CHICAGO_REFUSALS[key]


def judge(state: GameState, entry: dict) -> tuple[GameState, dict]:
    """The state after an entry (unchanged if refused) and the core's answer to it."""
    try:
        after = record(state, entry)
    except RuleError as error:
        return state, {"refusal": refusal_json(error)}
    return after, {"state": state_summary(after)}


def setup_from_json(setup: dict) -> GameSetup:
    """The setup a predictor's setup stands for, its rules read back from their settings."""
    settings = dict(setup["rules"])
    floor = settings.pop("score_floor", 0)
    rules = replace(rules_from_settings(settings), score_floor=floor)
    return GameSetup(tuple(setup["players"]), setup["first_dealer"], rules)


def replayed(setup: dict, entries: list[dict]) -> tuple[list[dict], list[dict], dict]:
    """The core's answer to each entry of a log, what it says of each state it reaches,
    and the last of those states."""
    state = start_game(setup_from_json(setup))
    answers, looks = [], [look(state)]
    for entry in entries:
        state, answer = judge(state, entry)
        answers.append(answer)
        if "state" in answer:
            looks.append(look(state))
    return answers, looks, state_summary(state)


def setup_json(players, first_dealer: int, rules: RuleSet, *, with_floor: bool = True) -> dict:
    """A setup as the predictor takes it: the rules' settings, and the floor if asked."""
    settings = rules.settings()
    if with_floor:
        settings["score_floor"] = rules.score_floor
    return {"players": list(players), "first_dealer": first_dealer, "rules": settings}


# Rule sets -----------------------------------------------------------------------------


def random_rules(rng: random.Random) -> tuple[str, RuleSet]:
    """A preset (two times in five), or custom settings read as a new game's would be."""
    if rng.random() < 0.4:
        name = rng.choice(list(PRESETS))
        return name, PRESETS[name].rules
    while True:
        try:
            return "custom", rules_from_settings(_random_settings(rng))
        except RuleViolation:
            continue  # settings the core refuses: draw again


def _random_settings(rng: random.Random) -> dict:
    target = rng.randint(30, 200) if rng.random() < 0.1 else rng.randint(30, 60)
    settings: dict[str, object] = {"target": target}
    for switch in SWITCHES:
        if rng.random() < 0.7:
            settings[switch] = rng.random() < 0.35
    if rng.random() < 0.5:
        high = max(2, target // 3)
        settings["hand_points"] = {
            str(hand): rng.randint(0, high) for hand in rng.sample(HANDS, rng.randint(1, 9))
        }
    numbers = {
        "last_trick_points": (0, 12),
        "chicago_points": (0, 30),
        "chicago_penalty": (0, 45),
        "chicago_min_score": (0, 30),
        "deuce_last_trick_points": (0, 20),
        "exchange_stop": (0, target - 1),
    }
    for key, (low, high) in numbers.items():
        if rng.random() < 0.5:
            settings[key] = rng.randint(low, high)
    for key in ("deuce_last_trick_points", "exchange_stop"):
        if key not in settings and rng.random() < 0.3:
            settings[key] = None
    if settings.get("chicago_failure_to_zero"):
        settings.pop("chicago_penalty", None)
    return settings


# Entries -------------------------------------------------------------------------------


def _maybe_padded(rng: random.Random, name: str) -> str:
    """A name as sent: now and then with spaces around it, which the core strips."""
    return f" {name}\t" if rng.random() < 0.03 else name


def _scores_after(state: GameState, seat: int, change: int) -> list[int]:
    scores = list(state.scores)
    scores[seat] = applied_score(
        state.setup.rules, scores[seat], change, in_tiebreak=state.is_tiebreak
    )
    return scores


def _can_win(state: GameState, scores: list[int], seat: int) -> bool:
    rules = state.setup.rules
    reached = scores[seat] == rules.target if rules.exact_target else scores[seat] >= rules.target
    return reached and state.may_win(seat)


def _ends_tied(state: GameState, scores: list[int]) -> bool:
    """Whether the round, ending on these scores, would send players into a tiebreak."""
    if state.is_tiebreak:
        contenders = state.round_seats
    else:
        contenders = [seat for seat in range(len(scores)) if _can_win(state, scores, seat)]
    top = [scores[seat] for seat in contenders]
    return len(top) > 1 and top.count(max(top)) > 1


def _wins_that(state: GameState, keep) -> list[tuple[int, Hand]]:
    """The wins whose scores afterwards pass ``keep(scores, seat)``."""
    hands_for: dict[int, list[Hand]] = {}
    for hand in HANDS:
        hands_for.setdefault(state.setup.rules.points_for(hand), []).append(hand)
    return [
        (seat, hand)
        for seat in state.round_seats
        for points, hands in hands_for.items()
        if keep(_scores_after(state, seat, points), seat)
        for hand in hands
    ]


def _hand_step(rng: random.Random, state: GameState, cum_weights) -> dict:
    rules = state.setup.rules
    chance = rng.random()
    if chance < 0.08:
        return {"outcome": "none"}
    if chance < 0.12:
        return {"outcome": "tie"}
    tiebreaks_possible = not rules.must_win_on_last_trick
    if state.next_step is Step.PHASE3 and tiebreaks_possible and rng.random() < 0.6:
        # Steer towards a shared top score at the round's end: a tiebreak.
        tying = _wins_that(state, lambda scores, seat: _ends_tied(state, scores))
        if _ends_tied(state, list(state.scores)):
            tying.append(None)
        if tying:
            chosen = rng.choice(tying)
            return {"outcome": "none"} if chosen is None else _win(rng, state, *chosen)
    elif rng.random() < 0.2:
        # Land someone on the target, which an exact target needs to be won at all.
        landing = _wins_that(state, lambda scores, seat: scores[seat] == rules.target)
        if landing:
            return _win(rng, state, *rng.choice(landing))
    if rng.random() < 0.4:
        seat = min(state.round_seats, key=lambda seat: state.scores[seat])
    else:
        seat = rng.choice(state.round_seats)
    return _win(rng, state, seat, rng.choices(HANDS, cum_weights=cum_weights)[0])


def _win(rng: random.Random, state: GameState, seat: int, hand: Hand) -> dict:
    winner = _maybe_padded(rng, state.players[seat])
    return {"outcome": "win", "winner": winner, "hand": str(hand)}


def _tricks_step(rng: random.Random, state: GameState) -> dict:
    rules = state.setup.rules
    callers = [
        seat for seat in state.round_seats if chicago_refusal(state, state.players[seat]) is None
    ]
    eager = [seat for seat in callers if seat not in state.chicago_callers]
    calling = 0.4 if rules.chicago_required_to_win and eager else 0.15
    if callers and rng.random() < calling:
        caller = rng.choice(eager if rules.chicago_required_to_win and eager else callers)
        won = rng.random() < 0.55
        return {"chicago": _maybe_padded(rng, state.players[caller]), "chicago_won": won}
    deuce = rules.deuce_last_trick_points is not None and rng.random() < 0.3
    seats = list(state.round_seats)
    if rules.must_win_on_last_trick and rng.random() < 0.5:
        points = rules.last_trick_value(deuce)
        taking = [
            seat for seat in seats if _can_win(state, _scores_after(state, seat, points), seat)
        ]
        seats = taking or seats
    entry: dict[str, object] = {"last_trick": _maybe_padded(rng, state.players[rng.choice(seats)])}
    return entry | ({"with_deuce": True} if deuce else {})


def next_entry(rng: random.Random, state: GameState, cum_weights) -> dict:
    """An entry the core should accept for the next step."""
    position = {"round": state.round, "step": str(state.next_step)}
    if state.next_step is Step.TRICKS:
        return position | _tricks_step(rng, state)
    return position | _hand_step(rng, state, cum_weights)


def _any_entry(rng: random.Random, round_number: int, step: Step, name: str) -> dict:
    """An entry of the right shape for a step, whoever may or may not make it."""
    position = {"round": round_number, "step": str(step)}
    if step is Step.TRICKS:
        if rng.random() < 0.5:
            return position | {"chicago": name, "chicago_won": rng.random() < 0.5}
        return position | {"last_trick": name}
    return position | {"outcome": "win", "winner": name, "hand": str(rng.choice(HANDS))}


def wrong_entry(rng: random.Random, state: GameState) -> tuple[str, dict]:
    """An entry the core should refuse, and what is wrong with it."""
    rules = state.setup.rules
    step = state.next_step
    kinds = ["out of turn", "a stranger", "the other kind of step"]
    low = [seat for seat in state.round_seats if state.scores[seat] < rules.chicago_min_score]
    if step is Step.TRICKS and low:
        kinds += ["Chicago under the minimum"] * 3
    if step is Step.TRICKS and rules.deuce_last_trick_points is None:
        kinds.append("a deuce without a bonus")
    sitting_out = [seat for seat in range(len(state.players)) if seat not in state.round_seats]
    if sitting_out:
        kinds += ["sitting out the tiebreak"] * 3
    kind = rng.choice(kinds)
    position = {"round": state.round, "step": str(step)}
    players = [state.players[seat] for seat in state.round_seats]
    if kind == "out of turn":
        positions = [
            (round_number, other)
            for round_number in range(max(1, state.round - 1), state.round + 3)
            for other in STEP_ORDER
            if (round_number, other) != (state.round, step)
        ]
        round_number, other = rng.choice(positions)
        return kind, _any_entry(rng, round_number, other, rng.choice(players))
    if kind == "a stranger":
        return kind, _any_entry(rng, state.round, step, rng.choice(STRANGERS))
    if kind == "the other kind of step":
        if step is Step.TRICKS:
            return kind, position | {"outcome": "win", "winner": players[0], "hand": "flush"}
        return kind, position | {"last_trick": players[0]}
    if kind == "Chicago under the minimum":
        name = state.players[rng.choice(low)]
        return kind, position | {"chicago": name, "chicago_won": rng.random() < 0.5}
    if kind == "a deuce without a bonus":
        return kind, position | {"last_trick": rng.choice(players), "with_deuce": True}
    return kind, _any_entry(rng, state.round, step, state.players[rng.choice(sitting_out)])


def after_the_end(rng: random.Random, state: GameState) -> dict:
    """An entry sent after the game was won, for the round that would have come next."""
    step = rng.choice(STEP_ORDER)
    return _any_entry(rng, state.round + rng.randint(0, 1), step, state.players[0])


# Logs ----------------------------------------------------------------------------------


def _seat_every_two_names() -> None:
    """Seat each two of the names as a new game would, which refuses a name it would store
    otherwise or two names alike: so any few of them, in any order, make a table."""
    for pair in combinations(NAMES, 2):
        if new_setup(list(pair)).players != pair:
            raise ValueError(f"a new game would store {pair} otherwise")


_seat_every_two_names()


def random_log(seed: int) -> Log:
    """A game played from its start, entry by entry, with the core's answer to each."""
    rng = random.Random(seed)
    rules_name, rules = random_rules(rng)
    players = rng.sample(NAMES, rng.randint(2, 4))
    first_dealer = rng.randrange(len(players))
    setup = GameSetup(tuple(players), first_dealer, rules)
    state = start_game(setup)
    log = Log(seed, rules_name, setup_json(players, first_dealer, rules, with_floor=seed % 2 == 0))
    log.looks.append(look(state))
    weights = rng.choice(HAND_WEIGHTS)
    coverage = log.coverage
    coverage[f"rules: {rules_name}"] += 1
    coverage[f"players: {len(players)}, first dealer: seat {first_dealer}"] += 1
    if rules_name == "custom":
        for switch in SWITCHES:
            coverage[f"custom rules with {switch}={getattr(rules, switch)}"] += 1
    for _ in range(MAX_ENTRIES):
        if state.next_step is None:
            for _ in range(rng.choice((0, 1, 1, 2))):
                _send(log, state, after_the_end(rng, state))
            break
        # Wrong entries come now and then, and often in a tiebreak, where some sit out.
        if rng.random() < (TIEBREAK_WRONG_ENTRY_SHARE if state.is_tiebreak else WRONG_ENTRY_SHARE):
            kind, entry = wrong_entry(rng, state)
            coverage[f"wrong entry: {kind}"] += 1
            _send(log, state, entry)
        state = _send(log, state, next_entry(rng, state, weights))
    log.final = state_summary(state)
    _count_game(coverage, state)
    return log


def _send(log: Log, state: GameState, entry: dict) -> GameState:
    after, answer = judge(state, entry)
    log.entries.append(entry)
    log.answers.append(answer)
    coverage = log.coverage
    coverage["entries"] += 1
    if "refusal" in answer:
        coverage["refusals"] += 1
        coverage[f"refused: {answer['refusal']['template']}"] += 1
        return after
    log.looks.append(look(after))
    _count_entry(coverage, state, after)
    return after


def _count_entry(coverage: Counter, before: GameState, after: GameState) -> None:
    rules = before.setup.rules
    scored = after.history[-1]
    event = scored.event
    if before.is_tiebreak and before.step_index == 0:
        coverage["tiebreak rounds"] += 1
    if isinstance(event, ChicagoCall):
        coverage["Chicago calls"] += 1
        seat = before.setup.seat_of(event.caller)
        if not event.won and not rules.chicago_failure_to_zero:
            if before.scores[seat] - rules.chicago_penalty < rules.score_floor:
                coverage["lost Chicagos stopped at the floor"] += 1
        if not event.won and rules.chicago_failure_to_zero:
            coverage["lost Chicagos put back to the floor"] += 1
    asked = _points_asked(rules, event)
    if rules.exact_target and asked > 0 and list(scored.points.values()) == [0]:
        coverage["points past an exact target not scored"] += 1
    if isinstance(event, LastTrick) and event.with_deuce:
        coverage["last tricks taken with a deuce"] += 1
    if after.winner is None:
        return
    if before.is_tiebreak:
        coverage["wins in a tiebreak round"] += 1
    if rules.royal_flush_wins and getattr(event, "hand", None) is Hand.ROYAL_FLUSH:
        coverage["wins by a royal flush"] += 1
    elif before.next_step is Step.TRICKS:
        coverage["wins on the last trick"] += 1


def _points_asked(rules: RuleSet, event) -> int:
    if isinstance(event, ChicagoCall):
        return rules.chicago_points if event.won else 0
    if isinstance(event, LastTrick):
        return rules.last_trick_value(event.with_deuce)
    return 0 if event.hand is None else rules.points_for(event.hand)


def _count_game(coverage: Counter, state: GameState) -> None:
    coverage["games"] += 1
    if state.winner is not None:
        coverage["games won"] += 1


def random_logs(count: int, first_seed: int = 0) -> list[Log]:
    """``count`` logs, from consecutive seeds."""
    return [random_log(seed) for seed in range(first_seed, first_seed + count)]


def packed_logs(first_seed: int, count: int) -> tuple[str, Counter]:
    """Logs from consecutive seeds with the core's answers, as one JSON list deflated and
    in base64, which is quick to carry to a browser; and what they reach between them."""
    logs = random_logs(count, first_seed)
    text = json.dumps([_checked_json(log) for log in logs], ensure_ascii=False)
    return base64.b64encode(zlib.compress(text.encode())).decode(), corpus_coverage(logs)


def _checked_json(log: Log) -> dict:
    return {
        "setup": log.setup,
        "entries": log.entries,
        "answers": log.answers,
        "looks": log.looks,
        "final": log.final,
    }


def corpus_coverage(logs: list[Log]) -> Counter:
    """What the logs between them reach, counted."""
    total: Counter = Counter()
    for log in logs:
        total.update(log.coverage)
    return total
