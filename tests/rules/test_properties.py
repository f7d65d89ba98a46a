"""Invariants of the fold, checked over random legal games."""

from itertools import pairwise

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from chicago_scorer.rules import (
    STANDARD_RULES,
    STEP_ORDER,
    ChicagoCall,
    HandResult,
    LastTrick,
    Outcome,
    RuleSet,
    RuleViolation,
    Status,
    Step,
    chicago_refusal,
    chicago_shut_out,
    event_to_dict,
    record,
    replay,
    start_game,
)
from support.games import PlayedGame, at_next_step, chicago, legal_entries, played_games

MAX_EVENTS = 200

game_settings = settings(max_examples=100)


# Mostly the standard rules; sometimes a low target, so that ties at the top and
# tiebreak rounds are common, and a Chicago allowed from 0, so that the floor is used.
rule_sets = st.one_of(
    st.just(STANDARD_RULES),
    st.builds(
        RuleSet,
        target=st.integers(min_value=5, max_value=30),
        chicago_min_score=st.integers(min_value=0, max_value=15),
        chicago_penalty=st.integers(min_value=1, max_value=20),
    ),
)


def legal_games() -> st.SearchStrategy[PlayedGame]:
    """Games mostly under the standard rules, some with a low target."""
    return played_games(rule_sets, MAX_EVENTS)


@game_settings
@given(legal_games())
def test_scores_are_never_negative(game):
    for state in game.states:
        assert all(score >= 0 for score in state.scores)


@game_settings
@given(legal_games())
def test_replaying_the_log_is_deterministic_and_equals_the_state_built_entry_by_entry(game):
    first = replay(game.setup, game.events)
    second = replay(game.setup, game.events)

    assert first == second == game.final


@game_settings
@given(legal_games())
def test_replaying_the_json_form_of_the_log_gives_the_same_game(game):
    state = start_game(game.setup)
    for event in game.events:
        state = record(state, event_to_dict(event))

    assert state == game.final


@game_settings
@given(legal_games(), st.data())
def test_undo_then_redo_of_any_entry_is_the_identity(game, data):
    position = data.draw(st.integers(min_value=0, max_value=len(game.events) - 1))
    before, after = game.states[position], game.states[position + 1]
    log = game.events[: position + 1]

    undone = replay(game.setup, log[:-1])
    redone = record(undone, event_to_dict(log[-1]))

    assert undone == before
    assert redone == after


@game_settings
@given(legal_games(), st.data())
def test_undoing_a_newly_recorded_entry_restores_the_previous_state(game, data):
    open_states = [state for state in game.states if state.next_step is not None]
    previous = data.draw(st.sampled_from(open_states))

    recorded = record(previous, data.draw(legal_entries(previous)))
    undone = replay(game.setup, [scored.event for scored in recorded.history][:-1])

    assert undone == previous


@game_settings
@given(legal_games())
def test_every_finished_game_has_a_winner_past_the_target_with_the_top_score(game):
    final = game.final
    assume(final.winner is not None)
    winning_score = final.score_of(final.winner)
    others_in_last_round = [
        final.scores[seat] for seat in final.round_seats if seat != final.winner_seat
    ]

    assert winning_score >= game.setup.rules.target
    assert all(score < winning_score for score in others_in_last_round)
    assert winning_score == max(final.scores)
    assert final.next_step is None


@game_settings
@given(legal_games())
def test_the_cached_points_in_the_history_add_up_to_the_scores(game):
    for state in game.states:
        totals = {name: 0 for name in state.players}
        for scored in state.history:
            for name, points in scored.points.items():
                totals[name] += points

        assert tuple(totals[name] for name in state.players) == state.scores


