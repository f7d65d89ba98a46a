"""Names on the pages and in the API: refused where they could hide or pass for another,
and shown so that none can turn the text around it."""

import csv
import html
import io
import json
import re

import pytest

from chicago_scorer.rules.errors import sentence
from chicago_scorer.web.languages.wording import translate
from chicago_scorer.web.player_names import isolated_name_text, names_marked
from support.api_client import create_api_game
from support.game_lists import listed_players, players_line
from support.legacy_names import rename_as_stored_before
from support.table_forms import fix_fields, follow_refusal, start_game

FSI, PDI = "\u2068", "\u2069"
OVERRIDDEN_ANN = "\u202eAnn"

JSON = "application/json"


@pytest.fixture
def overridden_game(app, client):
    """Ann 12, Bo 5, Cy 3, with Ann's name stored, as an older game could, behind a
    right-to-left override that would turn the rest of its line around."""
    game = create_api_game(client, ("Ann", "Bo", "Cy"))
    game.win(1, "phase1", "Ann", "full_house")
    game.win(1, "phase2", "Bo", "flush")
    game.last_trick(1, "Ann")
    game.win(1, "phase3", "Cy", "three_of_a_kind")
    game.win(2, "phase1", "Ann", "one_pair")
    with app.app_context():
        rename_as_stored_before(game.id, "Ann", OVERRIDDEN_ANN)
    return game


def test_a_history_row_keeps_an_override_inside_its_name(overridden_game, client):
    page = client.get("/history").text

    row = re.search(
        r'<span class="game-players">\s*(.*?)\s*</span>\s*<span class="game-meta">', page, re.S
    ).group(1)
    assert row == listed_players([(OVERRIDDEN_ANN, 12), ("Bo", 5), ("Cy", 3)])


def test_the_scoreboard_title_isolates_each_name_it_holds(overridden_game, client):
    page = client.get(f"/games/{overridden_game.id}").text

    title = html.unescape(re.search(r"<title>(.*?)</title>", page, re.S).group(1))
    assert title == f"{FSI}{OVERRIDDEN_ANN}{PDI} · Bo · Cy · Chicago Scorer"
    assert f"{players_line([OVERRIDDEN_ANN, 'Bo', 'Cy'])}</h1>" in page


def test_the_round_log_and_review_isolate_the_name_in_each_entry(overridden_game, client):
    scoreboard = client.get(f"/games/{overridden_game.id}").text
    review = client.get(f"/games/{overridden_game.id}/review").text

    assert f"{FSI}{OVERRIDDEN_ANN}{PDI} +1 · one pair" in scoreboard
    assert f"<td>{FSI}{OVERRIDDEN_ANN}{PDI} +6 full house</td>" in review
    assert f'<span class="standing-name"><bdi>{OVERRIDDEN_ANN}</bdi>' in review


def test_the_chart_isolates_names_in_its_description_legend_and_table(overridden_game, client):
    review = client.get(f"/games/{overridden_game.id}/review").text

    description = re.search(r'<desc id="review-chart-desc">(.*?)</desc>', review, re.S).group(1)
    assert f"{FSI}{OVERRIDDEN_ANN}{PDI} 12" in html.unescape(description)
    assert f"</svg><bdi>{OVERRIDDEN_ANN}</bdi> <strong>12</strong>" in review
    assert f'<th scope="col"><bdi>{OVERRIDDEN_ANN}</bdi></th>' in review


def test_the_players_pages_isolate_names(overridden_game, client):
    listing = client.get("/players").text
    page = client.get(f"/players/{OVERRIDDEN_ANN}").text

    assert f"<bdi>{OVERRIDDEN_ANN}</bdi></a>" in listing
    assert f"<h1><bdi>{OVERRIDDEN_ANN}</bdi></h1>" in page
    title = html.unescape(re.search(r"<title>(.*?)</title>", page, re.S).group(1))
    assert title == f"{FSI}{OVERRIDDEN_ANN}{PDI} · Players · Chicago Scorer"


