"""A form's hidden CSRF input, written directly rather than by WTForms' widget.

WTForms writes an input's attributes with ``Markup.format``, which took as long as the
rest of a small template; the scorekeeper's page has three forms. The markup is the
same, and a form without CSRF (a watcher's page, or tests that turn it off) gets none.
"""

from flask import Flask
from flask_wtf import FlaskForm
from markupsafe import Markup, escape


def csrf_input(form: FlaskForm) -> Markup:
    """The form's hidden CSRF token input, as WTForms writes it; empty without CSRF."""
    if "csrf_token" not in form:
        return Markup()
    field = form["csrf_token"]
    return Markup(
        f'<input id="{escape(field.id)}" name="{escape(field.name)}" type="hidden"'
        f' value="{escape(field.current_token)}">'
    )


def register(app: Flask) -> None:
    """Let templates write ``{{ csrf_input(form) }}``."""
    app.jinja_env.globals["csrf_input"] = csrf_input
