// Progressive enhancements for the scoreboard; every page works without them.
// - live updates: poll a cheap version check (answered 304 while nothing changed) and
//   swap in the fresh scoreboard;
// - offline: say that entries are paused and refuse them, so none is silently lost;
// - wake lock: keep the scorekeeper's screen on, with a toggle;
// - local times: rewrite the server's UTC times in the phone's own time zone.
(function () {
  "use strict";

  var POLL_MS = 2000;
  // Every word shown comes from the page, in the page's language: data-text-* attributes.
  var OFFLINE_MESSAGE = document.documentElement.dataset.textOffline || "";

  function registerServiceWorker() {
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(function () { /* the app works without */ });
    }
  }

  // The service worker marks a page it had to serve from its cache.
  var servedOffline = document.documentElement.hasAttribute("data-served-offline");
  var unreachable = false;

  function isOffline() {
    return servedOffline || unreachable || navigator.onLine === false;
  }

  function showConnection() {
    var banner = document.querySelector("[data-offline-banner]");
    if (!banner) return;
    banner.textContent = OFFLINE_MESSAGE;
    banner.hidden = !isOffline();
    document.documentElement.classList.toggle("is-offline", isOffline());
  }

  function setReachable(reachable) {
    if (reachable && servedOffline) { window.location.reload(); return; }
    unreachable = !reachable;
    showConnection();
  }

  function offlineBanner() {
    window.addEventListener("online", showConnection);
    window.addEventListener("offline", showConnection);
    showConnection();
    document.addEventListener("submit", function (event) {
      if (isOffline()) {
        event.preventDefault();
        showConnection();
      }
    });
  }

  // The server writes each <time datetime> in UTC, marked so; here it becomes the phone's
  // local time, medium date and short time like the server's, in the page's language.
  // A browser without that language's date words keeps the UTC text rather than mix in
  // another language.
  function localTimes(root) {
    var language = document.documentElement.lang;
    if (!language || !window.Intl || !Intl.DateTimeFormat.supportedLocalesOf([language]).length) return;
    var format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    Array.prototype.forEach.call((root || document).querySelectorAll("time[datetime]"), function (time) {
      var moment = new Date(time.getAttribute("datetime"));
      if (!isNaN(moment.getTime())) time.textContent = format.format(moment);
    });
  }

  function userIsChoosing(live) {
    return Boolean(live.querySelector("input[type=radio]:checked, details[open]")) ||
      live.contains(document.activeElement) && document.activeElement.tagName === "INPUT";
  }

  // Screen readers hear the new scores, politely, after a live update.
  function announce(live) {
    var region = document.querySelector("[data-live-announcement]");
    if (!region) return;
    var scores = Array.prototype.map.call(live.querySelectorAll(".score-card"), function (card) {
      return card.querySelector(".player-name").textContent + " " + card.querySelector(".score").textContent;
    });
    region.textContent = (region.dataset.textScoresUpdated || "").replace("%(scores)s", scores.join(", "));
  }

  function liveUpdates() {
    var live = document.querySelector("[data-live-version]");
    if (!live || !window.fetch) return;
    var versionUrl = live.getAttribute("data-live-url");
    var etag = null;

    function refresh() {
      return fetch(window.location.pathname, { headers: { Accept: "text/html" }, credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (!html || userIsChoosing(live)) return;
          var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-live-version]");
          if (fresh) {
            live.innerHTML = fresh.innerHTML;
            live.setAttribute("data-live-version", fresh.getAttribute("data-live-version"));
            localTimes(live);
            announce(live);
          }
        });
    }

    function poll() {
      if (document.hidden) return;
      var headers = etag ? { "If-None-Match": etag } : {};
      fetch(versionUrl, { headers: headers, cache: "no-cache", credentials: "same-origin" })
        .then(function (response) {
          setReachable(true);
          if (response.status !== 200) return null;
          etag = response.headers.get("ETag");
          return response.json();
        })
        .then(function (body) {
          if (body && body.version !== live.getAttribute("data-live-version")) return refresh();
        })
        .catch(function () { setReachable(false); });
    }

    window.setInterval(poll, POLL_MS);
    document.addEventListener("visibilitychange", poll);
  }

  function wakeLock() {
    var toggle = document.querySelector("[data-wake-lock]");
    if (!toggle) return;
    if (!("wakeLock" in navigator)) { toggle.hidden = true; return; }
    var lock = null;
    var wanted = window.localStorage.getItem("wake-lock") !== "off";

    function show() {
      toggle.hidden = false;
      toggle.setAttribute("aria-pressed", lock ? "true" : "false");
      toggle.textContent = lock ? toggle.dataset.textScreenStaysOn : toggle.dataset.textKeepScreenOn;
    }
    function acquire() {
      if (!wanted || lock || document.hidden) { show(); return; }
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        lock.addEventListener("release", function () { lock = null; show(); });
        show();
      }).catch(function () { lock = null; show(); });
    }
    toggle.addEventListener("click", function () {
      wanted = !lock;
      window.localStorage.setItem("wake-lock", wanted ? "on" : "off");
      if (lock) { lock.release(); } else { acquire(); }
    });
    document.addEventListener("visibilitychange", acquire);
    acquire();
  }

  registerServiceWorker();
  localTimes();
  offlineBanner();
  liveUpdates();
  wakeLock();
})();
