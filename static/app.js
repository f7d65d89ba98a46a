// Progressive enhancements for the scoreboard; every page works without them.
// - live updates: poll a cheap version check (answered 304 while nothing changed) and
//   swap in the fresh scoreboard;
// - offline: say so; on the scorekeeper's phone, offline.js (loaded once the page is
//   interactive, with rules.js) keeps the entries until the server has them, and where it
//   cannot, entries are paused and refused, so none is silently lost;
// - screen on: keep the scorekeeper's screen on, with a toggle: the Wake Lock API, or a
//   tiny looping video where that API is missing;
// - local times: rewrite the server's UTC times in the phone's own time zone;
// - folded sections say whether they are open (aria-expanded on their summary), and one
//   opened by a tap scrolls into sight;
// - house rules: picking a preset shows its values, changing one makes them Custom, and
//   each box says at once what the server would refuse in it.
(function () {
  "use strict";

  var POLL_MS = 2000;
  var POLL_WAIT_MS = 5000;
  var root = document.documentElement;

  // One worker serves every language (sw.js), so choosing another one replaces nothing.
  //
  // A new worker (the app updated) takes over only when a page tells it to. The browser
  // stops the worker it replaces at once, with any page that worker is still fetching: a
  // game started just then could be saved while its page never came, and the form, sent
  // once, could not be sent again. So a page tells the new worker only while no form or
  // link is taking it away; the next page tells a worker this one could not.
  function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    var leaving = false;
    function left(event) { if (!event.defaultPrevented) leaving = true; }
    document.addEventListener("submit", left);
    document.addEventListener("click", function (event) {
      if (event.target.closest && event.target.closest("a[href]")) left(event);
    });
    function takeOver(registration) {
      if (registration.waiting && !leaving) registration.waiting.postMessage("take-over");
    }
    navigator.serviceWorker.register("/sw.js")
      .then(function (registration) {
        function whenInstalled(worker) {
          if (worker) worker.addEventListener("statechange", function () { takeOver(registration); });
        }
        whenInstalled(registration.installing);
        registration.addEventListener("updatefound", function () { whenInstalled(registration.installing); });
        takeOver(registration);
      })
      .catch(function () { /* the app works without */ });
  }

  // The service worker marks a page it had to serve from its cache: offline until the
  // server answers.
  var servedOffline = document.documentElement.hasAttribute("data-served-offline");
  var unreachable = servedOffline;

  function isOffline() {
    return unreachable || navigator.onLine === false;
  }

  // A form offline.js does not keep (an undo of a saved entry, a correction, a fix of
  // names) is not sent offline. Where the phone keeps entries, the banner that says
  // entries are paused is hidden (app.css), so the form itself says it was not sent.
  function notSent(form) {
    if (!root.classList.contains("queues-entries")) return;
    var said = form.previousElementSibling;
    if (!said || !said.hasAttribute("data-not-sent")) {
      said = document.createElement("p");
      said.className = "form-error";
      said.setAttribute("role", "alert");
      said.setAttribute("data-not-sent", "");
      form.insertAdjacentElement("beforebegin", said);
    }
    said.textContent = root.dataset.textNotSent || "";
  }

  function showConnection() {
    var banner = document.querySelector("[data-offline-banner]");
    if (!banner) return;
    // Every word shown comes from the page, in the page's language: data-text-* attributes.
    banner.textContent = root.dataset.textOffline || "";
    banner.hidden = !isOffline();
    root.classList.toggle("is-offline", isOffline());
    if (!isOffline()) {
      Array.prototype.forEach.call(document.querySelectorAll("[data-not-sent]"), function (said) { said.remove(); });
    }
    document.dispatchEvent(new CustomEvent("chicago:connection"));  // offline.js says what waits
  }

  // A page the service worker served from its cache is swapped for the server's once the
  // server answers, but not while offline.js sends what waits on this phone or says that
  // all is saved (a reload then would hide that), nor while someone is choosing (it would
  // drop the player they tapped): a later poll does it instead. Meanwhile the page no
  // longer says it is offline: the server answers.
  function setReachable(reachable) {
    unreachable = !reachable;
    showConnection();
    if (reachable && servedOffline && !root.classList.contains("holds-queue") &&
        !root.classList.contains("shows-saved") && !userIsChoosingOnThisPage()) {
      window.location.reload();
    }
  }

  function userIsChoosingOnThisPage() {
    var live = document.querySelector("[data-live-version]");
    return Boolean(live) && userIsChoosing(live);
  }

  function offlineBanner() {
    window.addEventListener("online", showConnection);
    window.addEventListener("offline", showConnection);
    showConnection();
    // The offline page, standing in for a page the phone could not reach: "Try again"
    // asks for that page, and so does the phone as soon as the server answers. It asks the
    // server for the offline page itself, which does nothing: the page it stands in for
    // may be a hand-over link. The service worker lets that fetch through to the network.
    // A form whose answer never came goes back to the page it was on instead, which
    // shows whether it arrived: sending the form again could do it twice. A tap carries
    // its page's key, which lets the server record it only once: that page's offline.js
    // takes it from here and sends it again.
    var tryAgain = document.querySelector("[data-try-again]");
    if (tryAgain && servedOffline) {
      var formPage = root.getAttribute("data-sent-from");
      if (formPage && root.hasAttribute("data-unsent-tap")) {
        var unsent = { page: formPage, form: root.getAttribute("data-unsent-tap") };
        try { window.localStorage.setItem("unsent-tap", JSON.stringify(unsent)); }
        catch (error) { /* no storage: the game's page shows whether it arrived */ }
      }
      tryAgain.href = formPage || window.location.href;
      (function retry() {
        fetch(tryAgain.getAttribute("data-try-again"), { cache: "no-store", credentials: "same-origin" })
          .then(function () { if (formPage) { window.location.replace(formPage); } else { window.location.reload(); } })
          .catch(function () { window.setTimeout(retry, POLL_MS); });
      })();
    }
    document.addEventListener("submit", function (event) {
      if (isOffline() && !event.defaultPrevented) {  // offline.js did not keep it
        event.preventDefault();
        showConnection();
        notSent(event.target);
      }
    });
  }

  // The server writes each <time datetime> in UTC, marked so; here it becomes the phone's
  // local time, in the page's language. A worker (local-times.js) writes the texts: a
  // page's first date format loads the browser's locale data, which on a slow phone would
  // hold up the page for a tenth of a second. The worker answers no texts for a browser
  // without the language's date words, and the page keeps its UTC text.
  var timeWriter = null;
  var waitingTimes = [];  // the worker answers in the order it was asked

  function localTimes(scope) {
    var times = (scope || document).querySelectorAll("time[datetime]");
    if (!times.length || !root.lang || !root.dataset.localTimes || !window.Worker) return;
    if (!timeWriter) {
      timeWriter = new Worker(root.dataset.localTimes);
      timeWriter.onmessage = function (event) {
        var asked = waitingTimes.shift();
        (event.data || []).forEach(function (text, index) {
          if (text) asked[index].textContent = text;
        });
      };
    }
    waitingTimes.push(times);
    timeWriter.postMessage({
      language: root.lang,
      moments: Array.prototype.map.call(times, function (time) { return time.getAttribute("datetime"); }),
    });
  }

  // Someone is choosing: a panel open, a player tapped on a step card, a box being typed
  // in. The names form's first dealer is checked from the start, folded away: not a choice.
  function userIsChoosing(live) {
    return Boolean(live.querySelector(".step-card input[type=radio]:checked, details[open]")) ||
      live.contains(document.activeElement) && document.activeElement.tagName === "INPUT";
  }

  // What has focus in the live area, told by its tag, what it says and where it leads.
  // Drawn anew, the area gives focus back to the one element like it, so that a keyboard
  // or a screen reader keeps its place through an update.
  function focusedIn(live) {
    var focused = document.activeElement;
    if (!focused || focused === live || !live.contains(focused)) return null;
    return {
      tag: focused.tagName, key: focusKey(focused), tabindex: focused.getAttribute("tabindex"),
      step: focused.closest(".step-card") ? stepAsked(live) : null,
    };
  }

  // The step the step card asks for, as its heading says it.
  function stepAsked(live) {
    var heading = live.querySelector(".step-card h2");
    return heading ? heading.textContent : null;
  }

  function focusKey(element) {
    return [element.textContent, element.getAttribute("href"), element.getAttribute("name"),
      element.getAttribute("value"), element.id].join("\u0000");
  }

  // With no element like it (another phone recorded the step whose heading had focus,
  // say), focus goes to where the screen starts, as after a tap, rather than falling to
  // the page's top. So it does from a step card that now asks for another step: its button
  // alike ("Flush") is the next step's, and the heading says which that is.
  function focusAgain(live, was) {
    if (!was) return;
    var alike = Array.prototype.filter.call(live.getElementsByTagName(was.tag), function (element) {
      return focusKey(element) === was.key;
    });
    if (alike.length !== 1 || (was.step !== null && stepAsked(live) !== was.step)) { focusStart(live); return; }
    // A heading focused after a tap was made focusable then; drawn anew, it is again.
    if (was.tabindex !== null && !alike[0].hasAttribute("tabindex")) alike[0].setAttribute("tabindex", was.tabindex);
    alike[0].focus({ preventScroll: true });
  }

  // Where a scoreboard drawn anew starts, for a keyboard and a screen reader: why the step
  // card refused a tap, if it did; else the card that asks what to do next (the next step,
  // or what to do with entries the server refused); else who won. Focus goes there after
  // a tap, and when what had it was drawn over.
  function startOf(scope) {
    return scope.querySelector(".step-card .form-error")
      || scope.querySelector(".conflict-card h2, .step-card h2")
      || scope.querySelector(".banner.winner");
  }

  function focusOn(element) {
    if (!element.hasAttribute("tabindex")) element.tabIndex = -1;
    element.focus({ preventScroll: true });
  }

  function focusStart(scope) {
    var start = startOf(scope);
    if (start) focusOn(start);
  }
  document.addEventListener("chicago:start", function () { focusStart(document); });  // offline.js

  // Screen readers hear the new scores, politely, after a live update, then the last
  // entry, which says what moved them, and who won once someone has: a line drawn with
  // the rest of the page is not read out by itself. Offline, the entry drawn on the phone
  // stands in for the server's, which is hidden.
  function announce(live) {
    var region = document.querySelector("[data-live-announcement]");
    if (!region) return;
    var scores = Array.prototype.map.call(live.querySelectorAll(".score-card"), function (card) {
      return card.querySelector(".player-name").textContent + " " + card.querySelector(".score").textContent;
    });
    var said = [
      (region.dataset.textScoresUpdated || "").replace("%(scores)s", scores.join(", ")),
    ];
    [".last-entry:not([hidden])", ".banner.winner"].forEach(function (selector) {
      var line = live.querySelector(selector);
      if (line) said.push(line.textContent.trim());
    });
    region.textContent = said.join(" ");
  }

  function liveUpdates() {
    var live = document.querySelector("[data-live-version]");
    if (!live || !window.fetch) return;
    // What shows and each page asked for in place, numbered in one order, so that a page
    // asked for before what shows is not drawn over it. On a slow link, a page may come
    // after a later one was drawn, or after the phone drew a tap made while it was on its
    // way (and saved meanwhile): either would be undrawn until the next page came.
    var numbered = 0;
    var shownAt = 0;
    // The phone's own drawing of a tap kept offline (offline.js) is announced alike.
    document.addEventListener("chicago:drawn", function () { shownAt = ++numbered; announce(live); });
    // Whether the service worker's copy of the page may be older than what shows: a page
    // came late, or the phone drew entries since saved. Then the page is fetched for the
    // copy even while someone is choosing, and left undrawn.
    var copyBehind = false;
    var versionUrl = live.getAttribute("data-live-url");
    var etag = null;

    // The server's page, asked for in place. Asked for as HTML, it is kept as the service
    // worker's copy too (sw.js). One asked for before what shows is older than it, and is
    // not the answer (null); the service worker kept it as its copy, so a later poll asks
    // again, as it does after a page the server did not give (an error, a busy server).
    function askForPage() {
      var asked = ++numbered;
      return fetch(window.location.pathname, { headers: { Accept: "text/html" }, credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          var older = asked < shownAt;
          if (html && !older) {
            copyBehind = false;
            return { html: html, asked: asked };
          }
          owesRefresh = true;
          if (html) copyBehind = true;
          return null;
        });
    }

    // While entries wait on this phone, the page shows them, not the server's game; while
    // someone is choosing (a panel open, a player tapped), the page is left as it is; and
    // a page older than what shows is not drawn over it. Whether the page was swapped for
    // the server's is the answer.
    function refresh(force) {
      function leftAsItIs() {
        return root.classList.contains("holds-queue") || (force !== true && userIsChoosing(live));
      }
      if (leftAsItIs()) return Promise.resolve(false);
      return askForPage().then(function (page) {
        if (!page || leftAsItIs()) return false;
        var fresh = new DOMParser().parseFromString(page.html, "text/html").querySelector("[data-live-version]");
        if (!fresh) return false;
        var focused = focusedIn(live);
        live.innerHTML = fresh.innerHTML;
        focusAgain(live, focused);
        live.setAttribute("data-live-version", fresh.getAttribute("data-live-version"));
        shownAt = page.asked;
        localTimes(live);
        announce(live);
        disclosureStates();
        document.dispatchEvent(new CustomEvent("chicago:refreshed"));
        return true;
      });
    }
    // offline.js asks for the server's page once nothing waits on the phone any more. After
    // all is saved, a player tapped meanwhile is kept, and the polls catch up once the tap
    // is done, the server's version being new. After the last waiting entry is undone the
    // version is the page's own, and no poll would: that one is drawn whatever is open.
    document.addEventListener("chicago:refresh", function (event) {
      askedToRefresh(Boolean(event.detail && event.detail.evenIfChoosing));
    });
    // One asked for while the server did not answer is owed: a later poll the server
    // answers draws it, though the version it answers may be the page's own (after every
    // waiting entry was undone offline, the server's undo and round log come back). By
    // then someone may be choosing, which it waits for, as any refresh does.
    var owesRefresh = false;
    function askedToRefresh(force) {
      owesRefresh = false;
      copyBehind = true;  // the phone drew the entries now saved; its copy is from before
      return refreshOrKeepCopy(force).catch(function () { owesRefresh = true; });
    }
    function payOwedRefresh() {
      owesRefresh = false;
      return refreshOrKeepCopy(false)
        .then(function (swapped) { owesRefresh = !swapped; })
        .catch(function () { owesRefresh = true; });
    }
    // A player tapped keeps the page as drawn, but the service worker's copy is to be at
    // least what shows: reloaded offline before the tap is done, the page would show an
    // older game than the phone did, and its next tap would be refused.
    function refreshOrKeepCopy(force) {
      return refresh(force).then(function (swapped) {
        if (swapped || !copyBehind || root.classList.contains("holds-queue")) return swapped;
        return askForPage().then(function () { return false; });
      });
    }

    // A server that never answers (a laptop asleep, a Wi-Fi that drops what it carries)
    // counts as unreachable once a poll has waited this long, as a refused one does at
    // once; and no poll starts while one waits for its answer.
    var polling = false;
    function poll() {
      if (document.hidden || polling) return;
      polling = true;
      var headers = etag ? { "If-None-Match": etag } : {};
      var deadline = new AbortController();
      var giveUp = window.setTimeout(function () { deadline.abort(); }, POLL_WAIT_MS);
      var settled = false;
      function answered() {  // once per poll, so a slow page cannot free a later poll's turn
        if (settled) return;
        settled = true;
        polling = false;
        window.clearTimeout(giveUp);
      }
      fetch(versionUrl, { headers: headers, cache: "no-cache", credentials: "same-origin", signal: deadline.signal })
        .then(function (response) {
          answered();  // the page it may fetch next does not hold up the next poll
          setReachable(true);
          // The game was deleted: its page now says so, rather than its last scores
          // standing as if it went on (entries waiting on this phone are offline.js's).
          if (response.status === 404 && !root.classList.contains("holds-queue")) {
            window.location.reload();
            return null;
          }
          if (owesRefresh) return payOwedRefresh().then(function () { return null; });
          if (response.status !== 200) return null;
          var tag = response.headers.get("ETag");
          return response.json().then(function (body) { return { body: body, tag: tag }; });
        })
        .then(function (answer) {
          // The version is taken as seen only once the page shows it: a page left as it
          // was (a panel open) asks again, and catches up once the panel is closed.
          if (!answer) return null;
          if (answer.body.version === live.getAttribute("data-live-version")) {
            etag = answer.tag;
            return null;
          }
          return refresh().then(function (swapped) { if (swapped) etag = answer.tag; });
        })
        .catch(function () { setReachable(false); })
        .then(answered);
    }

    window.setInterval(poll, POLL_MS);
    document.addEventListener("visibilitychange", poll);
  }

  // The screen-on fallback: a one-second clip that loops out of sight. Phones keep the
  // screen on while a video plays, where the Wake Lock API is missing (it needs a secure
  // context, which a plain http:// address on the Wi-Fi is not) or refused. WebM comes
  // first, for browsers without H.264; the MP4 is for Safari on iPhones.
  var SCRIPT_URL = document.currentScript ? document.currentScript.src : window.location.href;
  var KEEP_AWAKE_CLIPS = [
    { file: "keep-awake.webm", type: 'video/webm; codecs="vp8, opus"' },
    { file: "keep-awake.mp4", type: 'video/mp4; codecs="avc1.42E01E, mp4a.40.2"' },
  ];

  function canPlayKeepAwakeClip() {
    var probe = document.createElement("video");
    return KEEP_AWAKE_CLIPS.some(function (clip) { return probe.canPlayType(clip.type) !== ""; });
  }

  // Made only when needed. It is not muted, and its sound track is silence: Chromium keeps
  // the screen on for a small or unseen video only while it could be heard, and Safari on
  // iPhones not for a muted one at all. It sits off the screen, one pixel in size, rather
  // than display:none, which some browsers pause.
  function keepAwakeVideo() {
    var video = document.createElement("video");
    video.className = "keep-awake";
    video.loop = true;
    video.disableRemotePlayback = true;
    video.tabIndex = -1;
    video.setAttribute("playsinline", "");  // iPhones: play in the page, not full screen
    video.setAttribute("aria-hidden", "true");
    KEEP_AWAKE_CLIPS.forEach(function (clip) {
      var source = document.createElement("source");
      source.src = new URL(clip.file, SCRIPT_URL).href;
      source.type = clip.type;
      video.appendChild(source);
    });
    document.body.appendChild(video);
    return video;
  }

  function wakeLock() {
    var toggle = document.querySelector("[data-wake-lock]");
    if (!toggle) return;
    var hasApi = "wakeLock" in navigator;
    if (!hasApi && !canPlayKeepAwakeClip()) { toggle.hidden = true; return; }
    var lock = null;  // the Wake Lock API's sentinel, while it holds
    var requesting = false;
    var video = null;
    var wanted = window.localStorage.getItem("wake-lock") !== "off";

    function isOn() {
      return lock !== null || (video !== null && !video.paused);
    }
    function show() {
      var on = isOn();
      toggle.hidden = false;
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
      toggle.textContent = on ? toggle.dataset.textScreenStaysOn : toggle.dataset.textKeepScreenOn;
    }
    function playVideo() {
      if (!video) {
        video = keepAwakeVideo();
        video.addEventListener("playing", show);
        video.addEventListener("pause", show);
      }
      // Refused on a page not yet tapped: the next tap tries again (see below).
      video.play().then(show, show);
    }
    function acquire() {
      if (!wanted || isOn() || requesting || document.hidden) { show(); return; }
      if (!hasApi) { playVideo(); return; }
      requesting = true;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        requesting = false;
        if (!wanted) { sentinel.release(); return; }
        lock = sentinel;
        lock.addEventListener("release", function () { lock = null; show(); });
        show();
      }).catch(function () {
        // Refused (a battery saver, say): the clip may still keep the screen on.
        requesting = false;
        if (wanted) playVideo();
      });
    }
    function release() {
      if (lock) lock.release();
      if (video) video.pause();
      show();
    }
    toggle.addEventListener("click", function () {
      wanted = !isOn();
      window.localStorage.setItem("wake-lock", wanted ? "on" : "off");
      if (wanted) { acquire(); } else { release(); }
    });
    // A hidden page loses its wake lock, and the clip is paused to match; both come back
    // when the page shows again.
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) { acquire(); } else if (video) { video.pause(); }
    });
    // Browsers may refuse to start a video on a page nobody has tapped yet, such as the
    // fresh scoreboard after an entry: the next tap anywhere (choosing a player) starts it.
    document.addEventListener("click", function (event) {
      if (!toggle.contains(event.target)) acquire();
    }, true);
    acquire();
  }

  function disclosureStates() {
    Array.prototype.forEach.call(document.querySelectorAll("details > summary"), function (summary) {
      summary.setAttribute("aria-expanded", summary.parentNode.open ? "true" : "false");
    });
  }

  // A folded section opened by a tap shows what it holds: "Delete this game…", the last
  // card of the scoreboard, opened below the screen's edge with its "Yes" out of sight.
  // The page scrolls just enough, and never so far that the line tapped leaves the screen.
  var REVEAL_MARGIN_PX = 8;

  function revealOpened(details, summary) {
    if (!details.open) return;
    var below = details.getBoundingClientRect().bottom + REVEAL_MARGIN_PX - window.innerHeight;
    var roomAbove = summary.getBoundingClientRect().top - REVEAL_MARGIN_PX;
    if (below > 0 && roomAbove > 0) window.scrollBy(0, Math.min(below, roomAbove));
  }

  // "toggle" does not bubble, but it can be caught on its way down.
  function followDisclosures() {
    document.addEventListener("toggle", disclosureStates, true);
    disclosureStates();
    document.addEventListener("click", function (event) {
      var summary = event.target.closest ? event.target.closest("details > summary") : null;
      if (!summary) return;
      // After the tap's own work, which opens the section.
      window.requestAnimationFrame(function () { revealOpened(summary.parentNode, summary); });
    });
  }

  // A form is sent once. A second tap while its answer is on the way (a double tap, a
  // shaky finger) would come back refused, as a step "someone" recorded a moment ago, or
  // start a second game. A page the browser brings back (the back button) sends again.
  function sendOnce() {
    function noteSent() {
      try { window.sessionStorage.setItem(SENT_FORM, String(Date.now())); } catch (error) { /* none */ }
    }
    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (event.defaultPrevented || form.method !== "post") return;  // kept by offline.js
      if (form.hasAttribute("data-sent")) { event.preventDefault(); return; }
      form.setAttribute("data-sent", "");
      noteSent();
    });
    // offline.js reloads the page as a tap's answer: the waiting entries discarded, or
    // applied as corrections.
    document.addEventListener("chicago:sent", noteSent);
    window.addEventListener("pageshow", function (event) {
      if (!event.persisted) return;
      Array.prototype.forEach.call(document.querySelectorAll("form[data-sent]"), function (form) {
        form.removeAttribute("data-sent");
      });
    });
  }

  // After a tap the page is new: focus starts at its top, Tabs away from the next choice,
  // and a screen reader hears nothing of what the tap did (a message already on a page as
  // it loads is not read out). As for a tap kept offline (offline.js), the scores are
  // announced and focus starts at what the tap brought: its refusal or message, if any,
  // else the next step.
  var SENT_FORM = "sent-form";
  var SENT_FORM_MS = 30000;

  function startAfterTap() {
    var sentAt = 0;
    try {
      sentAt = Number(window.sessionStorage.getItem(SENT_FORM));
      window.sessionStorage.removeItem(SENT_FORM);
    } catch (error) { /* none */ }
    if (!sentAt || Date.now() - sentAt > SENT_FORM_MS) return;
    var brought = null;
    [".step-card .form-error, .step-card .field-error", "main .form-error", "main .refusal-summary", ".flash"]
      .forEach(function (selector) { brought = brought || document.querySelector(selector); });
    brought = brought || startOf(document) || document.querySelector("main .field-error");
    if (!brought || document.activeElement !== document.body) return;
    focusOn(brought);
    document.dispatchEvent(new CustomEvent("chicago:drawn"));
  }

  // A double tap's second touch comes a tenth of a second or two after the first, and by
  // then the tap's answer may be on the screen: the next page under the finger, or the
  // next step drawn offline, whose button at that spot would record the next step too.
  // So the next touch, if it comes at the spot of the one that sent a form within a
  // double tap's time, on this page or the next, is taken for that one's second touch and
  // goes nowhere. A key press has no spot and always counts, as does a touch on a page
  // scrolled since: the finger moved.
  var DOUBLE_TAP_MS = 500;
  var DOUBLE_TAP_PX = 40;
  var LAST_TAP = "last-tap";

  function dropSecondTouches() {
    var touched = null;  // the latest touch, by time and spot
    var sent = null;     // the touch that sent a form, if recent
    try { sent = JSON.parse(window.sessionStorage.getItem(LAST_TAP)); } catch (error) { /* none */ }
    document.addEventListener("click", function (event) {
      if (!event.detail) return;  // a key press
      var touch = { at: Date.now(), x: event.clientX, y: event.clientY, scrolled: window.scrollY };
      if (sent && touch.at - sent.at < DOUBLE_TAP_MS && touch.scrolled === sent.scrolled &&
        Math.abs(touch.x - sent.x) <= DOUBLE_TAP_PX && Math.abs(touch.y - sent.y) <= DOUBLE_TAP_PX) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      touched = touch;
      sent = null;  // another touch came between: the next ones are meant
    }, true);
    document.addEventListener("submit", function () {
      if (!touched || Date.now() - touched.at > DOUBLE_TAP_MS) return;
      sent = touched;
      try { window.sessionStorage.setItem(LAST_TAP, JSON.stringify(sent)); } catch (error) { /* none */ }
    }, true);
  }

  // The same checks as the rules core makes on submit, in the words the page gave each box.
  function houseRulesForm() {
    var rules = document.querySelector("[data-house-rules]");
    if (!rules) return;
    var custom = rules.querySelector("[data-custom-preset]");
    var note = rules.querySelector("[data-custom-note]");
    var boxes = rules.querySelectorAll("[data-setting]");

    function box(name) { return rules.querySelector("[data-setting='" + name + "']"); }
    // A box's number as the server reads it (WholeNumberField): digits alone, or blank
    // for none; NaN for anything else, "6-0", "1e2" or "60.0" alike.
    function number(name) {
      var text = box(name).value;
      if (text.trim() === "") return null;
      return /^[0-9]+$/.test(text) ? Number(text) : NaN;
    }
    // In the page's own digits, as the server writes its numbers ("६०" in Nepali).
    var digits = Array.from(rules.dataset.digits || "0123456789");
    function written(value) {
      return String(value).replace(/[0-9]/g, function (digit) { return digits[Number(digit)]; });
    }

    function outOfRange(input, value) {
      return !Number.isInteger(value) || value < Number(input.dataset.low) || value > Number(input.dataset.high);
    }

    function problem(input) {
      var name = input.getAttribute("data-setting");
      if (input.type === "checkbox") return "";
      var value = number(name);
      if (value === null) return "";
      if (outOfRange(input, value)) return input.dataset.textRange;
      // Compared with the target only once the target itself holds: a target typed half
      // way ("1" on the way to "100") is the target box's fault, not this one's.
      var target = number("target");
      var targetHolds = target !== null && !outOfRange(box("target"), target);
      if (input.dataset.textBelowTarget && targetHolds && value >= target) {
        return input.dataset.textBelowTarget.replace("%(target)s", written(target));
      }
      if (input.dataset.textChooseOne && box("chicago_failure_to_zero").checked &&
          value !== Number(input.dataset.standard)) {
        return input.dataset.textChooseOne;
      }
      return "";
    }

    function check() {
      Array.prototype.forEach.call(boxes, function (input) {
        var setting = input.closest(".setting");
        var message = problem(input);
        // What the server said is replaced by what is true of the box now.
        Array.prototype.forEach.call(setting.querySelectorAll(".field-error"), function (old) {
          old.remove();
        });
        var slot = setting.querySelector(".live-check");
        if (slot.textContent !== message) slot.textContent = message;
        if (message) { input.setAttribute("aria-invalid", "true"); } else { input.removeAttribute("aria-invalid"); }
      });
    }

    function show(values) {
      Array.prototype.forEach.call(boxes, function (input) {
        var value = values[input.getAttribute("data-setting")];
        if (input.type === "checkbox") { input.checked = Boolean(value); } else { input.value = value === null ? "" : value; }
      });
    }

    rules.addEventListener("change", function (event) {
      var values = event.target.getAttribute("data-values");
      if (values) {
        show(JSON.parse(values));
        note.textContent = "";
        check();
      }
    });
    function changed(event) {
      if (!event.target.hasAttribute("data-setting")) return;
      if (!custom.checked) {
        custom.checked = true;
        note.textContent = note.dataset.textCustom;
      }
      check();
    }
    rules.addEventListener("input", changed);
    rules.addEventListener("change", changed);
  }

  // Return in a new game's name box goes on to the next empty box, as a phone's keyboard
  // then says ("Next"), rather than starting a game of the names typed so far: a game
  // started short a player cannot be given one. Return in an empty box starts the game.
  function nameBoxesGoOn() {
    var seating = document.getElementById("seating");
    if (!seating) return;
    var boxes = Array.prototype.slice.call(seating.querySelectorAll("input[name^='players-']"));
    function nextEmpty(box) {
      if (box.value.trim() === "") return null;
      return boxes.slice(boxes.indexOf(box) + 1).filter(function (later) {
        return later.value.trim() === "";
      })[0] || null;
    }
    function sayWhatReturnDoes() {
      boxes.forEach(function (box) { box.setAttribute("enterkeyhint", nextEmpty(box) ? "next" : "go"); });
    }
    sayWhatReturnDoes();
    seating.addEventListener("input", sayWhatReturnDoes);
    seating.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.isComposing || boxes.indexOf(event.target) < 0) return;
      var next = nextEmpty(event.target);
      if (!next) return;
      event.preventDefault();
      next.focus();
    });
  }

  // The offline queue and the rules it checks entries by, only on the scorekeeper's phone
  // and only once the page is interactive: the first load stays small.
  function offlineScripts() {
    var data = document.querySelector("[data-offline]");
    if (!data || !window.indexedDB) return;
    JSON.parse(data.getAttribute("data-offline")).urls.scripts.forEach(function (address) {
      var script = document.createElement("script");
      script.src = address;
      script.async = false;  // in order: the rules, then the queue
      document.head.appendChild(script);
    });
  }

  // Keys that outlive a cookie: the session keeps the edit keys of a phone's 20 latest
  // games only, so the phone also keeps each game's hand-over address in its own storage,
  // and opens it again (quietly, with fetch) when a game it kept score for shows up
  // read-only. A key that no longer works is forgotten.
  function keepScorekeeping() {
    var live = document.querySelector("[data-live-version]");
    if (!live || !window.localStorage || !window.fetch) return;
    var name = "keeps-score:" + live.getAttribute("data-game");
    if (live.hasAttribute("data-keeps-score")) {  // this phone keeps score here
      window.localStorage.setItem(name, live.getAttribute("data-keeps-score"));
      return;
    }
    var address = window.localStorage.getItem(name);
    if (!address) return;
    fetch(address, { redirect: "manual", credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (response.type === "opaqueredirect") { window.location.reload(); return; }
        if (response.status === 403 || response.status === 404) window.localStorage.removeItem(name);
      })
      .catch(function () { /* offline: try again next time */ });
  }

  registerServiceWorker();
  keepScorekeeping();
  localTimes();
  dropSecondTouches();  // before offline.js, which keeps a step tapped offline
  offlineBanner();
  sendOnce();  // after the offline banner's hold on a form, which it must not count as sent
  liveUpdates();
  startAfterTap();  // after liveUpdates, which announces the scores
  wakeLock();
  followDisclosures();
  houseRulesForm();
  nameBoxesGoOn();
  if (document.readyState === "complete") { offlineScripts(); } else { window.addEventListener("load", offlineScripts); }
})();
