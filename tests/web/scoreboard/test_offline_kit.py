"""What the scorekeeper's page gives its phone for scoring offline: the game as it stands,
and a kit of step cards and words in the page's language."""

import json
import re
from pathlib import Path

import pytest

from bench.budgets import MAX_FIRST_LOAD_BYTES
from bench.payload import measure_payload, referenced_assets
from chicago_scorer.rules import PRESETS
from chicago_scorer.web.scoreboard.offline_words import PREDICTED_REFUSALS
from support.form_tokens import csrf_token
from support.table_forms import accepted, log_entries, offline_state, start_game, tap

LANGUAGES = ["en", "sv", "it", "et", "be", "uz", "ne"]


def body_of(client, url: str) -> bytes:
    with client.get(url) as response:  # a static file is streamed: close it
        assert response.status_code == 200, url
        return response.data


def test_the_scorekeepers_page_holds_the_game_as_it_stands(client):
    game_url = start_game(client, "Ann", "Bo", "Cy", dealer_row=1)
    tap(client, game_url, winner="Ann", hand="flush")

    state = offline_state(client.get(game_url).text)

    game_id = int(game_url.rsplit("/", 1)[1])
    api_game = client.get(f"/api/games/{game_id}").get_json()
    assert state["game"] == game_id
    assert state["events"] == len(api_game["events"]) == 1
    assert state["setup"] == {
        "players": ["Ann", "Bo", "Cy"],
        "first_dealer": 1,
        "rules": PRESETS["standard"].rules.settings() | {"score_floor": 0},
    }
    assert state["position"] == {
        "scores": [5, 0, 0],
        "round": 1,
        "step_index": 1,
        "dealer": 1,
        "round_seats": [0, 1, 2],
        "is_tiebreak": False,
        "winner_seat": None,
        "chicago_callers": [],
    }
    assert state["urls"]["events"] == f"/api/games/{game_id}/events"
    assert [url.split("?")[0] for url in state["urls"]["scripts"]] == [
        "/static/rules.js",
        "/static/offline.js",
    ]


def test_a_watchers_page_holds_no_offline_state(client, app):
    game_url = start_game(client, "Ann", "Bo")
    watcher = app.test_client()
    page = watcher.get(game_url).text
    assert "data-live-version" in page
    assert offline_state(page) is None


def test_the_kit_has_a_card_for_each_kind_of_step_with_every_player(client):
    game_url = start_game(client, "Ann", "Bo", "Cy")
    kit_url = offline_state(client.get(game_url).text)["urls"]["kit"]

    response = client.get(kit_url)

    assert response.status_code == 200
    assert "immutable" in response.headers["Cache-Control"]
    kit = response.get_json()
    hand, tricks = kit["cards"]["hand"], kit["cards"]["tricks"]
    for name in ("Ann", "Bo", "Cy"):
        assert f'name="winner" value="{name}"' in hand
        assert f'name="last_trick" value="{name}"' in tricks
        assert f'name="chicago" value="won:{name}"' in tricks
        assert f'name="chicago" value="lost:{name}"' in tricks
    assert 'name="hand" value="flush"' in hand
    assert " disabled" not in tricks  # the phone closes Chicago to whom the rules refuse it


def test_the_kits_address_changes_with_the_players_and_the_language(client):
    game_url = start_game(client, "Ann", "Bo")
    english = offline_state(client.get(game_url).text)["urls"]["kit"]
    client.get("/language/sv?next=" + game_url)
    swedish = offline_state(client.get(game_url).text)["urls"]["kit"]
    assert english != swedish
    assert client.get(swedish).get_json()["language"] == "sv"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_kit_speaks_the_pages_language_with_every_slot_kept(client, code):
    game_url = start_game(client, "Ann", "Bo")
    client.get(f"/language/{code}?next={game_url}")
    kit = client.get(offline_state(client.get(game_url).text)["urls"]["kit"]).get_json()
    words = kit["words"]

    assert kit["language"] == code
    assert len(words["digits"]) == 10
    # The phone says an English template as it is: only other languages carry words.
    assert set(words["refusals"]) == (set() if code == "en" else set(PREDICTED_REFUSALS))
    for template, translated in words["refusals"].items():
        assert sorted(re.findall(r"%\(\w+\)s", translated)) == sorted(
            re.findall(r"%\(\w+\)s", template)
        )
    # A form for each plural category a whole number can take in the language.
    assert words["waiting"] and all("%(num)s" in form for form in words["waiting"].values())
    assert all("%(1)s" in pattern for pattern in words["lists"].values())
    assert "%(4)s" in words["lists"]["4"]


