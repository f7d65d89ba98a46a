"""Post, redirect, get, for refusals too.

A refused form is not answered with a page at the form's POST address, where a reload
would send it again and a language switch would meet a 405. Its answers and messages
wait in the session instead, and the redirect's page shows them once, where they belong.
Answers too long for the session's cookie are let go, never the messages (COOKIE_BUDGET).

The views send their own refusals back; ``send_back`` does it for those that stop a form
before its view (an out-of-date page, the rate limit, a busy database), which the app's
one handler answers (``web/errors.py``). The settlers and the import page answer their
views' own refusals on the page itself, but are sent back from the rate limit and a busy
database too.
"""

from collections.abc import Iterator
from typing import TypeVar

from flask import current_app, redirect, request, session, url_for
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response
from wtforms import Field, FormField

from chicago_scorer.rules import MAX_NAME_LENGTH
from chicago_scorer.web.scoreboard.correction_forms import CorrectionForm, FixPlayersForm
from chicago_scorer.web.scoreboard.forms import EntryForm, NewGameForm
from chicago_scorer.web.settling.forms import ShowdownForm
from chicago_scorer.web.transfer.forms import CHOOSE_A_FILE, ImportForm

F = TypeVar("F", bound=FlaskForm)

SESSION_KEY = "refused_form"
# The session is a cookie of about 4 KB that also holds the edit keys: keep what a person
# types in a box or picks on a card, not what was pasted. A name has at most 40
# characters, and a correction's choice names its field before the name it picks.
LONGEST_CHOICE = "last_trick_deuce="
KEPT_CHARACTERS = len(LONGEST_CHOICE) + MAX_NAME_LENGTH
NOT_KEPT = frozenset({"csrf_token"})
# Browsers drop a cookie of more than about 4 KB (werkzeug warns past 4,093 bytes), and
# with it the refusal it carries. Each box is cut short, but a form of many boxes each
# holding text a cookie writes six bytes a character for could still pass that: then the
# answers are let go, and every message is still said.
COOKIE_BUDGET = 3_800

# The names a refused new game and a refused import are kept under, for their pages.
HOME = "home"
IMPORT = "import"
# The forms that go back to the scoreboard when refused; a correction goes back to its
# entry's card, and a fix of the names to its open form.
SCOREBOARD_FORMS = frozenset(
    {
        "pages.record_entry",
        "pages.undo",
        "sharing.revoke",
        "correcting.delete_game",
    }
)


def _fields(form: FlaskForm) -> Iterator[Field]:
    """Every field of a form, those of its sub-forms included, by their posted names."""
    for field in form:
        if isinstance(field, FormField):
            yield from _fields(field.form)
        else:
            yield field


def redirect_refused(form: FlaskForm, page: str, location: str, *, keep_answers: bool = True):
    """Keep the refused form's messages (and answers) for ``page``, and go there."""
    # Only the form's own fields, each cut short: whatever else was posted stays out of
    # the cookie, so it cannot grow past what a browser keeps.
    known = {field.name for field in _fields(form)} - NOT_KEPT
    answers = [
        (name, value[:KEPT_CHARACTERS])
        for name, value in request.form.items(multi=True)
        if name in known
    ]
    session[SESSION_KEY] = {
        "page": page,
        "answers": answers if keep_answers else [],
        "form_errors": [str(message) for message in form.form_errors],
        "field_errors": {
            field.name: [str(message) for message in field.errors]
            for field in _fields(form)
            if field.errors
        },
    }
    if answers and _session_cookie_size() > COOKIE_BUDGET:
        session[SESSION_KEY] = session[SESSION_KEY] | {"answers": []}
    return redirect(location, 303)


def _session_cookie_size() -> int:
    """How long the session's cookie would be, as this response would set it."""
    serializer = current_app.session_interface.get_signing_serializer(current_app)
    return len(serializer.dumps(dict(session)))


def scoreboard_page(game_id: int) -> str:
    """The name a refused form of a game's scoreboard is kept under."""
    return f"scoreboard/{game_id}"


def correction_page(game_id: int, number: int) -> str:
    """The name a refused correction of an entry is kept under, for its card."""
    return f"{scoreboard_page(game_id)}/entries/{number}"


def fix_page(game_id: int) -> str:
    """The name a refused fix of the names or the first dealer is kept under."""
    return f"{scoreboard_page(game_id)}/players"


def settle_page(game_id: int | None) -> str:
    """The name a refused settle is kept under: the start page's settler's, or a game's."""
    return "settle" if game_id is None else f"{scoreboard_page(game_id)}/settle"


def back_to_scoreboard(game_id: int, form: FlaskForm, *, keep_answers: bool = True):
    """Show a refusal on the scoreboard it came from, at an address that can be reloaded."""
    return redirect_refused(
        form,
        scoreboard_page(game_id),
        url_for("pages.scoreboard", game_id=game_id),
        keep_answers=keep_answers,
    )


def restore_refused(form_class: type[F], page: str, **options) -> F | None:
    """The form refused on ``page``, with its answers and messages, once; else None."""
    held = session.get(SESSION_KEY)
    if not held or held.get("page") != page:
        return None
    session.pop(SESSION_KEY)
    form = form_class(formdata=MultiDict(held["answers"]), **options)
    form.form_errors.extend(held["form_errors"])
    for field in _fields(form):
        field.errors = list(held["field_errors"].get(field.name, ()))
    return form


def holds_refusal(page: str) -> bool:
    """Whether a refused form waits to be shown on ``page``."""
    held = session.get(SESSION_KEY)
    return bool(held) and held.get("page") == page


def send_back(message: str) -> Response | None:
    """A form stopped before its view, back to the page it belongs to with ``message``,
    as the views send back the refusals of the rules:
    - a new game to the start page, with what was typed;
    - a scoreboard's form to the scoreboard, in the step card;
    - a correction to its entry's card, with what was chosen;
    - a fix of the names to its form, open, with what was typed;
    - a settle to its picker, with the hands;
    - an import to its page, which asks for the file again (no page can be given back
      the file it sent).

    None for any other request, answered where it was sent."""
    if request.method != "POST":
        return None
    endpoint, where = request.endpoint, request.view_args or {}
    game_id = where.get("game_id")
    if endpoint == "pages.create_game":
        return redirect_refused(_with(NewGameForm, message), HOME, url_for("pages.home"))
    if endpoint in SCOREBOARD_FORMS:
        return back_to_scoreboard(game_id, _with(EntryForm, message))
    if endpoint == "correcting.correct_entry":
        card = url_for("correcting.entry", **where)
        page = correction_page(game_id, where["number"])
        return redirect_refused(_with(CorrectionForm, message), page, card)
    if endpoint == "correcting.fix_players":
        scoreboard = url_for("pages.scoreboard", game_id=game_id)
        return redirect_refused(_with(FixPlayersForm, message), fix_page(game_id), scoreboard)
    if endpoint in {"settling.standalone", "settling.in_game"}:
        picker = url_for(endpoint, **where)
        return redirect_refused(_with(ShowdownForm, message), settle_page(game_id), picker)
    if endpoint == "transfer.import_page":
        form = _with(ImportForm, message)
        form.file.errors = [str(CHOOSE_A_FILE)]
        return redirect_refused(form, IMPORT, url_for(endpoint), keep_answers=False)
    return None


def _with(form_class: type[F], message: str) -> F:
    """An empty form of ``form_class`` that says ``message``; redirect_refused keeps what
    was sent in it."""
    form = form_class(formdata=None)
    form.form_errors.append(message)
    return form
