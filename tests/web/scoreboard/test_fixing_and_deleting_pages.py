"""Fixing a game's names or first dealer, and deleting a game, from the scoreboard,
through its forms the way the scorekeeper taps them."""

import re

import pytest

from support.form_tokens import csrf_token
from support.table_forms import (
    NOT_THE_SCOREKEEPER,
    accepted,
    fix_fields,
    follow_refusal,
    game_of_three,
    log_entries,
    stored_game,
)


def scores(page: str) -> list[int]:
    return [int(score) for score in re.findall(r'<span class="score">(\d+)</span>', page)]


@pytest.fixture
def game_url(client):
    return game_of_three(client)


@pytest.fixture
def watcher(app):
    """Another phone at the table, without the key."""
    return app.test_client()


VERSION_UNSAID = "The page did not say how the game stood when it was shown"
DEALER_UNSAID = "The page did not say who deals first, so nothing was changed."


# --- names and first dealer ---


def test_the_names_and_first_dealer_form_is_filled_in_with_the_game_s(client, game_url):
    page = client.get(game_url).text

    assert "<summary>Fix names or first dealer</summary>" in page
    assert fix_fields(page) | {"version": ""} == {
        "players-0": "Ann",
        "players-1": "Bo",
        "players-2": "Cy",
        "dealer": "0",
        "version": "",
    }


def test_a_name_fix_renames_the_player_in_every_entry_and_keeps_the_scores(client, game_url):
    fields = fix_fields(client.get(game_url).text) | {"players-0": "Anna"}

    response = client.post(f"{game_url}/players", data=fields)

    assert accepted(client, response)
    page = client.get(game_url).text
    assert "Names and first dealer saved; every entry follows them." in page
    assert "Anna +2 · two pair" in log_entries(page)
    assert scores(page) == [2, 0, 5]
    assert stored_game(client, game_url)["changes"][0] | {"at": ""} == {
        "what": "name",
        "was": "Ann",
        "now": "Anna",
        "at": "",
    }


def test_a_first_dealer_fix_moves_the_deal_and_not_the_scores(client, game_url):
    fields = fix_fields(client.get(game_url).text) | {"dealer": "1"}

    assert accepted(client, client.post(f"{game_url}/players", data=fields))

    page = client.get(game_url).text
    assert "Round 1 · <bdi>Bo</bdi> deals, <bdi>Cy</bdi> leads" in page
    assert scores(page) == [2, 0, 5]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players-1": "ann"}, "&#39;Ann&#39; and &#39;ann&#39; are the same name"),
        ({"players-2": " "}, "Player 3&#39;s name is blank"),
        ({}, "The game already has these names and this first dealer; nothing changed."),
        ({"version": "0-1.000000"}, "The game changed on another phone since this page was shown"),
        ({"version": None}, VERSION_UNSAID),
        ({"version": ""}, VERSION_UNSAID),
        ({"version": "0-0"}, VERSION_UNSAID),
        ({"dealer": None}, DEALER_UNSAID),
        ({"dealer": ""}, DEALER_UNSAID),
    ],
    ids=[
        "same name twice",
        "blank name",
        "nothing to change",
        "stale page",
        "no version",
        "blank version",
        "no version a page gives",
        "no first dealer",
        "blank first dealer",
    ],
)
def test_a_refused_fix_says_why_in_the_first_screen_and_changes_nothing(
    client, game_url, change, message
):
    fields = fix_fields(client.get(game_url).text) | change
    fields = {name: value for name, value in fields.items() if value is not None}
    before = stored_game(client, game_url)

    page = follow_refusal(client, client.post(f"{game_url}/players", data=fields), game_url)

    step_card = page[page.index('<section class="card step-card"') :]
    assert message in step_card[: step_card.index("<form")]
    assert stored_game(client, game_url) == before


def test_a_name_fix_that_blanks_a_seat_asks_for_its_name(client, game_url):
    fields = fix_fields(client.get(game_url).text) | {"players-2": " "}
    before = stored_game(client, game_url)

    page = follow_refusal(client, client.post(f"{game_url}/players", data=fields), game_url)

    assert "Player 3&#39;s name is blank: type a name for every seat." in page
    assert "leave the player out" not in page
    assert stored_game(client, game_url) == before


