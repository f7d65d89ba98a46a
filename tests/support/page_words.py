"""A page's HTML as its messages read: without the ``<bdi>`` each name is wrapped in."""

import re

_NAME_MARKS = re.compile(r"</?bdi>")


def without_name_marks(page: str) -> str:
    """``page`` with each name's ``<bdi>`` taken out and its text left where it was, so
    that "Bo needs 15 points to call Chicago and has 0." is found in the message that
    puts Bo in a ``<bdi>`` (player_names.names_marked)."""
    return _NAME_MARKS.sub("", page)
