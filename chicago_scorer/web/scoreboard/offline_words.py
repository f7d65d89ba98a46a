"""The offline kit's words: everything the scorekeeper's phone says about a step, a
refusal or its queue while it keeps scoring without a connection, in the page's language
(``offline.py`` sends them with the kit's step cards).

A sentence the phone fills in keeps its slots (``%(name)s``) for the phone to fill: it is
translated with them (``slotted_gettext``, ``slotted_ngettext``), and the translation
catalogs collect these calls as they do ``gettext`` (scripts/translations.py).
"""

from chicago_scorer.rules import Hand
from chicago_scorer.rules.events import STEP_ORDER
from chicago_scorer.rules.game import GameState
from chicago_scorer.web.languages.labels import STEP_LABELS, STEP_QUESTIONS
from chicago_scorer.web.languages.locales import format_number
from chicago_scorer.web.languages.translation import gettext, pgettext, response_language
from chicago_scorer.web.languages.wording import hand_words, in_a_list
from chicago_scorer.web.scoreboard.forms import CHOOSE_THE_HAND, CHOOSE_THE_WINNER

# The rules' refusals the predictor can meet, by their English template; the kit carries
# each in the page's language. The browser test checks that the predictor says nothing
# else.
PREDICTED_REFUSALS = (
    "Chicago is called before the tricks, at the tricks step.",
    "%(name)s is not playing this tiebreak round.",
    "%(name)s needs %(needed)s points to call Chicago and has %(score)s.",
    "%(name)s is not playing this tiebreak round; only %(players)s may score in it.",
    "This game's rules give no bonus for a last trick taken with a 2: leave out 'with_deuce'.",
    "The game is finished: %(winner)s won. Undo the last entry to reopen it.",
    "Round %(round)s · %(step)s is not the next step: Round %(next_round)s · %(next_step)s is. "
    "It may already be recorded; refresh to see the game.",
    "There is no player called %(name)s in this game; the players are %(players)s.",
    # Entries the step card never makes; the predictor answers them all with these.
    "An entry is an object with 'round', 'step' and its result.",
    "The %(step)s step does not take %(unknown)s; it takes %(allowed)s.",
)


def _placeholders(*names: str) -> dict[str, str]:
    """Each name as its own ``%(name)s``, so that a translated template keeps its slots."""
    return {name: f"%({name})s" for name in names}


def slotted_gettext(template: str, *names: str) -> str:
    """``template`` translated, its slots kept for the phone to fill; the translation
    catalogs collect these (scripts/translations.py)."""
    return gettext(template, **_placeholders(*names))


def slotted_ngettext(singular: str, plural: str, *names: str, **filled: str) -> dict[str, str]:
    """A counted sentence by CLDR plural category ("one", "few", "other"…), as the page's
    ``Intl.PluralRules`` names them; ``%(num)s`` and ``names`` stay slots, the values
    ``filled`` are filled in."""
    language = response_language()
    rule = language.locale.plural_form
    forms: dict[str, str] = {}
    for number in range(0, 200):
        category = rule(number)
        if category not in forms:
            translated = language.catalog.ungettext(singular, plural, number)
            forms[category] = translated % (_placeholders("num", *names) | filled)
    return forms


def _list_patterns() -> dict[str, str]:
    """How the page's language lists 1 to 4 names: slots ``%(1)s`` to ``%(4)s``."""
    return {
        str(count): in_a_list(f"%({slot})s" for slot in range(1, count + 1))
        for count in range(1, 5)
    }


def _refusal_words() -> dict[str, str]:
    """Each predicted refusal whose words differ from its English template; the phone
    says the template itself for the others, so an English kit carries none."""
    words = {}
    for template in PREDICTED_REFUSALS:
        slots = [part.split(")s", 1)[0] for part in template.split("%(")[1:]]
        said = gettext(template, **_placeholders(*slots))
        if said != template:
            words[template] = said
    return words


