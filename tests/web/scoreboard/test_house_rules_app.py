"""House rules in the app: chosen at creation, kept with the game, shown and obeyed."""

import re

import pytest

from chicago_scorer.rules import STANDARD_RULES
from support.api_client import create_api_game
from support.installations import another_installation
from support.table_forms import chicago_buttons, follow_refusal


def test_a_game_without_rules_plays_the_standard_ones_and_says_so(client):
    game = create_api_game(client, ["Ann", "Bo"])

    assert game.state()["rules"] == STANDARD_RULES.settings()


def test_a_preset_is_stored_with_the_game_in_full(client):
    game = create_api_game(client, ["Ann", "Bo"], rules={"preset": "exact_52"})

    rules = game.state()["rules"]
    assert rules == STANDARD_RULES.settings() | {"exact_target": True}


def test_custom_settings_keep_standard_values_for_what_is_left_out(client):
    game = create_api_game(
        client, ["Ann", "Bo"], rules={"target": 60, "hand_points": {"flush": 9}}
    )

    rules = game.state()["rules"]
    assert rules["target"] == 60
    assert rules["hand_points"]["flush"] == 9
    assert rules["hand_points"]["royal_flush"] == 52
    assert rules["chicago_points"] == 15


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"colour": "red"}, ["colour"]),
        ({"preset": "backgammon"}, ["backgammon"]),
        ({"target": 10}, ["target", "30"]),
        ({"exact_target": "yes"}, ["exact_target", "true or false"]),
        ({"chicago_min_score": 60}, ["chicago_min_score"]),
        ({"chicago_failure_to_zero": True, "chicago_penalty": 10}, ["choose one"]),
        ("standard", ["object"]),
    ],
)
def test_bad_or_contradictory_rules_are_refused_at_creation(client, rules, words):
    response = client.post("/api/games", json={"players": ["Ann", "Bo"], "rules": rules})

    body = response.get_json()
    assert response.status_code == 422
    for word in words:
        assert word in body["error"]
    assert client.get("/api/games").get_json()["total"] == 0


def test_the_games_own_numbers_decide_the_points(client):
    game = create_api_game(
        client, ["Ann", "Bo"], rules={"hand_points": {"one_pair": 3}, "last_trick_points": 2}
    )

    game.win(1, "phase1", "Ann", "one_pair")
    game.nobody(1, "phase2")
    body = game.last_trick(1, "Bo")

    assert [player["score"] for player in body["players"]] == [3, 2]


def test_a_deuce_last_trick_scores_its_own_points_when_the_rules_have_them(client):
    game = create_api_game(client, ["Ann", "Bo"], rules={"preset": "deuce_trick"})
    game.nobody(1, "phase1")
    game.nobody(1, "phase2")

    body = game.record({"round": 1, "step": "tricks", "last_trick": "Bo", "with_deuce": True})

    assert body["events"][-1] == {
        "round": 1,
        "step": "tricks",
        "last_trick": "Bo",
        "with_deuce": True,
        "points": {"Bo": 4},
    }


