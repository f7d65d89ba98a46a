"""House rules as a table gives them: a preset or settings, read into a RuleSet or refused."""

from dataclasses import replace

import pytest

from chicago_scorer.rules import (
    PRESETS,
    STANDARD_RULES,
    GameSetup,
    Hand,
    RuleSet,
    RuleViolation,
    differences_from_standard,
    new_game_setup,
    read_event,
    record,
    replay,
    rules_from_settings,
)
from chicago_scorer.rules.errors import RuleViolations
from chicago_scorer.rules.house_rules import BELOW_TARGET, contradictions
from chicago_scorer.rules.ruleset import STANDARD_HAND_POINTS

SWITCHES = [
    "exact_target",
    "royal_flush_wins",
    "chicago_failure_to_zero",
    "must_win_on_last_trick",
    "chicago_required_to_win",
]
NUMBERS = ["last_trick_points", "chicago_points", "chicago_penalty", "chicago_min_score"]
OPTIONAL_NUMBERS = ["deuce_last_trick_points", "exchange_stop"]
NOT_WHOLE_NUMBERS = [1.5, 5.0, "5", True, None, [5], {"points": 5}]

# What each preset changes from the standard rules, as its description says.
PRESET_CHANGES = {
    "standard": {},
    "exact_52": {"exact_target": True},
    "last_trick_out": {"must_win_on_last_trick": True},
    "royal_wins": {"royal_flush_wins": True, "chicago_failure_to_zero": True},
    "deuce_trick": {"last_trick_points": 2, "deuce_last_trick_points": 4, "exchange_stop": 45},
}


def refusal(settings: object) -> RuleViolation:
    """The refusal that reading these settings raises."""
    with pytest.raises(RuleViolation) as refused:
        rules_from_settings(settings)
    return refused.value


# The target


@pytest.mark.parametrize("target", [30, 52, 200])
def test_a_target_from_30_to_200_is_accepted(target):
    assert rules_from_settings({"target": target}).target == target


@pytest.mark.parametrize("target", [29, 201, 0, -52, *NOT_WHOLE_NUMBERS])
def test_a_target_below_30_above_200_or_not_a_whole_number_is_refused(target):
    refused = refusal({"target": target})

    assert refused.message == "'target' must be a whole number from 30 to 200."
    assert refused.field == "target"


# Switches and numbers


@pytest.mark.parametrize("key", SWITCHES)
@pytest.mark.parametrize("value", [True, False])
def test_each_switch_takes_true_or_false(key, value):
    assert rules_from_settings({key: value}).settings()[key] is value


@pytest.mark.parametrize("key", SWITCHES)
@pytest.mark.parametrize("value", [1, 0, "true", None, [True]])
def test_a_switch_given_anything_but_true_or_false_is_refused(key, value):
    refused = refusal({key: value})

    assert refused.message == f"'{key}' must be true or false."
    assert refused.field == key


@pytest.mark.parametrize("key", NUMBERS + OPTIONAL_NUMBERS)
@pytest.mark.parametrize("value", [0, 7, 40])
def test_each_points_setting_takes_a_whole_number_from_0(key, value):
    assert rules_from_settings({key: value}).settings()[key] == value


@pytest.mark.parametrize(
    "key", ["last_trick_points", "chicago_points", "chicago_penalty", "deuce_last_trick_points"]
)
def test_a_points_setting_may_be_as_high_as_200(key):
    assert rules_from_settings({key: 200}).settings()[key] == 200


@pytest.mark.parametrize("key", NUMBERS + OPTIONAL_NUMBERS)
@pytest.mark.parametrize(
    "value", [-1, 201, *(value for value in NOT_WHOLE_NUMBERS if value is not None)]
)
def test_a_points_setting_below_0_above_200_or_not_a_whole_number_is_refused(key, value):
    refused = refusal({key: value})

    assert refused.message == f"'{key}' must be a whole number from 0 to 200."
    assert refused.field == key


@pytest.mark.parametrize("key", NUMBERS)
def test_a_points_setting_that_is_always_used_may_not_be_left_empty(key):
    assert refusal({key: None}).field == key


@pytest.mark.parametrize("key", OPTIONAL_NUMBERS)
def test_the_deuce_bonus_and_the_exchange_stop_may_be_switched_off_with_null(key):
    assert rules_from_settings({key: None}).settings()[key] is None


# Hand points


def test_custom_hand_points_replace_the_standard_ones():
    custom = {str(hand): 10 + index for index, hand in enumerate(Hand)}

    rules = rules_from_settings({"hand_points": custom})

    assert {str(hand): rules.points_for(hand) for hand in Hand} == custom


