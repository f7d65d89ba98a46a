"""The scoreboard's predictor of the rules (static/rules.js) says what the rules core says.

A phone without a connection shows the next step and provisional scores from the
predictor; the core in chicago_scorer/rules stays the one judge. Here both answer every
entry of ten thousand random games (tests/support/random_logs.py), in Chromium, entry by
entry: the same state after each, or the same refusal in the same words. A disagreement
is shrunk to the fewest entries that still show it, and printed with its setup and
entries, so that it can be replayed by hand; ``random_log(seed)`` makes its whole log
again.
"""

import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context

import pytest
from playwright.sync_api import Page

from chicago_scorer.rules import (
    PRESETS,
    STEP_ORDER,
    RuleError,
    RuleSet,
    Step,
    record,
    rules_from_settings,
    start_game,
)
from chicago_scorer.rules.position import position_of
from support.phone import phones_in
from support.random_logs import (
    STATE_FIELDS,
    SWITCHES,
    packed_logs,
    random_log,
    replayed,
    setup_from_json,
    setup_json,
    state_summary,
)

pytestmark = pytest.mark.sqlite_only

LOGS = 10_000
BATCH = 250
NAMES = ["Ann", "Bo", "Cy"]

# The predictor's side, in the page. Every state it hands out is frozen before it is
# given back to it, so that changing a state it was given fails as loudly as a wrong answer.
HARNESS = """
  const rules = window.ChicagoRules;
  const frozen = (value) => {
    if (value && typeof value === "object" && !Object.isFrozen(value)) {
      Object.values(value).forEach(frozen);
      Object.freeze(value);
    }
    return value;
  };
  const look = (setup, state) => ({
    chicago: setup.players.map((name) => rules.chicagoRefusal(state, name)),
    stopped: rules.exchangeStopped(state),
  });
  // Every entry answered as a client would: a refused one leaves the state as it was.
  const play = (setup, entries, answered) => {
    let state = frozen(rules.start(frozen(setup)));
    const accepted = [];
    answered.look(look(setup, state));
    entries.forEach((entry, index) => {
      let answer;
      try {
        answer = rules.record(state, entry);
      } catch (error) {
        answer = {thrown: String(error)};
      }
      answered.entry(index, answer);
      if (answer.state) {
        state = frozen(answer.state);
        accepted.push(entry);
        answered.look(look(setup, state));
      }
    });
    try {
      answered.replayed(rules.replay(setup, accepted));
    } catch (error) {
      answered.replayed({thrown: String(error)});
    }
  };
"""

# Each log's answers, looks and replayed final state, as the predictor gives them.
PREDICT = (
    "(logs) => {"
    + HARNESS
    + """
  const pick = (state) => Object.fromEntries(
    Object.keys(state).filter((key) => key !== "setup").map((key) => [key, state[key]]));
  return logs.map(({setup, entries}) => {
    const answers = [], looks = [];
    let final;
    play(setup, entries, {
      look: (seen) => looks.push(seen),
      entry: (index, answer) => answers.push(answer.state ? {state: pick(answer.state)} : answer),
      replayed: (state) => { final = state.thrown ? state : pick(state); },
    });
    return [answers, looks, final];
  });
}"""
)

# The logs with the core's answers (support.random_logs.packed_logs) checked in the page:
# which of them the predictor answers otherwise, on entries and on looks.
CHECK = (
    "async (packed) => {"
    + HARNESS
    + """
  const same = (a, b) => {
    if (a === b) return true;
    if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length &&
      keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && same(a[key], b[key]));
  };
  // The fields the core gives are the predictor's; the predictor may keep more.
  const sameState = (core, state) => Boolean(state) && !state.thrown &&
    Object.keys(core).every((key) => same(core[key], state[key]));
  const binary = atob(packed);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  const logs = JSON.parse(await new Response(inflated).text());
  const differing = {entries: [], looks: []};
  logs.forEach((log, index) => {
    let entriesAgree = true, looksAgree = true, seen = 0;
    play(log.setup, log.entries, {
      look: (predicted) => { looksAgree = looksAgree && same(log.looks[seen++], predicted); },
      entry: (at, answer) => {
        const core = log.answers[at];
        const agree = core.state ? sameState(core.state, answer.state) : same(core, answer);
        entriesAgree = entriesAgree && agree;
      },
      replayed: (state) => { entriesAgree = entriesAgree && sameState(log.final, state); },
    });
    if (!entriesAgree) differing.entries.push(index);
    if (!looksAgree || seen !== log.looks.length) differing.looks.push(index);
  });
  return differing;
}"""
)


