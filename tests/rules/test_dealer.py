"""Who deals and who leads: the deal passes clockwise to the next player in the round."""

import pytest

from support.games import last_trick, new_game, no_hand, play, quiet_round, tie, win


def test_the_first_player_deals_first_unless_the_scorekeeper_says_otherwise():
    assert new_game("Ann", "Bo", "Cy").dealer_name == "Ann"
    assert new_game("Ann", "Bo", "Cy", dealer="Bo").dealer_name == "Bo"


@pytest.mark.parametrize(
    ("dealer", "leader"), [("Ann", "Bo"), ("Bo", "Cy"), ("Cy", "Dee"), ("Dee", "Ann")]
)
def test_the_leader_sits_left_of_the_dealer(dealer, leader):
    assert new_game("Ann", "Bo", "Cy", "Dee", dealer=dealer).leader_name == leader


def test_the_deal_passes_clockwise_after_each_round_and_wraps_around():
    state = new_game("Ann", "Bo", "Cy", dealer="Bo")
    dealers = [state.dealer_name]
    for _ in range(4):
        state = play(state, *quiet_round("Ann"))
        dealers.append(state.dealer_name)

    assert dealers == ["Bo", "Cy", "Ann", "Bo", "Cy"]


def test_the_deal_does_not_pass_during_a_round():
    state = new_game("Ann", "Bo")

    for body in quiet_round("Bo")[:-1]:
        state = play(state, body)
        assert state.dealer_name == "Ann"


def test_with_two_players_the_deal_alternates():
    state = play(new_game("Ann", "Bo"), *quiet_round("Ann"))
    assert (state.dealer_name, state.leader_name) == ("Bo", "Ann")

    state = play(state, *quiet_round("Ann"))
    assert (state.dealer_name, state.leader_name) == ("Ann", "Bo")


def test_in_a_tiebreak_only_tied_players_deal_and_lead():
    state = play(
        new_game("Ann", "Bo", "Cy", "Dee", dealer="Bo"),
        win("Ann", "royal_flush"),
        win("Cy", "royal_flush"),
        last_trick("Dee"),
        no_hand(),
    )
    assert state.tiebreak_players == ("Ann", "Cy")
    assert (state.dealer_name, state.leader_name) == ("Cy", "Ann")

    state = play(state, tie(), tie(), last_trick("Cy"), win("Ann", "flush"))

    assert state.tiebreak_players == ("Ann", "Cy")
    assert (state.dealer_name, state.leader_name) == ("Ann", "Cy")


def test_the_deal_skips_players_left_out_of_the_tiebreak():
    state = play(
        new_game("Ann", "Bo", "Cy", "Dee", dealer="Cy"),
        win("Ann", "royal_flush"),
        win("Bo", "royal_flush"),
        last_trick("Cy"),
        no_hand(),
    )

    assert state.tiebreak_players == ("Ann", "Bo")
    assert (state.dealer_name, state.leader_name) == ("Ann", "Bo")

    state = play(state, tie(), tie(), last_trick("Ann"), win("Bo", "flush"))

    assert state.tiebreak_players == ("Ann", "Bo")
    assert (state.dealer_name, state.leader_name) == ("Bo", "Ann")
