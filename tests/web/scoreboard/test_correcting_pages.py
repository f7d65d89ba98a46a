"""Correcting a recorded entry from the scoreboard, through its forms the way the
scorekeeper taps them."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from chicago_scorer.rules import PRESETS, STANDARD_RULES, read_event
from chicago_scorer.web.scoreboard.correction_forms import CorrectionForm
from support.form_tokens import csrf_token
from support.games import legal_entries, played_games
from support.page_words import without_name_marks
from support.table_forms import (
    NOT_THE_SCOREKEEPER,
    accepted,
    follow_refusal,
    game_of_three,
    log_entries,
    start_game,
    stored_game,
    tap,
)


def scores(page: str) -> list[int]:
    return [int(score) for score in re.findall(r'<span class="score">(\d+)</span>', page)]


def hidden_fields(page: str) -> dict[str, str]:
    """The hidden fields of the correction card's form."""
    card = page[page.index('<section class="card step-card correcting"') :]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', card))


def correction_card(page: str) -> str:
    """The step card holding an entry open to correct, where its refusal is said."""
    return re.search(
        r'<section class="card step-card correcting".*?</section>', page, re.S
    ).group()


def correct(client, game_url: str, number: int, **fields):
    """Open entry ``number`` from the round log and save the card with ``fields`` chosen."""
    card = client.get(f"{game_url}/entries/{number}")
    assert card.status_code == 200, card.headers.get("Location")
    return client.post(f"{game_url}/entries/{number}", data=hidden_fields(card.text) | fields)


def chart_line(page: str, name: str) -> str:
    return re.search(rf'points="([^"]*)" data-player="{name}"', page).group(1)


@pytest.fixture
def game_url(client):
    """Ann, Bo and Cy, with Ann's two pair, a tie and Cy's last trick recorded."""
    return game_of_three(client)


@pytest.fixture
def watcher(app):
    """Another phone at the table, without the key."""
    return app.test_client()


# --- opening an entry ---


def test_the_scorekeeper_opens_each_logged_entry_from_the_round_log(client, game_url):
    page = client.get(game_url).text

    links = re.findall(rf'<a href="{game_url}/entries/(\d+)">([^<]*)</a>', page)

    assert links == [
        ("3", "Cy +5 · last trick"),
        ("2", "Tie · nobody scored"),
        ("1", "Ann +2 · two pair"),
    ]


def test_an_opened_entry_is_the_step_card_filled_in_as_the_entry_was(client, game_url):
    page = client.get(f"{game_url}/entries/1").text

    assert 'id="correct-step">Correct Round 1 · Phase 1</h2>' in page
    assert re.search(r'name="winner" value="Ann" checked', page)
    assert re.findall(r'name="answer" value="([^"]*)" checked', page) == ["hand=two_pair"]
    assert hidden_fields(page)["round"] == "1" and hidden_fields(page)["step"] == "phase1"
    assert '<button type="submit" class="primary">Save correction</button>' in page
    assert f'<a class="button secondary" href="{game_url}">Cancel</a>' in page
    assert 'name="hand"' not in page  # no tap records anything: only Save does


def test_an_opened_last_trick_offers_the_players_and_the_chicago_calls_of_its_moment(
    client, game_url
):
    page = client.get(f"{game_url}/entries/3").text

    assert 'id="correct-step">Correct Round 1 · Tricks</h2>' in page
    assert re.findall(r'name="answer" value="([^"]*)" checked', page) == ["last_trick=Cy"]
    # At the tricks nobody had 15 points, so no Chicago call could be made then.
    assert re.findall(r'name="answer" value="chicago=', page) == []
    assert "Ann, Bo and Cy need 15 points to call Chicago." in page


def test_an_entry_opened_in_a_tiebreak_shows_the_game_as_it_stood_not_this_rounds_lines(
    client,
):
    game_url = start_game(client, "Ann", "Bo", "Cy")
    for fields in [
        {"winner": "Ann", "hand": "royal_flush"},
        {"winner": "Bo", "hand": "royal_flush"},
        {"last_trick": "Cy"},
        {"outcome": "none"},
    ]:
        assert accepted(client, tap(client, game_url, **fields))
    now = client.get(game_url).text
    assert "Tiebreak: only Ann and Bo play this round." in now
    assert "Round 2 · <bdi>Bo</bdi> deals, <bdi>Ann</bdi> leads" in now

    page = client.get(f"{game_url}/entries/1").text

    assert 'id="correct-step">Correct Round 1 · Phase 1</h2>' in page
    assert "Tiebreak: only" not in page
    assert "</bdi> deals, " not in page


