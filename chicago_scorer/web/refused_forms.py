"""Post, redirect, get, for refusals too.

A refused form is not answered with a page at the form's POST address, where a reload
would send it again and a language switch would meet a 405. Its answers and messages
wait in the session instead, and the redirect's page shows them once, where they belong.
Answers too long for the session's cookie are let go, never the messages (COOKIE_BUDGET).

Each page's view that takes a form is marked with the page its refused forms go back to
(``refusals_go_to``, beside the view in its own area). The view sends its own refusals
there (``send_back_refused``); the app's one handler (``web/errors.py``) sends there
those that stop a form before its view: an out-of-date page, the rate limit, a busy
database (``send_back_stopped``). The settlers and the import page answer their views' own
refusals on the page itself, but are sent back from those three too.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from flask import current_app, redirect, request, session, url_for
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response
from wtforms import Field, FormField

from chicago_scorer.rules import MAX_NAME_LENGTH
from chicago_scorer.web.languages.translation import lazy_gettext

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


def _fields(form: FlaskForm) -> Iterator[Field]:
    """Every field of a form, those of its sub-forms included, by their posted names."""
    for field in form:
        if isinstance(field, FormField):
            yield from _fields(field.form)
        else:
            yield field


def _redirect_refused(form: FlaskForm, page: str, location: str, *, keep_answers: bool = True):
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


@dataclass(frozen=True)
class RefusalPlace:
    """A page that shows refused forms: the name a refusal waits under in the session, and
    the endpoint of the page, each filled in with the refused view's arguments."""

    name: str  # such as "scoreboard/{game_id}"
    endpoint: str

    def named(self, **where: object) -> str:
        return self.name.format(**where)

    def address(self, **where: object) -> str:
        return url_for(self.endpoint, **where)


# What a form stopped by an out-of-date page did not do, unless its view's mark says
# otherwise: the scoreboard's forms recorded nothing.
OUT_OF_DATE = lazy_gettext(
    "This page was out of date, so nothing was recorded. Check the scores and tap again."
)


@dataclass(frozen=True)
class FormRefusals:
    """How a page's view answers the refusals of its form: the page they go back to, and
    the form a refusal stopped before the view is said on (``also`` puts on it what its
    page says besides); what an out-of-date page's form did not do, and whether that is
    answered in place, where the words say to open the page again (a reload of the page
    sent back to would only meet the same refusal)."""

    place: RefusalPlace
    form: type[FlaskForm]
    keep_answers: bool = True
    also: Callable[[FlaskForm], None] | None = None
    out_of_date: str = OUT_OF_DATE
    out_of_date_in_place: bool = False


def refusals_go_to(place: RefusalPlace, form: type[FlaskForm], **how) -> Callable:
    """Mark a page's view (just under its route) with how its form's refusals are
    answered (``FormRefusals``): the view's own (``send_back_refused``), and those that
    stop the form before it (``send_back_stopped``, and web/errors.py)."""

    def mark(view: Callable) -> Callable:
        view.form_refusals = FormRefusals(place, form, **how)
        return view

    return mark


def form_refusals() -> FormRefusals | None:
    """The mark of the view this request is for; None for a view that takes no page's
    form, such as the API's."""
    view = current_app.view_functions.get(request.endpoint or "")
    return getattr(view, "form_refusals", None)


def send_back_refused(form: FlaskForm, *, keep_answers: bool = True) -> Response:
    """The view's refused form, back to the page its view is marked with; with what was
    sent in it, unless the view or its mark says it is not worth showing again."""
    refusals = form_refusals()
    return send_refused_to(
        refusals.place,
        form,
        keep_answers=keep_answers and refusals.keep_answers,
        **(request.view_args or {}),
    )


def send_refused_to(
    place: RefusalPlace, form: FlaskForm, *, keep_answers: bool = True, **where: object
) -> Response:
    """A refused form, to ``place`` of ``where`` (such as the scoreboard of a game)."""
    return _redirect_refused(
        form, place.named(**where), place.address(**where), keep_answers=keep_answers
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


def send_back_stopped(message: str) -> Response | None:
    """A page's form stopped before its view (an out-of-date page, the rate limit, a busy
    database), back to the page its view is marked with (``refusals_go_to``), with
    ``message`` on an empty form of the view's; the answers sent come back with it, unless
    the mark says they cannot (no page can be given back a file it sent).

    None for any other request, answered where it was sent."""
    refusals = form_refusals() if request.method == "POST" else None
    if refusals is None:
        return None
    form = refusals.form(formdata=None)
    form.form_errors.append(message)
    if refusals.also is not None:
        refusals.also(form)
    return send_back_refused(form)