def test_a_rename_sent_without_who_deals_first_leaves_the_deal_where_it_was(client, game_url):
    moved = fix_fields(client.get(game_url).text) | {"dealer": "1"}
    assert accepted(client, client.post(f"{game_url}/players", data=moved))
    fields = fix_fields(client.get(game_url).text) | {"players-0": "Anna"}
    del fields["dealer"]  # as a changed copy of the page might send it
    before = stored_game(client, game_url)

    page = follow_refusal(client, client.post(f"{game_url}/players", data=fields), game_url)

    assert DEALER_UNSAID in page
    assert stored_game(client, game_url) == before
    assert "Round 1 · <bdi>Bo</bdi> deals, <bdi>Cy</bdi> leads" in page


def test_a_fix_from_a_stale_page_comes_back_open_as_it_was_typed_to_save_again(client, game_url):
    typed = fix_fields(client.get(game_url).text) | {"players-1": "Björn", "dealer": "2"}
    assert accepted(
        client,
        client.post(
            f"{game_url}/entries", data={"round": "1", "step": "phase3", "outcome": "none"}
        ),
    )

    page = follow_refusal(client, client.post(f"{game_url}/players", data=typed), game_url)

    assert "The game changed on another phone since this page was shown" in page
    fix = page[page.index('<details class="card fix-players"') :]
    assert fix.startswith('<details class="card fix-players" id="fix-players" open>')
    shown = fix_fields(page)
    assert shown | {"version": ""} == typed | {"version": ""}
    assert shown["version"] != typed["version"]  # the game's version now: saved again, it holds
    assert accepted(client, client.post(f"{game_url}/players", data=shown))


def test_a_refused_fix_marks_both_long_names_as_its_refusal_spells_them(client, game_url):
    # A phone's keyboard may add a space; the refusal names the name as the rules keep it.
    long_name = "Bartholomew Featherstonehaugh"
    fields = fix_fields(client.get(game_url).text) | {
        "players-1": f"  {long_name}  ",
        "players-2": long_name.lower(),
    }

    page = follow_refusal(client, client.post(f"{game_url}/players", data=fields), game_url)

    refusal = (
        f'<span class="name-in-message">&#39;<bdi>{long_name}</bdi>&#39;</span> and '
        f'<span class="name-in-message">&#39;<bdi>{long_name.lower()}</bdi>&#39;</span> '
        "are the same name"
    )
    step_card = page[page.index('<section class="card step-card"') :]
    summary = step_card[: step_card.index("<form")]
    assert refusal in summary
    fix = page[page.index('<details class="card fix-players"') :]
    last_seat = fix[fix.index('id="players-2"') : fix.index("</fieldset>")]
    assert refusal in last_seat  # beside the box of the second spelling, as with the step


def test_a_refused_fix_comes_back_open_as_it_was_typed_its_refusal_beside_the_name(
    client, game_url
):
    fields = fix_fields(client.get(game_url).text) | {"players-1": "ann", "players-2": "Cyrus"}

    page = follow_refusal(client, client.post(f"{game_url}/players", data=fields), game_url)

    refusal = "&#39;Ann&#39; and &#39;ann&#39; are the same name"
    step_card = page[page.index('<section class="card step-card"') :]
    summary = step_card[: step_card.index("<form")]
    assert re.search(f'<a href="#players-1">[^<]*{refusal}', summary)  # a link to its box
    fix = page[page.index('<details class="card fix-players"') :]
    assert fix.startswith('<details class="card fix-players" id="fix-players" open>')
    assert fix_fields(page) | {"version": ""} == fields | {"version": ""}  # nothing retyped
    seat = fix[fix.index('id="players-1"') : fix.index('id="players-2"')]
    assert 'aria-invalid="true"' in seat and refusal in seat
    # Shown once: the next page has the game's own names again, the card closed.
    again = client.get(game_url).text
    assert '<details class="card fix-players" id="fix-players">' in again
    assert fix_fields(again)["players-1"] == "Bo"


