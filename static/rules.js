// The rules core (chicago_scorer/rules) mirrored, for a scoreboard without a connection: the
// next step, provisional scores, and the server's refusals in its own sentences. The server
// stays the judge; tests/e2e/test_predictor_agrees.py holds the two together. Names are
// matched as the players' are spelt; an entry's cards are left for the server to check.
(function () {
  "use strict";

  var STEPS = ["phase1", "phase2", "tricks", "phase3"];
  var HANDS = ["one_pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
    "four_of_a_kind", "straight_flush", "royal_flush"];
  // events.py: the fields of a hand step and of the tricks step, sorted.
  var HAND_FIELDS = ["cards", "hand", "outcome", "round", "step", "winner"];
  var TRICKS_FIELDS = ["chicago", "chicago_won", "last_trick", "round", "step", "with_deuce"];
  // Every other malformed entry gets this one answer; the server says what is wrong.
  var UNREADABLE = "An entry is an object with 'round', 'step' and its result.";

  function Refusal(template, values, field) {
    this.refusal = { template: template, values: values || {}, field: field || null };
  }
  function refuse(template, values, field) { throw new Refusal(template, values, field); }
  function given(value) { return value !== null && value !== undefined; }
  function has(list, item) { return list.indexOf(item) >= 0; }
  function namesOf(state, seats) {
    return seats.map(function (seat) { return state.setup.players[seat]; });
  }

  // Python's repr() of a name, cut after 40 characters, as the core quotes one (errors.py):
  // a name holds nothing it escapes, the joiners of an emoji or a script included.
  function quoted(text) {
    var shown = Array.from(text).slice(0, 40).join("");
    var quote = has(shown, "'") && !has(shown, '"') ? '"' : "'";
    var body = shown.replace(/\\/g, "\\\\");
    return quote + (quote === "'" ? body.replace(/'/g, "\\'") : body) + quote + (shown === text ? "" : "…");
  }

  // setup.py: GameSetup.seat_of.
  function seatOf(state, name, field) {
    var seat = state.setup.players.indexOf(name);
    if (seat < 0) {
      refuse("There is no player called %(name)s in this game; the players are %(players)s.",
        { name: quoted(name), players: state.setup.players.slice() }, field || "player");
    }
    return seat;
  }

  // state.py: next_seat_in.
  function nextSeatIn(seat, seats, count) {
    for (var step = 1; step <= count; step++) {
      if (has(seats, (seat + step) % count)) return (seat + step) % count;
    }
  }

  // state.py: GameState's status, next_step, leader_name (as a seat) and tiebreak_players.
  function derived(state) {
    var finished = state.winner !== null;
    if (finished) state.step = null;
    state.status = finished ? "finished" : state.is_tiebreak ? "tiebreak" : "in_progress";
    state.leader = nextSeatIn(state.dealer, state.round_seats, state.scores.length);
    state.tiebreak_players = state.is_tiebreak && !finished ? namesOf(state, state.round_seats) : [];
    return state;
  }

  // state.py: start_game.
  function start(setup) {
    var seats = setup.players.map(function (name, seat) { return seat; });
    return derived({
      setup: setup, scores: seats.map(function () { return 0; }), round: 1, step: STEPS[0],
      dealer: setup.first_dealer, round_seats: seats, is_tiebreak: false, winner: null,
      chicago_callers: [], last_points: null
    });
  }

  // game.py: _check_position.
  function checkPosition(state, round, step) {
    if (state.step === null) {
      refuse("The game is finished: %(winner)s won. Undo the last entry to reopen it.",
        { winner: state.winner });
    }
    if (round !== state.round || step !== state.step) {
      refuse("Round %(round)s · %(step)s is not the next step: Round %(next_round)s · %(next_step)s " +
        "is. It may already be recorded; refresh to see the game.",
        { round: round, step: step, next_round: state.round, next_step: state.step });
    }
  }

  // events.py: _player_name.
  function nameIn(value) {
    if (typeof value !== "string" || !value.trim()) refuse(UNREADABLE);
    return value.trim();
  }

  // events.py: read_event, after read_position.
  function readEvent(entry, step) {
    var allowed = step === "tricks" ? TRICKS_FIELDS : HAND_FIELDS;
    var unknown = Object.keys(entry).filter(function (key) { return !has(allowed, key); }).sort();
    if (unknown.length) {
      refuse("The %(step)s step does not take %(unknown)s; it takes %(allowed)s.",
        { step: step, unknown: unknown.map(quoted).join(", "), allowed: allowed.join(", ") });
    }
    if (step !== "tricks") {
      if (entry.outcome === "win" && has(HANDS, entry.hand)) {
        return { winner: nameIn(entry.winner), hand: entry.hand };
      }
      if (!has(["tie", "none"], entry.outcome) || given(entry.winner) || given(entry.hand) ||
        given(entry.cards)) refuse(UNREADABLE);
      return {};
    }
    var deuce = "with_deuce" in entry ? entry.with_deuce : false;
    if (given(entry.last_trick) && !given(entry.chicago) && !("chicago_won" in entry) &&
      typeof deuce === "boolean") return { taker: nameIn(entry.last_trick), deuce: deuce };
    if (!given(entry.last_trick) && given(entry.chicago) && deuce === false &&
      typeof entry.chicago_won === "boolean") {
      return { caller: nameIn(entry.chicago), won: entry.chicago_won };
    }
    refuse(UNREADABLE);
  }

  // scoring.py: _playing_seat.
  function playingSeat(state, name, field) {
    var seat = seatOf(state, name, field);
    if (!has(state.round_seats, seat)) {
      refuse("%(name)s is not playing this tiebreak round; only %(players)s may score in it.",
        { name: state.setup.players[seat], players: state.tiebreak_players.slice() }, field);
    }
    return seat;
  }

  // scoring.py: chicago_refusal: {template, values} of why this player may not call now, or null.
  function chicagoRefusal(state, name) {
    var seat = seatOf(state, name), who = state.setup.players[seat];
    var needed = state.setup.rules.chicago_min_score;
    if (state.step !== "tricks") {
      return { template: "Chicago is called before the tricks, at the tricks step.", values: {} };
    }
    if (!has(state.round_seats, seat)) {
      return { template: "%(name)s is not playing this tiebreak round.", values: { name: who } };
    }
    if (state.scores[seat] >= needed) return null;
    return {
      template: "%(name)s needs %(needed)s points to call Chicago and has %(score)s.",
      values: { name: who, needed: needed, score: state.scores[seat] }
    };
  }

  // scoring.py: score_event: [seat, change asked], or null when nobody scores.
  function scoreEvent(state, event) {
    var rules = state.setup.rules, seat;
    if (event.winner) {
      return [playingSeat(state, event.winner, "winner"), rules.hand_points[event.hand]];
    }
    if (event.taker) {
      seat = playingSeat(state, event.taker, "last_trick");
      if (event.deuce && !given(rules.deuce_last_trick_points)) {
        refuse("This game's rules give no bonus for a last trick taken with a 2: " +
          "leave out 'with_deuce'.", {}, "with_deuce");
      }
      return [seat, event.deuce ? rules.deuce_last_trick_points : rules.last_trick_points];
    }
    if (!event.caller) return null;
    seat = playingSeat(state, event.caller, "chicago");
    var refusal = chicagoRefusal(state, state.setup.players[seat]);
    if (refusal) refuse(refusal.template, refusal.values, "chicago");
    if (event.won) return [seat, rules.chicago_points];
    return [seat, rules.chicago_failure_to_zero ? (rules.score_floor || 0) - state.scores[seat] :
      -rules.chicago_penalty];
  }

  // scoring.py: applied_score (no points past an exact target, no score below the floor).
  function appliedScore(rules, score, change, inTiebreak) {
    if (rules.exact_target && !inTiebreak && change > 0 && score + change > rules.target) return score;
    return Math.max(rules.score_floor || 0, score + change);
  }

  // state.py: has_reached_target and may_win.
  function canWin(state, seat) {
    var rules = state.setup.rules, score = state.scores[seat];
    return (rules.exact_target ? score === rules.target : score >= rules.target) &&
      (!rules.chicago_required_to_win || has(state.chicago_callers, seat));
  }

  // winning.py: _next_round.
  function nextRound(state, seats, isTiebreak) {
    state.round += 1;
    state.step = STEPS[0];
    state.dealer = nextSeatIn(state.dealer, seats, state.scores.length);
    state.round_seats = seats;
    state.is_tiebreak = isTiebreak;
    return derived(state);
  }

  // winning.py: end_round.
  function endRound(state) {
    // Only the tricks step decides a game that must be won on the last trick.
    if (state.setup.rules.must_win_on_last_trick) {
      return nextRound(state, state.round_seats, state.is_tiebreak);
    }
    var contenders = state.is_tiebreak ? state.round_seats : state.scores
      .map(function (score, seat) { return seat; })
      .filter(function (seat) { return canWin(state, seat); });
    if (!contenders.length) return nextRound(state, state.round_seats, false);
    var scores = contenders.map(function (seat) { return state.scores[seat]; });
    var top = Math.max.apply(null, scores);
    var leaders = contenders.filter(function (seat, index) { return scores[index] === top; });
    if (leaders.length > 1) return nextRound(state, leaders, true);
    state.winner = state.setup.players[leaders[0]];
    return derived(state);
  }

  // game.py: record and apply_event; winning.py: instant_winner.
  function apply(state, entry) {
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) refuse(UNREADABLE);
    var round = entry.round, step = entry.step, rules = state.setup.rules;
    if (typeof round !== "number" || round % 1 || round < 1 || !has(STEPS, step)) refuse(UNREADABLE);
    checkPosition(state, round, step);
    var event = readEvent(entry, step), asked = scoreEvent(state, event);
    var next = {
      setup: state.setup, scores: state.scores.slice(), round: state.round, step: state.step,
      dealer: state.dealer, round_seats: state.round_seats, is_tiebreak: state.is_tiebreak,
      winner: null, chicago_callers: state.chicago_callers, last_points: {}
    };
    if (asked) {
      var seat = asked[0], score = state.scores[seat], name = state.setup.players[seat];
      next.scores[seat] = appliedScore(rules, score, asked[1], state.is_tiebreak);
      next.last_points[name] = next.scores[seat] - score;
      if (event.caller && !has(next.chicago_callers, seat)) {
        next.chicago_callers = next.chicago_callers.concat([seat])
          .sort(function (a, b) { return a - b; });
      }
      if (rules.royal_flush_wins && event.hand === "royal_flush" ||
        rules.must_win_on_last_trick && (event.taker || event.won) && canWin(next, seat)) {
        next.winner = name;
        return derived(next);
      }
    }
    if (step === "phase3") return endRound(next);
    next.step = STEPS[STEPS.indexOf(step) + 1];
    return derived(next);
  }

  // A refusal thrown by `attempt`, or null; any other error goes on.
  function refusalIn(attempt) {
    try {
      attempt();
      return null;
    } catch (error) {
      if (error instanceof Refusal) return error.refusal;
      throw error;
    }
  }

  // {state: the state after the entry} or {refusal: {template, values, field}}.
  function record(state, entry) {
    var after;
    var refusal = refusalIn(function () { after = apply(state, entry); });
    return refusal ? { refusal: refusal } : { state: after };
  }

  // game.py: replay; a refused entry is an error here.
  function replay(setup, entries) {
    return entries.reduce(function (state, entry) {
      var answer = record(state, entry);
      if (answer.refusal) throw new Error("Refused: " + JSON.stringify(answer.refusal));
      return answer.state;
    }, start(setup));
  }

  // position.py: resume. The state of a game the server has folded, from the position the
  // scorekeeper's page carries (rules.position.position_of), so that the entries waiting
  // on the phone follow the server's game without replaying its log.
  function resume(setup, position) {
    var finished = position.winner_seat !== null;
    return derived({
      setup: setup, scores: position.scores.slice(), round: position.round,
      step: finished ? null : STEPS[position.step_index], dealer: position.dealer,
      round_seats: position.round_seats.slice(), is_tiebreak: position.is_tiebreak,
      winner: finished ? setup.players[position.winner_seat] : null,
      chicago_callers: position.chicago_callers.slice(), last_points: null
    });
  }

  // position.py: position_of, resume's inverse. A finished game's step index is never
  // read (its winner ends it), so it is 0 here.
  function position(state) {
    return {
      scores: state.scores.slice(), round: state.round,
      step_index: state.step === null ? 0 : STEPS.indexOf(state.step), dealer: state.dealer,
      round_seats: state.round_seats.slice(), is_tiebreak: state.is_tiebreak,
      winner_seat: state.winner === null ? null : state.setup.players.indexOf(state.winner),
      chicago_callers: state.chicago_callers.slice()
    };
  }

  // Whether the position ``one`` ({round, step}) comes before ``other`` in the game: rounds
  // in turn, each round's steps in their order (events.py: STEP_ORDER).
  function comesBefore(one, other) {
    return one.round < other.round ||
      (one.round === other.round && STEPS.indexOf(one.step) < STEPS.indexOf(other.step));
  }

  window.ChicagoRules = {
    comesBefore: comesBefore,
    start: start,
    resume: resume,
    position: position,
    record: record,
    replay: replay,
    // An unknown name gets GameSetup.seat_of's refusal, as {template, values}.
    chicagoRefusal: function (state, name) {
      var answer;
      var refusal = refusalIn(function () { answer = chicagoRefusal(state, name); });
      return refusal ? { template: refusal.template, values: refusal.values } : answer;
    },
    // game.py: players_past_exchange_stop.
    exchangeStopped: function (state) {
      var stop = state.setup.rules.exchange_stop;
      if (!given(stop) || state.step === null || state.step === "phase3") return [];  // no exchange left
      return namesOf(state, state.round_seats.filter(function (seat) {
        return state.scores[seat] >= stop;
      }));
    }
  };
})();