def test_a_name_written_left_to_right_needs_no_isolates_in_plain_text():
    assert isolated_name_text("Ann") == "Ann"
    assert isolated_name_text("\u05d3\u05d5\u05d3") == f"{FSI}\u05d3\u05d5\u05d3{PDI}"
    assert isolated_name_text(OVERRIDDEN_ANN) == f"{FSI}{OVERRIDDEN_ANN}{PDI}"


def test_the_players_page_finds_a_player_by_either_spelling_of_the_name(client):
    create_api_game(client, ("\u00c5sa", "Bo"))
    create_api_game(client, ("A\u030asa", "Cy"))

    listing = client.get("/players").text
    decomposed = client.get("/players/A\u030asa")

    assert listing.count("<bdi>\u00c5sa</bdi></a>") == 1
    assert '<h2 id="player-count">3 players</h2>' in listing
    assert decomposed.status_code == 200
    stats = client.get("/api/players/A\u030asa/stats").get_json()
    assert stats["games"] == 2


REPRODUCTIONS = [
    (["\u202eAnn", "Bo", "Cy"], "Player 1's name has an invisible character (U+202E)"),
    (["\u200b\u200b", "Bo"], "Player 1's name has an invisible character (U+200B)"),
    (["Bo", "\u3164"], "Player 2's name has an invisible character (U+3164)"),
    (["Bo", "\u2800"], "Player 2's name has an invisible character (U+2800)"),
    (["Ann", "An\u200bn"], "Player 2's name has an invisible character (U+200B)"),
    (["Ann", "\ufeffAnn"], "Player 2's name has an invisible character (U+FEFF)"),
    (["Ann", "\u0410nn"], "'Ann' and '\u0410nn' look alike"),
    (["Ann", "\uff21\uff4e\uff4e"], "'Ann' and '\uff21\uff4e\uff4e' are the same name"),
    (["\u00c5sa", "A\u030asa"], "'\u00c5sa' and '\u00c5sa' are the same name"),
    (["Bo", "Z" + "\u0316" * 39], "Player 2's name has 39 marks stacked on one letter"),
    (["A\u0308\u0308\u0308\u0308", "Bo"], "Player 1's name has 4 marks stacked on one letter"),
    (["Bo", "e\u0302\u0301\u0301\u0301"], "Player 2's name has 4 marks stacked on one letter"),
]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '{"players": ["Ann\\u0007", "Bo"]}',
            "Player 1's name has a control character or line break (U+0007); "
            "type it again with letters, digits and spaces.",
        ),
        (
            '{"players": ["Bo", "Ann\\ud800"]}',
            "Player 2's name has U+D800, half of a character whose other half is missing "
            "(an unpaired surrogate); type the name again.",
        ),
    ],
    ids=["a control character", "half of a surrogate pair"],
)
def test_the_api_names_the_character_a_name_may_not_hold(client, body, message):
    response = client.post("/api/games", data=body, content_type=JSON)

    assert response.status_code == 422
    assert response.get_json() == {"error": message}


@pytest.mark.parametrize(("players", "message"), REPRODUCTIONS)
def test_the_api_refuses_each_name_that_hides_or_passes_for_another(client, players, message):
    response = client.post("/api/games", json={"players": players})

    assert response.status_code == 422
    assert response.get_json()["error"].startswith(message)


@pytest.mark.parametrize(("players", "message"), REPRODUCTIONS)
def test_the_new_game_form_shows_why_a_name_is_refused(client, players, message):
    data = {f"players-{row}": name for row, name in enumerate(players)} | {"dealer": "0"}

    page = follow_refusal(client, client.post("/games", data=data), "/")

    assert message in html.unescape(page)


STACKED_A = "\u00c4\u0308\u0308\u0308"  # as stored after composing, before Ä's own mark counted


def test_a_game_stored_with_more_marks_than_a_name_may_now_hold_still_plays(app, client):
    game = create_api_game(client, ("Ann", "Bo"))
    game.win(1, "phase1", "Ann", "flush")
    with app.app_context():
        rename_as_stored_before(game.id, "Ann", STACKED_A)

    recorded = game.post(
        {"round": 1, "step": "phase2", "outcome": "win", "winner": STACKED_A, "hand": "one_pair"}
    )

    assert recorded.status_code == 201
    assert recorded.get_json()["players"] == [
        {"name": STACKED_A, "score": 6},
        {"name": "Bo", "score": 0},
    ]
    assert f"<bdi>{STACKED_A}</bdi>" in client.get(f"/games/{game.id}").text
    assert client.get(f"/api/players/{STACKED_A}/stats").get_json()["games"] == 1