def predict(page: Page, setup: dict, entries: list[dict]) -> tuple[list, list, dict]:
    """The predictor's answers to a log's entries, its looks and its replayed final state."""
    [predicted] = page.evaluate(PREDICT, [{"setup": setup, "entries": entries}])
    return tuple(predicted)


# The corpus, through both ------------------------------------------------------------


@dataclass
class Disagreement:
    """The first log on which the two differ, by its seed, and on what."""

    seed: int
    what: str


@dataclass
class Verdict:
    """What the whole corpus showed: its coverage, and the first disagreement of each kind."""

    coverage: Counter = field(default_factory=Counter)
    on_entries: Disagreement | None = None
    on_looks: Disagreement | None = None


@pytest.fixture(scope="module")
def corpus():
    """The corpus in batches, by first seed, made by two processes: started before the
    server and Chromium, which it does not need, and going on while Chromium checks."""
    seeds = range(0, LOGS, BATCH)
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
        yield [(seed, pool.submit(packed_logs, seed, BATCH)) for seed in seeds]


@pytest.fixture(scope="module")
def rules_page(browser, browser_context_args, base_url) -> Page:
    """A page of the app's own origin with static/rules.js loaded, as a scoreboard loads it."""
    with phones_in(browser, browser_context_args) as make:
        page = make().page
        page.goto(f"{base_url}/offline")
        page.add_script_tag(url=f"{base_url}/static/rules.js")
        assert page.evaluate("typeof window.ChicagoRules.record") == "function"
        yield page


@pytest.fixture(scope="module")
def verdict(corpus, rules_page) -> Verdict:
    """The whole corpus through both, once for the tests that read it."""
    found = Verdict()
    for first_seed, batch in corpus:
        packed, coverage = batch.result()
        found.coverage.update(coverage)
        differing = rules_page.evaluate(CHECK, packed)
        if differing["entries"] and found.on_entries is None:
            found.on_entries = Disagreement(first_seed + differing["entries"][0], "entries")
        if differing["looks"] and found.on_looks is None:
            found.on_looks = Disagreement(first_seed + differing["looks"][0], "looks")
    return found


# A disagreement, shrunk and shown ----------------------------------------------------


@dataclass
class Difference:
    """Where the two first differ: after how many entries, on what, and both answers."""

    entries: int
    on: str
    core: object
    predictor: object


def _as_core_gives(core: dict, predicted: object) -> object:
    """A predicted state cut to the fields the core gives; any other answer as it is."""
    state = predicted.get("state") if isinstance(predicted, dict) else None
    if "state" in core and isinstance(state, dict) and "thrown" not in state:
        return {"state": {key: state.get(key) for key in core["state"]}}
    return predicted


def first_difference(page: Page, setup: dict, entries: list[dict], kind: str):
    """The first difference of this kind ("entries" or "looks"), or None if they agree."""
    core_answers, core_looks, core_final = replayed(setup, entries)
    answers, looks, final = predict(page, setup, entries)
    if kind == "entries":
        for index, (core, predicted) in enumerate(zip(core_answers, answers, strict=True)):
            predicted = _as_core_gives(core, predicted)
            if core != predicted:
                return Difference(index + 1, f"entry {index + 1}", core, predicted)
        final = _as_core_gives({"state": core_final}, {"state": final})["state"]
        if core_final != final:
            return Difference(
                len(entries), "the replay of the accepted entries", core_final, final
            )
        return None
    reached = [0] + [index + 1 for index, answer in enumerate(core_answers) if "state" in answer]
    for index, (core, predicted) in enumerate(zip(core_looks, looks, strict=False)):
        if core != predicted:
            after = reached[index]
            return Difference(after, f"the state after entry {after}", core, predicted)
    if len(core_looks) != len(looks):
        # They accept different entries: the entries' test shows which.
        on = "how many states the entries lead through"
        return Difference(len(entries), on, len(core_looks), len(looks))
    return None


