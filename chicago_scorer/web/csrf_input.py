"""A form's hidden CSRF input, written directly rather than by WTForms' widget.

WTForms writes an input's attributes with ``Markup.format``, which took as long as the
rest of a small template; the scorekeeper's page has several forms. The markup is the
same, and a form without CSRF (a watcher's page, or tests that turn it off) gets none.

A form that only confirms (undo, delete, a new key) needs nothing from WTForms on the page
but its token, which every form of a request shares: ``csrf_input()`` writes that one
without building a form object for it.
"""

from flask import Flask, current_app
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape


def csrf_input(form: FlaskForm | None = None) -> Markup:
    """The hidden CSRF token input of ``form``, or without a form the request's own, as
    WTForms writes it; empty without CSRF."""
    if form is None:
        config = current_app.config
        if not config.get("WTF_CSRF_ENABLED", True):
            return Markup()
        name = config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
        return _hidden_input(name, name, generate_csrf())
    if "csrf_token" not in form:
        return Markup()
    field = form["csrf_token"]
    return _hidden_input(field.id, field.name, field.current_token)


def _hidden_input(input_id: str, name: str, value: str) -> Markup:
    return Markup(
        f'<input id="{escape(input_id)}" name="{escape(name)}" type="hidden"'
        f' value="{escape(value)}">'
    )


def register(app: Flask) -> None:
    """Let templates write ``{{ csrf_input(form) }}``, or ``{{ csrf_input() }}``."""
    app.jinja_env.globals["csrf_input"] = csrf_input
