"""The phone pages, driven through forms the way a scorekeeper taps them."""

import random
import re
import string

import pytest

from chicago_scorer.rules import Hand
from support.form_tokens import csrf_token
from support.table_forms import (
    NOT_THE_SCOREKEEPER,
    accepted,
    chicago_buttons,
    follow_refusal,
    refused_by_redirect,
    start_game,
    step_card_fields,
    stored_game,
    tap,
)


def scores(page: str) -> list[int]:
    return [int(score) for score in re.findall(r'<span class="score">(\d+)</span>', page)]


def test_home_offers_a_new_game_and_is_sized_for_phones(client):
    page = client.get("/").text

    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "New game" in page
    assert page.count('name="dealer"') == 4


def test_pages_load_nothing_from_another_origin(client):
    game_url = start_game(client, "Ann", "Bo")
    for url in ["/", game_url]:
        page = client.get(url).text
        loaded = re.findall(r'\bsrc="([^"]*)"', page) + re.findall(
            r'<link[^>]*href="([^"]*)"', page
        )
        assert loaded, url
        assert all(address.startswith("/") and not address.startswith("//") for address in loaded)


def test_a_whole_game_can_be_played_through_the_forms(client):
    game_url = start_game(client, "Ann", "Bo", "Cy", dealer_row=1)
    page = client.get(game_url).text
    assert "Round 1 · <bdi>Bo</bdi> deals, <bdi>Cy</bdi> leads" in page
    assert "Round 1 · Phase 1: best hand?" in page

    for fields in [
        {"winner": "Ann", "hand": "royal_flush"},
        {"outcome": "tie"},
        {"last_trick": "Bo"},
        {"outcome": "none"},
    ]:
        assert accepted(client, tap(client, game_url, **fields))

    page = client.get(game_url).text
    assert "<bdi>Ann</bdi> wins with 52 points!" in page
    assert scores(page) == [52, 5, 0]
    assert 'name="hand"' not in page  # nothing more to record
    assert "Ann +52 · royal flush" in page
    assert "Bo +5 · last trick" in page
    assert "Tie · nobody scored" in page
    assert "Nobody had a hand" in page


def last_entry_said(page: str) -> list[str]:
    return re.findall(r'<p class="last-entry">(.*?)</p>', page)


# A round's entries as the scorekeeper taps them, and the last entry each leaves.
A_ROUND_SAID = [
    ({"winner": "Ann", "hand": "two_pair"}, "Last entry: Ann +2 · two pair."),
    ({"outcome": "tie"}, "Last entry: Tie · nobody scored."),
    ({"last_trick": "Bo"}, "Last entry: Bo +5 · last trick."),
    ({"outcome": "none"}, "Last entry: Nobody had a hand."),
]


@pytest.mark.parametrize(
    ("reader", "after", "before"),
    [
        ("the scorekeeper", '<section class="card step-card"', '<p class="round-info">'),
        ("a watcher", 'class="score-card', '<p class="next-step">'),
    ],
    ids=["scorekeeper", "watcher"],
)
def test_the_last_entry_is_read_under_the_step_or_the_scores(app, client, reader, after, before):
    """The scorekeeper reads it under the next step; those watching, under the scores and
    before what comes next."""
    game_url = start_game(client, "Ann", "Bo")
    reads = client if reader == "the scorekeeper" else app.test_client()
    assert last_entry_said(reads.get(game_url).text) == []  # nothing recorded yet
    for fields, said in A_ROUND_SAID:
        assert accepted(client, tap(client, game_url, **fields))

        page = reads.get(game_url).text
        assert last_entry_said(page) == [said]
        assert page.index(after) < page.index(said) < page.index(before)


def test_a_lost_chicago_is_the_last_entry_with_the_points_it_took(client):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="four_of_a_kind")
    tap(client, game_url, winner="Ann", hand="straight_flush")

    assert accepted(client, tap(client, game_url, chicago="lost:Ann"))

    assert last_entry_said(client.get(game_url).text) == ["Last entry: Ann Chicago lost −15."]


