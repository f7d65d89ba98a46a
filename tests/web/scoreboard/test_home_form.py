"""The new-game form's house rules: a changed value is never ignored, and a refusal
names the box as the page labels it."""

import re

import pytest

from chicago_scorer.rules import PRESETS, STANDARD_RULES
from support.table_forms import accepted, follow_refusal

NAMES = {"players-0": "Ann", "players-1": "Bo", "dealer": "0"}


def shown_on(page: str) -> str:
    """What the page says its boxes show, as the form sends it back."""
    return re.search(r'name="rules-shown" value="([^"]*)"', page).group(1)


def send(client, shown: str | None = None, **rules):
    data = NAMES | {f"rules-{name}": value for name, value in rules.items()}
    if shown is not None:
        data["rules-shown"] = shown
    return client.post("/games", data=data)


def rules_of(client, response) -> dict:
    assert accepted(client, response)
    return client.get(f"/api{response.headers['Location']}").get_json()["rules"]


def box(page: str, name: str) -> str:
    """A setting's box on the page, with what is said next to it."""
    pattern = rf'<div class="setting[^"]*">(?:(?!<div).)*?id="rules-{name}".*?</div>'
    return re.search(pattern, page, re.S).group(0)


def test_a_value_changed_under_the_standard_preset_plays_as_custom_rules(client):
    shown = shown_on(client.get("/").text)

    response = send(client, shown, preset="standard", target="60", chicago_min_score="15")

    assert rules_of(client, response) == STANDARD_RULES.settings() | {"target": 60}


def test_a_preset_picked_without_a_script_keeps_its_rules_when_no_box_was_changed(client):
    shown = shown_on(client.get("/").text)  # the standard values, as a page without a script shows

    response = send(client, shown, preset="royal_wins", target="52", exact_target="")

    assert rules_of(client, response) == PRESETS["royal_wins"].rules.settings()


def test_a_box_changed_under_another_preset_plays_that_preset_with_the_change(client):
    shown = shown_on(client.get("/").text)

    response = send(client, shown, preset="exact_52", target="60")

    assert rules_of(client, response) == STANDARD_RULES.settings() | {
        "exact_target": True,
        "target": 60,
    }


def test_a_refused_change_under_a_preset_comes_back_as_custom_and_says_so(client):
    shown = shown_on(client.get("/").text)

    page = follow_refusal(client, send(client, shown, preset="exact_52", target="10"), "/")

    assert re.search(r'value="custom" data-custom-preset\s+checked', page)
    assert "Custom rules: you changed a value." in page
    assert re.search(r'id="rules-exact_target"[^>]*checked', page)
    assert client.get("/api/games").get_json()["total"] == 0


@pytest.mark.parametrize(
    ("rules", "name", "message"),
    [
        ({"target": "10"}, "target", "Points to win: use a whole number from 30 to 200."),
        ({"points_flush": "500"}, "points_flush", "Flush: use a whole number from 0 to 200."),
        (
            {"target": "40", "chicago_min_score": "45"},
            "chicago_min_score",
            "Points needed to call Chicago: use a number below 40 (Points to win).",
        ),
        (
            {"exchange_stop": "60"},
            "exchange_stop",
            "No more exchanges from (blank: no reminder): use a number below 52 (Points to win).",
        ),
        (
            {"chicago_failure_to_zero": "y", "chicago_penalty": "10"},
            "chicago_penalty",
            "Chicago lost (points off): leave it at 15, or untick",
        ),
    ],
)
def test_a_refused_value_is_named_by_its_label_next_to_its_box(client, rules, name, message):
    page = follow_refusal(client, send(client, preset="custom", **rules), "/")

    assert message in box(page, name)
    assert f"&#39;{name}&#39;" not in page


def test_out_on_the_last_trick_with_tricks_worth_nothing_starts_a_game(client):
    """Hands can still bring a player to the target, and a +0 last trick then wins."""
    response = send(
        client,
        preset="custom",
        must_win_on_last_trick="y",
        last_trick_points="0",
        chicago_points="0",
    )

    assert accepted(client, response)
    rules = client.get("/api/games").get_json()["games"][0]["rules"]
    assert rules["must_win_on_last_trick"] is True
    assert (rules["last_trick_points"], rules["chicago_points"]) == (0, 0)


BLANK_OPTIONAL = {"deuce_last_trick_points": "", "exchange_stop": " "}


def test_a_box_left_blank_is_no_number_not_an_unreadable_one(client):
    # As the page sends a custom table: every box, the optional ones blank.
    rules = rules_of(client, send(client, preset="custom", target="60", **BLANK_OPTIONAL))

    assert rules["target"] == 60
    assert rules["deuce_last_trick_points"] is None and rules["exchange_stop"] is None