def test_hands_left_out_of_hand_points_keep_their_standard_values():
    rules = rules_from_settings({"hand_points": {"flush": 9, "royal_flush": 100}})

    assert rules.points_for(Hand.FLUSH) == 9
    assert rules.points_for(Hand.ROYAL_FLUSH) == 100
    for hand in set(Hand) - {Hand.FLUSH, Hand.ROYAL_FLUSH}:
        assert rules.points_for(hand) == STANDARD_HAND_POINTS[hand]


def test_empty_hand_points_are_the_standard_hand_table():
    assert rules_from_settings({"hand_points": {}}) == STANDARD_RULES


def test_an_unknown_hand_in_hand_points_is_refused():
    refused = refusal({"hand_points": {"flush": 9, "five_of_a_kind": 60}})

    assert refused.message.startswith("Unknown hand 'five_of_a_kind' in 'hand_points': use ")
    assert "royal_flush" in refused.message
    assert refused.field == "hand_points"


@pytest.mark.parametrize("points", [-1, 201, 2.5, "3", True, None])
def test_hand_points_below_0_above_200_or_not_whole_numbers_are_refused(points):
    refused = refusal({"hand_points": {"two_pair": points}})

    assert refused.message == "'hand_points.two_pair' must be a whole number from 0 to 200."
    assert refused.field == "hand_points.two_pair"


@pytest.mark.parametrize("points", [0, 200])
def test_a_hand_may_score_from_0_to_200(points):
    rules = rules_from_settings({"hand_points": {"one_pair": points}})

    assert rules.points_for(Hand.ONE_PAIR) == points


@pytest.mark.parametrize("value", [["flush"], "flush=9", 9])
def test_hand_points_that_are_not_a_mapping_are_refused(value):
    refused = refusal({"hand_points": value})

    assert refused.message == "'hand_points' must map hands to points."
    assert refused.field == "hand_points"


# Settings that contradict each other


def test_a_lost_chicago_cannot_both_cost_a_penalty_and_go_to_zero():
    refused = refusal({"chicago_failure_to_zero": True, "chicago_penalty": 20})

    assert "choose one" in refused.message
    assert refused.field == "chicago_penalty"


def test_a_chicago_penalty_is_allowed_when_failure_to_zero_is_switched_off():
    rules = rules_from_settings({"chicago_failure_to_zero": False, "chicago_penalty": 20})

    assert rules.chicago_penalty == 20
    assert rules.chicago_failure_to_zero is False


def test_failure_to_zero_alone_keeps_the_standard_penalty_unused():
    rules = rules_from_settings({"chicago_failure_to_zero": True})

    assert rules.chicago_failure_to_zero is True
    assert rules.chicago_penalty == STANDARD_RULES.chicago_penalty


@pytest.mark.parametrize(
    ("settings", "allowed"),
    [
        ({"chicago_min_score": 51}, True),
        ({"chicago_min_score": 52}, False),
        ({"chicago_min_score": 60}, False),
        ({"target": 30, "chicago_min_score": 29}, True),
        ({"target": 30, "chicago_min_score": 30}, False),
        ({"target": 200, "chicago_min_score": 199}, True),
    ],
)
def test_the_chicago_minimum_must_be_below_the_target(settings, allowed):
    if allowed:
        assert rules_from_settings(settings).chicago_min_score == settings["chicago_min_score"]
    else:
        refused = refusal(settings)
        assert refused.message.endswith("set 'chicago_min_score' below the target.")
        assert refused.field == "chicago_min_score"


@pytest.mark.parametrize(
    ("settings", "allowed"),
    [
        ({"exchange_stop": 51}, True),
        ({"exchange_stop": 52}, False),
        ({"exchange_stop": 0}, True),
        ({"target": 100, "exchange_stop": 99}, True),
        ({"target": 30, "exchange_stop": 45}, False),
        ({"target": 30, "exchange_stop": None}, True),
    ],
)
def test_the_exchange_stop_must_be_below_the_target(settings, allowed):
    if allowed:
        assert rules_from_settings(settings).exchange_stop == settings["exchange_stop"]
    else:
        refused = refusal(settings)
        assert refused.message.startswith("'exchange_stop' must be below the target")
        assert refused.field == "exchange_stop"


def test_out_on_the_last_trick_with_tricks_worth_nothing_is_still_won_at_the_tricks():
    """Hands bring a player to the target; a last trick worth +0 then wins the game."""
    rules = rules_from_settings(
        {"must_win_on_last_trick": True, "last_trick_points": 0, "chicago_points": 0}
    )
    setup = GameSetup(("Ann", "Bo"), 0, rules)
    hands = [
        {"round": 1, "step": step, "outcome": "win", "winner": "Ann", "hand": "royal_flush"}
        for step in ("phase1", "phase2")
    ]
    state = replay(setup, [read_event(entry) for entry in hands])
    assert state.scores == (104, 0) and state.winner is None

    state = record(state, {"round": 1, "step": "tricks", "last_trick": "Ann"})

    assert state.winner == "Ann"


