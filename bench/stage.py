"""The small database the run starts from, and the scoreboard's first load."""

import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from .api_calls import Client, CreatedGame, WriteProbe, create_game, create_games, record
from .event_sequences import endless_game, random_seating
from .payload import Payload, measure_payload, referenced_assets

SHOWN_GAME_EVENTS = 40  # about a whole game: what a scoreboard shows near the end
SHORT_GAME_EVENTS = 10
LONG_GAME_EVENTS = 200
PLAYERS = ("Ann", "Bo", "Cy", "Dee")


@dataclass(frozen=True)
class SmallDatabase:
    """What the first phase of the run needs from a database of ``size`` games."""

    shown_game: CreatedGame
    short_game: WriteProbe
    long_game: WriteProbe


def _game_at(port: int, entries: list[dict], recorded: int) -> WriteProbe:
    """A new game with ``recorded`` of the entries, and the legal entry that comes next."""
    client = Client(port)
    game = create_game(client, PLAYERS)
    record(client, game, entries[:recorded])
    return WriteProbe(game, entries[recorded])


def build_small_database(port: int, size: int, seed: int) -> SmallDatabase:
    """``size`` games: one to show, one of 10 and one of 200 events, and new empty ones."""
    rng = random.Random(seed)
    lengths = (SHOWN_GAME_EVENTS, SHORT_GAME_EVENTS, LONG_GAME_EVENTS)
    games = [(endless_game(rng, PLAYERS, length + 1), length) for length in lengths]
    with ThreadPoolExecutor(len(games)) as pool:
        shown, short, long = pool.map(lambda game: _game_at(port, *game), games)
    create_games(port, [random_seating(rng) for _ in range(max(0, size - len(games)))])
    return SmallDatabase(shown.game, short, long)


@dataclass(frozen=True)
class FirstLoad:
    """The scorekeeper's first load of the scoreboard, and the sizes the baseline copies."""

    payload: Payload
    watcher_page_bytes: int
    api_game_bytes: int


def measure_first_load(port: int, game: CreatedGame) -> FirstLoad:
    """Fetch the scoreboard as its scorekeeper's phone does, with every CSS and JS file.

    The phone becomes the scorekeeper through the hand-over link, which puts the edit
    key in its session: the scorekeeper's page, with the entry buttons, is the largest.
    """
    keeper = Client(port)
    handover = keeper.send("GET", f"/games/{game.id}/keep-score/{game.edit_key}", expect=303)
    keeper.cookie = handover.headers["Set-Cookie"].split(";", 1)[0]
    page = keeper.send("GET", f"/games/{game.id}", expect=200).body
    files = {f"/games/{game.id}": page}
    for url in referenced_assets(page.decode()):
        files[url] = keeper.send("GET", url, expect=200).body
    watcher = Client(port)
    watcher_page = watcher.send("GET", f"/games/{game.id}", expect=200).body
    api_game = watcher.send("GET", f"/api/games/{game.id}", expect=200).body
    return FirstLoad(measure_payload(files), len(watcher_page), len(api_game))