def test_a_tap_sent_again_with_its_key_is_recorded_once_and_said_as_the_last_entry(client):
    game_url = start_game(client, "Ann", "Bo")
    fields = step_card_fields(client, game_url) | {"winner": "Bo", "hand": "flush"}

    assert accepted(client, client.post(f"{game_url}/entries", data=fields))
    assert accepted(client, client.post(f"{game_url}/entries", data=fields))

    page = client.get(game_url).text
    assert last_entry_said(page) == ["Last entry: Bo +5 · flush."]
    assert scores(page) == [0, 5]


def test_chicago_buttons_are_disabled_with_the_reason_under_15_points(client):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="four_of_a_kind")
    tap(client, game_url, winner="Ann", hand="straight_flush")

    page = client.get(game_url).text

    assert '<p class="why-not" id="chicago-why">Bo needs 15 points to call Chicago.</p>' in page
    assert chicago_buttons(page) == {
        "won:Ann": True,
        "won:Bo": False,
        "lost:Ann": True,
        "lost:Bo": False,
    }
    assert page.count('disabled aria-describedby="chicago-why"') == 2


def test_when_nobody_may_call_chicago_one_sentence_stands_in_for_its_buttons(client):
    game_url = start_game(client, "Ann", "Bo", "Cy")
    tap(client, game_url, winner="Ann", hand="four_of_a_kind")
    tap(client, game_url, winner="Bo", hand="straight_flush")

    page = client.get(game_url).text

    assert "Round 1 · Tricks" in page
    assert chicago_buttons(page) == {}
    assert "Or: who called Chicago" not in page
    assert "Ann, Bo and Cy need 15 points to call Chicago." in page


def test_a_won_chicago_and_a_lost_one_are_shown_in_the_log(client):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="four_of_a_kind")
    tap(client, game_url, winner="Ann", hand="straight_flush")
    assert accepted(client, tap(client, game_url, chicago="won:Ann"))
    tap(client, game_url, outcome="none")
    tap(client, game_url, outcome="none")
    tap(client, game_url, outcome="none")
    assert accepted(client, tap(client, game_url, chicago="lost:Ann"))

    page = client.get(game_url).text

    assert "Ann Chicago won +15" in page
    assert "Ann Chicago lost −15" in page
    assert scores(page) == [15, 0]


def test_a_refused_chicago_goes_back_to_the_scoreboard_with_the_message_and_changes_nothing(
    client,
):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, outcome="none")
    tap(client, game_url, outcome="none")

    page = follow_refusal(client, tap(client, game_url, chicago="won:Bo"), game_url)

    assert "Bo needs 15 points to call Chicago and has 0." in page
    assert "Nothing recorded yet" not in page
    assert scores(page) == [0, 0]
    assert "Round 1 · Tricks" in page


def test_a_hand_without_a_player_asks_for_the_player_first(client):
    game_url = start_game(client, "Ann", "Bo")

    page = follow_refusal(client, tap(client, game_url, hand="flush"), game_url)

    assert "First tap who had the best hand, then the hand." in page
    assert "Nothing recorded yet." in page


def test_a_player_without_a_hand_asks_for_the_hand_and_keeps_the_player(client):
    game_url = start_game(client, "Ann", "Bo")

    # What Enter in a player's radio sends: the step card's first button, with no answer.
    page = follow_refusal(client, tap(client, game_url, winner="Bo"), game_url)

    assert "Now tap the hand they had: a player alone records nothing." in page
    assert "Nothing recorded yet." in page
    assert re.search(r'value="Bo"\s+checked', page)


def test_a_hand_step_sent_without_any_answer_asks_for_the_player_first(client):
    game_url = start_game(client, "Ann", "Bo")

    # What Enter sends from the step card before a player is chosen: its first button.
    page = follow_refusal(client, tap(client, game_url), game_url)

    assert "First tap who had the best hand, then the hand." in page
    assert "'outcome'" not in page
    assert "Nothing recorded yet." in page


@pytest.mark.parametrize("written", ["1_0", "+1", "１"])
def test_a_round_written_otherwise_than_the_page_writes_it_is_refused_as_unsaid(client, written):
    game_url = start_game(client, "Ann", "Bo")

    page = follow_refusal(client, tap(client, game_url, round=written, outcome="none"), game_url)

    assert "The page did not say which round this is, so nothing was recorded." in page
    assert "Nothing recorded yet." in page