def _without_round(entries: list[dict], round_number: int) -> list[dict]:
    """The entries without those of one round, the later rounds numbered one lower."""
    return [
        entry | {"round": entry["round"] - 1} if entry["round"] > round_number else entry
        for entry in entries
        if entry["round"] != round_number
    ]


def shrunk(page: Page, found: Disagreement) -> str:
    """The disagreement in as few entries as still show it, written out to replay by hand:
    whole rounds are left out while it still shows, then single entries."""
    log, kind = random_log(found.seed), found.what
    setup = log.setup

    def differs(entries: list[dict]) -> bool:
        return first_difference(page, setup, entries, kind) is not None

    difference = first_difference(page, setup, log.entries, kind)
    assert difference is not None, "the disagreement did not show again"
    entries = log.entries[: difference.entries]
    for round_number in sorted({entry["round"] for entry in entries}, reverse=True):
        fewer = _without_round(entries, round_number)
        if differs(fewer):
            entries = fewer
    for index in reversed(range(len(entries) - 1)):
        fewer = entries[:index] + entries[index + 1 :]
        if differs(fewer):
            entries = fewer
    difference = first_difference(page, setup, entries, kind)
    lines = [
        f"static/rules.js and the rules core differ on {difference.on}, in the log of seed "
        f"{found.seed} (support.random_logs.random_log({found.seed})), shrunk from "
        f"{len(log.entries)} entries to {len(entries)}:",
        f"setup = {json.dumps(setup, ensure_ascii=False)}",
        "entries = [",
        *(f"  {json.dumps(entry, ensure_ascii=False)}," for entry in entries),
        "]",
        f"core:      {json.dumps(difference.core, ensure_ascii=False)}",
        f"predictor: {json.dumps(difference.predictor, ensure_ascii=False)}",
    ]
    return "\n".join(lines)


# The corpus ------------------------------------------------------------------------------

REFUSALS_TO_REACH = (
    "The game is finished: %(winner)s won. Undo the last entry to reopen it.",
    "Round %(round)s · %(step)s is not the next step: Round %(next_round)s · %(next_step)s is. "
    "It may already be recorded; refresh to see the game.",
    "The %(step)s step does not take %(unknown)s; it takes %(allowed)s.",
    "%(name)s is not playing this tiebreak round; only %(players)s may score in it.",
    "%(name)s needs %(needed)s points to call Chicago and has %(score)s.",
    "This game's rules give no bonus for a last trick taken with a 2: leave out 'with_deuce'.",
    "There is no player called %(name)s in this game; the players are %(players)s.",
)


def test_the_random_games_reach_every_rule(verdict):
    """The corpus is worth its time only while it reaches what is rare at a real table."""
    coverage = verdict.coverage
    assert coverage["games"] == LOGS
    for preset in PRESETS:
        assert coverage[f"rules: {preset}"] >= 500, preset
    assert coverage["rules: custom"] >= 4000
    for switch in SWITCHES:
        for value in (True, False):
            assert coverage[f"custom rules with {switch}={value}"] >= 500, (switch, value)
    for players in (2, 3, 4):
        for dealer in range(players):
            assert coverage[f"players: {players}, first dealer: seat {dealer}"] >= 300
    assert coverage["games won"] >= 9000
    assert coverage["tiebreak rounds"] >= 1000
    assert coverage["wins in a tiebreak round"] >= 500
    assert coverage["wins by a royal flush"] >= 500
    assert coverage["wins on the last trick"] >= 500
    assert coverage["lost Chicagos stopped at the floor"] >= 200
    assert coverage["lost Chicagos put back to the floor"] >= 300
    assert coverage["points past an exact target not scored"] >= 1000
    assert coverage["last tricks taken with a deuce"] >= 1000
    assert coverage["refusals"] >= 10_000
    for template in REFUSALS_TO_REACH:
        assert coverage[f"refused: {template}"] >= 150, template


def test_the_predictor_answers_every_entry_as_the_core_does(verdict, rules_page):
    """The same state after every entry, or the same refusal in the same words; and the
    same final state when the accepted entries are replayed."""
    if verdict.on_entries is not None:
        pytest.fail(shrunk(rules_page, verdict.on_entries), pytrace=False)


