"""A game's number in an address is written one way, as the app's links write it: other
digits, or a leading zero, are no address of the app's."""

import pytest

from support.api_client import create_api_game


def other_digits(number: int, zero: str) -> str:
    """``number`` in the digits that start at ``zero``: Arabic-Indic, fullwidth, ..."""
    return "".join(chr(ord(zero) + int(digit)) for digit in str(number))


@pytest.mark.parametrize(
    "written",
    [
        lambda number: other_digits(number, "\u0660"),  # Arabic-Indic
        lambda number: other_digits(number, "\uff10"),  # fullwidth
        lambda number: other_digits(number, "\u0966"),  # Devanagari
        lambda number: f"0{number}",
    ],
    ids=["arabic-indic", "fullwidth", "devanagari", "leading zero"],
)
@pytest.mark.parametrize("address", ["/api/games/{}", "/games/{}", "/games/{}/review"])
def test_a_game_is_at_its_number_as_the_app_writes_it_and_nowhere_else(client, address, written):
    game = create_api_game(client, ["Ann", "Bo"])

    assert client.get(address.format(game.id)).status_code == 200
    assert client.get(address.format(written(game.id))).status_code == 404


# More digits than Python reads as one number (4,300 by default): int() raised, a 500,
# where a number of 4,300 digits is read, and is simply no game or entry of this app's.
PAST_PYTHONS_DIGIT_LIMIT = "9" * 4301


@pytest.mark.parametrize(
    "address", ["/api/games/{}", "/games/{}", "/games/{}/review", "/games/1/entries/{}"]
)
def test_a_number_too_long_for_any_game_is_no_address_rather_than_an_error(client, address):
    create_api_game(client, ["Ann", "Bo"])

    assert client.get(address.format(PAST_PYTHONS_DIGIT_LIMIT)).status_code == 404


def test_a_rematch_of_a_number_too_long_for_any_game_opens_an_empty_start_page(client):
    answer = client.get(f"/?rematch={PAST_PYTHONS_DIGIT_LIMIT}")

    assert answer.status_code == 200
    assert 'name="players-0"' in answer.text
    assert 'value="' + PAST_PYTHONS_DIGIT_LIMIT not in answer.text


@pytest.mark.parametrize(
    "number",
    [other_digits(1, "\u0660"), PAST_PYTHONS_DIGIT_LIMIT, "9" * 4300],
    ids=["one in arabic-indic digits", "past python's digit limit", "at that limit"],
)
def test_an_entry_is_corrected_only_at_its_number_as_the_app_writes_it(client, number):
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "flush")
    before = game.state()

    corrected = client.put(
        f"{game.url}/events/{number}",
        json={"round": 1, "step": "phase1", "outcome": "tie"},
        headers=game.auth(),
    )

    assert corrected.status_code == 404
    assert game.state() == before


@pytest.mark.parametrize(
    "written",
    [lambda number: other_digits(number, "\u0660"), lambda number: f"0{number}"],
    ids=["arabic-indic", "leading zero"],
)
def test_a_rematch_is_filled_in_only_from_the_games_number_as_the_app_writes_it(client, written):
    game = create_api_game(client, ["Ann", "Björn"])

    assert 'value="Björn"' in client.get(f"/?rematch={game.id}").text
    assert 'value="Björn"' not in client.get(f"/?rematch={written(game.id)}").text