TWO_ANSWERS = {
    "a hand and a tie": {"winner": "Ann", "hand": "flush", "outcome": "tie"},
    "a hand and a last trick": {"winner": "Ann", "hand": "flush", "last_trick": "Bo"},
    "an outcome no button gives": {"winner": "Ann", "hand": "flush", "outcome": "win"},
}


@pytest.mark.parametrize("answers", TWO_ANSWERS.values(), ids=TWO_ANSWERS.keys())
def test_a_tap_of_answers_no_button_sends_records_none_of_them(client, answers):
    game_url = start_game(client, "Ann", "Bo")

    page = follow_refusal(client, tap(client, game_url, **answers), game_url)

    assert "The page sent an answer it never gives, so nothing was recorded." in page
    assert "Nothing recorded yet." in page


def test_tie_tapped_after_a_player_records_the_tie(client):
    game_url = start_game(client, "Ann", "Bo")

    # The player's radio goes with any button of the card: the scorekeeper changed their mind.
    tap(client, game_url, winner="Ann", outcome="tie")

    events = client.get(f"/api{game_url}").get_json()["events"]
    assert [(event["step"], event["outcome"]) for event in events] == [("phase1", "tie")]


def test_a_refusal_is_shown_once_and_a_reload_sends_nothing_again(client):
    game_url = start_game(client, "Ann", "Bo")
    follow_refusal(client, tap(client, game_url, hand="flush"), game_url)

    reloaded = client.get(game_url).text

    assert "First tap who had the best hand" not in reloaded
    assert "Nothing recorded yet." in reloaded


def test_a_refused_tap_keeps_the_player_already_chosen(client):
    game_url = start_game(client, "Ann", "Bo")

    page = follow_refusal(client, tap(client, game_url, winner="Bo", hand="five_aces"), game_url)

    assert re.search(r'value="Bo"\s+checked', page)
    assert not re.search(r'value="Ann"\s+checked', page)


def test_a_stale_tap_from_a_second_device_says_what_happened_and_shows_the_game_now(client):
    game_url = start_game(client, "Ann", "Bo")
    stale_form = {"round": "1", "step": "phase1", "winner": "Ann", "hand": "flush"}
    assert accepted(client, client.post(f"{game_url}/entries", data=stale_form))

    page = follow_refusal(client, client.post(f"{game_url}/entries", data=stale_form), game_url)

    assert "Someone recorded Round 1 · Phase 1 a moment ago; here is the game now." in page
    assert "refresh" not in page.lower()
    assert scores(page) == [5, 0]
    assert "Round 1 · Phase 2: best hand?" in page
    assert not re.search(r'value="Ann"\s+checked', page)  # the stale choice is not carried over


def play_quiet_rounds(client, game_url, names, rounds):
    """Rounds in which nobody has a hand and the last trick goes round the table."""
    for number in range(rounds):
        for step in ("phase1", "phase2"):
            assert accepted(client, tap(client, game_url, outcome="none")), step
        assert accepted(client, tap(client, game_url, last_trick=names[number % len(names)]))
        assert accepted(client, tap(client, game_url, outcome="none"))


def test_a_long_game_logs_its_last_three_rounds_and_points_to_the_review_for_the_rest(client):
    names = ["Ann", "Bo", "Cy", "Dee"]
    game_url = start_game(client, *names)
    play_quiet_rounds(client, game_url, names, 15)

    page = client.get(game_url).text

    assert re.findall(r"<h3>Round (\d+)", page) == ["15", "14", "13"]
    assert "Earlier rounds are in the review." in page
    # The small chart draws the newest 40 of the 60 entries: rounds 6 to 15.
    assert "the score after each of the last 40 entries, from round 6 on" in page
    assert scores(page) == [20, 20, 20, 15]


def test_a_stale_tap_for_a_round_older_than_the_log_shows_still_says_it_was_recorded(client):
    names = ["Ann", "Bo", "Cy", "Dee"]
    game_url = start_game(client, *names)
    play_quiet_rounds(client, game_url, names, 12)
    stale_form = {"round": "1", "step": "phase1", "outcome": "none"}

    page = follow_refusal(client, client.post(f"{game_url}/entries", data=stale_form), game_url)

    assert "Someone recorded Round 1 · Phase 1 a moment ago; here is the game now." in page