def kit_words(state: GameState) -> dict[str, object]:
    """Every word the offline scoreboard says about this game, in this response's language."""
    return {
        "digits": [format_number(digit) for digit in range(10)],
        "lists": _list_patterns(),
        "steps": {str(step): str(STEP_LABELS[step]) for step in STEP_ORDER},
        "questions": {str(step): str(STEP_QUESTIONS[step]) for step in STEP_ORDER},
        "hands": {str(hand): hand_words(hand) for hand in Hand},
        "heading": slotted_gettext(
            "Round %(number)s · %(step)s: %(question)s", "number", "step", "question"
        ),
        "round_info": slotted_gettext(
            "Round %(number)s · %(dealer)s deals, %(leader)s leads", "number", "dealer", "leader"
        ),
        # Translators: a badge beside a round's heading ("Tiebreak Round 2"): a word for a
        # tiebreak round would say "round" twice there.
        "tiebreak_badge": pgettext("badge beside a round's heading", "Tiebreak"),
        "deals": gettext("Deals"),
        "leads": gettext("Leads"),
        "sits_out": gettext("Sits out"),
        "tiebreak": slotted_gettext("Tiebreak: only %(names)s play this round.", "names"),
        "winner": slotted_ngettext(
            "%(name)s wins with %(num)s point!", "%(name)s wins with %(num)s points!", "name"
        ),
        "exchange_stop": slotted_ngettext(
            "No more exchanges for %(names)s: %(num)s point or more.",
            "No more exchanges for %(names)s: %(num)s points or more.",
            "names",
        ),
        "chicago_shut_out": slotted_ngettext(
            "%(names)s needs %(needed)s points to call Chicago.",
            "%(names)s need %(needed)s points to call Chicago.",
            "names",
            needed=format_number(state.setup.rules.chicago_min_score),
        ),
        "choose_winner": str(CHOOSE_THE_WINNER),
        "choose_hand": str(CHOOSE_THE_HAND),
        "entry": {
            "hand": slotted_gettext("%(name)s %(points)s · %(hand)s", "name", "points", "hand"),
            "tie": gettext("Tie · nobody scored"),
            "none": gettext("Nobody had a hand"),
            "last_trick": slotted_gettext("%(name)s %(points)s · last trick", "name", "points"),
            "chicago_won": slotted_gettext("%(name)s Chicago won %(points)s", "name", "points"),
            "chicago_lost": slotted_gettext("%(name)s Chicago lost %(points)s", "name", "points"),
        },
        # The line under the step that names the last entry (scoreboard.html).
        "last_entry": slotted_gettext("Last entry: %(entry)s.", "entry"),
        "undo": gettext("Undo last entry"),
        "undo_question": slotted_gettext(
            "Remove “Round %(number)s · %(step)s: %(entry)s”?", "number", "step", "entry"
        ),
        "undo_yes": gettext("Yes, undo it"),
        # Translators: the entry waited on the phone and was sent to the server (it is on its
        # way, or its answer never came), so the phone may not take it back.
        "undo_sending": gettext(
            "This entry was sent to the server, which may have recorded it, so it was not "
            "undone. Undo it once it is saved."
        ),
        "refusals": _refusal_words(),
        # Translators: one line above the scores on the scorekeeper's phone without a connection.
        "offline": gettext(
            "Offline: entries are kept on this phone until the connection is back."
        ),
        # Translators: entries tapped without a connection, kept on the phone for the server.
        "waiting": slotted_ngettext(
            "Not yet saved: %(num)s entry waiting", "Not yet saved: %(num)s entries waiting"
        ),
        # Translators: said once the server has every entry that waited on the phone.
        "all_saved": gettext("All saved"),
        # Translators: heading of the card shown when the server refuses a waiting entry.
        "conflict": gettext(
            "Not saved: the server refused an entry waiting on this phone. "
            "The game may have changed on another phone."
        ),
        # Translators: %(reason)s is the server's refusal, a sentence.
        "server_said": slotted_gettext("The server said: %(reason)s", "reason"),
        # Translators: said instead, once the server's game shows that another phone
        # recorded the step that waits first on this phone, like "Round 2 · Phase 1".
        "taken_first": slotted_gettext(
            "Another phone recorded Round %(number)s · %(step)s first.", "number", "step"
        ),
        # Translators: headings over the server's entries and the entries that wait on this phone.
        "on_server": gettext("On the server now"),
        "on_phone": gettext("Waiting on this phone"),
        # Translators: the two choices after a refusal: drop the waiting entries, or put them
        # in place of the server's entries for the same steps (as corrections, which keep
        # the old ones).
        "discard": gettext("Discard the waiting entries"),
        "apply": gettext("Apply them as corrections"),
        # Translators: said instead, once the server's game shows that another phone undid
        # entries the waiting ones follow; the step is the server's next, like
        # "Round 1 · Phase 1".
        "undone_before": slotted_gettext(
            "Another phone undid entries that the ones waiting here follow. The server's "
            "game is back at Round %(number)s · %(step)s.",
            "number",
            "step",
        ),
        # Translators: the choice, in that case, of keeping the waiting entries until the
        # steps before them are entered again on this phone.
        "enter_before": gettext("Keep them, enter the steps before"),
        # Translators: under the step's heading while entries are kept back; the step is the
        # first kept entry's, like "Round 1 · Phase 2".
        "held": slotted_ngettext(
            "%(num)s entry on this phone is for Round %(number)s · %(step)s. It is sent "
            "once the steps before it are entered.",
            "%(num)s entries on this phone start at Round %(number)s · %(step)s. They are "
            "sent once the steps before them are entered.",
            "number",
            "step",
        ),
    }
