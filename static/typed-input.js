// A language chosen while typing a new game or a hand to settle: the switcher is a
// link, so the page comes again in the other language, and would come empty. What its
// forms hold goes along in this tab's storage, under the page the link comes back to,
// and fills the same boxes there once. It runs before app.js and picker.js, so that
// their scripts start from what it fills in (a preset chosen is not read as a box
// changed by hand). Every box goes, not only those changed: a refused form comes back
// holding what was typed, once, and the page in the other language would come without.
(function () {
  "use strict";

  var storage;
  try { storage = window.sessionStorage; storage.length; } catch (error) { return; }
  function pageKey(path) { var address = new URL(path, location.href); return "carried-input:" + address.pathname + address.search; }
  function boxes() {
    return Array.prototype.filter.call(document.querySelectorAll("main form input, main form select, main form textarea"), function (box) {
      return box.name && !/^(hidden|submit|button|file|password)$/.test(box.type);
    });
  }
  // Which box (the form it is sent to, its name, which choice) and what of it is kept.
  function keyOf(box) {
    var choice = /^(radio|checkbox)$/.test(box.type);
    return [box.form.getAttribute("action"), box.name, choice ? box.value : "", choice ? "checked" : "value"].join(" ");
  }
  var here = pageKey(location.href);
  var carried = JSON.parse(storage.getItem(here) || "{}");
  storage.removeItem(here);
  boxes().forEach(function (box) {
    var key = keyOf(box);
    var property = key.split(" ").pop();
    if (!(key in carried) || box[property] === carried[key]) return;
    box[property] = carried[key];
    var folded = box.closest("details");  // the house rules, folded away until changed
    if (folded) folded.open = true;
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".language-menu a");
    if (!link) return;
    var held = {};
    boxes().forEach(function (box) { var key = keyOf(box); held[key] = box[key.split(" ").pop()]; });
    try { storage.setItem(pageKey(new URL(link.href).searchParams.get("next") || "/"), JSON.stringify(held)); } catch (error) { /* full: the page comes empty */ }
  });
})();
