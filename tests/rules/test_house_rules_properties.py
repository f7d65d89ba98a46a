"""Invariants of the fold under any house rules the checks accept, over random legal games."""

from itertools import pairwise

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from chicago_scorer.rules import (
    PRESETS,
    STANDARD_RULES,
    ChicagoCall,
    Event,
    GameState,
    Hand,
    HandResult,
    LastTrick,
    Outcome,
    RuleSet,
    RuleViolation,
    Status,
    Step,
    differences_from_standard,
    event_to_dict,
    players_past_exchange_stop,
    record,
    replay,
    rules_from_settings,
    start_game,
)
from support.games import PlayedGame, played_games

MAX_EVENTS = 300

# Games with one setting switched on run longer (nobody may win until it is satisfied),
# so fewer of them are played; together the file stays well under half a minute.
game_settings = settings(max_examples=50)
long_game_settings = settings(max_examples=30)


# Small values make long games with ties; any value up to 200 is allowed.
points = st.one_of(st.integers(min_value=0, max_value=20), st.integers(min_value=0, max_value=200))


@st.composite
def house_rule_settings(draw, **fixed: object) -> dict[str, object]:
    """Settings a table could give: any of them left out, each given a value the checks take.

    ``fixed`` settings are always given, with the value given here.
    """
    given_settings: dict[str, object] = {}
    if draw(st.booleans()):
        given_settings["target"] = draw(st.integers(min_value=30, max_value=200))
    target = fixed.get("target", given_settings.get("target", STANDARD_RULES.target))
    choices = {
        "exact_target": st.booleans(),
        "hand_points": st.dictionaries(st.sampled_from([str(hand) for hand in Hand]), points),
        "royal_flush_wins": st.booleans(),
        "last_trick_points": points,
        "deuce_last_trick_points": st.none() | points,
        "chicago_points": points,
        "chicago_penalty": points,
        "chicago_failure_to_zero": st.booleans(),
        "chicago_min_score": st.integers(min_value=0, max_value=target - 1),
        "must_win_on_last_trick": st.booleans(),
        "chicago_required_to_win": st.booleans(),
        "exchange_stop": st.none() | st.integers(min_value=0, max_value=target - 1),
    }
    for key, values in choices.items():
        if draw(st.booleans()):
            given_settings[key] = draw(values)
    given_settings |= fixed
    if given_settings.get("chicago_failure_to_zero") is True:
        # The two ways of punishing a lost Chicago may not be given together.
        given_settings.pop("chicago_penalty", None)
    return given_settings


@st.composite
def valid_rule_sets(draw, **fixed: object) -> RuleSet:
    """A rule set read from random settings, or a preset; only what the checks accept."""
    if not fixed and draw(st.integers(min_value=0, max_value=5)) == 0:
        return draw(st.sampled_from([preset.rules for preset in PRESETS.values()]))
    try:
        return rules_from_settings(draw(house_rule_settings(**fixed)))
    except RuleViolation:
        # Only out on the last trick with neither trick nor Chicago scoring gets here.
        assume(False)
        raise


def legal_games(**fixed: object) -> st.SearchStrategy[PlayedGame]:
    """Games under random valid house rules; ``fixed`` settings hold in every game drawn."""
    return played_games(valid_rule_sets(**fixed), MAX_EVENTS)


def finished(games: st.SearchStrategy[PlayedGame]) -> st.SearchStrategy[PlayedGame]:
    """Only the games that were won."""
    return games.filter(lambda game: game.final.winner is not None)


def won_by_a_royal_flush(game: PlayedGame) -> bool:
    """Whether the last entry was a royal flush that won the game at once."""
    last = game.final.history[-1].event
    return (
        game.rules.royal_flush_wins
        and isinstance(last, HandResult)
        and last.outcome is Outcome.WIN
        and last.hand is Hand.ROYAL_FLUSH
    )


def callers_of_chicago(state: GameState) -> set[str]:
    """Everyone who has called Chicago so far, won or lost, read from the log."""
    return {
        scored.event.caller for scored in state.history if isinstance(scored.event, ChicagoCall)
    }


def expected_points(before: GameState, event: Event) -> dict[str, int]:
    """What an entry scores by the order written in game.py, worked out from the settings."""
    rules = before.setup.rules
    match event:
        case HandResult(outcome=Outcome.WIN, winner=name, hand=hand):
            change = rules.hand_points[hand]
        case HandResult():
            return {}
        case LastTrick(taker=name, with_deuce=True):
            change = rules.deuce_last_trick_points
        case LastTrick(taker=name):
            change = rules.last_trick_points
        case ChicagoCall(caller=name, won=True):
            change = rules.chicago_points
        case ChicagoCall(caller=name, won=False):
            score = before.score_of(name)
            change = -score if rules.chicago_failure_to_zero else -rules.chicago_penalty
    score = before.score_of(name)
    new_score = score + change
    if rules.exact_target and not before.is_tiebreak and new_score > rules.target and change > 0:
        new_score = score
    return {name: max(0, new_score) - score}


# Under any house rules


@game_settings
@given(legal_games())
def test_no_score_ever_falls_below_0_under_any_house_rules(game):
    for state in game.states:
        assert all(score >= 0 for score in state.scores)


@game_settings
@given(legal_games())
def test_replaying_the_log_gives_the_same_state_under_any_house_rules(game):
    assert replay(game.setup, game.events) == replay(game.setup, game.events) == game.final

    state = start_game(game.setup)
    for event in game.events:
        state = record(state, event_to_dict(event))
    assert state == game.final


