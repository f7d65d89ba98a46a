"""Which addresses are the API's: they read and answer JSON, where pages read their forms
and answer HTML. The one rule that every refusal, and every check of a body, asks."""

from flask import request

API_PREFIX = "/api/"


def wants_json() -> bool:
    """API paths always answer in JSON; pages answer in HTML."""
    return request.path.startswith(API_PREFIX)
