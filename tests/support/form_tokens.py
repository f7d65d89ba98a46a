"""The CSRF token a page's forms carry, as a phone's browser would send it back."""

import re

TOKEN_FIELD = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def csrf_token(page: str) -> str:
    """The token of the first form on ``page``."""
    found = TOKEN_FIELD.search(page)
    assert found, "the page has no form with a CSRF token"
    return found.group(1)
