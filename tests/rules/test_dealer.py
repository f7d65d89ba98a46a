"""Who deals and who leads: the deal passes clockwise to the next player in the round."""

import pytest


def test_the_first_player_deals_first_unless_the_scorekeeper_says_otherwise(new_game):
    assert new_game("Ann", "Bo", "Cy").dealer_name == "Ann"
    assert new_game("Ann", "Bo", "Cy", dealer="Bo").dealer_name == "Bo"


@pytest.mark.parametrize(
    ("dealer", "leader"), [("Ann", "Bo"), ("Bo", "Cy"), ("Cy", "Dee"), ("Dee", "Ann")]
)
def test_the_leader_sits_left_of_the_dealer(new_game, dealer, leader):
    assert new_game("Ann", "Bo", "Cy", "Dee", dealer=dealer).leader_name == leader


def test_the_deal_passes_clockwise_after_each_round_and_wraps_around(new_game, play, entry):
    state = new_game("Ann", "Bo", "Cy", dealer="Bo")
    dealers = [state.dealer_name]
    for _ in range(4):
        state = play(state, *entry.quiet_round("Ann"))
        dealers.append(state.dealer_name)

    assert dealers == ["Bo", "Cy", "Ann", "Bo", "Cy"]


def test_the_deal_does_not_pass_during_a_round(new_game, play, entry):
    state = new_game("Ann", "Bo")

    for body in entry.quiet_round("Bo")[:-1]:
        state = play(state, body)
        assert state.dealer_name == "Ann"


def test_with_two_players_the_deal_alternates(new_game, play, entry):
    state = play(new_game("Ann", "Bo"), *entry.quiet_round("Ann"))
    assert (state.dealer_name, state.leader_name) == ("Bo", "Ann")

    state = play(state, *entry.quiet_round("Ann"))
    assert (state.dealer_name, state.leader_name) == ("Ann", "Bo")


def test_in_a_tiebreak_only_tied_players_deal_and_lead(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", "Cy", "Dee", dealer="Bo"),
        entry.win("Ann", "royal_flush"),
        entry.win("Cy", "royal_flush"),
        entry.last_trick("Dee"),
        entry.no_hand(),
    )
    assert state.tiebreak_players == ("Ann", "Cy")
    assert (state.dealer_name, state.leader_name) == ("Cy", "Ann")

    state = play(
        state, entry.tie(), entry.tie(), entry.last_trick("Cy"), entry.win("Ann", "flush")
    )

    assert state.tiebreak_players == ("Ann", "Cy")
    assert (state.dealer_name, state.leader_name) == ("Ann", "Cy")


def test_the_deal_skips_players_left_out_of_the_tiebreak(new_game, play, entry):
    state = play(
        new_game("Ann", "Bo", "Cy", "Dee", dealer="Cy"),
        entry.win("Ann", "royal_flush"),
        entry.win("Bo", "royal_flush"),
        entry.last_trick("Cy"),
        entry.no_hand(),
    )

    assert state.tiebreak_players == ("Ann", "Bo")
    assert (state.dealer_name, state.leader_name) == ("Ann", "Bo")

    state = play(
        state, entry.tie(), entry.tie(), entry.last_trick("Ann"), entry.win("Bo", "flush")
    )

    assert state.tiebreak_players == ("Ann", "Bo")
    assert (state.dealer_name, state.leader_name) == ("Bo", "Ann")
