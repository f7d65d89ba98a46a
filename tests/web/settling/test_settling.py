"""Settling ties from the cards: the API contract, cards on events, and the picker pages."""

import html
import re

import pytest

from chicago_scorer.services import game_reads
from support.api_client import create_api_game
from support.clashing_names import CLASHING_WITH_ANN
from support.table_forms import accepted


def settle(client, hands):
    return client.post("/api/settle", json={"hands": hands})


def test_the_best_hand_wins_its_points(client):
    response = settle(client, {"Ann": "As Ks Qs Js Ts", "Bo": "9h 9d 9c 2s 2d"})

    assert response.status_code == 200
    assert response.get_json() == {
        "winner": "Ann",
        "tied": [],
        "hand": "royal_flush",
        "points": 52,
        "hands": {"Ann": "royal_flush", "Bo": "full_house"},
        "explanation": "Ann wins: royal flush beats full house",
    }


def test_suits_typed_as_text_or_as_emoji_are_read_as_any_suit(client):
    response = settle(client, {"Ann": "A♠\ufe0e K♠ Q♠ J♠ T♠", "Bo": "9h 9d 9c 2s 2d\ufe0f"})

    assert response.status_code == 200
    assert response.get_json()["winner"] == "Ann"


def test_an_invisible_character_in_a_card_is_named_for_what_it_is(client):
    response = settle(client, {"Ann": "As Ks Qs Js 10s\u2060", "Bo": "9h 9d 9c 2s 2d"})

    assert response.status_code == 422
    assert response.get_json() == {
        "error": "Ann's hand: '10s\\u2060' is not a card: it has an invisible character "
        "(U+2060); type it again without it."
    }


def test_the_same_kind_of_hand_is_decided_card_by_card(client):
    body = settle(client, {"Ann": "Qs 9s 7s 4s 2s", "Bo": "Qh 8h 7h 4h 2h"}).get_json()

    assert body["winner"] == "Ann"
    assert body["points"] == 5
    assert body["explanation"] == "Ann wins: both flush; first difference 9 against 8"


def test_an_exact_tie_names_who_tied_and_scores_nobody(client):
    body = settle(
        client, {"Ann": "Ks Kd 5c 5h 9s", "Bo": "Kh Kc 5s 5d 9d", "Cy": "2c 3c 4d 8h Jd"}
    ).get_json()

    assert body["winner"] is None
    assert body["tied"] == ["Ann", "Bo"]
    assert body["hand"] is None
    assert body["points"] == 0
    assert "Exact tie" in body["explanation"]


def test_only_high_cards_means_nobody_scores(client):
    body = settle(client, {"Ann": "As Jd 9c 6h 2s", "Bo": "Kh Qd 9d 6s 3c"}).get_json()

    assert body == {
        "winner": None,
        "tied": [],
        "hand": "high_card",
        "points": 0,
        "hands": {"Ann": "high_card", "Bo": "high_card"},
        "explanation": "Nobody has a scoring hand; nobody scores",
    }


@pytest.mark.parametrize(
    ("hands", "words"),
    [
        ({"Ann": "As Ks Qs Js 1s", "Bo": "9h 9d 9c 2s 2d"}, ["'1s'"]),
        ({"Ann": "As Ks Qs Js", "Bo": "9h 9d 9c 2s 2d"}, ["Ann", "has 4"]),
        ({"Ann": "As Ks Qs Js Js", "Bo": "9h 9d 9c 2s 2d"}, ["Js", "twice"]),
        ({"Ann": "As Ks Qs Js Ts", "Bo": "As 9d 9c 2s 2d"}, ["As", "Ann", "Bo"]),
        ({"Ann": "As Ks Qs Js Ts"}, ["2 to 4"]),
        (
            {f"P{n}": f"{rank}s {rank}h {rank}d {rank}c 2s" for n, rank in enumerate("3456")}
            | {"P5": "Ah Kh Qh Jh 9h"},
            ["2 to 4"],
        ),
    ],
)
def test_bad_showdowns_are_422_naming_the_problem(client, hands, words):
    response = settle(client, hands)

    body = response.get_json()
    assert response.status_code == 422
    assert set(body) == {"error"}
    for word in words:
        assert word in body["error"]


