"""`flask address`: the address a phone on the same Wi-Fi should open."""

import socket
import subprocess

import click
from flask import Flask


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
    """Add the `address` and `seed-demo` commands."""
    from .demo import seed_demo_command

    app.cli.add_command(seed_demo_command)

    @app.cli.command("address")
    @click.option("--port", default=5000, show_default=True)
    def address(port: int) -> None:
        """Print the address to open on a phone on the same Wi-Fi."""
        addresses = local_addresses()
        if not addresses:
            click.echo(f"Serving on port {port}; open http://<this computer's address>:{port}")
            return
        click.echo("On a phone on the same Wi-Fi, open:")
        for found in addresses:
            click.echo(f"    http://{found}:{port}/")