def test_the_predictor_says_who_may_call_chicago_and_who_is_past_the_stop_as_the_core_does(
    verdict, rules_page
):
    """In every state the games pass through, the start included."""
    if verdict.on_looks is not None:
        pytest.fail(shrunk(rules_page, verdict.on_looks), pytrace=False)


# The rules, one at a time ------------------------------------------------------------


def table(rules: RuleSet = PRESETS["standard"].rules, players=NAMES, dealer: int = 0) -> dict:
    return setup_json(players, dealer, rules)


def win(round_number: int, step: str, winner: str, hand: str) -> dict:
    return {"round": round_number, "step": step, "outcome": "win", "winner": winner, "hand": hand}


def nothing(round_number: int, step: str) -> dict:
    return {"round": round_number, "step": step, "outcome": "none"}


def last_trick(round_number: int, taker: str, **deuce) -> dict:
    return {"round": round_number, "step": "tricks", "last_trick": taker} | deuce


def chicago(round_number: int, caller: str, won: bool) -> dict:
    return {"round": round_number, "step": "tricks", "chicago": caller, "chicago_won": won}


def answers(page: Page, setup: dict, *entries: dict) -> list[dict]:
    """The predictor's answers to the entries, which must be the core's word for word."""
    predicted, _, _ = predict(page, setup, list(entries))
    core = replayed(setup, list(entries))[0]
    predicted = [_as_core_gives(*pair) for pair in zip(core, predicted, strict=True)]
    assert predicted == core
    return predicted


def test_a_chicago_called_under_the_minimum_is_refused_with_the_cores_sentence(rules_page):
    *_, call = answers(
        rules_page,
        table(),
        win(1, "phase1", "Ann", "flush"),
        nothing(1, "phase2"),
        chicago(1, "Ann", True),
    )
    assert call == {
        "refusal": {
            "template": "%(name)s needs %(needed)s points to call Chicago and has %(score)s.",
            "values": {"name": "Ann", "needed": 15, "score": 5},
            "field": "chicago",
        }
    }


def test_a_lost_chicago_takes_the_caller_down_to_the_floor_and_no_further(rules_page):
    rules = rules_from_settings({"chicago_min_score": 0, "chicago_penalty": 40})
    *_, lost = answers(
        rules_page,
        table(rules),
        win(1, "phase1", "Bo", "flush"),
        nothing(1, "phase2"),
        chicago(1, "Bo", False),
    )
    assert lost["state"]["scores"] == [0, 0, 0]
    assert lost["state"]["last_points"] == {"Bo": -5}


def test_points_past_an_exact_target_are_not_scored(rules_page):
    *_, past = answers(
        rules_page,
        table(PRESETS["exact_52"].rules),
        win(1, "phase1", "Cy", "royal_flush"),
        win(1, "phase2", "Cy", "one_pair"),
    )
    assert past["state"]["scores"] == [0, 0, 52]
    assert past["state"]["last_points"] == {"Cy": 0}


def test_a_shared_top_score_sends_the_tied_players_alone_into_a_tiebreak(rules_page):
    four = ["Ann", "Bo", "Cy", "Dee"]
    *_, end = answers(
        rules_page,
        table(players=four, dealer=0),
        win(1, "phase1", "Bo", "royal_flush"),
        win(1, "phase2", "Dee", "royal_flush"),
        last_trick(1, "Cy"),
        nothing(1, "phase3"),
    )
    tiebreak = end["state"]
    assert tiebreak["status"] == "tiebreak"
    assert tiebreak["tiebreak_players"] == ["Bo", "Dee"]
    assert (tiebreak["dealer"], tiebreak["leader"]) == (1, 3)  # Bo deals, Dee leads


def test_a_player_sitting_out_the_tiebreak_may_not_score_in_it(rules_page):
    *_, sitting_out = answers(
        rules_page,
        table(),
        win(1, "phase1", "Ann", "royal_flush"),
        win(1, "phase2", "Bo", "royal_flush"),
        last_trick(1, "Cy"),
        nothing(1, "phase3"),
        win(2, "phase1", "Cy", "flush"),
    )
    assert sitting_out["refusal"]["values"] == {"name": "Cy", "players": ["Ann", "Bo"]}
    assert sitting_out["refusal"]["field"] == "winner"