def test_an_entry_outside_the_log_is_not_opened_and_says_so(client, game_url):
    page = follow_refusal(client, client.get(f"{game_url}/entries/4"), game_url)

    assert "That entry is no longer in the game, so there is nothing to correct." in page
    assert "Round 2 · Phase 1: best hand?" not in page  # the game is at its next step
    assert "Round 1 · Phase 3: best hand after the tricks?" in page


# --- saving a correction ---


def test_a_saved_correction_says_what_it_changed_and_the_scores_log_and_chart_follow(
    app, client, game_url
):
    response = correct(client, game_url, 1, winner="Bo", answer="hand=two_pair")

    assert accepted(client, response)
    assert response.headers["Location"] == game_url
    page = client.get(game_url).text
    assert (
        '<p class="flash" role="status">'
        "Corrected Round 1 · Phase 1: Bo +2 · two pair, was Ann +2 · two pair</p>"
    ) in page
    assert scores(page) == [0, 2, 5]
    assert log_entries(page) == [
        "Cy +5 · last trick",
        "Tie · nobody scored",
        "Bo +2 · two pair corrected, was Ann · two pair",
    ]
    # The chart is the one of a game that recorded Bo's two pair in the first place.
    played = app.test_client()
    other_url = start_game(played, "Ann", "Bo", "Cy")
    for fields in [{"winner": "Bo", "hand": "two_pair"}, {"outcome": "tie"}, {"last_trick": "Cy"}]:
        tap(played, other_url, **fields)
    other = played.get(other_url).text
    assert [chart_line(page, name) for name in "Ann Bo Cy".split()] == [
        chart_line(other, name) for name in "Ann Bo Cy".split()
    ]


def test_a_tie_can_become_a_win_and_a_last_trick_a_chicago_call(client, game_url):
    assert accepted(client, correct(client, game_url, 2, winner="Cy", answer="hand=flush"))
    assert accepted(client, correct(client, game_url, 3, answer="last_trick=Ann"))

    page = client.get(game_url).text

    assert "Corrected Round 1 · Tricks: Ann +5 · last trick, was Cy +5 · last trick" in page
    assert scores(page) == [7, 0, 5]
    assert log_entries(page)[:2] == [
        "Ann +5 · last trick corrected, was Cy · last trick",
        "Cy +5 · flush corrected, was Tie · nobody scored",
    ]


def test_a_correction_the_rules_refuse_names_the_entry_it_breaks_and_changes_nothing(client):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Bo", hand="straight_flush")
    tap(client, game_url, winner="Bo", hand="four_of_a_kind")
    assert accepted(client, tap(client, game_url, chicago="won:Bo"))
    before = stored_game(client, game_url)

    response = correct(client, game_url, 2, winner="Bo", answer="hand=one_pair")
    page = follow_refusal(client, response, f"{game_url}/entries/2")

    assert (
        "Entry 3 (Round 1 · Tricks) would no longer be legal: "
        "Bo needs 15 points to call Chicago and has 9. Correct or undo that entry first."
    ) in page
    assert 'id="correct-step">Correct Round 1 · Phase 2</h2>' in page  # the card, to answer again
    assert re.findall(r'name="answer" value="([^"]*)" checked', page) == ["hand=one_pair"]
    assert stored_game(client, game_url) == before


LONGEST = "Anna-Karin Lindqvist-Johansson-Ekenstam!"  # 40 characters, the most a name has


def test_a_refused_correction_keeps_its_choice_picked_however_long_the_name_it_names(client):
    assert len(LONGEST) == 40
    game_url = start_game(client, LONGEST, "Bo")
    tap(client, game_url, winner=LONGEST, hand="straight_flush")
    tap(client, game_url, winner=LONGEST, hand="straight_flush")
    for fields in [{"last_trick": "Bo"}] + [{"outcome": "none"}] * 3:
        tap(client, game_url, **fields)
    assert accepted(client, tap(client, game_url, chicago=f"won:{LONGEST}"))
    before = stored_game(client, game_url)

    response = correct(client, game_url, 3, answer=f"chicago=lost:{LONGEST}")
    page = follow_refusal(client, response, f"{game_url}/entries/3")

    assert (
        f"Entry 7 (Round 2 · Tricks) would no longer be legal: {LONGEST} needs 15 points "
        "to call Chicago and has 1. Correct or undo that entry first."
    ) in without_name_marks(page)
    assert re.findall(r'name="answer" value="([^"]*)" checked', page) == [
        f"chicago=lost:{LONGEST}"
    ]
    assert stored_game(client, game_url) == before


def test_a_correction_that_changes_nothing_is_refused_with_a_plain_message(client, game_url):
    before = stored_game(client, game_url)

    response = correct(client, game_url, 1, winner="Ann", answer="hand=two_pair")
    page = follow_refusal(client, response, game_url)

    assert "Round 1 · Phase 1 already says that, so nothing was changed." in page
    assert "Round 1 · Phase 3: best hand after the tricks?" in page
    assert stored_game(client, game_url) == before