def test_every_value_out_of_range_is_flagged_at_once(client):
    page = follow_refusal(
        client,
        send(client, preset="custom", target="5", points_one_pair="x", chicago_points="999"),
        "/",
    )

    assert "Points to win: use a whole number from 30 to 200." in box(page, "target")
    assert "Chicago won: use a whole number from 0 to 200." in box(page, "chicago_points")
    assert "One pair: use a whole number from 0 to 200." in box(page, "points_one_pair")
    assert "Chicago won" not in box(page, "target")


@pytest.mark.parametrize("written", ["6_0", "+60", "６０", "٦٠", "60.0", " 60"])
def test_a_number_box_takes_its_digits_alone_as_the_api_does(client, written):
    page = follow_refusal(client, send(client, preset="custom", target=written), "/")

    assert "Points to win: use a whole number from 30 to 200." in box(page, "target")


@pytest.mark.parametrize("sent", ["banana", "on", "1", "false"])
def test_a_switch_is_on_only_as_the_page_sends_it_ticked(client, sent):
    page = follow_refusal(client, send(client, preset="custom", exact_target=sent), "/")

    assert (
        "Land exactly on the target; points past it are not scored: tick it or leave it "
        "empty, as the page does." in box(page, "exact_target")
    )


def test_a_switch_the_page_ticks_is_on(client):
    rules = rules_of(client, send(client, preset="custom", exact_target="y", target="60"))

    assert rules["exact_target"] is True


def test_the_refusals_are_listed_at_the_top_of_the_form_linking_to_their_boxes(client):
    page = follow_refusal(client, send(client, preset="custom", target="10"), "/")

    summary = re.search(r'<div class="refusal-summary".*?</div>', page, re.S).group(0)
    assert page.index("refusal-summary") < page.index('id="seating"')
    assert '<a href="#rules-target">Points to win: use a whole number' in summary
    assert re.search(r'<details class="house-rules" data-house-rules [^>]*\bopen>', page)


def test_the_api_still_names_its_settings(client):
    response = client.post(
        "/api/games",
        json={"players": ["Ann", "Bo"], "rules": {"target": 60, "chicago_min_score": 70}},
    )

    assert "set 'chicago_min_score' below the target" in response.get_json()["error"]


def test_each_preset_carries_its_values_for_the_page_to_show_when_picked(client):
    page = client.get("/").text

    values = re.search(r'value="deuce_trick" data-values="([^"]*)"', page).group(1)
    assert "&#34;last_trick_points&#34;:2" in values
    assert "&#34;exchange_stop&#34;:45" in values


def test_boxes_showing_the_picked_presets_values_are_no_change_to_it(client):
    custom_page_shows = shown_on(client.get("/").text).replace("52,", "70,", 1)
    standard_boxes = {"target": "52", "chicago_min_score": "15"}

    page = follow_refusal(
        client,
        client.post(
            "/games",
            data={"players-0": "Ann", "dealer": "0", "rules-preset": "standard"}
            | {"rules-shown": custom_page_shows}
            | {f"rules-{name}": value for name, value in standard_boxes.items()},
        ),
        "/",
    )

    assert re.search(r'value="standard" data-values="[^"]*" checked', page)
    assert re.search(r"data-custom-note[^>]*></p>", page)


def test_every_bad_name_is_flagged_by_its_box_at_once(client):
    names = {"players-0": "Ann", "players-1": "ann", "players-2": "Bo", "players-3": "bo"}

    page = follow_refusal(client, client.post("/games", data=names | {"dealer": "0"}), "/")

    summary = re.search(r'<div class="refusal-summary".*?</div>', page, re.S).group(0)
    assert "&#39;Ann&#39; and &#39;ann&#39; are the same name" in summary
    assert "&#39;Bo&#39; and &#39;bo&#39; are the same name" in summary


def test_bad_names_are_flagged_with_a_box_the_form_cannot_read(client):
    names = {"players-0": "Ann", "players-1": "ann", "dealer": "0"}

    page = follow_refusal(
        client,
        client.post("/games", data=names | {"rules-preset": "custom", "rules-target": "6-0"}),
        "/",
    )

    assert "Points to win: use a whole number from 30 to 200." in box(page, "target")
    summary = re.search(r'<div class="refusal-summary".*?</div>', page, re.S).group(0)
    assert '<a href="#players-1">&#39;Ann&#39; and &#39;ann&#39; are the same name' in summary