def test_fixing_the_names_refuses_a_look_alike(client):
    game_url = start_game(client, "Ann", "Bo")
    fix = fix_fields(client.get(game_url).text) | {"players-1": "\u0410nn"}  # as typed

    page = follow_refusal(client, client.post(f"{game_url}/players", data=fix), game_url)

    assert "'Ann' and '\u0410nn' look alike" in html.unescape(page)


def import_document(*games: dict) -> bytes:
    return json.dumps({"format": "chicago-scorer/1", "games": list(games)}).encode()


IMPORTED = {
    "players": ["A\u030asa", "Bo"],
    "first_dealer": "Bo",
    "created_at": "2026-03-01T19:00:00+00:00",
    "updated_at": "2026-03-01T19:30:00+00:00",
    "events": [
        {"round": 1, "step": "phase1", "outcome": "win", "winner": "A\u030asa", "hand": "flush"}
    ],
}


def test_an_imported_name_is_kept_in_its_one_spelling(client):
    response = client.post("/api/import", data=import_document(IMPORTED), content_type=JSON)

    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["games"][0]["id"]
    game = client.get(f"/api/games/{game_id}").get_json()
    assert [player["name"] for player in game["players"]] == ["\u00c5sa", "Bo"]
    assert game["events"][0]["winner"] == "\u00c5sa"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann", "\u0410nn"], "Game 2 (Ann, \u0410nn): 'Ann' and '\u0410nn' look alike"),
        # A game is named by its players only while they read as names.
        (
            ["A\u0007nn", "Bo"],
            "Game 2: Player 1's name has a control character or line break (U+0007)",
        ),
    ],
)
def test_an_import_with_a_refused_name_says_which_game_and_imports_nothing(
    client, players, message
):
    refused = IMPORTED | {"players": players, "first_dealer": players[1], "events": []}

    response = client.post(
        "/api/import", data=import_document(IMPORTED, refused), content_type=JSON
    )

    assert response.status_code == 422
    assert message in response.get_json()["error"]
    assert client.get("/api/games").get_json()["total"] == 0


@pytest.mark.parametrize("start", ["\uff1d", "\uff0b", "\uff0d", "\uff20", "\ufe66"])
def test_a_name_starting_with_a_fullwidth_formula_sign_is_written_as_text_in_the_csv(
    client, start
):
    name = f"{start}cmd|' /C calc'!A0"
    game = create_api_game(client, (name, "Bo"))
    game.win(1, "phase1", name, "flush")

    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game.id}/export.csv").text)))

    assert rows[0][-2] == f"'{name}"
    assert rows[1][5] == f"'{name}"


def test_a_name_with_a_fullwidth_letter_first_is_left_as_it_is_in_the_csv(client):
    game = create_api_game(client, ("\uff21nn", "Bo"))

    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game.id}/export.csv").text)))

    assert rows[0][-2] == "\uff21nn"


def test_an_imported_trail_names_players_in_the_same_one_spelling(client):
    bjorn = "Bjo\u0308rn"
    renamed = IMPORTED | {
        "players": ["Ann", bjorn],
        "first_dealer": "Ann",
        "events": [],
        "changes": [
            {"what": "name", "was": "Bo", "now": bjorn, "at": "2026-03-01T19:10:00+00:00"}
        ],
    }
    document = json.dumps({"format": "chicago-scorer/2", "games": [renamed]}).encode()

    response = client.post("/api/import", data=document, content_type=JSON)

    assert response.status_code == 201, response.get_json()
    game = client.get(f"/api/games/{response.get_json()['games'][0]['id']}").get_json()
    assert [player["name"] for player in game["players"]] == ["Ann", "Bj\u00f6rn"]
    assert [(c["was"], c["now"]) for c in game["changes"]] == [("Bo", "Bj\u00f6rn")]


