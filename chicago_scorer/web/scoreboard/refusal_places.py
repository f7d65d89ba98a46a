"""The scoreboard's pages that show its refused forms (``web/refused_forms.py``)."""

from chicago_scorer.web.refused_forms import RefusalPlace

# The start page: a refused new game, with what was typed.
START_PAGE = RefusalPlace("home", "pages.home")
# The scoreboard, in its step card: a refused tap, undo, revoke or delete.
SCOREBOARD = RefusalPlace("scoreboard/{game_id}", "pages.scoreboard")
# An entry's card: a refused correction, with what was chosen.
ENTRY_CARD = RefusalPlace("scoreboard/{game_id}/entries/{number}", "correcting.entry")
# The scoreboard with the names' form open: a refused fix, with what was typed.
NAMES_FORM = RefusalPlace("scoreboard/{game_id}/players", "pages.scoreboard")
