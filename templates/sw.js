// Service worker: keeps the app shell and the last pages seen, so a reload on a flaky
// connection still shows the last scoreboard, and the scorekeeper's phone its waiting
// entries (offline.js keeps them); a form sent without a connection is refused, not lost.
"use strict";

// One worker and one cache for every language, the same script whichever language asks
// for it: choosing another language replaces no worker (see the message handler below).
// The shell's pages are fetched again once the pages come in another language.
const CACHE = "chicago-scorer-{{ asset_version }}";
const SHELL = {{ shell_urls|tojson }};
const SHELL_PAGES = {{ shell_pages|tojson }};
const OFFLINE_URL = "{{ url_for('installable.offline') }}";
// With no offline page kept, a form sent offline is refused in the phone's own language.
const OFFLINE_WORDS = {{ offline_words|tojson }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

// A page says its language in its headers. Once one comes in another language than the
// kept offline page's (another language chosen), the shell's pages are fetched again.
function languageOf(response) {
  return response && response.headers.get("Content-Language");
}

function shellSpeaksAsPages(page) {
  return caches.open(CACHE).then((cache) => cache.match(OFFLINE_URL).then((offline) => {
    if (!offline || languageOf(offline) === languageOf(page)) return null;
    return cache.addAll(SHELL_PAGES);
  })).catch(() => null);
}

function phoneLanguageWords() {
  const codes = (self.navigator.languages || []).flatMap((code) => [code, code.split("-")[0]]);
  const known = codes.find((code) => code in OFFLINE_WORDS);
  return OFFLINE_WORDS[known || "en"];
}

// A worker that replaces another (an update of the app) waits for a page to tell it to
// take over (app.js): the one it replaces is stopped at once, with whatever page it was
// fetching.
self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

// A new worker told to take over waits until the one it replaces has nothing in hand (a
// page still arriving counts), and the browser then stops that one at once, with any page
// it was about to hand on. Between a form's answer that leads on to a page (a 303) and
// that page, it has nothing in hand: so the form's fetch lasts until the page is asked of
// this worker, or a few seconds have passed.
const LEAD_ON_MS = 5000;
let pageAsked = () => {};

function untilItsPageIsAsked(answer) {
  if (answer.type !== "opaqueredirect") return null;
  return new Promise((done) => {
    pageAsked = done;
    setTimeout(done, LEAD_ON_MS);
  });
}

// The copies of the pages seen go on from the cache of the worker before (after an update
// of the app), so that a reload offline still finds the scoreboard. Only copies are moved:
// nothing is fetched, and no page is asked for again. The shell this worker fetched anew
// stays, as do the static files of its own version.
function carryPagesOn(oldName, cache) {
  return caches.open(oldName).then((old) => old.keys().then((requests) => Promise.all(requests
    .filter((request) => !new URL(request.url).pathname.startsWith("/static/"))
    .map((request) => cache.match(request).then((held) => held || old.match(request)
      .then((page) => page && cache.put(request, page)))))));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    Promise.all([caches.open(CACHE), caches.keys()])
      .then(([cache, names]) => Promise.all(names.filter((name) => name !== CACHE).map((name) => carryPagesOn(name, cache)
        .catch(() => null)
        .then(() => caches.delete(name)))))
      .then(() => self.clients.claim())
  );
});

// A page from the cache says so, so that its script shows the offline banner at once.
function markedOffline(cached) {
  return cached.text().then((html) => new Response(html.replace("<html ", "<html data-served-offline "), {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  }));
}

// A form whose answer never came: the offline page, in its reading for a tap that may or
// may not have arrived, marked with the page the form was on (app.js goes back there).
// A step card's tap carries its page's key, under which the server records it at most
// once: the page keeps it too, and the game's page sends it again (offline.js).
function offlineRefusal(request, sent) {
  const from = new URL(request.referrer || self.location.origin + "/");
  const back = from.origin === self.location.origin ? from.pathname + from.search : "/";
  const attribute = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const keyed = new URLSearchParams(sent).has("tap");
  const kept = keyed ? ` data-unsent="kept" data-unsent-tap="${attribute(sent)}"` : " data-unsent";
  const marks = `<html data-served-offline${kept} data-sent-from="${attribute(back)}" `;
  return caches.match(OFFLINE_URL)
    .then((page) => (page ? page.text() : null))
    .then((html) => new Response(html ? html.replace("<html ", marks) : phoneLanguageWords(), {
      status: 503,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    }));
}

// Offline, a page kept from before an update asks for its files as they were then (their
// address names the version): it gets them as they are now.
function sameFileNow(request) {
  return caches.match(request, { ignoreSearch: true }).then((now) => now || Response.error());
}

// What a form sent, if it is a form's fields; a file or anything else is not kept.
function formFields(request) {
  const type = request.headers.get("Content-Type") || "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return Promise.resolve("");
  return request.text().catch(() => "");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The offline queue (offline.js) sends its entries to the API itself, and hears of a
  // lost connection from the failed request.
  if (url.pathname.startsWith("/api/")) return;
  if (request.method !== "GET") {
    // An entry sent without a connection is answered with a refusal the player can see.
    const copy = request.clone();
    const answered = fetch(request);
    if (request.mode === "navigate") event.waitUntil(answered.then(untilItsPageIsAsked, () => null));
    event.respondWith(answered.catch(() => formFields(copy).then((sent) => offlineRefusal(request, sent))));
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then((cached) => cached || fetch(request).then((response) => {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
      return response;
    }).catch(() => sameFileNow(request))));
    return;
  }
  // A page loaded, or fetched to be drawn in place (app.js's refresh after all is saved,
  // or after another phone's change): its copy is kept, so that a reload offline shows
  // the game as last seen, not as the page first loaded had it.
  const isLoad = request.mode === "navigate";
  const isRefresh = !isLoad && request.headers.get("Accept") === "text/html";
  if (isLoad) pageAsked();
  if (isLoad || isRefresh) {
    const fetched = fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy));
        event.waitUntil(shellSpeaksAsPages(response));
      }
      return response;
    });
    // A refresh that fails is left to fail: app.js keeps the page it has. A load that
    // fails gets the page's copy, marked, or with none the offline page (app.js points
    // its "Try again" at the page asked for).
    event.respondWith(isRefresh ? fetched : fetched.catch(() => caches.match(request)
      .then((cached) => cached || caches.match(OFFLINE_URL))
      .then((page) => page && markedOffline(page))));
  }
});