def test_undo_asks_for_confirmation_and_removes_only_the_newest_entry(client):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="one_pair")
    tap(client, game_url, winner="Bo", hand="flush")
    page = client.get(game_url).text
    assert "Remove “Round 1 · Phase 2: Bo +5 · flush”?" in page

    response = client.post(f"{game_url}/undo", data=undo_fields(page))

    assert accepted(client, response)
    page = client.get(game_url).text
    assert scores(page) == [1, 0]
    assert "Round 1 · Phase 2: best hand?" in page
    assert "Removed: Round 1 · Phase 2, Bo +5 · flush." in page
    assert last_entry_said(page) == ["Last entry: Ann +1 · one pair."]


def test_a_recorded_tie_is_named_in_words_that_follow_a_colon(client):
    game_url = start_game(client, "Ann", "Bo")
    assert accepted(client, tap(client, game_url, outcome="tie"))
    page = client.get(game_url).text
    assert last_entry_said(page) == ["Last entry: Tie · nobody scored."]
    assert "Remove “Round 1 · Phase 1: Tie · nobody scored”?" in page

    assert accepted(client, client.post(f"{game_url}/undo", data=undo_fields(page)))

    assert "Removed: Round 1 · Phase 1, Tie · nobody scored." in client.get(game_url).text


def test_a_tap_sent_again_after_its_answer_was_lost_is_found_and_blamed_on_nobody(client):
    game_url = start_game(client, "Ann", "Bo")
    sent = step_card_fields(client, game_url) | {"winner": "Ann", "hand": "flush"}
    assert accepted(client, client.post(f"{game_url}/entries", data=sent))

    again = client.post(f"{game_url}/entries", data=sent)  # a reload sends the form again

    assert accepted(client, again)
    page = client.get(game_url).text
    assert "recorded Round 1" not in page
    assert scores(page) == [5, 0]
    assert len(stored_game(client, game_url)["events"]) == 1


def test_a_second_tap_from_a_page_already_tapped_says_this_phone_recorded_the_first(client):
    game_url = start_game(client, "Ann", "Bo")
    page_fields = step_card_fields(client, game_url)
    client.post(f"{game_url}/entries", data=page_fields | {"winner": "Ann", "hand": "flush"})

    # The page gone back to, where another answer is tapped for the same step.
    response = client.post(f"{game_url}/entries", data=page_fields | {"outcome": "tie"})

    page = follow_refusal(client, response, game_url)
    assert (
        "This phone already recorded a tap from this page, so this one was not recorded; "
        "here is the game now."
    ) in page
    assert scores(page) == [5, 0]
    assert len(stored_game(client, game_url)["events"]) == 1


def test_each_page_gives_its_tap_a_new_key(client):
    game_url = start_game(client, "Ann", "Bo")

    keys = {step_card_fields(client, game_url)["tap"] for _ in range(3)}

    assert len(keys) == 3
    assert all(re.fullmatch(r"[0-9a-f]{32}", key) for key in keys)


@pytest.mark.parametrize("key", ["k" * 65, "ключ"])
def test_a_tap_with_a_key_the_page_never_gives_is_refused_and_records_nothing(client, key):
    game_url = start_game(client, "Ann", "Bo")
    sent = step_card_fields(client, game_url) | {"tap": key, "winner": "Ann", "hand": "flush"}

    response = client.post(f"{game_url}/entries", data=sent)

    assert refused_by_redirect(client, response)
    page = client.get(game_url).text
    assert "The page sent a key for this tap that it never gives, so nothing was recorded." in page
    assert stored_game(client, game_url)["events"] == []


def without(fields: dict[str, str], sent: dict[str, str | None]) -> dict[str, str]:
    """``fields`` with ``sent`` put in, a name sent as None left out altogether."""
    merged = fields | sent
    return {name: value for name, value in merged.items() if value is not None}


ROUND_UNSAID = "The page did not say which round this is, so nothing was recorded."
STEP_UNSAID = "The page did not say which step this is, so nothing was recorded."