def test_a_fix_from_a_page_whose_token_expired_comes_back_open_as_it_was_typed(make_app):
    keeper = make_app(WTF_CSRF_ENABLED=True).test_client()
    token = csrf_token(keeper.get("/").text)
    game_url = keeper.post(
        "/games",
        data={
            "csrf_token": token,
            "players-0": "Ann",
            "players-1": "Bjorn",
            "dealer": "0",
        },
    ).headers["Location"]
    typed = fix_fields(keeper.get(game_url).text) | {"players-1": "Björn", "csrf_token": "old"}
    before = stored_game(keeper, game_url)

    page = follow_refusal(keeper, keeper.post(f"{game_url}/players", data=typed), game_url)

    assert "This page was out of date, so nothing was recorded." in page
    fix = page[page.index('<details class="card fix-players"') :]
    assert fix.startswith('<details class="card fix-players" id="fix-players" open>')
    assert fix_fields(page)["players-1"] == "Björn"
    assert stored_game(keeper, game_url) == before


def test_a_watcher_cannot_fix_the_names(client, game_url, watcher):
    fields = fix_fields(client.get(game_url).text) | {"players-0": "Anna"}
    before = stored_game(client, game_url)

    page = follow_refusal(watcher, watcher.post(f"{game_url}/players", data=fields), game_url)

    assert NOT_THE_SCOREKEEPER in page
    assert stored_game(client, game_url) == before


def test_a_watcher_whose_fix_is_malformed_too_is_told_only_the_scorekeeper_may_fix(
    client, game_url, watcher
):
    fields = fix_fields(client.get(game_url).text) | {"players-0": ""}  # a name left out
    before = stored_game(client, game_url)

    page = follow_refusal(watcher, watcher.post(f"{game_url}/players", data=fields), game_url)

    assert NOT_THE_SCOREKEEPER in page  # not a name's refusal for a form it is not shown
    assert stored_game(client, game_url) == before


# --- deleting ---


def test_deleting_asks_first_and_offers_the_game_s_export(client, game_url):
    page = client.get(game_url).text
    delete = page[page.index('<details class="card delete-game">') :]
    delete = delete[: delete.index("</details>")]

    assert "<summary>Delete this game…</summary>" in delete
    assert f'href="{game_url}/export.json" download' in delete
    assert f'action="{game_url}/delete"' in delete
    assert "Yes, delete this game" in delete
    assert client.get(f"{game_url}/export.json").status_code == 200


def test_a_confirmed_deletion_removes_the_game_and_says_so_at_home(client, game_url):
    version = re.search(r'data-live-version="([^"]*)"', client.get(game_url).text).group(1)

    response = client.post(f"{game_url}/delete", data={"version": version})

    assert response.status_code == 303 and response.headers["Location"] == "/"
    home = client.get("/").text
    assert '<p class="flash" role="status">Deleted the game of Ann, Bo and Cy.</p>' in home
    assert f'href="{game_url}"' not in home
    assert client.get(game_url).status_code == 404
    with client.session_transaction() as session:
        assert session["edit_keys"] == {}


def test_a_deletion_from_a_stale_page_or_a_watcher_deletes_nothing(client, game_url, watcher):
    version = re.search(r'data-live-version="([^"]*)"', client.get(game_url).text).group(1)
    before = stored_game(client, game_url)

    stale = client.post(f"{game_url}/delete", data={"version": "0-1.000000"})
    watched = watcher.post(f"{game_url}/delete", data={"version": version})

    assert "so it was not deleted" in follow_refusal(client, stale, game_url)
    assert NOT_THE_SCOREKEEPER in follow_refusal(watcher, watched, game_url)
    assert stored_game(client, game_url) == before


@pytest.mark.parametrize(
    "sent",
    [{}, {"version": ""}, {"version": "0-0"}],
    ids=["no version", "blank version", "no version a page gives"],
)
def test_a_deletion_that_does_not_say_how_the_game_stood_deletes_nothing(client, game_url, sent):
    before = stored_game(client, game_url)

    response = client.post(f"{game_url}/delete", data=sent)

    assert VERSION_UNSAID in follow_refusal(client, response, game_url)
    assert stored_game(client, game_url) == before


def test_a_fix_of_two_bad_names_says_each_by_its_box_at_once(client, game_url):
    fields = fix_fields(client.get(game_url).text) | {"players-1": "ann", "players-2": "C\u200by"}

    page = follow_refusal(client, client.post(f"{game_url}/players", data=fields), game_url)

    assert "&#39;Ann&#39; and &#39;ann&#39; are the same name" in page
    assert "Player 3&#39;s name has an invisible character (U+200B)" in page