def test_every_bad_hand_is_named_in_the_one_error_of_the_api(client):
    response = settle(
        client,
        {"Ann": "As Ks Qs Js Ts", "Bo": "9h 9d 9c 2s 2s", "Cy": "As 3d 4c 5h 7s", "Di": "Kh Qd"},
    )

    assert response.status_code == 422
    assert response.get_json() == {
        "error": "Bo's hand: 2s appears twice. "
        "As is in both Ann's and Cy's hands; a deck has one As. "
        "Di's hand: A hand has 5 cards; 'Kh Qd' has 2."
    }


def test_a_name_no_player_could_have_is_refused_with_the_other_bad_hands(client):
    response = settle(client, {"Ann\u200b": "As Ks Qs Js Ts", "Bo": "9h 9d 9c 2s"})

    assert response.status_code == 422
    assert response.get_json() == {
        "error": "Player 1's name has an invisible character (U+200B); "
        "type it again without it. "
        "Bo's hand: A hand has 5 cards; '9h 9d 9c 2s' has 4."
    }


COUNT_ONLY = "A showdown compares 2 to 4 players' hands; %s given."


def test_too_many_hands_get_one_sentence_saying_so_from_the_api(client):
    hands = {f"Q{number:04d}": "" for number in range(2000)}  # each hand missing its cards

    response = settle(client, hands)

    assert response.status_code == 422
    assert response.get_json() == {"error": COUNT_ONLY % "2,000 were"}


@pytest.mark.parametrize("body", [{"hands": ["As Ks Qs Js Ts"]}, {}, {"hands": {}, "x": 1}])
def test_a_settle_body_without_a_hands_object_is_422(client, body):
    assert client.post("/api/settle", json=body).status_code == 422


def test_a_win_may_carry_the_winners_cards_and_they_are_kept(client):
    game = create_api_game(client, ["Ann", "Bo"])

    body = game.record(
        {
            "round": 1,
            "step": "phase1",
            "outcome": "win",
            "winner": "Ann",
            "hand": "royal_flush",
            "cards": "A♠ K♠ Q♠ J♠ T♠",
        }
    )

    assert body["events"][0]["cards"] == "As Ks Qs Js 10s"
    assert body["players"][0]["score"] == 52


def test_cards_that_do_not_make_the_declared_hand_are_422_saying_what_they_make(client):
    game = create_api_game(client, ["Ann", "Bo"])

    response = game.post(
        {
            "round": 1,
            "step": "phase1",
            "outcome": "win",
            "winner": "Ann",
            "hand": "flush",
            "cards": "Ks Kd Kc 5h 5s",
        }
    )

    assert response.status_code == 422
    assert "full house" in response.get_json()["error"]
    assert game.state()["events"] == []


def test_cards_are_refused_on_a_tie(client):
    game = create_api_game(client, ["Ann", "Bo"])

    response = game.post(
        {"round": 1, "step": "phase1", "outcome": "tie", "cards": "Ks Kd Kc 5h 5s"}
    )

    assert response.status_code == 422


# --- the picker pages ---


def pick(client, hands: dict[str, str]):
    """Post the standalone picker's form: each player's name and cards, in seat order."""
    rows = enumerate(hands.items())
    data = {
        f"{box}-{row}": value
        for row, pair in rows
        for box, value in zip(("names", "hands"), pair, strict=True)
    }
    return client.post("/settle", data=data)


def start_game(client, *names):
    data = {f"players-{row}": name for row, name in enumerate(names)} | {"dealer": "0"}
    return client.post("/games", data=data).headers["Location"]


def test_the_standalone_settler_is_reachable_from_home(client):
    home = client.get("/").text
    page = client.get("/settle").text

    assert 'href="/settle"' in home
    assert page.count("data-card=") == 52
    assert page.count("data-hand-input") == 4


def test_the_standalone_settler_gives_a_verdict_in_words(client):
    response = pick(client, {"Ann": "Qs 9s 7s 4s 2s", "Bo": "Qh 8h 7h 4h 2h"})

    assert response.status_code == 200
    assert "<bdi>Ann</bdi> wins +5" in response.text
    assert "Ann wins: both flush; first difference 9 against 8." in response.text
    assert "Record:" not in response.text  # no game to record it in


def test_unnamed_rows_are_called_by_their_seat_and_blank_rows_left_out(client):
    response = client.post(
        "/settle", data={"hands-0": "Ks Kd 5c 5h 9s", "hands-2": "Kh Kc 5s 5d 9d"}
    )

    assert "Exact tie: both two pair" in response.text
    assert "<strong><bdi>Player 1</bdi></strong>: two pair" in response.text
    assert "<strong><bdi>Player 3</bdi></strong>: two pair" in response.text
    assert "Player 2</strong>" not in response.text


