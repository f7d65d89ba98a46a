"""A line of a game's players (the scoreboard's and the review's heading, the lists of
games), as the page writes it: each name, in its own <bdi>, in one box with its score and
the dot after it, every box but the last dotted (players_line.html)."""

from collections.abc import Iterable


def listed_players(seats: Iterable[tuple[str, object]]) -> str:
    """The HTML of the line for these (name, score) pairs, names as escaped."""
    return _line(f"<bdi>{name}</bdi>&nbsp;{score}" for name, score in seats)


def players_line(names: Iterable[str]) -> str:
    """The HTML of the line for these names, as escaped, without scores."""
    return _line(f"<bdi>{name}</bdi>" for name in names)


def _line(boxes: Iterable[str]) -> str:
    boxes = list(boxes)
    dotted = [f"{box}&nbsp;·" for box in boxes[:-1]] + boxes[-1:]
    return " ".join(f'<span class="name-phrase">{box}</span>' for box in dotted)
