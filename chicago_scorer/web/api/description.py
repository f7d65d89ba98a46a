"""The JSON API's OpenAPI 3.1 description; routes.py serves it beside the API it describes."""

import json
from functools import cache
from importlib.resources import files


@cache
def openapi_description() -> dict[str, object]:
    """The description kept in ``openapi.json``, read on first use rather than at import."""
    return json.loads(files(__package__).joinpath("openapi.json").read_text(encoding="utf-8"))