@game_settings
@given(legal_games())
def test_steps_follow_in_order_and_only_the_rounds_players_score_deal_or_lead(game):
    for before, after in pairwise(game.states):
        scored = after.history[-1]
        round_players = {before.players[seat] for seat in before.round_seats}

        assert before.round == len(before.history) // len(STEP_ORDER) + 1
        assert scored.event.step is STEP_ORDER[len(before.history) % len(STEP_ORDER)]
        assert set(scored.points) <= round_players
        assert before.dealer_name in round_players
        assert before.leader_name in round_players - {before.dealer_name}


@game_settings
@given(legal_games())
def test_each_entry_is_marked_as_played_in_a_tiebreak_exactly_when_it_was(game):
    for before, after in pairwise(game.states):
        assert after.history[-1].in_tiebreak == before.is_tiebreak


@game_settings
@given(legal_games())
def test_each_entry_scores_exactly_what_the_rules_give(game):
    rules = game.setup.rules
    for before, after in pairwise(game.states):
        match after.history[-1].event:
            case HandResult(outcome=Outcome.WIN, winner=winner, hand=hand):
                expected = {winner: rules.points_for(hand)}
            case HandResult():
                expected = {}
            case LastTrick(taker=taker):
                expected = {taker: rules.last_trick_points}
            case ChicagoCall(caller=caller, won=True):
                expected = {caller: rules.chicago_points}
            case ChicagoCall(caller=caller, won=False):
                expected = {caller: -min(rules.chicago_penalty, before.score_of(caller))}

        assert after.history[-1].points == expected


@game_settings
@given(legal_games())
def test_the_winner_is_decided_only_when_a_round_ends(game):
    for before, after in pairwise(game.states):
        if after.history[-1].event.step is not Step.PHASE3:
            assert after.winner is None
            assert after.round == before.round


@game_settings
@given(legal_games())
def test_an_ordinary_round_starts_only_while_everyone_is_below_the_target(game):
    target = game.setup.rules.target
    for state in game.states:
        if state.next_step is Step.PHASE1 and state.status is Status.IN_PROGRESS:
            assert max(state.scores) < target


@game_settings
@given(legal_games())
def test_a_tiebreak_round_is_played_by_exactly_the_players_level_at_the_top(game):
    for state in game.states:
        if state.next_step is Step.PHASE1 and state.status is Status.TIEBREAK:
            top = max(state.scores)
            level_at_the_top = tuple(
                seat for seat, score in enumerate(state.scores) if score == top
            )

            assert top >= game.setup.rules.target
            assert len(level_at_the_top) >= 2
            assert state.round_seats == level_at_the_top


@game_settings
@given(legal_games(), st.data())
def test_chicago_may_be_called_by_a_round_player_with_at_least_the_minimum_score(game, data):
    tricks_steps = [state for state in game.states if state.next_step is Step.TRICKS]
    state = data.draw(st.sampled_from(tricks_steps))
    caller = data.draw(st.sampled_from(state.players))
    call = at_next_step(state, chicago(caller, won=data.draw(st.booleans())))
    may_call = (
        state.setup.seat_of(caller) in state.round_seats
        and state.score_of(caller) >= state.setup.rules.chicago_min_score
    )

    assert (chicago_refusal(state, caller) is None) == may_call
    if may_call:
        assert record(state, call).history[-1].event == ChicagoCall(
            state.round, caller, call["chicago_won"]
        )
    else:
        with pytest.raises(RuleViolation):
            record(state, call)


@game_settings
@given(legal_games(), st.data())
def test_the_chicago_line_names_exactly_the_round_players_below_the_minimum(game, data):
    tricks_steps = [state for state in game.states if state.next_step is Step.TRICKS]
    state = data.draw(st.sampled_from(tricks_steps))
    needed = state.setup.rules.chicago_min_score
    playing = [state.players[seat] for seat in state.round_seats]
    short = tuple(name for name in playing if state.score_of(name) < needed)

    line = chicago_shut_out(state)

    if not short:
        assert line is None
    else:
        assert line.values == {"count": len(short), "names": short, "needed": needed}