@game_settings
@given(legal_games())
def test_each_entry_scores_what_its_house_rules_give(game):
    for before, after in pairwise(game.states):
        scored = after.history[-1]

        assert scored.points == expected_points(before, scored.event)


@game_settings
@given(finished(legal_games()))
def test_a_finished_games_winner_meets_its_house_rules_win_conditions(game):
    final, rules = game.final, game.rules
    last = final.history[-1]
    winner = final.winner
    assert final.winner_seat in final.round_seats
    assert final.status is Status.FINISHED
    if won_by_a_royal_flush(game):
        assert last.event.winner == winner
        return

    score = final.score_of(winner)
    if rules.exact_target and not last.in_tiebreak:
        assert score == rules.target
    else:
        assert score >= rules.target
    if rules.chicago_required_to_win:
        assert winner in callers_of_chicago(final)
    if rules.must_win_on_last_trick:
        assert not last.in_tiebreak
        match last.event:
            case LastTrick(taker=taker) | ChicagoCall(caller=taker, won=True):
                assert taker == winner
            case _:
                raise AssertionError(f"won at {last.event!r}, not at the tricks step")
    else:
        assert last.event.step is Step.PHASE3
        if last.in_tiebreak:
            contenders = final.round_seats
        else:
            contenders = [
                seat
                for seat, name in enumerate(final.players)
                if (
                    final.scores[seat] == rules.target
                    if rules.exact_target
                    else final.scores[seat] >= rules.target
                )
                and (not rules.chicago_required_to_win or name in callers_of_chicago(final))
            ]
        others = [final.scores[seat] for seat in contenders if seat != final.winner_seat]
        assert all(other < score for other in others)


# Where one setting is switched on, so that its invariant is tested often


@long_game_settings
@given(finished(legal_games(chicago_required_to_win=True)))
def test_with_chicago_required_only_a_player_who_called_chicago_wins_without_a_royal_flush(game):
    assume(not won_by_a_royal_flush(game))

    assert game.final.winner in callers_of_chicago(game.final)


@long_game_settings
@given(finished(legal_games(must_win_on_last_trick=True)))
def test_out_on_the_last_trick_the_winner_took_the_last_trick_or_won_chicago_just_now(game):
    assume(not won_by_a_royal_flush(game))
    last = game.final.history[-1].event

    assert last.step is Step.TRICKS
    assert isinstance(last, LastTrick) or (isinstance(last, ChicagoCall) and last.won)
    assert (last.taker if isinstance(last, LastTrick) else last.caller) == game.final.winner


@long_game_settings
@given(legal_games(must_win_on_last_trick=True))
def test_out_on_the_last_trick_no_tiebreak_round_is_ever_played(game):
    assert all(state.status is not Status.TIEBREAK for state in game.states)
    assert all(state.round_seats == tuple(range(len(game.setup.players))) for state in game.states)


@long_game_settings
@given(legal_games(exact_target=True))
def test_with_exact_target_no_score_passes_the_target_except_in_a_tiebreak_round(game):
    target = game.rules.target
    for before, after in pairwise(game.states):
        scored = after.history[-1]
        if before.is_tiebreak:
            assert scored.points == expected_points(before, scored.event)
        else:
            assert max(after.scores) <= target


@long_game_settings
@given(finished(legal_games(exact_target=True)))
def test_with_exact_target_a_game_won_outside_a_tiebreak_is_won_on_exactly_the_target(game):
    last = game.final.history[-1]
    assume(not last.in_tiebreak and not won_by_a_royal_flush(game))

    assert game.final.score_of(game.final.winner) == game.rules.target


@long_game_settings
@given(legal_games(royal_flush_wins=True))
def test_with_royal_flush_wins_any_royal_flush_ends_the_game_on_the_spot(game):
    for after in game.states[1:]:
        event = after.history[-1].event
        if isinstance(event, HandResult) and event.hand is Hand.ROYAL_FLUSH:
            assert after.winner == event.winner
            assert after is game.final


@game_settings
@given(legal_games())
def test_the_exchange_stop_lists_exactly_the_round_players_at_or_above_it(game):
    stop = game.rules.exchange_stop
    for state in game.states:
        # An exchange comes before each step but the last showdown, which follows the tricks.
        if stop is None or state.next_step in (None, Step.PHASE3):
            expected = ()
        else:
            expected = tuple(
                state.players[seat] for seat in state.round_seats if state.scores[seat] >= stop
            )

        assert players_past_exchange_stop(state) == expected


# Reading settings


@settings(max_examples=100)
@given(valid_rule_sets())
def test_a_valid_rule_set_is_read_back_from_its_settings_and_its_differences(rules):
    differences = differences_from_standard(rules)

    assert rules_from_settings(rules.settings()) == rules
    assert rules_from_settings(differences) == rules
    assert set(differences) == {
        key for key, value in rules.settings().items() if STANDARD_RULES.settings()[key] != value
    }


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-300, 300) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)
hand_point_maps = st.dictionaries(
    st.sampled_from([str(hand) for hand in Hand]) | st.text(max_size=8), json_values, max_size=3
)
any_settings = st.dictionaries(
    st.sampled_from(sorted(STANDARD_RULES.settings())) | st.text(max_size=12),
    json_values | hand_point_maps | st.integers(0, 200),
    max_size=5,
)


@settings(max_examples=150)
@given(any_settings)
def test_any_settings_object_is_either_read_or_refused_with_a_rule_violation(given_settings):
    assume("preset" not in given_settings)
    try:
        rules = rules_from_settings(given_settings)
    except RuleViolation as refusal:
        assert refusal.message
        assert refusal.field
    else:
        assert isinstance(rules, RuleSet)
        assert rules.chicago_min_score < rules.target
