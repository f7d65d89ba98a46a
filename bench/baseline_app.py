"""The least Flask app doing the same kinds of work as Chicago Scorer: the benchmark's yardstick.

    GET  /page         renders a trivial Jinja template as large as the app's scoreboard
    GET  /json         answers a JSON object as large as the app's game in the API
    POST /insert       inserts one row through Flask-SQLAlchemy and commits
    POST /insert-form  the same from a form post, answered 303 See Other to /page: with
                       that GET, the baseline of a scorekeeper's tap

It is served like the app (gunicorn, two workers, SQLite with WAL and the same
connection settings), so the app's numbers over these are what its own work costs.
The sizes come from the environment: ``BENCH_PAGE_BYTES`` and ``BENCH_JSON_BYTES``.
"""

import json
import os

import click
from flask import Flask, redirect, render_template, request, url_for
from flask_sqlalchemy import SQLAlchemy
from jinja2 import DictLoader, Environment
from sqlalchemy import JSON, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from chicago_scorer.storage.database import configure_engine

DEFAULT_PAGE_BYTES = 10_000
DEFAULT_JSON_BYTES = 2_000
PLAYERS = [{"name": "Ann", "score": 17}, {"name": "Bo", "score": 5}, {"name": "Cy", "score": 31}]

PAGE_FRAME = (
    '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>{{ title }}</title>'
    "</head>\n<body>\n<main>\n<h1>{{ title }}</h1>\n<ul>\n"
    "{% for row in rows %}<li>{{ row.name }}: {{ row.score }}</li>\n{% endfor %}</ul>\n"
    "{filler}</main>\n</body>\n</html>\n"
)
FILLER_SENTENCE = "<p>Static text that pads this page to the size of the scoreboard.</p>\n"


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)


class Row(db.Model):
    """One inserted row, about as wide as one recorded event."""

    __tablename__ = "rows"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    payload: Mapped[dict] = mapped_column(JSON)


def page_template(size: int) -> str:
    """A template whose page renders to ``size`` bytes, padded with static text."""
    frame = PAGE_FRAME.replace("{filler}", "")
    rendered = len(_render(frame).encode())
    missing = max(0, size - rendered)
    filler = (FILLER_SENTENCE * (missing // len(FILLER_SENTENCE) + 1))[:missing]
    return PAGE_FRAME.replace("{filler}", filler)


def _render(source: str) -> str:
    return Environment(autoescape=True).from_string(source).render(page_context())


def page_context() -> dict[str, object]:
    """What the page shows: a title and a few rows."""
    return {"title": "Baseline", "rows": PLAYERS}


def json_body(size: int) -> dict[str, object]:
    """A game-like object that serializes to about ``size`` bytes, compact as Flask sends it."""
    body: dict[str, object] = {"id": 1, "status": "in_progress", "players": PLAYERS, "events": []}
    number = 0
    while len(json.dumps(body, separators=(",", ":"))) < size:
        number += 1
        body["events"].append({"round": number, "step": "phase1", "outcome": "none"})
    return body


def create_app(config: dict[str, object] | None = None) -> Flask:
    """The baseline app; ``DATABASE_URL`` names its own SQLite file."""
    app = Flask(__name__)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=os.environ.get("DATABASE_URL", "sqlite://"),
        PAGE_BYTES=int(os.environ.get("BENCH_PAGE_BYTES", DEFAULT_PAGE_BYTES)),
        JSON_BYTES=int(os.environ.get("BENCH_JSON_BYTES", DEFAULT_JSON_BYTES)),
    )
    if config is not None:
        app.config.from_mapping(config)
    app.jinja_loader = DictLoader({"page.html": page_template(app.config["PAGE_BYTES"])})
    db.init_app(app)
    with app.app_context():
        configure_engine(db.engine)
    body = json_body(app.config["JSON_BYTES"])

    @app.get("/page")
    def page():
        return render_template("page.html", **page_context())

    @app.get("/json")
    def json_object():
        return body

    @app.post("/insert")
    def insert():
        data = request.get_json()
        row = Row(name=str(data.get("name", "")), payload=data)
        db.session.add(row)
        db.session.commit()
        return {"id": row.id}, 201

    @app.post("/insert-form")
    def insert_form():
        data = request.form.to_dict()
        row = Row(name=str(data.get("name", "")), payload=data)
        db.session.add(row)
        db.session.commit()
        return redirect(url_for("page"), 303)

    @app.cli.command("init-db")
    def init_db() -> None:
        """Create the one table."""
        db.create_all()
        click.echo("Created the baseline table.")

    return app
