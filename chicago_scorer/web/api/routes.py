"""The JSON API: parse the request, call one service, answer with JSON."""

from collections.abc import Callable, Collection

from flask import Blueprint, Response, current_app, request, url_for

from chicago_scorer.rules import RuleViolation
from chicago_scorer.rules.corrections import NothingToCorrect
from chicago_scorer.rules.errors import Message, quoted, sentence
from chicago_scorer.services import corrections, game_reads, games, showdowns
from chicago_scorer.services.errors import AlreadyCorrected
from chicago_scorer.services.game_answers import RepeatedEntry
from chicago_scorer.services.history import newest_games
from chicago_scorer.storage.summaries import listings_key
from chicago_scorer.web.api.bodies import json_object
from chicago_scorer.web.api.description import openapi_description
from chicago_scorer.web.api.game_json import game_body, listed_game_json, verdict_json
from chicago_scorer.web.api.headers import bearer_key, idempotency_key, if_match_versions
from chicago_scorer.web.api.refusals import MalformedRequest
from chicago_scorer.web.page_cache import cached_body
from chicago_scorer.web.platform.number_addresses import written_number
from chicago_scorer.web.platform.rate_limits import CREATING, SETTLING, limited_as
from chicago_scorer.web.platform.readable_bodies import has_body
from chicago_scorer.web.platform.security import (
    keep_out_of_caches,
    secret_rotation,
)

api = Blueprint("api", __name__, url_prefix="/api")

MAX_PAGE_SIZE = 100
CREATE_FIELDS = frozenset({"players", "dealer", "rules"})
FIX_FIELDS = frozenset({"players", "dealer"})
# Bodies each address takes, shown to a client that sent something other than an object.
PLAYERS_BODY = '{"players": ["Ann", "Bo"]}'
ENTRY_BODY = '{"round": 1, "step": "phase1", "outcome": "none"}'
HANDS_BODY = '{"hands": {"Ann": "As Ks Qs Js Ts", "Bo": "9h 9d 9c 2s 2d"}}'
EMPTY_BODY = "{}"


def _refuse_unknown_fields(
    body: dict[str, object], known: Collection[str], refusal: Callable[[str], Message]
) -> None:
    """Refuse a body with a field this address does not take, naming the first one (in
    the words ``refusal`` gives it, which say what the address does take)."""
    unknown = sorted(set(body) - set(known))
    if unknown:
        raise RuleViolation(refusal(quoted(unknown[0])))


def _read_unused_body() -> None:
    """Hold a body sent to an address that reads nothing from it to what every body is
    held to (sent as JSON, 415; within its cap, 413; UTF-8 and an object, 400), though
    what the object holds is not used. No body, whatever its type, passes."""
    if has_body():
        json_object(like=EMPTY_BODY)


def _etag(version: str) -> dict[str, str]:
    return {"ETag": f'"{version}"'}


def _query_int(name: str, default: int, low: int, high: int) -> int:
    raw = request.args.get(name, str(default))
    # As the app writes a number (no leading zero), in few enough digits for int().
    value = written_number(raw) if len(raw) <= 18 else None
    if value is None or not low <= value <= high:
        raise MalformedRequest(
            sentence(
                "'%(key)s' must be a whole number from %(low)s to %(high)s.",
                key=name,
                low=low,
                high=high,
            )
        )
    return value


@api.post("/games")
@limited_as(CREATING)
def create_game():
    """Start a game; the answer carries the edit key, shown only this once."""
    body = json_object(like=PLAYERS_BODY)
    _refuse_unknown_fields(
        body,
        CREATE_FIELDS,
        lambda field: sentence(
            "Unknown field %(field)s: a game takes 'players', 'dealer' and 'rules'.", field=field
        ),
    )
    created = games.create_game(body.get("players"), body.get("dealer"), body.get("rules"))
    keep_out_of_caches()
    location = url_for("api.get_game", game_id=created.game.id)
    body = game_body(created.game, edit_key=created.edit_key)
    return _json_answer(body, 201, {"Location": location})


@api.get("/games")
def list_games():
    """Games, newest first, a page at a time."""
    limit = _query_int("limit", 50, 1, MAX_PAGE_SIZE)
    offset = _query_int("offset", 0, 0, 10**9)
    listings = listings_key()
    body = cached_body(
        ("api-games", limit, offset),
        listings,
        lambda: (_listing_body(limit, offset), listings),
        in_a_language=False,
    )
    return _json_answer(body)


def _listing_body(limit: int, offset: int) -> bytes:
    games, total = newest_games(limit, offset)
    listing = {"games": [listed_game_json(game) for game in games], "total": total}
    return current_app.json.response(listing).get_data()