def test_a_card_another_phone_overtook_is_refused_and_shows_the_entry_as_it_is_now(
    app, client, game_url
):
    card = client.get(f"{game_url}/entries/1").text
    assert accepted(client, correct(client, game_url, 1, winner="Cy", answer="hand=two_pair"))
    now = stored_game(client, game_url)

    stale = hidden_fields(card) | {"winner": "Bo", "answer": "hand=two_pair"}
    response = client.post(f"{game_url}/entries/1", data=stale)
    page = follow_refusal(client, response, f"{game_url}/entries/1")

    assert "The game changed on another phone since this entry was opened" in page
    assert re.search(r'name="winner" value="Cy" checked', page)
    assert stored_game(client, game_url) == now


def test_a_correction_sent_again_after_its_answer_was_lost_says_it_is_saved_and_saves_once(
    client, game_url
):
    card = client.get(f"{game_url}/entries/1").text
    sent = hidden_fields(card) | {"winner": "Bo", "answer": "hand=two_pair"}
    assert accepted(client, client.post(f"{game_url}/entries/1", data=sent))
    client.get(game_url)  # the page that said "Corrected …", never seen
    saved = stored_game(client, game_url)

    again = client.post(f"{game_url}/entries/1", data=sent)

    page = follow_refusal(client, again, game_url)
    assert (
        "This correction was already saved a moment ago, so it was not saved again. "
        "Here is the game now."
    ) in page
    assert "changed on another phone" not in page
    assert stored_game(client, game_url) == saved
    assert log_entries(page)[-1] == "Bo +2 · two pair corrected, was Ann · two pair"


def test_a_card_sent_again_after_another_phone_corrected_the_entry_otherwise_is_refused(
    client, game_url
):
    card = client.get(f"{game_url}/entries/1").text
    sent = hidden_fields(card) | {"winner": "Bo", "answer": "hand=two_pair"}
    assert accepted(client, client.post(f"{game_url}/entries/1", data=sent))
    other = correct(client, game_url, 1, winner="Cy", answer="hand=two_pair")
    assert accepted(client, other)
    now = stored_game(client, game_url)

    page = follow_refusal(
        client, client.post(f"{game_url}/entries/1", data=sent), f"{game_url}/entries/1"
    )

    assert "The game changed on another phone since this entry was opened" in page
    assert stored_game(client, game_url) == now


@pytest.mark.parametrize("version", [None, "", "0-0"], ids=["left out", "blank", "garbled"])
def test_a_card_that_does_not_say_how_the_game_stood_is_refused_and_changes_nothing(
    client, game_url, version
):
    """Else it would be saved onto whatever the game is now, unseen."""
    before = stored_game(client, game_url)
    card = hidden_fields(client.get(f"{game_url}/entries/1").text)
    sent = card | {"winner": "Bo", "answer": "hand=two_pair", "version": version}

    response = client.post(
        f"{game_url}/entries/1", data={k: v for k, v in sent.items() if v is not None}
    )
    page = follow_refusal(client, response, f"{game_url}/entries/1")

    assert "The page did not say how the game stood when it was shown" in correction_card(page)
    assert stored_game(client, game_url) == before


def test_a_hand_chosen_without_a_player_is_refused_on_the_card(client, game_url):
    before = stored_game(client, game_url)

    response = correct(client, game_url, 2, answer="hand=flush")  # it was a tie: nobody won
    page = follow_refusal(client, response, f"{game_url}/entries/2")

    assert "First tap who had the best hand, then the hand." in page
    assert 'id="correct-step">Correct Round 1 · Phase 2</h2>' in page
    assert stored_game(client, game_url) == before


def test_a_settled_win_keeps_its_cards_while_its_winner_and_hand_stay(client):
    game_url = start_game(client, "Ann", "Bo")
    settled = {"winner": "Ann", "hand": "flush", "cards": "2h 5h 7h 9h Jh"}
    assert accepted(client, tap(client, game_url, **settled))
    assert hidden_fields(client.get(f"{game_url}/entries/1").text)["cards"] == "2h 5h 7h 9h Jh"

    same = correct(client, game_url, 1, winner="Ann", answer="hand=flush")
    assert "nothing was changed" in follow_refusal(client, same, game_url)
    assert accepted(client, correct(client, game_url, 1, winner="Bo", answer="hand=flush"))

    assert stored_game(client, game_url)["events"][0]["winner"] == "Bo"
    assert "cards" not in stored_game(client, game_url)["events"][0]