def test_a_won_game_takes_no_more_entries(rules_page):
    *_, late = answers(
        rules_page,
        table(PRESETS["royal_wins"].rules),
        win(1, "phase1", "Bo", "royal_flush"),
        win(1, "phase2", "Ann", "one_pair"),
    )
    assert late["refusal"]["values"] == {"winner": "Bo"}


def test_an_entry_for_another_step_names_the_next_one(rules_page):
    [early] = answers(rules_page, table(), last_trick(1, "Ann"))
    assert early["refusal"]["values"] == {
        "round": 1,
        "step": "tricks",
        "next_round": 1,
        "next_step": "phase1",
    }


def test_the_predictor_orders_positions_as_the_core_orders_its_steps(rules_page):
    """Rounds in turn, each round's steps in STEP_ORDER: the phone holds entries back
    until the game reaches their step by this order."""
    positions = [
        {"round": number, "step": step.value} for number in (1, 2, 10) for step in STEP_ORDER
    ]
    pairs = [[one, other] for one in positions for other in positions]

    said = rules_page.evaluate(
        "pairs => pairs.map(([one, other]) => window.ChicagoRules.comesBefore(one, other))", pairs
    )

    def place(position: dict) -> tuple[int, int]:
        return position["round"], STEP_ORDER.index(Step(position["step"]))

    assert said == [place(one) < place(other) for one, other in pairs]
    assert said.count(True) == len(positions) * (len(positions) - 1) // 2


def test_a_deuce_is_refused_where_the_rules_give_it_no_bonus(rules_page):
    *_, deuce = answers(
        rules_page,
        table(),
        nothing(1, "phase1"),
        nothing(1, "phase2"),
        last_trick(1, "Ann", with_deuce=True),
    )
    assert deuce["refusal"]["field"] == "with_deuce"


RED_HAIR = "\U0001f469\u200d\U0001f9b0"


def test_a_name_that_is_no_players_is_quoted_as_the_core_quotes_it(rules_page):
    long_name = "🂡" * 45  # cut after 40 characters, each of them two halves in JavaScript
    refusals = answers(
        rules_page,
        table(),
        win(1, "phase1", "Zed", "flush"),
        win(1, "phase1", "D'Arcy", "flush"),
        win(1, "phase1", long_name, "flush"),
        win(1, "phase1", RED_HAIR, "flush"),
    )
    assert [refusal["refusal"]["values"]["name"] for refusal in refusals] == [
        "'Zed'",
        '"D\'Arcy"',
        repr(long_name[:40]) + "…",
        f"'{RED_HAIR}'",  # its joiner as it is, not escaped
    ]


def test_replaying_a_log_with_a_refused_entry_is_an_error(rules_page):
    error = rules_page.evaluate(
        """(setup) => {
          try {
            window.ChicagoRules.replay(setup, [{round: 1, step: "tricks", last_trick: "Ann"}]);
          } catch (error) {
            return error.message;
          }
        }""",
        table(),
    )
    assert "is not the next step" in error


def test_a_fresh_game_is_dealt_by_the_first_dealer_and_led_by_the_next_player(rules_page):
    start = rules_page.evaluate("(setup) => window.ChicagoRules.start(setup)", table(dealer=2))
    expected = state_summary(start_game(setup_from_json(table(dealer=2))))
    assert {name: start[name] for name in STATE_FIELDS} == expected
    assert (start["dealer"], start["leader"]) == (2, 0)


def test_a_player_past_the_exchange_stop_is_named_while_an_exchange_is_to_come(rules_page):
    setup = table(PRESETS["deuce_trick"].rules)  # exchanges stop at 45
    stopped = rules_page.evaluate(
        """([setup, entries]) => {
          const rules = window.ChicagoRules;
          let state = rules.start(setup);
          return entries.map((entry) => {
            state = rules.record(state, entry).state;
            return rules.exchangeStopped(state);
          });
        }""",
        [
            setup,
            [
                win(1, "phase1", "Cy", "royal_flush"),
                nothing(1, "phase2"),
                last_trick(1, "Ann"),
                nothing(1, "phase3"),
            ],
        ],
    )
    # Before phase 2 and the tricks; not before the last showdown, nor once Cy has won.
    assert stopped == [["Cy"], ["Cy"], [], []]