def test_unnamed_rows_are_called_by_their_seat_in_the_page_s_language(client):
    response = client.post(
        "/settle",
        data={"hands-0": "As Ks Qs Js 10s", "hands-1": "9h 9d 9c 2s 2d"},
        headers={"Accept-Language": "sv"},
    )

    assert "<bdi>Spelare 1</bdi>" in response.text
    assert "Player 1" not in response.text


def test_a_card_in_two_hands_is_shown_next_to_the_second_hand(client):
    response = pick(client, {"Ann": "As Ks Qs Js Ts", "Bo": "As 9d 9c 2s 2d"})

    assert response.status_code == 422
    second_row = response.text.split('id="hands-1"')[1].split("</div>")[0]
    assert "As is in both Ann&#39;s and Bo&#39;s hands" in second_row


def hand_rows(page):
    """Each hand row of a picker page, in seat order, as its HTML."""
    return [row.split("</div>")[0] for row in page.split("data-hand-row>")[1:]]


def errors_in(row):
    """The messages shown beside a row's boxes, as a reader sees them."""
    found = re.findall(r'<p class="field-error" role="alert">([^<]*)</p>', row)
    return [html.unescape(message) for message in found]


def test_every_bad_hand_gets_its_own_message_beside_it_in_one_answer(client):
    response = pick(
        client,
        {
            "Ann": "As Ks Qs Js",
            "Bo": "9h 9d 9c 2s 2s",
            "Cy": "Qh 8h 7h 4h 2h",
            "Di": "Kd Qd Jd 1d 9d",
        },
    )

    rows = hand_rows(response.text)
    assert response.status_code == 422
    assert errors_in(rows[0]) == ["Ann's hand: A hand has 5 cards; 'As Ks Qs Js' has 4."]
    assert errors_in(rows[1]) == ["Bo's hand: 2s appears twice."]
    assert errors_in(rows[2]) == []
    assert "'1d' is not a card" in errors_in(rows[3])[0]
    assert [row.count('aria-invalid="true"') for row in rows] == [1, 1, 0, 1]
    assert "verdict-title" not in response.text


def test_a_card_in_two_hands_is_flagged_along_with_the_other_bad_hands(client):
    response = pick(client, {"Ann": "As Ks Qs Js Ts", "Bo": "9h 9d 9c 2s", "Cy": "Ks Qs 7h 4h 2h"})

    rows = hand_rows(response.text)
    assert response.status_code == 422
    assert errors_in(rows[0]) == []
    assert errors_in(rows[1]) == ["Bo's hand: A hand has 5 cards; '9h 9d 9c 2s' has 4."]
    assert errors_in(rows[2]) == [
        "Ks and Qs are in both Ann's and Cy's hands; a deck has one of each."
    ]


def test_a_name_used_twice_is_refused_with_the_other_bad_hands(client):
    response = pick(client, {"Ann": "As Ks Qs", "ann": "9h 9d 9c 2s 2d", "Bo": "Qh 8h 7h 4h 2h"})

    rows = hand_rows(response.text)
    assert response.status_code == 422
    assert errors_in(rows[0]) == ["Ann's hand: A hand has 5 cards; 'As Ks Qs' has 3."]
    assert errors_in(rows[1]) == [
        "'Ann' and 'ann' are the same name; give each player a different one."
    ]
    assert errors_in(rows[2]) == []


def test_a_name_typed_twice_on_the_picker_is_refused_beside_the_second(client):
    data = {"names-0": "Ann", "hands-0": "As Ks Qs Js Ts", "names-1": "Ann"}
    response = client.post("/settle", data=data | {"hands-1": "9h 9d 9c 2s 2d"})

    rows = hand_rows(response.text)
    assert response.status_code == 422
    assert errors_in(rows[0]) == []
    assert errors_in(rows[1]) == ["Two hands are called 'Ann': rename one."]


def summary_links(page):
    """The refusals listed at the top of a picker, each as the box it links to and what it
    says."""
    summary = page.split('<div class="refusal-summary" role="alert">')[1].split("</div>")[0]
    found = re.findall(r'<li><a href="#([\w-]+)">([^<]*)</a></li>', summary)
    return [(box, html.unescape(message)) for box, message in found]


