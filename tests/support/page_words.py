"""A page's HTML as its messages read: without the marks around each long name."""

import re

_NAME_IN_MESSAGE = re.compile(
    r'<span class="name-in-message">([^<]*)<bdi>([^<]*)</bdi>([^<]*)</span>'
)


def without_name_marks(page: str) -> str:
    """``page`` with the box and ``<bdi>`` around each long name in a message taken out
    and their text left where it was (player_names.names_marked), so that a message is
    found as it reads."""
    return _NAME_IN_MESSAGE.sub(r"\1\2\3", page)