@pytest.mark.parametrize(
    ("sent", "message"),
    [
        ({"round": None}, ROUND_UNSAID),
        ({"round": "0"}, ROUND_UNSAID),
        ({"round": "-1"}, ROUND_UNSAID),
        ({"step": None}, STEP_UNSAID),
        ({"step": ""}, STEP_UNSAID),
        ({"step": "PHASE1"}, STEP_UNSAID),
        ({"step": "phase4"}, STEP_UNSAID),
    ],
    ids=["no round", "round 0", "round -1", "no step", "blank step", "PHASE1", "phase4"],
)
def test_a_tap_that_does_not_say_its_round_and_step_is_refused_as_such_and_records_nothing(
    client, sent, message
):
    """Not as if another phone had got there first: nobody did."""
    game_url = start_game(client, "Ann", "Bo")
    fields = without(step_card_fields(client, game_url) | {"outcome": "none"}, sent)

    page = follow_refusal(client, client.post(f"{game_url}/entries", data=fields), game_url)

    assert message in page
    assert "changed on another phone" not in page
    assert stored_game(client, game_url)["events"] == []


@pytest.mark.parametrize("call", ["Won:Ann", "yes:Ann", "Ann", "won Ann"])
def test_a_chicago_call_the_page_never_sends_is_refused_and_records_nothing(client, call):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="four_of_a_kind")
    tap(client, game_url, winner="Ann", hand="straight_flush")
    before = stored_game(client, game_url)

    page = follow_refusal(client, tap(client, game_url, chicago=call), game_url)

    assert "The page sent a Chicago call it never gives, so nothing was recorded." in page
    assert stored_game(client, game_url) == before
    assert "Round 1 · Tricks" in page


def test_an_undo_never_removes_an_entry_its_page_did_not_show(client):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="one_pair")
    tap(client, game_url, winner="Bo", hand="flush")
    fields = undo_fields(client.get(game_url).text)  # "Remove Round 1 · Phase 2: Bo +5"
    # Meanwhile another phone undoes that entry and records another for the same step:
    # as many entries as the page showed, but not the page's.
    assert accepted(client, client.post(f"{game_url}/undo", data=fields))
    tap(client, game_url, winner="Ann", hand="full_house")

    response = client.post(f"{game_url}/undo", data=fields)

    page = follow_refusal(client, response, game_url)
    assert "changed on another phone since this page was shown, so nothing was undone" in page
    assert scores(page) == [7, 0]


def undo_fields(page: str) -> dict[str, str]:
    """What the undo form sends, as the page fills it in."""
    form = page[page.index('<details class="card undo">') :]
    form = form[: form.index("</form>")]
    return dict(re.findall(r'<input type="hidden" name="(version)" value="([^"]*)"', form))


def test_an_undo_sent_again_after_its_answer_was_lost_says_it_is_done_and_undoes_no_more(
    client,
):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="one_pair")
    tap(client, game_url, winner="Bo", hand="flush")
    fields = undo_fields(client.get(game_url).text)
    assert client.post(f"{game_url}/undo", data=fields).status_code == 303
    client.get(game_url)  # the page that said "Removed: …", never seen

    page = follow_refusal(client, client.post(f"{game_url}/undo", data=fields), game_url)

    assert "The entry this page would undo was already undone a moment ago" in page
    assert "changed on another phone" not in page
    assert scores(page) == [1, 0]


def test_an_undo_from_a_page_shown_before_another_change_still_blames_that_change(client):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="one_pair")
    fields = undo_fields(client.get(game_url).text)
    tap(client, game_url, winner="Bo", hand="flush")  # another phone's tap, meanwhile

    page = follow_refusal(client, client.post(f"{game_url}/undo", data=fields), game_url)

    assert "changed on another phone since this page was shown, so nothing was undone" in page
    assert scores(page) == [1, 5]


@pytest.mark.parametrize("version", ["garbled", "9" * 5000 + "-1.000000", "2-1.000000-²"])
def test_an_undo_sent_again_with_a_version_no_page_gives_is_refused_as_saying_none(
    client, version
):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="one_pair")
    tap(client, game_url, winner="Bo", hand="flush")
    fields = undo_fields(client.get(game_url).text)
    assert client.post(f"{game_url}/undo", data=fields).status_code == 303

    sent = fields | {"version": version}
    page = follow_refusal(client, client.post(f"{game_url}/undo", data=sent), game_url)

    assert "This undo did not say which entry the page showed, so nothing was undone." in page
    assert scores(page) == [1, 0]