def test_every_refused_box_of_the_picker_is_also_listed_at_its_top_with_a_link(client):
    response = pick(client, {"Ann": "As Ks Qs Js 10s", "Bo": "2c 3d 4h 5s", "Ann ": "Ah"})

    assert response.status_code == 422
    assert summary_links(response.text) == [
        ("hands-1", "Bo's hand: A hand has 5 cards; '2c 3d 4h 5s' has 4."),
        ("names-2", "Two hands are called 'Ann': rename one."),
    ]


def test_a_refused_hand_of_a_game_is_listed_at_the_top_of_its_picker(client):
    game_url = start_game(client, "Ann", "Bo", "Cy")

    response = client.post(
        f"{game_url}/settle",
        data={
            "hands-0": "Qh 8h 7h 4h 2h",
            "hands-1": "Qs 9s 7s 4s 2s",
            "hands-2": "Qh 2c 3c 4c 6d",  # Ann's queen of hearts again
        },
    )

    assert [box for box, _message in summary_links(response.text)] == ["hands-2"]
    assert "Qh is in both Ann's and Cy's hands" in summary_links(response.text)[0][1]


def test_every_bad_hand_of_a_game_is_shown_beside_its_player(client):
    game_url = start_game(client, "Ann", "Bo", "Cy")

    response = client.post(
        f"{game_url}/settle",
        data={"hands-0": "Qs 9s 7s 4s", "hands-1": "Qh 8h 7h 4h 2h", "hands-2": "Qh Zz 2c 3c 4c"},
    )

    rows = hand_rows(response.text)
    assert response.status_code == 422
    assert errors_in(rows[0]) == ["Ann's hand: A hand has 5 cards; 'Qs 9s 7s 4s' has 4."]
    assert errors_in(rows[1]) == []
    assert "Cy's hand: 'Zz' is not a card" in errors_in(rows[2])[0]
    assert "Record:" not in response.text


def test_a_name_typed_too_long_on_the_picker_is_refused_beside_its_hand(client):
    response = pick(client, {"Ann": "As Ks Qs Js Ts", "B" * 41: "9h 9d 9c 2s 2d"})

    rows = hand_rows(response.text)
    assert response.status_code == 422
    assert errors_in(rows[0]) == []
    assert errors_in(rows[1]) == [f"The name {'B' * 20}… has 41 characters; keep it to 40."]
    assert "verdict-title" not in response.text


def test_a_lone_hand_on_the_picker_is_refused_for_the_count_alone(client):
    response = pick(client, {"Ann": "As Ks Qs Js"})  # and a card short

    rows = hand_rows(response.text)
    assert response.status_code == 422
    above = re.findall(r'class="form-error" role="alert">([^<]*)<', response.text)
    assert [html.unescape(message) for message in above] == [COUNT_ONLY % "1 was"]
    assert [errors_in(row) for row in rows] == [[], [], [], []]


@pytest.mark.parametrize(("second", "message"), CLASHING_WITH_ANN)
def test_two_hands_of_one_name_or_names_alike_get_no_verdict_on_the_api(client, second, message):
    response = settle(client, {"Ann": "As Ks Qs Js Ts", second: "9h 9d 9c 2s 2d"})

    assert response.status_code == 422
    assert response.get_json() == {"error": message}


@pytest.mark.parametrize(("second", "message"), CLASHING_WITH_ANN)
def test_two_hands_of_one_name_or_names_alike_get_no_verdict_on_the_picker(
    client, second, message
):
    response = pick(client, {"Ann": "As Ks Qs Js Ts", second: "9h 9d 9c 2s 2d"})

    rows = hand_rows(response.text)
    assert response.status_code == 422
    assert errors_in(rows[0]) == []
    assert errors_in(rows[1]) == [message]
    assert "verdict-title" not in response.text


def settled_flush_against_flush(client, game_url: str) -> tuple:
    """The picker's answer to the first player's queen-high flush against the second's,
    and the fields its Record button sends."""
    verdict = client.post(
        f"{game_url}/settle", data={"hands-0": "Qs 9s 7s 4s 2s", "hands-1": "Qh 8h 7h 4h 2h"}
    )
    record_form = re.search(
        r'<form method="post" action="[^"]*/entries">(.*?)</form>', verdict.text, re.S
    ).group(1)
    return verdict, dict(re.findall(r'name="(\w+)" value="([^"]*)"', record_form))


