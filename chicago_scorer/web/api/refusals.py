"""The API's own refusals of what it is sent; their statuses are in ``web/refusal_statuses.py``."""

from chicago_scorer.rules.errors import Refusal


class MalformedRequest(Refusal):
    """The request cannot be read: a body not UTF-8, not JSON, or not a JSON object; or a
    query value or header the API reads that is not of its form."""


class BodyNotJson(Refusal):
    """A body that does not say it is JSON, sent to an address that reads only JSON."""