@pytest.mark.parametrize("sent", [{}, {"version": ""}])
def test_an_undo_without_the_version_the_page_showed_is_refused_and_undoes_nothing(client, sent):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="one_pair")
    tap(client, game_url, winner="Bo", hand="flush")

    response = client.post(f"{game_url}/undo", data=sent)

    page = follow_refusal(client, response, game_url)
    assert "This undo did not say which entry the page showed, so nothing was undone." in page
    assert scores(page) == [1, 5]


def test_other_devices_see_the_scoreboard_read_only(app, client):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="one_pair")
    other_device = app.test_client()

    page = other_device.get(game_url).text
    response = other_device.post(
        f"{game_url}/entries", data={"round": "1", "step": "phase2", "outcome": "tie"}
    )

    assert "View only" in page
    assert 'name="hand"' not in page
    assert "Undo last entry" not in page
    assert scores(page) == [1, 0]
    refused = follow_refusal(other_device, response, game_url)
    assert NOT_THE_SCOREKEEPER in refused
    assert scores(client.get(game_url).text) == [1, 0]


def test_bad_names_are_shown_next_to_the_field_and_no_game_is_made(client):
    response = client.post("/games", data={"players-0": "Ann", "players-1": "ann", "dealer": "0"})

    page = follow_refusal(client, response, "/")
    second_row = re.search(r'<input id="players-1".*?>.*?</div>', page, re.S).group(0)
    assert 'aria-invalid="true"' in second_row
    assert 'value="ann"' in second_row
    assert "&#39;Ann&#39; and &#39;ann&#39; are the same name" in second_row
    assert client.get("/api/games").get_json()["total"] == 0


def test_one_player_is_not_a_game(client):
    response = client.post("/games", data={"players-0": "Ann", "dealer": "0"})

    assert "2 to 4 players" in follow_refusal(client, response, "/")


def test_the_first_dealer_must_be_a_named_player(client):
    response = client.post("/games", data={"players-0": "Ann", "players-1": "Bo", "dealer": "3"})

    assert "first dealer" in follow_refusal(client, response, "/")


def test_a_player_called_script_is_shown_escaped(client):
    game_url = start_game(client, "<script>alert(1)</script>", "Bo")

    page = client.get(game_url).text

    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in client.get("/").text


def test_an_unknown_game_is_a_404_page(client):
    response = client.get("/games/999")

    assert response.status_code == 404
    assert "There is no game 999" in response.text
    assert response.mimetype == "text/html"


def test_an_unknown_page_is_a_404_page(client):
    response = client.get("/no/such/page")

    assert response.status_code == 404
    assert "Not found" in response.text


@pytest.fixture
def csrf_client(make_app):
    return make_app(WTF_CSRF_ENABLED=True).test_client()


def test_forms_without_a_csrf_token_are_refused_and_record_nothing(csrf_client):
    csrf_client.get("/")  # the page, and with it the session its token is checked against
    response = csrf_client.post(
        "/games", data={"players-0": "Ann", "players-1": "Bo", "dealer": "0"}
    )

    page = follow_refusal(csrf_client, response, "/")
    assert (
        "This page was out of date, so no game was started. Check the names and tap Start "
        "game again."
    ) in page
    assert 'value="Bo"' in page  # what was typed is still there
    assert csrf_client.get("/api/games").get_json()["total"] == 0


def test_a_form_from_a_phone_that_keeps_no_cookies_says_to_allow_them(csrf_client):
    page = csrf_client.get("/").text
    csrf_client.delete_cookie("session")  # as a browser with cookies off never sends it
    form = {"csrf_token": csrf_token(page), "players-0": "Ann", "players-1": "Bo", "dealer": "0"}

    refused = csrf_client.post("/games", data=form)

    # Said at once: a phone without cookies could not carry a refusal across a redirect.
    assert refused.status_code == 400
    assert (
        "This phone did not send back the cookie its page gave it, so nothing was recorded: "
        "allow cookies for this site, then reload the page and try again."
    ) in refused.text
    assert csrf_client.get("/api/games").get_json()["total"] == 0