# One entry of each kind, and how the phone says it from the kit (static/offline.js,
# entryWords): the name, the points it moved and the hand in the slots of its template.
EACH_KIND_OF_ENTRY = [
    ({"winner": "Ann", "hand": "straight_flush"}, ("hand", "Ann", 8, "straight_flush")),
    ({"winner": "Ann", "hand": "four_of_a_kind"}, ("hand", "Ann", 7, "four_of_a_kind")),
    ({"chicago": "won:Ann"}, ("chicago_won", "Ann", 15, None)),
    ({"outcome": "tie"}, ("tie", None, None, None)),
    ({"outcome": "none"}, ("none", None, None, None)),
    ({"winner": "Bo", "hand": "one_pair"}, ("hand", "Bo", 1, "one_pair")),
    ({"chicago": "lost:Ann"}, ("chicago_lost", "Ann", -15, None)),
    ({"winner": "Bo", "hand": "flush"}, ("hand", "Bo", 5, "flush")),
    ({"winner": "Ann", "hand": "two_pair"}, ("hand", "Ann", 2, "two_pair")),
    ({"outcome": "tie"}, ("tie", None, None, None)),
    ({"last_trick": "Bo"}, ("last_trick", "Bo", 5, None)),
]


def said_by_the_kit(words: dict, kind: str, name, points, hand) -> str:
    template = words["entry"][kind]
    digits = "".join(words["digits"][int(digit)] for digit in str(abs(points or 0)))
    values = {
        "name": name,
        "points": ("+" if (points or 0) >= 0 else "\u2212") + digits,
        "hand": hand and words["hands"][hand],
    }
    return re.sub(r"%\((\w+)\)s", lambda slot: values[slot.group(1)], template)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_kit_says_each_kind_of_entry_as_the_pages_round_log_does(client, code):
    """A phone offline draws its round log from the kit: it must read as the page's."""
    game_url = start_game(client, "Ann", "Bo")
    client.get(f"/language/{code}?next={game_url}")
    for fields, _ in EACH_KIND_OF_ENTRY:
        assert accepted(client, tap(client, game_url, **fields)), fields
    page = client.get(game_url).text
    words = client.get(offline_state(page)["urls"]["kit"]).get_json()["words"]

    said = [said_by_the_kit(words, *entry) for _, entry in reversed(EACH_KIND_OF_ENTRY)]

    assert log_entries(page) == said


def test_the_kit_has_words_for_every_refusal_the_predictor_can_make():
    source = (Path(__file__).parents[3] / "static" / "rules.js").read_text()
    literal = r'"(?:[^"\\]|\\.)*"'
    # Each sentence the predictor refuses with, or gives as the reason a Chicago is closed.
    calls = re.findall(rf"(?:refuse\(|template: )((?:{literal}\s*\+\s*)*{literal})", source)
    templates = {"".join(json.loads(part) for part in re.findall(literal, call)) for call in calls}
    templates |= {json.loads(re.search(rf"var UNREADABLE = ({literal});", source).group(1))}
    assert len(templates) == len(PREDICTED_REFUSALS)
    assert templates == set(PREDICTED_REFUSALS)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_scoreboard_with_all_it_loads_for_offline_use_stays_within_30_kb(make_app, code):
    """The first load's budget (docs/PERFORMANCE.md) holds even counting what the phone
    loads once the page is interactive: the rules, the queue and the kit, in its words.
    The page is measured as it is served, with its CSRF tokens. Its random parts (those
    tokens, the game's key) gzip cannot shrink, and they change its size by a few bytes
    from one load to the next."""
    client = make_app(WTF_CSRF_ENABLED=True).test_client()
    names = ["Anna-Karin Lindqvist-Johansson", "Björn", "Cy", "Dagmar"]
    fields = {f"players-{row}": name for row, name in enumerate(names)} | {"dealer": "0"}
    token = csrf_token(client.get("/").text)
    game_url = client.post("/games", data=fields | {"csrf_token": token}).headers["Location"]
    client.get(f"/language/{code}?next={game_url}")
    page = client.get(game_url).data
    assert b'name="csrf_token"' in page
    urls = referenced_assets(page.decode()) + offline_state(page.decode())["urls"]["scripts"]
    urls.append(offline_state(page.decode())["urls"]["kit"])
    files = {game_url: page} | {url: body_of(client, url) for url in urls}

    sizes = measure_payload(files).gzipped
    assert json.loads(files[urls[-1]])["language"] == code
    assert {url.split("?")[0] for url in sizes} >= {"/static/rules.js", "/static/offline.js"}
    assert sum(sizes.values()) <= MAX_FIRST_LOAD_BYTES, sizes
