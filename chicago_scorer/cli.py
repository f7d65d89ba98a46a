"""`flask address`: the address a phone on the same Wi-Fi should open; `flask rebuild`:
replay every game and rewrite what it derives; `flask backup` and `flask restore`;
`flask import`: an export of any size; `flask seed-demo`: finished games for a demo."""

import contextlib
import random
import socket
import subprocess
import sys
import typing
from collections.abc import Callable
from pathlib import Path

import click
import flask_migrate
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy.exc import OperationalError

from chicago_scorer.extensions import db
from chicago_scorer.services.demo import seed_demo_games
from chicago_scorer.services.errors import ImportInterrupted, ImportMustWait, ImportRefused
from chicago_scorer.services.transfer.import_results import ImportResult
from chicago_scorer.services.transfer.importing import ImportStage, import_whole_file
from chicago_scorer.storage import backup, game_log, rebuild

# The addresses gunicorn binds to serve every network the machine is on.
EVERY_NETWORK = ("0.0.0.0", "::", "")


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses on its local networks, loopback left out."""
    try:
        output = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=2, check=True
        ).stdout
        candidates = output.split()
    except (OSError, subprocess.SubprocessError):
        try:
            candidates = socket.gethostbyname_ex(socket.gethostname())[2]
        except OSError:
            candidates = []
    return [address for address in candidates if "." in address and not address.startswith("127.")]


def register(app: Flask) -> None:
    """Add the `address`, `rebuild`, `backup`, `restore`, `import` and `seed-demo` commands."""
    app.cli.add_command(seed_demo_command)
    app.cli.add_command(rebuild_command)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
    app.cli.add_command(import_command)

    @app.cli.command("address")
    @click.option("--port", default=5000, show_default=True)
    @click.option("--host", default="0.0.0.0", show_default=True, help="The address served on.")
    def address(port: int, host: str) -> None:
        """Print the address to open on a phone on the same Wi-Fi."""
        if host not in EVERY_NETWORK:
            click.echo(f"Serving on http://{host}:{port}/ only; phones open the proxy's address.")
            return
        addresses = local_addresses()
        if not addresses:
            click.echo(f"Serving on port {port}; open http://<this computer's address>:{port}")
            return
        click.echo("On a phone on the same Wi-Fi, open:")
        for found in addresses:
            click.echo(f"    http://{found}:{port}/")


@click.command("seed-demo")
@with_appcontext
@click.option("--games", "count", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--seed", type=int, default=None, help="Make the same games every time.")
def seed_demo_command(count: int, seed: int | None) -> None:
    """Add realistic random finished games, played through the rules, for demos."""
    rng = random.Random(seed)
    with click.progressbar(length=count, label="Playing and storing games") as bar:
        seed_demo_games(count, rng, bar.update)
    click.echo(f"Added {count} finished demo games.")


@click.command("rebuild")
@click.option(
    "--if-stale",
    is_flag=True,
    help="Only if some game's stored copies are of another revision of the rules.",
)
@with_appcontext
def rebuild_command(if_stale: bool) -> None:
    """Replay every game and rewrite its folds, points and summaries; safe to run again."""
    if if_stale and not rebuild.has_stale_games():
        return
    if sys.stdout.isatty():
        total = game_log.count_games()
        with click.progressbar(length=total, label="Rebuilding games") as bar:
            done = rebuild.rebuild_all_games(lambda games, _total: bar.update(games - bar.pos))
    else:
        done = rebuild.rebuild_all_games(
            lambda games, total: click.echo(f"Rebuilt {games} of {_games(total)}")
        )
    click.echo(f"Rebuilt {_games(done.games)}; {done.disagreed} disagreed with what was stored.")


@click.command("backup")
@click.argument("path", type=click.Path(path_type=Path))
@with_appcontext
def backup_command(path: Path) -> None:
    """Write a consistent copy of the database to PATH (a new file, or a folder) while
    the app runs."""
    try:
        done = backup.back_up(current_app.config["SQLALCHEMY_DATABASE_URI"], path)
    except backup.BackupRefused as refusal:
        raise click.ClickException(str(refusal)) from None
    click.echo(f"Backed up {_games(done.games)} (schema {done.revision}) to {done.path}.")


@click.command("restore")
@click.argument("path", type=click.Path(path_type=Path))
@with_appcontext
def restore_command(path: Path) -> None:
    """Put the backup at PATH back in place of the database, with every game's id and
    edit key; the app must be stopped."""
    revisions = backup.schema_revisions(current_app.extensions["migrate"].directory)
    try:
        done = backup.restore(
            path, current_app.config["SQLALCHEMY_DATABASE_URI"], revisions, _brought_up_to_date
        )
    except backup.BackupRefused as refusal:
        raise click.ClickException(str(refusal)) from None
    click.echo(f"Restored {_games(done.games)} from {path}.")
    if done.revision_was != done.revision:
        click.echo(f"Its schema {done.revision_was} was brought up to {done.revision}.")
    if done.rebuilt:
        click.echo(f"Rebuilt {_games(done.rebuilt)} for this version's rules.")
    if done.replaced_kept_at is not None:
        click.echo(f"The database it replaced is kept at {done.replaced_kept_at}.")
    click.echo(
        "Start the app again. Phones keep score as before if the app keeps the secret key "
        "they signed in with (instance/secret_key, or SECRET_KEY)."
    )


@click.command("import")
@click.argument("path", type=click.File("rb"))
@with_appcontext
def import_command(path: typing.BinaryIO) -> None:
    """Import an export file of any size, such as every game of another installation:
    each game not already here is added, or, if any game breaks a rule, none is. Each
    added game's id, edit key, players and start are written to standard output, a line
    each (tab-separated); what it does, to standard error."""
    raw = path.read()
    try:
        with _import_progress() as progress:
            result = import_whole_file(raw, progress)
    except ImportInterrupted as stopped:
        _list_imported(stopped.result)
        raise click.ClickException(
            f"The database stayed busy: {_games(stopped.done)} of the file stored. "
            "Run the same import again to add the rest; games already here are left out."
        ) from None
    except OperationalError:
        raise click.ClickException(
            "The database stayed busy, so nothing was stored. Run the same import again."
        ) from None
    except ImportMustWait:
        raise click.ClickException(
            "Another import or export of every game is running: run this one again once "
            "it has ended."
        ) from None
    except ImportRefused as refusal:
        raise click.ClickException(str(refusal)) from None
    _list_imported(result)
    click.echo(_what_was_imported(len(result.imported), len(result.already_here)), err=True)


def _what_was_imported(imported: int, here: int) -> str:
    already_here = f"{_games(here)} {'was' if here == 1 else 'were'} already here"
    if not imported:
        if not here:
            return "No game was imported: the file holds none."
        return f"No game was imported: the file's {already_here}."
    if not here:
        return f"Imported {_games(imported)}."
    return f"Imported {_games(imported)}; {already_here}."


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def _import_progress() -> typing.ContextManager[Callable[[ImportStage, int, int], None]]:
    """What ``import_whole_file`` is told of its progress, shown on standard error: a bar
    for each stage in turn on a terminal, else a line for each part stored."""
    if sys.stderr.isatty():
        return contextlib.closing(_ImportBars())
    return contextlib.nullcontext(_stored_lines)


IMPORT_STAGES = {ImportStage.CHECKED: "Checking games", ImportStage.STORED: "Storing games"}


def _stored_lines(stage: ImportStage, games: int, total: int) -> None:
    if stage is ImportStage.STORED:
        click.echo(f"Stored {games} of {_games(total)}", err=True)


class _ImportBars:
    """A progress bar on standard error for each stage of an import, one after the other."""

    def __init__(self) -> None:
        self.stage: ImportStage | None = None
        self.bar: typing.Any = None

    def __call__(self, stage: ImportStage, games: int, total: int) -> None:
        if stage is not self.stage:
            self.close()
            self.stage = stage
            self.bar = click.progressbar(length=total, label=IMPORT_STAGES[stage], file=sys.stderr)
            self.bar.__enter__()
        self.bar.update(games - self.bar.pos)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def _list_imported(result: ImportResult) -> None:
    for game in result.imported:
        players = ", ".join(game.players)
        click.echo(f"{game.id}\t{game.edit_key}\t{players}\t{game.created_at.isoformat()}")


def _brought_up_to_date(database_url: str) -> int:
    """Migrate the database at ``database_url`` to the newest schema and rebuild what its
    games derive under other rules; how many games were rebuilt."""
    from chicago_scorer import create_app

    restored = create_app(
        {"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": current_app.config["SECRET_KEY"]}
    )
    with restored.app_context():
        try:
            flask_migrate.upgrade()
            return rebuild.rebuild_stale_games().games
        finally:
            db.session.remove()
            db.engine.dispose()
