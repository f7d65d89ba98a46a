"""A line of a list of games (the home page's recent games, the history), as the page
writes it: each player's name, in its own <bdi>, and score in one box, a dot after every
box but the last, and no break inside a box but in a long name (standings.html)."""

from collections.abc import Iterable


def listed_players(seats: Iterable[tuple[str, object]]) -> str:
    """The HTML of the players' line for these (name, score) pairs, names as escaped."""
    boxes = [f"<bdi>{name}</bdi>&nbsp;{score}" for name, score in seats]
    dotted = [f"{box}&nbsp;·" for box in boxes[:-1]] + boxes[-1:]
    return " ".join(f'<span class="name-and-score">{box}</span>' for box in dotted)