@api.get("/games/<int:game_id>")
def get_game(game_id: int):
    """One game with its events; 304 to a client that sends its ETag while it is current."""
    version = game_reads.game_log_version(game_id)
    if request.if_none_match.contains_weak(version):
        return current_app.response_class(status=304, headers=_etag(version))
    body = cached_body(
        ("api-game", game_id), version, lambda: _game_body(game_id), in_a_language=False
    )
    # The version read before the body: if the body is newer, a change sent with this
    # tag is refused (412) and the client reads the game again.
    return _json_answer(body, headers=_etag(version))


@api.patch("/games/<int:game_id>")
def fix_players(game_id: int):
    """Fix the players' names (in seating order) or the first dealer; needs the edit key."""
    body = json_object(like=PLAYERS_BODY)
    _refuse_unknown_fields(
        body,
        FIX_FIELDS,
        lambda field: sentence(
            "Unknown field %(field)s: a change takes 'players' and 'dealer'.", field=field
        ),
    )
    game = corrections.fix_players(
        game_id, bearer_key(), body.get("players"), body.get("dealer"), if_match_versions()
    )
    return _json_answer(game_body(game), headers=_etag(game.log_version))


@api.delete("/games/<int:game_id>")
def delete_game(game_id: int):
    """Delete the game and everything recorded in it; needs the edit key."""
    _read_unused_body()
    corrections.delete_game(game_id, bearer_key(), if_match_versions())
    return "", 204


def _game_body(game_id: int) -> tuple[bytes, str]:
    game = game_reads.load_logged_game(game_id)
    return game_body(game), game.log_version


def _json_answer(body: bytes, status: int = 200, headers: dict | None = None) -> Response:
    """An answer whose JSON is already encoded."""
    return current_app.response_class(body, status, headers, mimetype=current_app.json.mimetype)


@api.post("/games/<int:game_id>/events")
def record_event(game_id: int):
    """Record the next step, if the game is still at the version ``If-Match`` names;
    needs the game's edit key. Sent again with the same ``Idempotency-Key``, the entry is
    not recorded twice: the answer is the game (200)."""
    body = json_object(like=ENTRY_BODY)
    answer = games.record_event(
        game_id, bearer_key(), body, idempotency_key(), if_match_versions()
    )
    status = 200 if isinstance(answer, RepeatedEntry) else 201
    game = game_reads.load_logged_game(game_id)
    return _json_answer(game_body(game), status, _etag(game.log_version))


@api.put("/games/<int:game_id>/events/<int:number>")
def correct_entry(game_id: int, number: int):
    """Replace entry ``number`` (from 1), if every later entry still holds; needs the key.
    A correction the entry already says is answered with the game as it is, nothing
    added to its trail: a PUT sent again (its answer lost, even under the If-Match it
    was first sent with, or a waiting entry another phone had already recorded alike) is
    no error."""
    body = json_object(like=ENTRY_BODY)
    try:
        game = corrections.correct_entry(game_id, bearer_key(), number, body, if_match_versions())
    except (NothingToCorrect, AlreadyCorrected):
        game = game_reads.load_logged_game(game_id)
    return _json_answer(game_body(game), headers=_etag(game.log_version))


@api.delete("/games/<int:game_id>/events/last")
def undo_last_event(game_id: int):
    """Remove the newest event, if the game is still at the version ``If-Match`` names;
    needs the game's edit key."""
    _read_unused_body()
    game = games.undo_last_event(game_id, bearer_key(), expected_version=if_match_versions())
    return _json_answer(game_body(game), headers=_etag(game.log_version))


@api.post("/games/<int:game_id>/edit-key")
def rotate_edit_key(game_id: int):
    """Replace the edit key, if the game is still at the version ``If-Match`` names; every
    other holder of the old one loses the right to change."""
    _read_unused_body()
    new_key = games.rotate_edit_key(
        game_id, bearer_key(), secret_rotation(idempotency_key()), if_match_versions()
    )
    keep_out_of_caches()
    return {"edit_key": new_key}


@api.post("/settle")
@limited_as(SETTLING)
def settle_showdown():
    """Decide who wins a tie from each player's five cards."""
    body = json_object(like=HANDS_BODY)
    _refuse_unknown_fields(
        body,
        {"hands"},
        lambda field: sentence("Unknown field %(field)s: send only 'hands'.", field=field),
    )
    hands = body.get("hands")
    if not isinstance(hands, dict):
        raise RuleViolation(
            sentence(
                "Send 'hands' as an object of names and cards: %(example)s.",
                example='{"Ann": "As Ks Qs Js 10s", ...}',
            ),
            "hands",
        )
    return verdict_json(showdowns.settle_showdown(hands))


@api.get("/openapi.json")
def openapi():
    """The description of every endpoint, for clients and API tools."""
    return openapi_description()
