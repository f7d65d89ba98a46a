"""`flask address`: the address a phone on the same Wi-Fi should open; `flask rebuild`:
replay every game and rewrite what it derives."""

import socket
import subprocess
import sys

import click
from flask import Flask
from flask.cli import with_appcontext

from chicago_scorer.storage import game_log, rebuild

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
    """Add the `address`, `rebuild` and `seed-demo` commands."""
    from chicago_scorer.services.demo import seed_demo_command

    app.cli.add_command(seed_demo_command)
    app.cli.add_command(rebuild_command)

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
            lambda games, total: click.echo(f"Rebuilt {games} of {total} games")
        )
    click.echo(f"Rebuilt {done.games} games; {done.disagreed} disagreed with what was stored.")
