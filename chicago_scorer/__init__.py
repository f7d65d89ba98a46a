"""Chicago Scorer: a phone-first scorekeeper for Swedish Chicago."""

from collections.abc import Mapping
from pathlib import Path

from flask import Flask

from chicago_scorer.config import config_from_environment, fill_instance_defaults
from chicago_scorer.extensions import csrf, db, migrate
from chicago_scorer.storage.database import configure_engine

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def create_app(config: Mapping[str, object] | None = None) -> Flask:
    """Build the app; ``config`` overrides the settings read from the environment."""
    app = Flask(
        __name__,
        instance_path=str(PROJECT_ROOT / "instance"),
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(config_from_environment())
    if config is not None:
        app.config.from_mapping(config)
    fill_instance_defaults(app.config, app.instance_path)
    app.json.sort_keys = False
    # Names as they are spelt ("Björn", not "Bj\\u00f6rn"): JSON is UTF-8 (RFC 8259), and a
    # Nepali or Belarusian name takes half the bytes.
    app.json.ensure_ascii = False
    register_extensions(app)
    register_url_converters(app)  # before the blueprints, whose rules name them
    register_blueprints(app)
    register_error_handlers(app)
    register_security(app)
    register_rate_limits(app)
    register_static_files(app)
    register_installable(app)
    register_template_helpers(app)
    register_commands(app)
    return app


def register_extensions(app: Flask) -> None:
    from chicago_scorer.web.platform.limits import register as register_limits
    from chicago_scorer.web.platform.readable_addresses import register as register_addresses
    from chicago_scorer.web.platform.readable_bodies import register as register_bodies
    from chicago_scorer.web.platform.request_origin import register as register_served_names
    from chicago_scorer.web.platform.unreadable_requests import register as register_unreadable

    # First: a request the server could not read, or that names another site, is refused
    # before anything reads it.
    register_unreadable(app)
    register_served_names(app)
    register_addresses(app)
    register_limits(app)
    register_bodies(app)
    db.init_app(app)
    migrate.init_app(app, db, directory=str(PROJECT_ROOT / "migrations"), render_as_batch=True)
    csrf.init_app(app)
    register_languages(app)
    with app.app_context():
        configure_engine(
            db.engine,
            lock_timeout=app.config["DATABASE_LOCK_TIMEOUT_SECONDS"],
            statement_timeout=app.config["DATABASE_STATEMENT_TIMEOUT_SECONDS"],
        )


def register_languages(app: Flask) -> None:
    from chicago_scorer.web.languages.choice import register

    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(PROJECT_ROOT / "translations"))
    register(app)


def register_url_converters(app: Flask) -> None:
    from chicago_scorer.web.history import player_addresses
    from chicago_scorer.web.platform import number_addresses

    player_addresses.register(app)
    number_addresses.register(app)


def register_blueprints(app: Flask) -> None:
    from chicago_scorer.web.api.all_games import api_all_games
    from chicago_scorer.web.api.routes import api
    from chicago_scorer.web.history.players import players
    from chicago_scorer.web.history.routes import history
    from chicago_scorer.web.scoreboard.correcting import correcting
    from chicago_scorer.web.scoreboard.live import live
    from chicago_scorer.web.scoreboard.offline import offline
    from chicago_scorer.web.scoreboard.routes import pages
    from chicago_scorer.web.scoreboard.sharing import sharing
    from chicago_scorer.web.settling.routes import settling
    from chicago_scorer.web.transfer.routes import transfer

    app.register_blueprint(pages)
    app.register_blueprint(correcting)
    app.register_blueprint(settling)
    app.register_blueprint(sharing)
    app.register_blueprint(live)
    app.register_blueprint(offline)
    app.register_blueprint(history)
    app.register_blueprint(players)
    app.register_blueprint(transfer)
    app.register_blueprint(api)
    app.register_blueprint(api_all_games)
    csrf.exempt(api)
    csrf.exempt(api_all_games)


def register_static_files(app: Flask) -> None:
    from chicago_scorer.web.platform.static_files import register

    register(app)


def register_installable(app: Flask) -> None:
    from chicago_scorer.web.platform.installable import register

    register(app)


def register_security(app: Flask) -> None:
    from chicago_scorer.web.platform.security import register

    register(app)


def register_rate_limits(app: Flask) -> None:
    # Once every blueprint is registered: the limits wrap the views they count.
    from chicago_scorer.web.platform.rate_limits import register

    register(app)


def register_error_handlers(app: Flask) -> None:
    from chicago_scorer.web.errors import register

    register(app)


def register_template_helpers(app: Flask) -> None:
    from chicago_scorer.web.csrf_input import register as register_csrf_input
    from chicago_scorer.web.languages.labels import register as register_labels
    from chicago_scorer.web.page_cache import register as register_template_url_for
    from chicago_scorer.web.player_names import register as register_player_names

    register_labels(app)
    register_player_names(app)
    register_csrf_input(app)
    register_template_url_for(app)


def register_commands(app: Flask) -> None:
    from chicago_scorer.cli import register

    register(app)