def test_a_tie_settled_in_the_game_is_recorded_in_one_tap(client):
    game_url = start_game(client, "Ann", "Bo", "Cy")
    assert "Settle a tie from the cards" in client.get(game_url).text

    verdict, fields = settled_flush_against_flush(client, game_url)
    recorded = client.post(f"{game_url}/entries", data=fields)

    assert "Record: <bdi>Ann</bdi> +5 · flush" in verdict.text
    assert recorded.status_code == 303
    event = client.get(f"/api{game_url}").get_json()["events"][0]
    assert event == {
        "round": 1,
        "step": "phase1",
        "outcome": "win",
        "winner": "Ann",
        "hand": "flush",
        "cards": "Qs 9s 7s 4s 2s",
        "points": {"Ann": 5},
    }


def test_a_recorded_verdict_sent_again_by_a_reload_is_found_and_blamed_on_nobody(client):
    game_url = start_game(client, "Ann", "Bo")
    _, fields = settled_flush_against_flush(client, game_url)
    assert accepted(client, client.post(f"{game_url}/entries", data=fields))

    again = client.post(f"{game_url}/entries", data=fields)  # its answer lost, sent again

    assert accepted(client, again)
    assert "recorded Round 1" not in client.get(game_url).text
    assert len(client.get(f"/api{game_url}").get_json()["events"]) == 1


def test_an_exact_tie_settled_in_the_game_records_a_tie(client):
    game_url = start_game(client, "Ann", "Bo")

    verdict = client.post(
        f"{game_url}/settle", data={"hands-0": "Ks Kd 5c 5h 9s", "hands-1": "Kh Kc 5s 5d 9d"}
    )
    recorded = client.post(
        f"{game_url}/entries", data={"round": "1", "step": "phase1", "outcome": "tie"}
    )

    assert 'name="outcome" value="tie"' in verdict.text
    assert recorded.status_code == 303
    assert client.get(f"/api{game_url}").get_json()["events"][0]["outcome"] == "tie"


def test_the_game_picker_has_a_cards_box_for_each_player_of_the_round(client):
    game_url = start_game(client, "Ann", "Bo", "Cy")

    page = client.get(f"{game_url}/settle").text

    for row, name in enumerate(["Ann", "Bo", "Cy"]):
        assert f'<label class="hand-name" for="hands-{row}"><bdi>{name}</bdi></label>' in page
    assert page.count("data-hand-input") == 3


def test_the_game_picker_sends_the_scorekeeper_back_when_the_step_is_not_a_hand(client):
    game_url = start_game(client, "Ann", "Bo")
    client.post(f"{game_url}/entries", data={"round": "1", "step": "phase1", "outcome": "none"})
    client.post(f"{game_url}/entries", data={"round": "1", "step": "phase2", "outcome": "none"})

    response = client.get(f"{game_url}/settle")

    assert response.status_code == 303
    assert response.headers["Location"] == game_url


def test_other_devices_get_a_verdict_but_no_record_button(app, client):
    game_url = start_game(client, "Ann", "Bo")

    page = app.test_client().post(
        f"{game_url}/settle", data={"hands-0": "Qs 9s 7s 4s 2s", "hands-1": "Qh 8h 7h 4h 2h"}
    )

    assert "<bdi>Ann</bdi> wins +5" in page.text
    assert "Record:" not in page.text


def test_a_tie_settled_in_a_house_rules_game_scores_by_its_rules_from_one_read(
    client, monkeypatch
):
    game = client.post(
        "/api/games",
        json={"players": ["Ann", "Bo"], "rules": {"hand_points": {"flush": 7}}},
    ).get_json()
    with client.session_transaction() as session:
        session["edit_keys"] = {str(game["id"]): game["edit_key"]}  # the scorekeeper's phone
    reads = []
    load_game = game_reads.load_game

    def counted_load(game_id):
        reads.append(game_id)
        return load_game(game_id)

    monkeypatch.setattr(game_reads, "load_game", counted_load)

    verdict = client.post(
        f"/games/{game['id']}/settle",
        data={"hands-0": "Qs 9s 7s 4s 2s", "hands-1": "Qh 8h 7h 4h 2h"},
    )

    assert "Record: <bdi>Ann</bdi> +7 · flush" in verdict.text
    assert reads == [game["id"]]