def test_a_refusal_keeps_a_name_from_turning_the_sentence_around(app):
    refusal = sentence(
        "%(name)s needs %(needed)s points to call Chicago and has %(score)s.",
        name=OVERRIDDEN_ANN,
        needed=15,
        score=12,
    )

    with app.test_request_context():
        said = translate(refusal)

    assert said == f"{FSI}{OVERRIDDEN_ANN}{PDI} needs 15 points to call Chicago and has 12."


def test_the_api_answers_names_as_they_are_spelt_in_utf8(client):
    players = ["Bj\u00f6rn", "\u0938\u0940\u0924\u093e", "\U0001f469\u200d\U0001f9b0"]

    created = client.post("/api/games", json={"players": players})
    listed = client.get("/api/games")

    for response in (created, listed):
        for name in players:
            assert json.dumps(name, ensure_ascii=False).encode() in response.data
        assert b"\\u" not in response.data


BARTHOLOMEW = "Bartholomew Featherstonehaugh"  # too long for a message's line


def in_message(shown: str) -> str:
    return f'<span class="name-in-message">{shown}</span>'


def test_a_long_name_in_a_message_is_put_in_a_bdi_and_a_short_one_left_as_it_is():
    message = f"Corrected Round 1 · Phase 1: {BARTHOLOMEW} +2 · two pair, was Ann +2 · two pair"

    marked = names_marked(message, [BARTHOLOMEW, "Ann"])

    assert marked == (
        f"Corrected Round 1 · Phase 1: {in_message(f'<bdi>{BARTHOLOMEW}</bdi>')} +2 · two "
        "pair, was Ann +2 · two pair"
    )


def test_a_long_name_keeps_the_punctuation_it_touches_on_its_line():
    message = f"'{BARTHOLOMEW}' and '{BARTHOLOMEW.lower()}' are the same name"

    marked = names_marked(message, [BARTHOLOMEW, BARTHOLOMEW.lower()])

    assert marked == (
        f"{in_message(f'&#39;<bdi>{BARTHOLOMEW}</bdi>&#39;')} and "
        f"{in_message(f'&#39;<bdi>{BARTHOLOMEW.lower()}</bdi>&#39;')} are the same name"
    )


def test_a_long_name_is_escaped_in_its_bdi():
    name = "<b>Ann & Bo</b> Lindqvist"

    assert (
        names_marked(f"{name}: 5 points", [name])
        == in_message("<bdi>&lt;b&gt;Ann &amp; Bo&lt;/b&gt; Lindqvist</bdi>:") + " 5 points"
    )


@pytest.mark.parametrize(
    "message",
    [f"{BARTHOLOMEW}s needs 15 points", f"{BARTHOLOMEW}\u0301 needs 15 points"],
    ids=["a letter goes on", "an accent goes on"],
)
def test_a_long_name_inside_a_longer_word_is_left_to_the_word(message):
    assert names_marked(message, [BARTHOLOMEW]) == message


def test_the_longest_of_two_names_that_start_alike_is_marked_whole():
    longer = f"{BARTHOLOMEW} III"

    marked = names_marked(f"{longer} and {BARTHOLOMEW}", [BARTHOLOMEW, longer])

    assert marked == (
        f"{in_message(f'<bdi>{longer}</bdi>')} and {in_message(f'<bdi>{BARTHOLOMEW}</bdi>')}"
    )


def test_a_long_names_isolates_in_a_message_become_its_bdi(app):
    name = "محمد عبد الرحمن الشريف"
    with app.test_request_context():
        message = translate(sentence("%(name)s needs 15 points.", name=name))

    assert message == f"{FSI}{name}{PDI} needs 15 points."
    assert names_marked(message, [name]) == f"{in_message(f'<bdi>{name}</bdi>')} needs 15 points."


def test_a_player_called_as_a_word_is_not_marked_in_the_words_of_a_message():
    message = "Removed: Round 2 · Phase 1, flush +5 · flush."

    assert names_marked(message, ["Round", "flush", "a"]) == message