def test_a_form_another_site_posts_is_refused_as_another_sites_not_as_out_of_date(csrf_client):
    # Nothing of this app's was out of date, so "tap Start game again" would have the
    # visitor send the forged form again; nor does the browser keep cookies from it.
    form = {"players-0": "Mallory", "players-1": "Eve", "dealer": "0"}

    response = csrf_client.post("/games", data=form, headers={"Sec-Fetch-Site": "cross-site"})

    assert response.status_code == 403
    assert "This request came from a page of another site, so nothing was done." in response.text
    assert "out of date" not in response.text
    assert "allow cookies" not in response.text
    assert csrf_client.get("/api/games").get_json()["total"] == 0


def test_no_answer_to_another_sites_form_sets_a_cookie_that_would_replace_the_phones(make_app):
    """The browser sends another site's post without the phone's session cookie, but keeps
    a cookie its answer sets: one set there would take the phone's edit keys with it."""
    app = make_app(WTF_CSRF_ENABLED=True)
    keeper = app.test_client()
    token = csrf_token(keeper.get("/").text)
    game_url = keeper.post(
        "/games", data={"csrf_token": token, "players-0": "Ann", "players-1": "Bo", "dealer": "0"}
    ).headers["Location"]
    forms = ["/games", "/settle", "/import"] + [
        f"{game_url}/{form}"
        for form in ["entries", "undo", "revoke", "players", "entries/1", "delete"]
    ]
    other_site = app.test_client()  # what the browser sends: none of the phone's cookies

    for address in forms:
        answer = other_site.post(
            address, data={"round": "1"}, headers={"Sec-Fetch-Site": "cross-site"}
        )
        assert 400 <= answer.status_code < 500, address
        assert "Set-Cookie" not in answer.headers, address
    assert 'id="next-step"' in keeper.get(game_url).text  # still this phone's to keep
    assert keeper.get(f"/api{game_url}").get_json()["events"] == []


def test_a_game_played_with_csrf_tokens(csrf_client):
    token = csrf_token(csrf_client.get("/").text)
    created = csrf_client.post(
        "/games", data={"csrf_token": token, "players-0": "Ann", "players-1": "Bo", "dealer": "0"}
    )
    game_url = created.headers["Location"]

    page = csrf_client.get(game_url).text
    forged = csrf_client.post(
        f"{game_url}/entries", data={"round": "1", "step": "phase1", "outcome": "tie"}
    )
    tapped = csrf_client.post(
        f"{game_url}/entries",
        data={
            "csrf_token": csrf_token(page),
            "round": "1",
            "step": "phase1",
            "winner": "Bo",
            "hand": "three_of_a_kind",
        },
    )

    assert created.status_code == 303
    assert "out of date, so nothing was recorded" in follow_refusal(csrf_client, forged, game_url)
    assert accepted(csrf_client, tapped)
    assert scores(csrf_client.get(game_url).text) == [0, 3]