@pytest.mark.parametrize(
    "points", [{"last_trick_points": 0}, {"chicago_points": 0}], ids=["trick 0", "chicago 0"]
)
def test_out_on_the_last_trick_is_allowed_while_the_trick_or_chicago_scores(points):
    assert rules_from_settings({"must_win_on_last_trick": True} | points).must_win_on_last_trick


def messages(faults: list[RuleViolation]) -> list[str]:
    return [fault.message for fault in faults]


def test_a_rule_set_built_directly_with_contradictions_has_each_one_named():
    (chicago,) = messages(contradictions(RuleSet(target=40, chicago_min_score=40)))
    assert "below the target" in chicago
    (exchange,) = messages(contradictions(RuleSet(target=40, exchange_stop=40)))
    assert "'exchange_stop' must be below the target" in exchange


@pytest.mark.parametrize("setting", BELOW_TARGET)
def test_each_setting_listed_as_below_the_target_is_refused_at_the_target(setting):
    faults = contradictions(replace(RuleSet(target=40), **{setting: 40}))

    assert [fault.field for fault in faults] == [setting]


def test_every_contradiction_of_the_settings_is_refused_at_once():
    settings = {
        "target": 40,
        "chicago_min_score": 60,
        "exchange_stop": 45,
        "chicago_failure_to_zero": True,
        "chicago_penalty": 9,
    }

    with pytest.raises(RuleViolations) as refused:
        rules_from_settings(settings)

    fields = [violation.field for violation in refused.value.violations]
    assert fields == ["chicago_penalty", "chicago_min_score", "exchange_stop"]


def test_a_new_game_s_names_and_settings_are_refused_together_names_first():
    with pytest.raises(RuleViolations) as refused:
        new_game_setup(["Ann", "ann"], None, {"target": 40, "chicago_min_score": 60})

    fields = [violation.field for violation in refused.value.violations]
    assert fields == ["players.1", "chicago_min_score"]


def test_a_consistent_rule_set_has_no_contradictions():
    assert contradictions(RuleSet(target=40, chicago_min_score=39, exchange_stop=39)) == []


# The shape of the settings


@pytest.mark.parametrize("settings", [None, {}], ids=["no rules", "no settings"])
def test_no_settings_are_the_standard_rules(settings):
    assert rules_from_settings(settings) == STANDARD_RULES


@pytest.mark.parametrize("settings", ["standard", ["target", 60], 52])
def test_rules_that_are_not_an_object_are_refused(settings):
    refused = refusal(settings)

    assert refused.message == "'rules' must be an object: a preset or house-rule settings."
    assert refused.field == "rules"


@pytest.mark.parametrize("key", ["targte", "Target", "score_floor", "hand_point", "preset_name"])
def test_an_unknown_setting_is_refused_with_a_message_naming_it(key):
    refused = refusal({"target": 60, key: 1})

    assert refused.message.startswith(f"Unknown house rule {key!r}; the settings are ")
    assert "chicago_required_to_win" in refused.message
    assert refused.field == "rules"


def test_left_out_settings_keep_their_standard_values():
    rules = rules_from_settings({"target": 60, "chicago_points": 20})

    assert rules == replace(STANDARD_RULES, target=60, chicago_points=20)
    assert differences_from_standard(rules) == {"target": 60, "chicago_points": 20}


def test_a_setting_given_its_standard_value_changes_nothing():
    settings = {"target": 52, "last_trick_points": 5, "exchange_stop": None, "exact_target": False}

    assert rules_from_settings(settings) == STANDARD_RULES
    assert differences_from_standard(rules_from_settings(settings)) == {}


def test_every_setting_can_be_given_at_once():
    settings = {
        "target": 100,
        "exact_target": True,
        "hand_points": {str(hand): 3 for hand in Hand},
        "royal_flush_wins": True,
        "last_trick_points": 3,
        "deuce_last_trick_points": 6,
        "chicago_points": 25,
        "chicago_penalty": 25,
        "chicago_failure_to_zero": False,
        "chicago_min_score": 20,
        "must_win_on_last_trick": True,
        "chicago_required_to_win": True,
        "exchange_stop": 90,
    }

    rules = rules_from_settings(settings)

    assert rules.settings() == settings
    assert rules_from_settings(rules.settings()) == rules


# Differences from the standard rules


