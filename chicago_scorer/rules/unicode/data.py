"""Unicode's data files kept in this package (confusables.txt, extended_pictographic.txt):
each is read as its data lines, without the comments."""

from collections.abc import Iterator
from importlib.resources import files


def data_lines(filename: str) -> Iterator[str]:
    """The lines of a data file kept beside this module, but for blank and comment lines."""
    text = files(__package__).joinpath(filename).read_text(encoding="utf-8")
    return (line for line in text.splitlines() if line and not line.startswith("#"))