def forms_on(page: str) -> dict[str, dict[str, str]]:
    """Each form's action, and the hidden fields it sends."""
    forms = re.findall(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', page, re.S)
    return {
        action: {
            name: value
            for attributes in re.findall(r"<input ([^>]*)>", body)
            if 'type="hidden"' in attributes
            for name, value in re.findall(r'name="([^"]+)".*?value="([^"]*)"', attributes)
        }
        for action, body in forms
    }


def test_the_confirming_forms_carry_the_pages_token_and_are_accepted_with_it(csrf_client):
    token = csrf_token(csrf_client.get("/").text)
    game_url = csrf_client.post(
        "/games", data={"csrf_token": token, "players-0": "Ann", "players-1": "Bo", "dealer": "0"}
    ).headers["Location"]
    forms = forms_on(csrf_client.get(game_url).text)
    step = forms[f"{game_url}/entries"]
    tapped = csrf_client.post(f"{game_url}/entries", data=step | {"winner": "Bo", "hand": "flush"})
    assert accepted(csrf_client, tapped)
    forms = forms_on(csrf_client.get(game_url).text)
    assert all(fields.get("csrf_token") for fields in forms.values()), forms

    # Undo and a new key send nothing but the token and what the page showed.
    csrf_client.post(f"{game_url}/undo", data=forms[f"{game_url}/undo"])
    undone = csrf_client.get(game_url).text
    csrf_client.post(f"{game_url}/revoke", data=forms_on(undone)[f"{game_url}/revoke"])
    revoked = csrf_client.get(game_url).text
    csrf_client.post(f"{game_url}/delete", data=forms_on(revoked)[f"{game_url}/delete"])

    assert "Removed" in undone and scores(undone) == [0, 0]
    assert "Other phones no longer keep score" in revoked
    assert csrf_client.get(game_url).status_code == 404


def test_watchers_see_the_next_step_and_who_deals_it(app, client):
    game_url = start_game(client, "Ann", "Bo", "Cy", dealer_row=2)
    tap(client, game_url, winner="Bo", hand="flush")

    page = app.test_client().get(game_url).text

    assert "Next: Round 1 · Phase 2" in page
    assert "Round 1 · <bdi>Cy</bdi> deals, <bdi>Ann</bdi> leads" in page
    assert 'name="hand"' not in page


def test_the_scorekeeper_gets_the_compact_strip_and_watchers_the_large_cards(app, client):
    game_url = start_game(client, "Ann", "Bo")

    keeper_page = client.get(game_url).text
    watcher_page = app.test_client().get(game_url).text

    assert '<ol class="scores strip"' in keeper_page and "to go" not in keeper_page
    assert '<ol class="scores strip"' not in watcher_page and "52 to go" in watcher_page
    # The step comes before the chart, the undo, the sharing and the round log.
    step = keeper_page.index('id="next-step"')
    assert all(
        step < keeper_page.index(later)
        for later in ['class="card chart-card"', "Share this game", 'id="round-log"']
    )


@pytest.mark.parametrize("language", ["en", "ne", "be"])
def test_the_worst_refused_form_still_fits_the_session_cookie(client, language):
    """A browser drops a cookie over 4 KB, and with it this phone's edit keys."""
    client.set_cookie("lang", language)
    for _ in range(20):  # a phone keeping score in as many games as it remembers
        start_game(client, "Ann", "Bo")
    boxes = ["target", "last_trick_points", "chicago_points", "chicago_penalty"]
    boxes += ["chicago_min_score", "deuce_last_trick_points", "exchange_stop"]
    boxes += [f"points_{hand}" for hand in Hand]
    letters = random.Random(13)  # text that does not compress, as pasted junk might be

    def pasted() -> str:
        return "".join(letters.choices(string.ascii_letters + "ÅÄÖ", k=300))

    form = {f"players-{row}": pasted() for row in range(4)} | {"dealer": "9"}
    form |= {f"rules-{box}": pasted() for box in boxes} | {"rules-preset": "custom"}
    form |= {f"junk-{number}": pasted() for number in range(100)}  # under the 64 KB limit

    response = client.post("/games", data=form)  # werkzeug warns, and so fails, past 4 KB

    held = response.headers["Set-Cookie"].split(";")[0]
    page = follow_refusal(client, response, "/")
    assert page.count('class="field-error"') >= len(boxes)  # every box says what is wrong
    assert len(held) <= 4000
    assert len(client.get_cookie("session").value) <= 4093
    assert len(re.findall(r"/games/\d+", client.get("/").text)) >= 10  # the keys are kept


def test_a_typed_name_is_judged_trimmed_and_composed_as_the_api_judges_it(client):
    # Spaces a keyboard leaves after a name, and letters typed as letter and accent.
    game_url = start_game(client, "Ann" + " " * 40, "C\u0301" * 22)

    assert [player["name"] for player in stored_game(client, game_url)["players"]] == [
        "Ann",
        "\u0106" * 22,
    ]


def test_a_name_too_long_is_refused_by_the_rules_own_sentence(client):
    response = client.post("/games", data={"players-0": "X" * 41, "players-1": "Bo"})

    page = follow_refusal(client, response, "/")
    assert "has 41 characters; keep it to 40." in page
    assert client.get("/api/games").get_json()["total"] == 0