@pytest.mark.parametrize(
    ("settings", "differences"),
    [
        ({}, {}),
        ({"exact_target": True}, {"exact_target": True}),
        ({"exchange_stop": 40, "royal_flush_wins": False}, {"exchange_stop": 40}),
        (
            {"hand_points": {"flush": 9}},
            {
                "hand_points": {str(hand): points for hand, points in STANDARD_HAND_POINTS.items()}
                | {"flush": 9}
            },
        ),
        (
            {"target": 30, "chicago_min_score": 0, "chicago_required_to_win": True},
            {"target": 30, "chicago_min_score": 0, "chicago_required_to_win": True},
        ),
    ],
)
def test_differences_from_standard_lists_exactly_the_changed_settings(settings, differences):
    assert differences_from_standard(rules_from_settings(settings)) == differences


# Presets


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_preset_is_read_from_its_name(name):
    assert rules_from_settings({"preset": name}) == PRESETS[name].rules


def test_the_standard_preset_is_the_standard_rules():
    assert rules_from_settings({"preset": "standard"}) == STANDARD_RULES
    assert PRESETS["standard"].rules == RuleSet()


def test_the_presets_are_exactly_the_five_described():
    assert list(PRESETS) == list(PRESET_CHANGES)
    assert all(preset.name == name for name, preset in PRESETS.items())


@pytest.mark.parametrize(("name", "changes"), PRESET_CHANGES.items())
def test_each_preset_changes_only_what_its_description_says(name, changes):
    assert differences_from_standard(PRESETS[name].rules) == changes


@pytest.mark.parametrize(
    ("name", "phrase", "setting", "value"),
    [
        ("standard", "First to 52 wins", "target", 52),
        ("standard", "royal flush 52", "royal_flush", 52),
        ("standard", "last trick 5", "last_trick_points", 5),
        ("standard", "Chicago ±15", "chicago_points", 15),
        ("standard", "Chicago ±15", "chicago_penalty", 15),
        ("standard", "from 15 points", "chicago_min_score", 15),
        ("exact_52", "exactly 52", "target", 52),
        ("exact_52", "exactly 52", "exact_target", True),
        ("last_trick_out", "who has 52 or more", "target", 52),
        ("last_trick_out", "won only at the tricks step", "must_win_on_last_trick", True),
        ("royal_wins", "royal flush wins the game at once", "royal_flush_wins", True),
        ("royal_wins", "back to 0", "chicago_failure_to_zero", True),
        ("deuce_trick", "last trick scores 2", "last_trick_points", 2),
        ("deuce_trick", "or 4 when taken with a 2", "deuce_last_trick_points", 4),
        ("deuce_trick", "stop at 45 points", "exchange_stop", 45),
    ],
)
def test_each_presets_rules_match_the_numbers_in_its_description(name, phrase, setting, value):
    preset = PRESETS[name]
    rules = preset.rules
    actual = (
        rules.points_for(Hand.ROYAL_FLUSH) if setting == "royal_flush" else getattr(rules, setting)
    )

    assert phrase.casefold() in str(preset.description).casefold()
    assert actual == value


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_presets_settings_as_a_game_stores_them_read_back_as_the_same_rules(name):
    rules = PRESETS[name].rules

    assert rules_from_settings(rules.settings()) == rules


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_passes_the_checks_and_can_be_given_as_settings(name):
    rules = PRESETS[name].rules

    assert contradictions(rules) == []
    assert rules_from_settings(differences_from_standard(rules)) == rules


@pytest.mark.parametrize("name", ["Standard", "exact52", "", "house"])
def test_an_unknown_preset_is_refused_with_the_list_of_presets(name):
    refused = refusal({"preset": name})

    assert refused.message == (
        f"Unknown preset {name!r}; the presets are "
        "standard, exact_52, last_trick_out, royal_wins, deuce_trick."
    )
    assert refused.field == "rules"


@pytest.mark.parametrize("name", [["standard"], {"name": "standard"}, 1, None])
def test_a_preset_name_that_is_not_text_is_refused(name):
    refused = refusal({"preset": name})

    assert refused.message == (
        "'preset' must be the name of a preset: one of "
        "standard, exact_52, last_trick_out, royal_wins, deuce_trick."
    )
    assert refused.field == "rules"


@pytest.mark.parametrize(
    "settings",
    [
        {"preset": "exact_52", "target": 60},
        {"preset": "standard", "exact_target": False},
        {"preset": "standard", "prest": "x"},
    ],
)
def test_a_preset_together_with_settings_is_refused(settings):
    refused = refusal(settings)

    assert refused.message == "Give either a preset or house-rule settings, not both."
    assert refused.field == "rules"
