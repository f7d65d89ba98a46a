"""An entry sent again is the same entry when the rules read it alike, however it is
written; anything that says something else is another entry."""

import pytest

from chicago_scorer.rules import GameSetup
from chicago_scorer.rules.repeats import entry_as_logged, is_same_entry

SETUP = GameSetup(("Ann", "Bo"))
ROYAL = {
    "round": 1,
    "step": "phase1",
    "outcome": "win",
    "winner": "Ann",
    "hand": "royal_flush",
    "cards": "As Ks Qs Js 10s",
}
LOGGED = entry_as_logged(SETUP, ROYAL)


def test_an_entry_is_logged_with_its_players_name_as_the_game_spells_it():
    assert entry_as_logged(SETUP, ROYAL | {"winner": "  aNN "}) == ROYAL


@pytest.mark.parametrize(
    "sent",
    [
        dict(reversed(ROYAL.items())),
        ROYAL | {"winner": "ann"},
        ROYAL | {"cards": ["A♠", "K♠", "Q♠", "J♠", "T♠"]},
        ROYAL | {"cards": "10s Js Qs Ks As"},
        ROYAL | {"cards": "js, AS, t♠, qs, K♠"},
    ],
    ids=[
        "other field order",
        "the name in other letters",
        "the cards written otherwise",
        "the cards in another order",
        "the cards in another order and writing",
    ],
)
def test_the_same_entry_written_otherwise_is_the_same_entry(sent):
    assert is_same_entry(SETUP, sent, [LOGGED])


@pytest.mark.parametrize(
    "sent",
    [
        ROYAL | {"winner": "Bo"},
        ROYAL | {"round": 2},
        ROYAL | {"step": "phase2"},
        {"round": 1, "step": "phase1", "outcome": "none"},
        ROYAL | {"winner": "Cy"},
        ROYAL | {"outcome": "maybe"},
        ROYAL | {"cards": "Ah Kh Qh Jh 10h"},
        ROYAL | {"cards": None},
    ],
    ids=[
        "another winner",
        "another round",
        "another step",
        "no hand",
        "nobody here",
        "unread",
        "other cards",
        "no cards",
    ],
)
def test_an_entry_that_says_something_else_is_another_entry(sent):
    assert not is_same_entry(SETUP, sent, [LOGGED])


def test_an_entry_is_the_same_as_any_of_the_forms_it_was_recorded_in():
    corrected = LOGGED | {"winner": "Bo"}

    assert is_same_entry(SETUP, ROYAL, [corrected, LOGGED])
    assert not is_same_entry(SETUP, ROYAL, [corrected])


def test_a_name_is_read_by_the_seat_it_had_in_an_earlier_seating():
    swapped = GameSetup(("Bo", "Ann"))  # a fix swapped the seats' names
    logged = entry_as_logged(swapped, ROYAL | {"winner": "Bo"})  # the first seat won
    before_the_fix = [("Ann", "Bo")]

    assert not is_same_entry(swapped, ROYAL, [logged])  # Ann sits in the second seat now
    assert is_same_entry(swapped, ROYAL, [logged], before_the_fix)
    assert is_same_entry(swapped, ROYAL | {"winner": "ANN"}, [logged], before_the_fix)
    assert not is_same_entry(
        swapped, ROYAL | {"cards": "Ah Kh Qh Jh 10h"}, [logged], before_the_fix
    )