def test_a_player_sitting_out_the_tiebreak_is_told_so_when_calling_chicago(rules_page):
    why = rules_page.evaluate(
        """([setup, entries]) => {
          const state = window.ChicagoRules.replay(setup, entries);
          return ["Ann", "Cy"].map((name) => window.ChicagoRules.chicagoRefusal(state, name));
        }""",
        [
            table(),
            [
                win(1, "phase1", "Ann", "royal_flush"),
                win(1, "phase2", "Bo", "royal_flush"),
                last_trick(1, "Cy"),
                nothing(1, "phase3"),
                nothing(2, "phase1"),
                nothing(2, "phase2"),
            ],
        ],
    )
    assert why == [
        None,
        {"template": "%(name)s is not playing this tiebreak round.", "values": {"name": "Cy"}},
    ]


def test_recording_leaves_the_state_it_was_given_as_it_was(rules_page):
    before, after = rules_page.evaluate(
        """([setup, entry]) => {
          const rules = window.ChicagoRules;
          const state = rules.start(setup);
          const before = JSON.stringify(state);
          rules.record(state, entry);
          return [before, JSON.stringify(state)];
        }""",
        [table(), win(1, "phase1", "Bo", "flush")],
    )
    assert after == before


# A game taken up from the server's position -------------------------------------------

RESUMED_LOGS = 300

# Each log taken up from where its first half leaves it, then the second half recorded.
RESUME = """(logs) => logs.map(({setup, position, entries}) => {
  let state = window.ChicagoRules.resume(setup, position);
  return entries.map((entry) => {
    const answer = window.ChicagoRules.record(state, entry);
    if (answer.state) state = answer.state;
    return answer;
  });
})"""


def _after_first_half(seed: int):
    """``random_log(seed)``, where its middle is, and the core's game after the entries
    before it (a refused entry changes nothing, as on the server)."""
    log = random_log(seed)
    middle = len(log.entries) // 2
    state = start_game(setup_from_json(log.setup))
    for entry in log.entries[:middle]:
        try:
            state = record(state, entry)
        except RuleError:
            pass
    return log, middle, state


def test_a_game_taken_up_from_the_servers_position_goes_on_as_the_core_does(rules_page):
    """The phone starts from the fold position the scorekeeper's page carries, not from
    the log: the second half of each game must be answered as if it had been replayed."""
    halves, core_answers = [], []
    for seed in range(RESUMED_LOGS):
        log, middle, state = _after_first_half(seed)
        halves.append(
            {"setup": log.setup, "position": position_of(state), "entries": log.entries[middle:]}
        )
        core_answers.append(log.answers[middle:])

    predicted = rules_page.evaluate(RESUME, halves)

    for seed, (core, answers) in enumerate(zip(core_answers, predicted, strict=True)):
        answers = [_as_core_gives(*pair) for pair in zip(core, answers, strict=True)]
        assert answers == core, f"random_log({seed}) taken up after half its entries"


# Each log's first half recorded, skipping refusals, then the position the phone keeps.
POSITION = """(logs) => logs.map(({setup, entries}) => {
  let state = window.ChicagoRules.start(setup);
  entries.forEach((entry) => {
    const answer = window.ChicagoRules.record(state, entry);
    if (answer.state) state = answer.state;
  });
  return window.ChicagoRules.position(state);
})"""


def test_the_position_the_phone_keeps_is_the_one_the_core_writes(rules_page):
    """After an entry the server took, the phone's position of the game must be the
    server's: the next waiting entry is checked against it."""
    halves, core_positions = [], []
    for seed in range(RESUMED_LOGS):
        log, middle, state = _after_first_half(seed)
        halves.append({"setup": log.setup, "entries": log.entries[:middle]})
        core = position_of(state)
        if state.winner is not None:  # a won game's step index is never read
            core["step_index"] = 0
        core_positions.append(core)

    predicted = rules_page.evaluate(POSITION, halves)

    assert any(position["winner_seat"] is not None for position in core_positions)
    for seed, (core, phone) in enumerate(zip(core_positions, predicted, strict=True)):
        assert phone == core, f"random_log({seed}) after half its entries"
