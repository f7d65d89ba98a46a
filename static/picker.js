// The card picker: tap a player's box, then cards; cards held by others are disabled.
// Without JavaScript the text boxes alone do the same job.
(function () {
  "use strict";
  var grid = document.querySelector("[data-card-grid]");
  if (!grid) return;
  var inputs = Array.prototype.slice.call(document.querySelectorAll("[data-hand-input]"));
  var buttons = Array.prototype.slice.call(grid.querySelectorAll("[data-card]"));
  var HAND_SIZE = 5;
  var SUITS = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" };
  var active = inputs[0];
  // Counts are written in the page's language, digits included, like the numbers the server writes.
  var numberFormat = null;
  try {
    numberFormat = new Intl.NumberFormat(document.documentElement.lang || undefined);
  } catch (error) { /* plain digits then */ }

  function written(number) {
    return numberFormat ? numberFormat.format(number) : String(number);
  }

  function normalize(text) {
    var card = text.replace(/[\ufe0e\ufe0f]/g, "");
    var suit = card.slice(-1);
    var rank = card.slice(0, -1).toUpperCase();
    return (rank === "T" ? "10" : rank) + (SUITS[suit] || suit.toLowerCase());
  }

  function cardsOf(input) {
    return input.value.split(/[\s,]+/).filter(Boolean).map(normalize);
  }

  function refresh() {
    var holder = {};
    inputs.forEach(function (input) {
      cardsOf(input).forEach(function (card) { holder[card] = input; });
    });
    var full = cardsOf(active).length >= HAND_SIZE;
    buttons.forEach(function (button) {
      var owner = holder[button.dataset.card];
      button.setAttribute("aria-pressed", owner === active ? "true" : "false");
      button.disabled = Boolean(owner && owner !== active) || (!owner && full);
    });
    inputs.forEach(function (input) {
      var row = input.closest("[data-hand-row]");
      row.classList.toggle("is-active", input === active);
      var count = row.querySelector("[data-hand-count]");
      count.textContent = (count.dataset.textCount || "%(count)s/%(size)s")
        .replace("%(count)s", written(cardsOf(input).length))
        .replace("%(size)s", written(HAND_SIZE));
    });
  }

  function nextUnfilled() {
    var start = inputs.indexOf(active);
    for (var step = 1; step < inputs.length; step += 1) {
      var candidate = inputs[(start + step) % inputs.length];
      if (cardsOf(candidate).length < HAND_SIZE) return candidate;
    }
    return active;
  }

  inputs.forEach(function (input) {
    input.addEventListener("focus", function () { active = input; refresh(); });
    input.addEventListener("input", refresh);
    // Tapping the row, not the box, picks the player without opening the keyboard.
    input.closest("[data-hand-row]").addEventListener("click", function (event) {
      if (event.target === input || event.target.tagName === "INPUT") return;
      event.preventDefault();
      active = input;
      refresh();
    });
  });

  grid.addEventListener("click", function (event) {
    var button = event.target.closest("[data-card]");
    if (!button || button.disabled) return;
    var cards = cardsOf(active);
    var at = cards.indexOf(button.dataset.card);
    if (at >= 0) cards.splice(at, 1); else cards.push(button.dataset.card);
    active.value = cards.join(" ");
    if (cards.length === HAND_SIZE && inputs.length > 1) active = nextUnfilled();
    refresh();
  });

  grid.hidden = false;
  refresh();
})();
