"""Who plays: 2 to 4 players in seating order, named so that nobody can be confused."""

import pytest

from chicago_scorer.rules import RuleViolation, new_setup


@pytest.mark.parametrize(
    "players", [["Ann", "Bo"], ["Ann", "Bo", "Cy"], ["Ann", "Bo", "Cy", "Dee"]]
)
def test_two_to_four_players_sit_in_the_order_given(players):
    assert new_setup(players).players == tuple(players)


@pytest.mark.parametrize(
    ("players", "given"),
    [([], "0 were given"), (["Ann"], "1 was given"), (["A", "B", "C", "D", "E"], "5 were given")],
)
def test_fewer_than_two_or_more_than_four_players_are_refused(players, given):
    with pytest.raises(RuleViolation, match=f"Chicago is for 2 to 4 players; {given}") as refused:
        new_setup(players)
    assert refused.value.field == "players"


def test_the_players_must_be_a_list_of_names():
    with pytest.raises(RuleViolation, match="'players' must be a list"):
        new_setup("Ann, Bo")


def test_names_are_trimmed():
    assert new_setup(["  Ann ", "\tBo\n"]).players == ("Ann", "Bo")


def test_a_name_may_have_40_characters_after_trimming():
    longest = "x" * 40

    assert new_setup([f"  {longest}  ", "Bo"]).players == (longest, "Bo")


def test_a_name_of_41_characters_is_refused():
    with pytest.raises(RuleViolation, match="has 41 characters; keep it to 40") as refused:
        new_setup(["Ann", "y" * 41])
    assert refused.value.field == "players.1"


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_name_is_refused(blank):
    with pytest.raises(RuleViolation, match="Player 2's name is blank") as refused:
        new_setup(["Ann", blank])
    assert refused.value.field == "players.1"


def test_a_name_must_be_text():
    with pytest.raises(RuleViolation, match="Player 1's name must be text"):
        new_setup([7, "Bo"])


@pytest.mark.parametrize("again", ["Ann", "ann", " ANN "])
def test_two_players_may_not_share_a_name_even_in_different_case(again):
    with pytest.raises(RuleViolation, match="are the same name") as refused:
        new_setup(["Ann", "Bo", again])
    assert refused.value.field == "players.2"


def test_the_first_player_deals_by_default():
    assert new_setup(["Ann", "Bo", "Cy"]).first_dealer == 0


def test_the_scorekeeper_may_choose_the_first_dealer_by_name_in_any_case():
    assert new_setup(["Ann", "Bo", "Cy"], dealer=" cy").first_dealer == 2


def test_a_first_dealer_who_is_not_playing_is_refused():
    with pytest.raises(RuleViolation, match="no player called 'Zed'") as refused:
        new_setup(["Ann", "Bo"], dealer="Zed")
    assert refused.value.field == "dealer"
    assert "the players are Ann and Bo" in refused.value.message