RULE_SETS = st.sampled_from([STANDARD_RULES, *(preset.rules for preset in PRESETS.values())])


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=played_games(RULE_SETS, max_events=40), data=st.data())
def test_the_card_filled_in_as_an_entry_was_sends_that_entry_back(app, game, data):
    state = data.draw(st.sampled_from([state for state in game.states if state.next_step]))
    entry = data.draw(legal_entries(state))
    position = {"round": str(entry["round"]), "step": entry["step"]}

    with app.test_request_context():
        shown = CorrectionForm.saying(entry)
        sent = MultiDict(position | {"winner": shown.winner.data, "answer": shown.answer.data})
        assert read_event(CorrectionForm(formdata=sent).entry()) == read_event(entry)


# --- who may correct ---


def test_a_watcher_sees_no_links_to_correct_and_cannot_correct(client, game_url, watcher):
    card = client.get(f"{game_url}/entries/1").text
    before = stored_game(client, game_url)

    page = watcher.get(game_url).text
    opened = follow_refusal(watcher, watcher.get(f"{game_url}/entries/1"), game_url)
    posted = watcher.post(
        f"{game_url}/entries/1",
        data=hidden_fields(card) | {"winner": "Bo", "answer": "hand=two_pair"},
    )

    assert "/entries/" not in page
    assert "Fix names or first dealer" not in page and "Delete this game" not in page
    assert NOT_THE_SCOREKEEPER in opened  # a link kept from when it kept score, say
    assert NOT_THE_SCOREKEEPER in follow_refusal(watcher, posted, game_url)
    assert stored_game(client, game_url) == before


def test_a_watcher_whose_correction_is_malformed_too_is_told_only_the_scorekeeper_may_correct(
    client, game_url, watcher
):
    card = client.get(f"{game_url}/entries/1").text
    before = stored_game(client, game_url)

    posted = watcher.post(
        f"{game_url}/entries/1", data=hidden_fields(card) | {"winner": "Bo", "answer": "flop"}
    )

    # Not sent back to the entry's card, which a watcher is not shown: its refusal was lost.
    assert NOT_THE_SCOREKEEPER in follow_refusal(watcher, posted, game_url)
    assert stored_game(client, game_url) == before


@pytest.fixture
def csrf_client(make_app):
    return make_app(WTF_CSRF_ENABLED=True).test_client()


def test_a_correction_without_its_csrf_token_is_refused_and_one_with_it_is_saved(csrf_client):
    token = csrf_token(csrf_client.get("/").text)
    created = csrf_client.post(
        "/games", data={"csrf_token": token, "players-0": "Ann", "players-1": "Bo", "dealer": "0"}
    )
    game_url = created.headers["Location"]
    page = csrf_client.get(game_url).text
    token = csrf_token(page)
    entry = {"round": "1", "step": "phase1", "winner": "Ann", "hand": "flush"}
    assert accepted(
        csrf_client, csrf_client.post(f"{game_url}/entries", data=entry | {"csrf_token": token})
    )
    card = csrf_client.get(f"{game_url}/entries/1").text
    fields = hidden_fields(card) | {"winner": "Bo", "answer": "hand=flush"}
    before = stored_game(csrf_client, game_url)

    forged = csrf_client.post(f"{game_url}/entries/1", data=fields)

    # Back to the entry's card, the player chosen still chosen, as from a rules refusal.
    page = follow_refusal(csrf_client, forged, f"{game_url}/entries/1")
    assert "This page was out of date, so nothing was recorded." in correction_card(page)
    assert re.search(r'name="winner" value="Bo"\s+checked', page)
    assert stored_game(csrf_client, game_url) == before
    token = csrf_token(card)
    saved = csrf_client.post(f"{game_url}/entries/1", data=fields | {"csrf_token": token})
    assert accepted(csrf_client, saved)
    assert stored_game(csrf_client, game_url)["events"][0]["winner"] == "Bo"


# --- watchers follow ---


def test_a_correction_changes_the_version_watchers_poll_and_their_page_shows_it(
    client, game_url, watcher
):
    version = watcher.get(f"{game_url}/version").get_json()["version"]
    assert "Ann +2 · two pair" in watcher.get(game_url).text  # kept rendered at this version
    unchanged = watcher.get(f"{game_url}/version", headers={"If-None-Match": f'"{version}"'})
    assert unchanged.status_code == 304

    assert accepted(client, correct(client, game_url, 1, winner="Bo", answer="hand=two_pair"))

    polled = watcher.get(f"{game_url}/version", headers={"If-None-Match": f'"{version}"'})
    assert polled.status_code == 200 and polled.get_json()["version"] != version
    page = watcher.get(game_url).text
    assert scores(page) == [0, 2, 5]
    assert "Bo +2 · two pair corrected, was Ann · two pair" in log_entries(page)
