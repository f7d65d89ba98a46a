// The scorekeeper's phone keeps scoring without a connection (README: "Without a connection").
// Loaded by app.js after rules.js. Offline, or while entries wait, a tap is checked by the
// rules (ChicagoRules) and kept in IndexedDB, and the scoreboard moves on. Waiting entries
// go in order, each with its Idempotency-Key; the server judges, and a refusal stops them.
(function () {
  "use strict";

  var Rules = window.ChicagoRules;
  var root = document.documentElement;
  var RETRY_MS = 3000;
  // An entry whose answer has not come by then is sent again, with its key: a server that
  // never answers (asleep, or behind a Wi-Fi that drops what it carries) holds no entry.
  var SEND_WAIT_MS = 15000;
  var SHOW_SAVED_MS = 4000;

  if (!Rules || !window.indexedDB || !window.fetch || !document.querySelector("[data-offline]")) return;

  // --- What the page says: the game as the server had it when the page was drawn.
  function pageGame() {
    var data = document.querySelector("[data-offline]");
    return data ? JSON.parse(data.getAttribute("data-offline")) : null;
  }

  var page = pageGame();
  var gameId = page.game;
  var kit = null;      // the words and step cards, in the page's language
  var base = null;     // the server's game the waiting entries follow: {version, events, position}
  var sentSince = null;  // the server's game as the last entry sent from here left it, if newer than the page
  var waiting = [];    // [{key, entry, sent}], oldest first; sent once it has been sent
  // Entries kept back, once another phone undid steps they follow, until those steps are
  // entered again here (enterTheStepsBefore): [{key, entry, points}], oldest first.
  var held = [];
  var refusal = null;  // why the server refused the first waiting entry, while it stands
  var sending = false;
  var saved = false;   // "All saved" shows for a moment once the last entry is sent
  var savedTimer = null;
  var retry = null;

  // --- This phone's store: one IndexedDB object store of kits and queues.
  var database = new Promise(function (resolve, reject) {
    var opening = window.indexedDB.open("chicago-scorer", 1);
    opening.onupgradeneeded = function () { opening.result.createObjectStore("kept"); };
    opening.onsuccess = function () { resolve(opening.result); };
    opening.onerror = function () { reject(opening.error); };
  });

  function stored(mode, work) {
    return database.then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction("kept", mode);
        var request = work(transaction.objectStore("kept"));
        transaction.oncomplete = function () { resolve(request.result); };
        transaction.onerror = transaction.onabort = function () { reject(transaction.error); };
      });
    });
  }
  function read(key) { return stored("readonly", function (store) { return store.get(key); }); }
  function write(key, value) { return stored("readwrite", function (store) { return store.put(value, key); }); }

  var QUEUE = "queue:" + gameId;
  var UNSENT_TAP = "unsent-tap";  // app.js hands a tap over under this name

  // Each change is made to the queue as stored, in one transaction, before the page moves on;
  // the page then holds what is stored, which another tab of this game may have changed.
  // `change` returns false to leave it.
  function changeQueue(change) {
    var kept;
    return stored("readwrite", function (store) {
      store.get(QUEUE).onsuccess = function (event) {
        kept = event.target.result || { base: base, waiting: [], held: [], refusal: null };
        kept.held = kept.held || [];  // a queue kept before entries were held
        if (change(kept) === false) return;
        if (kept.waiting.length || kept.held.length) { store.put(kept, QUEUE); } else { store.delete(QUEUE); }
      };
      return {};
    }).then(function () { base = kept.base; waiting = kept.waiting; held = kept.held; refusal = kept.refusal; });
  }
  function isFirst(kept, key) { return kept.waiting.length > 0 && kept.waiting[0].key === key; }

  // --- Words, in the page's language (the kit).
  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (slot, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : slot;
    });
  }
  function number(value) {
    return String(value).replace(/[0-9]/g, function (digit) { return kit.words.digits[Number(digit)]; });
  }
  function signed(points) { return points >= 0 ? "+" + number(points) : "\u2212" + number(-points); }
  // Names with right-to-left letters are kept from turning the sentence around them.
  var RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
  function name(text) { return RIGHT_TO_LEFT.test(text) ? "\u2068" + text + "\u2069" : text; }
  function list(names) {
    var slots = {};
    names.forEach(function (one, index) { slots[index + 1] = name(one); });
    return fill(kit.words.lists[names.length], slots);
  }
  function counted(forms, count, values) {
    var category = new Intl.PluralRules(kit.language).select(count);
    var template = forms[category] || forms.other || forms[Object.keys(forms)[0]];
    return fill(template, Object.assign({ num: number(count) }, values || {}));
  }
  // A refusal of the rules, from its English template and values, as the server says it.
  function refusalWords(said) {
    var values = {};
    Object.keys(said.values || {}).forEach(function (key) {
      var value = said.values[key];
      if (Array.isArray(value)) { values[key] = list(value); }
      else if (typeof value === "number") { values[key] = number(value); }
      else if (kit.words.steps[value] && /step$/.test(key)) { values[key] = kit.words.steps[value]; }
      else { values[key] = name(String(value)); }
    });
    return fill(kit.words.refusals[said.template] || said.template, values);
  }
  function entryWords(entry, points) {
    var words = kit.words.entry;
    var who = entry.winner || entry.last_trick || entry.chicago;
    var moved = signed((points || {})[who] || 0);
    if (entry.outcome === "tie" || entry.outcome === "none") return words[entry.outcome];
    if (entry.hand) return fill(words.hand, { name: name(who), points: moved, hand: kit.words.hands[entry.hand] });
    if (entry.last_trick) return fill(words.last_trick, { name: name(who), points: moved });
    return fill(entry.chicago_won ? words.chicago_won : words.chicago_lost, { name: name(who), points: moved });
  }

  // --- The rules: the server's game, then every waiting entry. With nothing waiting, the
  // server's game is the newest this page knows: a queue that holds only entries kept
  // back (enterTheStepsBefore) stores the base they were tapped on, out of date since.
  function predicted(queue) {
    queue = queue || { base: base, waiting: waiting };
    var from = queue.waiting.length ? queue.base : newestKnown();
    var state = Rules.resume(page.setup, from.position);
    var steps = [];
    queue.waiting.forEach(function (kept) {
      var answer = Rules.record(state, kept.entry);
      if (answer.refusal) return;  // cannot happen: each was checked when it was tapped
      state = answer.state;
      steps.push({ entry: kept.entry, points: state.last_points });
    });
    return { state: state, steps: steps };
  }

  // --- Drawing the scoreboard as the rules predict it.
  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }
  function live() { return document.querySelector("[data-live-version]"); }
  function removeAll(selector) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), function (old) { old.remove(); });
  }

  function drawStrip(state) {
    var finished = state.winner !== null;
    Array.prototype.forEach.call(document.querySelectorAll(".scores.strip .score-card"), function (card, seat) {
      var plays = state.round_seats.indexOf(seat) >= 0;
      var leads = !finished && seat === state.leader;
      card.querySelector(".score").textContent = number(state.scores[seat]);
      card.classList.toggle("is-winner", page.setup.players[seat] === state.winner);
      card.classList.toggle("is-leader", leads);
      card.classList.toggle("sits-out", !plays && !finished);
      var roles = card.querySelector(".roles") || card.appendChild(element("span", "roles"));
      roles.textContent = "";
      if (!finished && seat === state.dealer) roles.appendChild(element("span", "badge", kit.words.deals));
      if (leads) roles.appendChild(element("span", "badge", kit.words.leads));
      if (!plays && !finished) roles.appendChild(element("span", "badge muted", kit.words.sits_out));
    });
  }

  function stepCard(state) {
    var isHandStep = state.step !== "tricks";
    var holder = document.createElement("div");
    holder.innerHTML = kit.cards[isHandStep ? "hand" : "tricks"];
    var card = holder.firstElementChild;
    card.setAttribute("data-drawn", "");
    var heading = card.querySelector("h2");
    heading.textContent = fill(kit.words.heading, {
      number: number(state.round), step: kit.words.steps[state.step], question: kit.words.questions[state.step],
    });
    if (state.is_tiebreak) {
      heading.insertBefore(document.createTextNode(" "), heading.firstChild);
      heading.insertBefore(element("span", "badge", kit.words.tiebreak_badge), heading.firstChild);
    }
    card.querySelector("input[name=round]").value = String(state.round);
    card.querySelector("input[name=step]").value = state.step;
    var playing = state.round_seats.map(function (seat) { return page.setup.players[seat]; });
    // Every player is on the kit's card: those who sit this round out leave it.
    Array.prototype.forEach.call(card.querySelectorAll(".players button, .players input"), function (choice) {
      var player = choice.value.replace(/^(won|lost):/, "");
      if (playing.indexOf(player) < 0) (choice.closest("label") || choice).remove();
    });
    if (!isHandStep) closeChicago(card, state, playing);
    var notes = stepNotes(state);
    if (notes.length) heading.insertAdjacentElement("afterend", statusLine("step-note", notes.join(" ")));
    return card;
  }

  // What the table must know before the step, under the card's heading as the page says
  // it (StepCard.notes): who plays a tiebreak round, and who may no longer exchange.
  function stepNotes(state) {
    var notes = [];
    if (state.is_tiebreak) notes.push(fill(kit.words.tiebreak, { names: list(state.tiebreak_players) }));
    var stopped = Rules.exchangeStopped(state);
    if (stopped.length) notes.push(counted(kit.words.exchange_stop, page.setup.rules.exchange_stop, { names: list(stopped) }));
    if (held.length) notes.push(heldWords());
    return notes;
  }

  // Chicago only for whom the rules allow it; one line says who else, and why.
  function closeChicago(card, state, playing) {
    var shut = playing.filter(function (player) { return Rules.chicagoRefusal(state, player); });
    if (!shut.length) return;
    if (shut.length === playing.length) card.querySelector(".chicago-calls").remove();
    Array.prototype.forEach.call(card.querySelectorAll("button[name=chicago]"), function (button) {
      if (shut.indexOf(button.value.replace(/^(won|lost):/, "")) < 0) return;
      button.disabled = true;
      button.setAttribute("aria-describedby", "chicago-why");
    });
    var reason = withNamesMarked(element("p", "why-not"), counted(kit.words.chicago_shut_out, shut.length, { names: list(shut) }));
    card.querySelector("form").appendChild(reason).id = "chicago-why";
  }

  // A line of the page. The winner and the last entry are not live regions of their own:
  // the announcement reads them out after the scores (app.js), so each is heard once.
  function line(className, text) {
    return withNamesMarked(element("p", className), text);
  }

  function statusLine(className, text) {
    var shown = line(className, text);
    shown.setAttribute("role", "status");
    return shown;
  }

  // A message's text with each long name it holds in a <bdi>, in a box with the
  // punctuation it touches, as the server's page has it (player_names.names_marked), so
  // that the name is cut short there too: where it stands as a word of its own, the
  // longest name looked for first.
  var IN_A_WORD = /[\p{L}\p{N}\p{M}_]/u;
  var TOUCHES_A_NAME = /[\p{P}\p{S}]/u;
  function withNamesMarked(shown, text) {
    var names = page.setup.players.filter(function (one) { return Array.from(one).length > page.short_name_characters; });
    if (!names.length) { shown.textContent = text; return shown; }
    names.sort(function (one, other) { return Array.from(other).length - Array.from(one).length; });
    var spelled = names.map(function (one) { return one.replace(/[.*+?^${}()|[\]\\\/]/g, "\\$&"); });
    var found = new RegExp("\u2068?(" + spelled.join("|") + ")\u2069?", "gu");
    var writtenUpTo = 0;
    var match;
    while ((match = found.exec(text)) !== null) {
      var start = match.index;
      var end = found.lastIndex;
      var beside = text.slice(Math.max(start - 1, 0), start) + text.slice(end, end + 1);
      if (start < writtenUpTo || IN_A_WORD.test(beside)) continue;
      var before = start;
      var after = end;
      while (before > writtenUpTo && TOUCHES_A_NAME.test(text.charAt(before - 1))) before -= 1;
      while (after < text.length && TOUCHES_A_NAME.test(text.charAt(after))) after += 1;
      var box = element("span", "name-in-message", text.slice(before, start));
      box.append(element("bdi", "", match[1]), text.slice(end, after));
      shown.append(text.slice(writtenUpTo, before), box);
      writtenUpTo = after;
    }
    shown.append(text.slice(writtenUpTo));
    return shown;
  }

  function undoCard(steps) {
    var last = steps[steps.length - 1];
    var card = element("details", "card undo");
    card.setAttribute("data-undo-waiting", "");
    card.appendChild(element("summary", "", kit.words.undo));
    card.appendChild(element("p", "", fill(kit.words.undo_question, {
      number: number(last.entry.round), step: kit.words.steps[last.entry.step], entry: entryWords(last.entry, last.points),
    })));
    var form = element("form", "");
    form.setAttribute("data-undo-waiting", "");
    var yes = element("button", "danger wide", kit.words.undo_yes);
    yes.type = "submit";
    form.appendChild(yes);
    card.appendChild(form);
    return card;
  }

  // Focus in the parts drawn anew (the step card, say) goes to where the screen starts
  // (app.js): the conflict card, once the server refused an entry, is read out from its
  // heading, rather than from the page's top.
  function drawGame() {
    var seen = predicted();
    var state = seen.state;
    var area = live();
    var hadFocus = area.contains(document.activeElement);
    root.classList.add("drawn-on-phone");  // until the server's page is drawn (app.css)
    drawStrip(state);
    removeAll(".step-card, main > .form-error, .banner.winner, .rematch, details.undo, .conflict-card, .held-card");
    // The server's page said what was done before the entries kept here: as the next page
    // online would, the game drawn past them says it no more.
    if (seen.steps.length) removeAll(".flash");
    var strip = area.querySelector(".scores.strip");
    var after = strip;
    function place(shown) { after.insertAdjacentElement("afterend", shown); after = shown; }
    if (state.winner !== null) {
      strip.insertAdjacentElement("beforebegin", line("banner winner", counted(kit.words.winner, state.scores[page.setup.players.indexOf(state.winner)], { name: name(state.winner) })));
    }
    if (refusal) {
      place(conflictCard(seen.steps));
    } else if (state.step !== null) {
      place(stepCard(state));
    }
    // The last entry, under the step: the server page's, or the newest waiting here.
    removeAll(".last-entry[data-drawn]");
    var said = area.querySelector(".last-entry"), last = seen.steps[seen.steps.length - 1];
    if (said) said.hidden = Boolean(last);
    if (last && !refusal) {
      place(said = line("last-entry", fill(kit.words.last_entry, { entry: entryWords(last.entry, last.points) })));
      said.setAttribute("data-drawn", "");
    }
    if (held.length && !refusal) place(heldCard());
    var info = area.querySelector(".round-info");
    if (info) {
      info.hidden = state.step === null;
      info.textContent = fill(kit.words.round_info, {
        number: number(state.round), dealer: name(page.setup.players[state.dealer]), leader: name(page.setup.players[state.leader]),
      });
    }
    // Under a refusal the waiting entries are discarded or applied from its card: an undo
    // of one of them would be held back with the queue, and do nothing.
    if (seen.steps.length && !refusal) {
      var toggle = area.querySelector(".screen-toggle");
      (toggle || area.lastElementChild).insertAdjacentElement("afterend", undoCard(seen.steps));
    }
    if (hadFocus && !area.contains(document.activeElement)) document.dispatchEvent(new CustomEvent("chicago:start"));
  }

  function showStatus(text) {
    var status = document.querySelector("[data-queue-status]");
    status.textContent = text;
    status.hidden = !text;
    status.classList.toggle("is-saved", text === kit.words.all_saved);
  }

  // What waits, and, with nothing waiting, that a tap now would wait: one line above the
  // scores, in place of app.js's offline banner.
  function showWaiting() {
    if (!kit) return;
    var offline = root.classList.contains("is-offline");
    var kept = waiting.length + held.length;
    root.classList.toggle("holds-queue", kept > 0);
    document.querySelector("[data-queue-status]").classList.toggle("is-offline", offline);
    if (kept) { showStatus(counted(kit.words.waiting, kept)); }
    else if (offline) { showStatus(kit.words.offline); }
    else if (!saved) { showStatus(""); }
  }

  // --- Taps.
  // A step card this phone drew carries no form token (the kit's cards are the same for
  // every phone), so its tap goes the phone's way, by the API, even once all is saved and
  // the server answers again: sent as a form, it would be refused as out of date.
  function mustQueue(form) {
    return waiting.length > 0 || held.length > 0 || root.classList.contains("is-offline") ||
      form.closest(".step-card").hasAttribute("data-drawn");
  }

  // The step card's answer, as the server's EntryForm.entry() reads the same form.
  function entryFrom(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.set(submitter.name, submitter.value);
    return entryOf(data);
  }

  // The answer in a step card's fields (FormData, or URLSearchParams of a form sent).
  function entryOf(data) {
    var entry = { round: Number(data.get("round")), step: data.get("step") };
    var chicago = data.get("chicago");
    if (data.get("outcome")) { entry.outcome = data.get("outcome"); }
    else if (data.get("hand")) {
      if (!data.get("winner")) return null;
      entry.outcome = "win"; entry.winner = data.get("winner"); entry.hand = data.get("hand");
    }
    else if (data.get("last_trick")) { entry.last_trick = data.get("last_trick"); }
    else if (data.get("last_trick_deuce")) { entry.last_trick = data.get("last_trick_deuce"); entry.with_deuce = true; }
    else if (chicago) {
      entry.chicago = chicago.slice(chicago.indexOf(":") + 1);
      entry.chicago_won = chicago.slice(0, chicago.indexOf(":")) === "won";
    }
    return entry;
  }

  // Whether a step card's entry says what happened: a player alone, sent by Enter in
  // their radio, does not, nor does Enter before a player is chosen
  // (EntryForm.validate_winner).
  function answered(entry) {
    return "outcome" in entry || "last_trick" in entry || "chicago" in entry;
  }

  // What to tap next, for a step card sent without an answer.
  function stillToTap(form) {
    return new FormData(form).get("winner") ? kit.words.choose_hand : kit.words.choose_winner;
  }

  // Under the step card's heading; a finished game's, which has none, under the scores.
  function showRefusal(text) {
    removeAll(".step-card .form-error, .scores.strip + .form-error");
    var card = document.querySelector(".step-card");
    var shown = withNamesMarked(element("p", "form-error"), text);
    shown.setAttribute("role", "alert");
    (card ? card.querySelector("h2") : live().querySelector(".scores.strip")).insertAdjacentElement("afterend", shown);
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (byte) { return (byte + 256).toString(16).slice(1); }).join("");
  }

  // A tap refused here, as one the server refuses: focus goes to why (app.js).
  function refuseTap(text) {
    showRefusal(text);
    document.dispatchEvent(new CustomEvent("chicago:start"));
  }

  function tapped(form, submitter) {
    var entry = entryFrom(form, submitter);
    if (entry === null) { refuseTap(kit.words.choose_winner); return; }
    if (!answered(entry)) { refuseTap(stillToTap(form)); return; }
    var refused = null;
    changeQueue(function (kept) {
      if (!kept.waiting.length) kept.base = newestKnown();
      refused = Rules.record(predicted(kept).state, entry).refusal;
      if (refused) return false;
      kept.waiting.push({ key: newKey(), entry: entry });
      releaseHeld(kept);
    }).then(function () {
      drawGame();  // with what another tab of this game may have added
      if (refused) { refuseTap(refusalWords(refused)); return; }
      showWaiting();
      startAfresh();
      send();
    });
  }

  // As after a tap online, which loads a new page: the page is seen from its top, screen
  // readers hear the new scores (app.js), and focus starts at the new step's heading, so
  // the next Tab reaches its first choice rather than wherever the tapped button was.
  function startAfresh() {
    window.scrollTo(0, 0);
    document.dispatchEvent(new CustomEvent("chicago:drawn"));
    document.dispatchEvent(new CustomEvent("chicago:start"));  // app.js: the step, or who won
  }

  // A tap whose answer never came, which the offline page standing in for that answer
  // handed over (app.js). It waits as a tap kept offline does, under the key its page gave
  // it, so that the server records it once whether or not it had arrived. If this game has
  // moved past its step, it arrived, or another phone recorded that step first: the
  // server is asked which (askWhetherItArrived).
  function takeUnsentTap() {
    var handed = null;
    try { handed = JSON.parse(window.localStorage.getItem(UNSENT_TAP)); } catch (error) { /* none */ }
    if (!handed || handed.page !== window.location.pathname + window.location.search) return Promise.resolve(false);
    window.localStorage.removeItem(UNSENT_TAP);
    var data = new URLSearchParams(handed.form);
    var entry = entryOf(data);
    var key = data.get("tap");
    var taken = false;
    var past = false;
    if (entry === null || !key) return Promise.resolve(false);
    return changeQueue(function (kept) {
      if (kept.waiting.some(function (one) { return one.key === key; })) return false;
      if (!kept.waiting.length) kept.base = newestKnown();
      past = Boolean(Rules.record(predicted(kept).state, entry).refusal);
      if (past) return false;
      kept.waiting.push({ key: key, entry: entry });
      releaseHeld(kept);
      taken = true;
    }).then(function () {
      if (past) askWhetherItArrived(handed, entry, key);
      return taken;
    });
  }

  // Sent again under its key, a tap the server recorded is answered as the game (an entry
  // sent again is not recorded twice); one it never got is refused as out of turn, and
  // the phone says that another phone recorded the step first. Without a connection, or
  // with the server busy, the tap is handed over again, for the next time this page loads.
  function askWhetherItArrived(handed, entry, key) {
    function askAgainLater() {
      try { window.localStorage.setItem(UNSENT_TAP, JSON.stringify(handed)); } catch (error) { /* none */ }
    }
    postEntry(key, entry).then(function (answer) {
      if (answer.status === 200 || answer.status === 201) return;
      if (comesLater(answer.status)) { askAgainLater(); return; }
      showRefusal(answer.status === 409
        ? fill(kit.words.taken_first, { number: number(entry.round), step: kit.words.steps[entry.step] })
        : fill(kit.words.server_said, { reason: answer.reason }));
    }).catch(askAgainLater);
  }

  function undoWaiting(form) {
    if (waiting.length === 1 && (sending || waiting[0].sent)) {
      // That entry is on its way, or was sent and its answer never came: the server may
      // have recorded it whatever the phone does now.
      removeAll("details.undo .form-error");
      var said = element("p", "form-error", kit.words.undo_sending);
      said.setAttribute("role", "alert");
      form.insertAdjacentElement("beforebegin", said);
      return;
    }
    var shown = waiting[waiting.length - 1].key;
    changeQueue(function (kept) {
      var last = kept.waiting[kept.waiting.length - 1];
      if (!last || last.key !== shown) return false;
      kept.waiting.pop();
    }).then(function () {
      drawGame();
      showWaiting();
      startAfresh();
      // Nothing waits: the server's own page, when it answers, shows its undo and round log.
      // If the entries followed this very page's game, its round log and chart hold true.
      if (!waiting.length) {
        if (base && base.version === page.version) root.classList.remove("drawn-on-phone");
        document.dispatchEvent(new CustomEvent("chicago:refresh", { detail: { evenIfChoosing: true } }));
      }
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var isStep = Boolean(form.closest(".step-card")) && !form.closest(".correcting");
    var isUndo = form.hasAttribute("data-undo-waiting");
    if (!kit || (!isStep && !isUndo) || (isStep && !mustQueue(form))) return;
    event.preventDefault();
    if (refusal) return;
    if (isUndo) { undoWaiting(form); } else { tapped(form, event.submitter); }
  }, true);

  // --- Sending, in order, each entry with its key.
  function headers(extra) {
    return Object.assign({
      "Content-Type": "application/json", Accept: "application/json", Authorization: "Bearer " + page.key,
    }, extra || {});
  }

  function later() {
    window.clearTimeout(retry);
    retry = window.setTimeout(send, RETRY_MS);
  }

  function accepted(key) {
    var shifted = false;  // by this tab: another may have taken the entry out already
    return changeQueue(function (kept) {
      if (!isFirst(kept, key)) return false;
      var first = kept.waiting.shift();
      var answer = Rules.record(Rules.resume(page.setup, kept.base.position), first.entry);
      kept.base = { version: null, events: kept.base.events + 1, position: Rules.position(answer.state) };
      shifted = true;
    }).then(function () { if (shifted) sentSince = base; });
  }

  // The game a tap follows when nothing waits: the page's, unless entries were sent from
  // here since it was drawn. After "All saved" the server's page replaces this one only
  // once nobody is choosing, and a tap meanwhile follows the entries sent, not the page.
  function newestKnown() {
    return sentSince || { version: page.version, events: page.events, position: page.position };
  }

  // The first waiting entry, once sent, is no longer the phone's alone to undo: the
  // server may have recorded it though its answer never came (undoWaiting).
  function markSent(key) {
    return changeQueue(function (kept) {
      if (!isFirst(kept, key) || kept.waiting[0].sent) return false;
      kept.waiting[0].sent = true;
    });
  }

  // An entry sent to the server under its key: the answer's status, and the server's
  // reason if it refused. An answer not wholly come by then is given up on (SEND_WAIT_MS).
  function postEntry(key, entry) {
    var deadline = new AbortController();
    var giveUp = window.setTimeout(function () { deadline.abort(); }, SEND_WAIT_MS);
    return fetch(page.urls.events, {
      method: "POST", credentials: "same-origin", cache: "no-store", signal: deadline.signal,
      headers: headers({ "Idempotency-Key": key }), body: JSON.stringify(entry),
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        return { status: response.status, reason: (body && body.error) || String(response.status) };
      });
    }).finally(function () { window.clearTimeout(giveUp); });
  }

  // A server busy, or a proxy that gave up: the entry is sent again later, not refused.
  function comesLater(status) { return status >= 500 || status === 429 || status === 408; }

  function send() {
    if (sending || !waiting.length || refusal || navigator.onLine === false) return;
    sending = true;
    var first = waiting[0];
    markSent(first.key).then(function () {
      return postEntry(first.key, first.entry);
    }).then(function (answer) {
      if (answer.status === 200 || answer.status === 201) return accepted(first.key).then(function () { return "sent"; });
      if (comesLater(answer.status)) return "later";
      return changeQueue(function (kept) {
        if (!isFirst(kept, first.key)) return false;
        kept.refusal = { status: answer.status, reason: answer.reason };
      }).then(function () { return refusal ? "refused" : "sent"; });
    }).catch(function () { return "later"; }).then(function (outcome) {
      sending = false;
      if (outcome === "later") { later(); return; }
      if (outcome === "refused") { drawGame(); showWaiting(); return; }
      if (waiting.length) { showWaiting(); send(); return; }
      if (held.length) { showWaiting(); return; }
      allSaved();
    });
  }

  // The server has every entry: its own page replaces the prediction.
  function allSaved() {
    // Nothing waits to be undone here; the server's page, once drawn, has its own undo.
    removeAll("details.undo[data-undo-waiting]");
    root.classList.remove("holds-queue");
    root.classList.add("shows-saved");  // app.js keeps this page meanwhile
    saved = true;
    showStatus(kit.words.all_saved);
    document.dispatchEvent(new CustomEvent("chicago:refresh"));
    // A later "All saved" shows as long as the first: the first one's time does not end it.
    window.clearTimeout(savedTimer);
    savedTimer = window.setTimeout(function () {
      saved = false;
      root.classList.remove("shows-saved");
      showWaiting();
    }, SHOW_SAVED_MS);
  }

  // --- A refused entry: what the server has, what waits, and the scorekeeper's choice.
  // One entry of the card's lists: its step, and what it did ("Phase 2 · Bo +1 · one pair").
  function entryLine(entry, points) {
    return element("li", "", kit.words.steps[entry.step] + " · " + entryWords(entry, points));
  }

  function conflictCard(steps) {
    var card = element("section", "card conflict-card");
    card.setAttribute("role", "alert");
    card.appendChild(element("h2", "", kit.words.conflict));
    var said = element("p", "form-error", fill(kit.words.server_said, { reason: refusal.reason }));
    card.appendChild(said);
    var server = element("div", "conflict-server");
    server.setAttribute("data-conflict-server", "");
    card.appendChild(server);
    card.appendChild(element("h3", "", kit.words.on_phone));
    var mine = element("ol", "conflict-waiting");
    steps.concat(held).forEach(function (step) {
      mine.appendChild(entryLine(step.entry, step.points));
    });
    card.appendChild(mine);
    var choices = element("div", "choice-grid pair conflict-choices kept-in-view");
    var discard = element("button", "danger", kit.words.discard);
    discard.type = "button";
    discard.addEventListener("click", discardWaiting);
    var apply = element("button", "primary", kit.words.apply);
    apply.type = "button";
    apply.addEventListener("click", applyAsCorrections);
    choices.appendChild(discard);
    choices.appendChild(apply);
    card.appendChild(choices);
    showServerGame(server, said, apply);
    return card;
  }

  function serverGame() {
    return fetch(page.urls.game, { headers: headers(), cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json().then(function (game) { return { game: game, etag: strongTag(response.headers.get("ETag")) }; });
    });
  }

  // The API's ETags are strong. A proxy that compresses an answer may mark its ETag weak
  // (W/"..."), though the game is the same; If-Match, which compares strongly, refuses that.
  function strongTag(etag) {
    return etag ? etag.replace(/^W\//, "") : etag;
  }

  // The server's game under its heading; and, when it holds the step that waits first
  // here, the card says so in its own words rather than in the server's refusal, whose
  // advice ("refresh to see the game") only brings this card back. So it does when the
  // server's game is back before that step, another phone having undone what the waiting
  // entries follow: applied, they would be refused again, so they are held instead until
  // the steps before them are entered again here.
  function showServerGame(holder, said, apply) {
    serverGame().then(function (answer) {
      holder.textContent = "";
      holder.appendChild(element("h3", "", kit.words.on_server));
      holder.appendChild(element("p", "", answer.game.players.map(function (player) {
        return name(player.name) + " " + number(player.score);
      }).join(" · ")));
      var first = waiting[0].entry;
      var theirs = element("ol", "conflict-theirs");
      answer.game.events.forEach(function (event) {
        if (!Rules.comesBefore(event, first)) theirs.appendChild(entryLine(event, event.points));
      });
      holder.appendChild(theirs);
      var taken = answer.game.events.some(function (event) {
        return event.round === first.round && event.step === first.step;
      });
      if (taken) said.textContent = fill(kit.words.taken_first, { number: number(first.round), step: kit.words.steps[first.step] });
      var next = answer.game.next;
      if (next && Rules.comesBefore(next, first)) {
        said.textContent = fill(kit.words.undone_before, { number: number(next.round), step: kit.words.steps[next.step] });
        var hold = element("button", "primary", kit.words.enter_before);
        hold.type = "button";
        hold.addEventListener("click", enterTheStepsBefore);
        apply.replaceWith(hold);
      }
    }).catch(function () { /* shown again once the server answers */ });
  }

  // --- Entries held back until the steps another phone undid are entered again.
  // Held, they leave the queue, whose entries all follow the server's game; the page loads
  // again, as after either of the card's other choices, and shows the server's next step.
  function enterTheStepsBefore() {
    var steps = predicted().steps;
    changeQueue(function (kept) {
      kept.held = kept.waiting.map(function (one, index) {
        return { key: one.key, entry: one.entry, points: (steps[index] || {}).points || null };
      }).concat(kept.held);
      kept.waiting = [];
      kept.refusal = null;
    }).then(loadAsAfterATap);
  }

  // Once the game comes to the step the first held entry is for, the held entries wait
  // after whatever brought it there (a tap, or corrections applied), and go with it; so
  // they do once it is past that step, and the server judges them. A game won before
  // their step keeps them held, for their card to discard; so does a refusal, whose card
  // lists them. Returns false if none moved.
  function releaseHeld(kept) {
    if (!kept.held.length || kept.refusal) return false;
    var state = predicted(kept).state;
    if (state.step === null || Rules.comesBefore(state, kept.held[0].entry)) return false;
    if (!kept.waiting.length) kept.base = newestKnown();
    kept.waiting = kept.waiting.concat(kept.held.map(function (one) { return { key: one.key, entry: one.entry }; }));
    kept.held = [];
  }

  // Under the step's heading: where the held entries go, and what they wait for.
  function heldWords() {
    var first = held[0].entry;
    return counted(kit.words.held, held.length, { number: number(first.round), step: kit.words.steps[first.step] });
  }

  // The held entries, and a way to let them go: one the game can no longer reach (it was
  // won before their step) would otherwise wait for good.
  function heldCard() {
    var card = element("section", "card held-card");
    card.appendChild(element("h2", "", kit.words.on_phone));
    var shown = element("ol", "held-entries");
    held.forEach(function (one) {
      shown.appendChild(entryLine(one.entry, one.points));
    });
    card.appendChild(shown);
    var discard = element("button", "danger", kit.words.discard);
    discard.type = "button";
    discard.addEventListener("click", discardWaiting);
    card.appendChild(discard);
    return card;
  }

  // Each choice loads the page again, which starts as after a tap (app.js): from its top,
  // where the browser would otherwise keep the place the choice was tapped at.
  function loadAsAfterATap() {
    document.dispatchEvent(new CustomEvent("chicago:sent"));
    window.scrollTo(0, 0);
    window.location.reload();
  }

  function discardWaiting() {
    changeQueue(function (kept) { kept.waiting = []; kept.held = []; }).then(loadAsAfterATap);
  }

  // Each waiting entry replaces the server's entry for the same step, or, where the
  // server has none yet, is recorded as the next one; the first refusal stops them.
  function applyAsCorrections() {
    var refused = refusal;  // stands again if the server cannot be reached
    refusal = null;
    // Whether this tab took every entry out of the queue itself, each once the server had
    // it: another tab may have discarded them meanwhile, and then none was saved here.
    var everyOneSentHere = true;
    function next() {
      if (!waiting.length) {
        return changeQueue(function (kept) { kept.refusal = null; }).then(function () {
          if (everyOneSentHere) noteAllApplied();
          loadAsAfterATap();
        });
      }
      return serverGame().then(function (answer) {
        var first = waiting[0];
        var number = 0;
        answer.game.events.forEach(function (event, index) {
          if (event.round === first.entry.round && event.step === first.entry.step) number = index + 1;
        });
        var request = number
          ? { url: page.urls.game + "/events/" + number, method: "PUT", headers: headers({ "If-Match": answer.etag }) }
          : { url: page.urls.events, method: "POST", headers: headers({ "Idempotency-Key": first.key }) };
        return fetch(request.url, {
          method: request.method, headers: request.headers, cache: "no-store", body: JSON.stringify(first.entry),
        }).then(function (response) {
          if (response.ok) {
            return changeQueue(function (kept) {
              if (isFirst(kept, first.key)) { kept.waiting.shift(); } else { everyOneSentHere = false; }
              kept.refusal = null;
            }).then(next);
          }
          return response.json().catch(function () { return {}; }).then(function (body) {
            return changeQueue(function (kept) {
              kept.refusal = { status: response.status, reason: body.error || String(response.status) };
            }).then(drawGame);
          });
        });
      });
    }
    next().catch(function () { refusal = refusal || refused; drawGame(); });
  }

  // A game's kit of another language, or of its players before a fix, is not needed again.
  function forgetOldKits() {
    var prefix = "kit:" + page.urls.kit.split("?")[0];
    return stored("readwrite", function (store) {
      return store.delete(window.IDBKeyRange.bound(prefix, prefix + "\uffff"));
    });
  }

  // --- Starting: the kit (from this phone's copy when offline), then any waiting entries.
  function loadKit() {
    var address = page.urls.kit;
    return read("kit:" + address).then(function (copy) {
      if (copy) return copy;
      return fetch(address, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      }).then(function (fetched) {
        return forgetOldKits().then(function () { return write("kit:" + address, fetched); })
          .then(function () { return fetched; });
      });
    });
  }

  // The queue as stored, at the start and whenever this tab comes back into sight: another
  // tab of this game may have changed it.
  function showKept() {
    var had = waiting.length + held.length;
    return changeQueue(releaseHeld).then(function () {
      var applied = tookAllAppliedNote();
      if (waiting.length || held.length) { drawGame(); showWaiting(); send(); } else if (had || applied) { allSaved(); }
    });
  }

  // Applied as corrections, the waiting entries leave the queue empty, and the page is
  // fetched anew to show the server's game: the new page says "All saved" as sending does.
  // The note is the moment it was left, and holds only for the reload that follows it: a
  // reload that never showed this page (an error page, no connection) leaves it behind.
  var ALL_APPLIED = "chicago-all-applied:" + page.urls.events;
  var ALL_APPLIED_HOLDS_MS = 15000;
  function noteAllApplied() {
    try { window.sessionStorage.setItem(ALL_APPLIED, String(Date.now())); } catch (error) { /* none */ }
  }
  function tookAllAppliedNote() {
    try {
      var noted = Number(window.sessionStorage.getItem(ALL_APPLIED));
      window.sessionStorage.removeItem(ALL_APPLIED);
      return noted > 0 && Date.now() - noted < ALL_APPLIED_HOLDS_MS;
    } catch (error) { return false; }
  }

  loadKit().then(function (loaded) {
    kit = loaded;
    root.classList.add("queues-entries");  // app.js's "entries are paused" no longer holds
    showWaiting();
    return takeUnsentTap().then(function (taken) {
      return showKept().then(function () { if (taken) startAfresh(); });
    });
  }).catch(function () { /* without the kit, entries stay paused offline, as before */ });
  document.addEventListener("visibilitychange", function () { if (!document.hidden && kit) showKept(); });

  window.addEventListener("online", send);
  document.addEventListener("chicago:connection", showWaiting);
  // A fresh page from the server (after all was saved, or another phone's change) is
  // drawn again from what waits, if anything does.
  document.addEventListener("chicago:refreshed", function () {
    page = pageGame() || page;
    sentSince = null;
    root.classList.remove("drawn-on-phone");
    if (waiting.length) { drawGame(); showWaiting(); }
  });
})();