def test_a_deuce_is_refused_when_the_rules_have_no_deuce_points(client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.nobody(1, "phase1")
    game.nobody(1, "phase2")

    response = game.post({"round": 1, "step": "tricks", "last_trick": "Bo", "with_deuce": True})

    assert response.status_code == 422
    assert "with_deuce" in response.get_json()["error"]


# --- the pages ---


def start_game(client, **rules):
    data = {"players-0": "Ann", "players-1": "Bo", "dealer": "0"}
    data |= {f"rules-{name}": value for name, value in rules.items()}
    response = client.post("/games", data=data)
    return response


def test_the_house_rules_section_is_folded_by_default_and_lists_the_presets(client):
    page = client.get("/").text

    section = re.search(r'<details class="house-rules"([^>]*)>', page)
    assert section and "open" not in section.group(1)
    for preset in (
        "standard",
        "exact_52",
        "last_trick_out",
        "royal_wins",
        "deuce_trick",
        "custom",
    ):
        assert f'name="rules-preset" value="{preset}"' in page


def test_choosing_a_preset_on_the_form_makes_the_game_play_by_it(client):
    game_url = start_game(client, preset="royal_wins").headers["Location"]

    rules = client.get(f"/api{game_url}").get_json()["rules"]
    page = client.get(game_url).text

    assert rules["royal_flush_wins"] and rules["chicago_failure_to_zero"]
    assert "House rules:" in page
    assert "A royal flush wins at once" in page
    assert "A lost Chicago goes back to 0" in page


def test_custom_rules_on_the_form_change_only_the_settings_changed(app, client):
    game_url = start_game(
        client, preset="custom", target="60", points_flush="9", chicago_min_score="5"
    ).headers["Location"]

    rules = client.get(f"/api{game_url}").get_json()["rules"]
    page = client.get(game_url).text

    assert rules == STANDARD_RULES.settings() | {
        "target": 60,
        "chicago_min_score": 5,
        "hand_points": STANDARD_RULES.settings()["hand_points"] | {"flush": 9},
    }
    assert "60 to go" in app.test_client().get(game_url).text  # a watcher's score cards
    assert "Flush <small>+9</small>" in page


def test_a_refused_custom_setting_is_shown_next_to_it_and_no_game_is_made(client):
    response = start_game(client, preset="custom", target="60", chicago_min_score="70")

    page = follow_refusal(client, response, "/")
    setting = re.search(r'<input id="rules-chicago_min_score".*?</div>', page, re.S).group(0)
    assert "Points needed to call Chicago: use a number below 60 (Points to win)." in setting
    assert "chicago_min_score" not in setting.split(">", 1)[1].replace('"rules-chicago_min', "")
    assert client.get("/api/games").get_json()["total"] == 0


def test_every_contradiction_and_name_fault_of_a_new_game_is_shown_at_once(client):
    data = {"players-0": "Ann", "players-1": "ann", "dealer": "0"} | {
        "rules-preset": "custom",
        "rules-target": "40",
        "rules-chicago_min_score": "60",
        "rules-exchange_stop": "45",
        "rules-chicago_failure_to_zero": "y",
        "rules-chicago_penalty": "9",
    }

    page = follow_refusal(client, client.post("/games", data=data), "/")

    def box(name: str) -> str:
        return re.search(rf'<input id="{name}".*?</div>', page, re.S).group(0)

    assert "&#39;Ann&#39; and &#39;ann&#39; are the same name" in box("players-1")
    assert "use a number below 40 (Points to win)" in box("rules-chicago_min_score")
    assert "use a number below 40 (Points to win)" in box("rules-exchange_stop")
    assert "field-error" in box("rules-chicago_penalty")
    summary = re.search(r'<div class="refusal-summary".*?</div>', page, re.S).group(0)
    assert summary.count("<li>") == 4
    assert client.get("/api/games").get_json()["total"] == 0


def test_the_api_refuses_every_contradiction_of_the_rules_at_once(client):
    rules = {"target": 40, "chicago_min_score": 60, "exchange_stop": 45}

    response = client.post("/api/games", json={"players": ["Ann", "ann"], "rules": rules})

    error = response.get_json()["error"]
    assert response.status_code == 422
    for words in ["are the same name", "chicago_min_score", "exchange_stop"]:
        assert words in error


def test_the_chicago_buttons_use_the_games_minimum(client):
    game_url = start_game(client, preset="custom", chicago_min_score="2").headers["Location"]
    client.post(
        f"{game_url}/entries",
        data={"round": "1", "step": "phase1", "winner": "Ann", "hand": "two_pair"},
    )
    client.post(f"{game_url}/entries", data={"round": "1", "step": "phase2", "outcome": "none"})

    page = client.get(game_url).text

    assert chicago_buttons(page)["won:Ann"] and not chicago_buttons(page)["won:Bo"]
    assert "Bo needs 2 points to call Chicago." in page


def test_where_a_lost_chicago_goes_back_to_0_its_buttons_say_so(client):
    game_url = start_game(client, preset="royal_wins").headers["Location"]
    for step in ("phase1", "phase2"):
        client.post(
            f"{game_url}/entries",
            data={"round": "1", "step": step, "winner": "Ann", "hand": "straight_flush"},
        )

    page = client.get(game_url).text

    assert "<legend>Chicago lost: back to 0</legend>" in page
    assert 'aria-label="Ann: Chicago lost, back to 0"' in page
    assert "−15" not in page
    client.post(
        f"{game_url}/entries", data={"round": "1", "step": "tricks", "chicago": "lost:Ann"}
    )
    event = client.get(f"/api{game_url}").get_json()["events"][-1]
    assert event["points"] == {"Ann": -16}


def test_the_scorekeeper_is_reminded_who_may_no_longer_exchange(client):
    game_url = start_game(client, preset="custom", exchange_stop="5").headers["Location"]
    client.post(
        f"{game_url}/entries",
        data={"round": "1", "step": "phase1", "winner": "Bo", "hand": "flush"},
    )

    page = client.get(game_url).text

    assert "No more exchanges for Bo: 5 points or more." in page


def test_those_watching_are_reminded_who_may_no_longer_exchange_too(app, client):
    game_url = start_game(client, preset="custom", exchange_stop="5").headers["Location"]
    client.post(
        f"{game_url}/entries",
        data={"round": "1", "step": "phase1", "winner": "Bo", "hand": "flush"},
    )

    page = app.test_client().get(game_url).text

    assert "step-card" not in page  # a watcher's page
    assert (
        '<p class="banner reminder" role="status">No more exchanges for Bo: 5 points or more.'
        in page
    )


def test_the_deuce_button_records_a_last_trick_taken_with_a_2(client):
    game_url = start_game(client, preset="deuce_trick").headers["Location"]
    for step in ("phase1", "phase2"):
        client.post(f"{game_url}/entries", data={"round": "1", "step": step, "outcome": "none"})
    page = client.get(game_url).text

    response = client.post(
        f"{game_url}/entries", data={"round": "1", "step": "tricks", "last_trick_deuce": "Ann"}
    )

    assert 'value="Ann" class="secondary" aria-label="Ann with a 2 (+4)"' in page
    assert response.status_code == 303
    event = client.get(f"/api{game_url}").get_json()["events"][-1]
    assert event["with_deuce"] is True
    assert event["points"] == {"Ann": 4}


@pytest.fixture
def elsewhere(databases):
    """Another installation of the app, on a database of its own, to import into."""
    with another_installation(databases) as client:
        yield client


def test_export_and_import_keep_each_games_rules(client, elsewhere):
    game = create_api_game(client, ["Ann", "Bo"], rules={"preset": "exact_52"})
    game.win(1, "phase1", "Ann", "flush")
    exported = client.get(f"/games/{game.id}/export.json").get_json()

    imported = elsewhere.post("/api/import", json=exported)

    new_id = imported.get_json()["games"][0]["id"]
    copy = elsewhere.get(f"/api/games/{new_id}").get_json()
    assert imported.status_code == 201
    assert copy["rules"] == game.state()["rules"]
    assert copy["players"] == game.state()["players"]


def test_an_import_with_rules_it_does_not_know_is_refused_whole(client):
    game = create_api_game(client, ["Ann", "Bo"])
    exported = client.get(f"/games/{game.id}/export.json").get_json()
    exported["games"][0]["rules"] = {"target": 52, "jokers_wild": True}

    response = client.post("/api/import", json=exported)

    assert response.status_code == 422
    assert "jokers_wild" in response.get_json()["error"]
    assert client.get("/api/games").get_json()["total"] == 1


def test_an_export_from_before_house_rules_imports_as_standard(client, elsewhere):
    game = create_api_game(client, ["Ann", "Bo"])
    exported = client.get(f"/games/{game.id}/export.json").get_json()
    del exported["games"][0]["rules"]

    response = elsewhere.post("/api/import", json=exported)

    new_id = response.get_json()["games"][0]["id"]
    assert elsewhere.get(f"/api/games/{new_id}").get_json()["rules"] == STANDARD_RULES.settings()


def test_a_game_here_is_known_in_an_export_from_before_house_rules(client):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "flush")
    exported = client.get(f"/games/{game.id}/export.json").get_json()
    del exported["games"][0]["rules"]

    response = client.post("/api/import", json=exported)

    assert response.status_code == 200
    assert [here["id"] for here in response.get_json()["already_here"]] == [game.id]


def test_the_review_names_the_house_rules(client):
    game = create_api_game(client, ["Ann", "Bo"], rules={"preset": "last_trick_out"})

    page = client.get(f"/games/{game.id}/review").text

    assert "Win only with the last trick or a won Chicago" in page
