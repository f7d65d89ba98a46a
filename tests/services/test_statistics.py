"""Player statistics: every figure on hand-made games, and random games against a count."""

import random
from collections import Counter, defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete

from chicago_scorer.rules import Hand, event_to_dict
from chicago_scorer.rules.statistics import summarize
from chicago_scorer.services.demo_games import random_game
from chicago_scorer.services.players import (
    HeadToHead,
    PlayerTotals,
    player_list,
    player_statistics,
)
from chicago_scorer.services.transfer.importing import import_games
from chicago_scorer.storage.models import Game
from support.api_client import create_api_game
from support.export_documents import export_document
from support.games import chicago, last_trick, new_game, no_hand, play, tie, win
from support.legacy_names import rename_as_stored_before


def hands(**wins: int) -> dict[str, int]:
    return {hand.value: wins.get(hand.value, 0) for hand in Hand}


@pytest.fixture
def three_games(app):
    """Bo wins a tiebreak against Ann; Ann loses a Chicago to Cy; ann beats Bo at once."""
    games = [
        play(
            new_game("Ann", "Bo", "Cy"),
            win("Ann", "royal_flush"),
            win("Bo", "royal_flush"),
            last_trick("Cy"),
            no_hand(),
            win("Ann", "one_pair"),
            tie(),
            chicago("Bo", won=True),
            win("Ann", "flush"),
        ),
        play(
            new_game("Ann", "Cy"),
            win("Ann", "straight_flush"),
            win("Ann", "four_of_a_kind"),
            chicago("Ann", won=False),
            win("Cy", "three_of_a_kind"),
            win("Cy", "full_house"),
        ),
        play(
            new_game("ann", "Bo"),
            win("ANN", "royal_flush"),
            no_hand(),
            last_trick("bo"),
            no_hand(),
        ),
    ]
    with app.app_context():
        import_games(export_document(*games))
    return games


def test_the_scores_of_the_hand_made_games_are_as_planned(three_games):
    scores = [list(state.scores) for state in three_games]
    winners = [state.winner for state in three_games]

    assert scores == [[58, 67, 5], [0, 9], [52, 5]]
    assert winners == ["Bo", None, "ann"]


def test_every_figure_of_a_player_who_sat_in_three_games(three_games, app):
    with app.app_context():
        ann = player_statistics("aNN")

    assert ann.totals == PlayerTotals(name="Ann", games=3, finished=2, wins=1)
    assert ann.totals.win_rate == 0.5
    assert ann.average_score == 55.0
    assert ann.highest_score == 58
    assert (ann.chicago_called, ann.chicago_won, ann.chicago_lost) == (1, 0, 1)
    assert ann.chicago_success_rate == 0.0
    assert ann.last_tricks == 0
    assert {hand.value: count for hand, count in ann.hand_wins.items()} == hands(
        royal_flush=2, one_pair=1, flush=1, straight_flush=1, four_of_a_kind=1
    )
    assert ann.best_hand is Hand.ROYAL_FLUSH
    assert (ann.tiebreaks_played, ann.tiebreaks_won) == (1, 0)
    assert ann.head_to_head == (
        HeadToHead(opponent="Bo", games=2, wins=1, opponent_wins=1),
        HeadToHead(opponent="Cy", games=1, wins=0, opponent_wins=0),
    )


def test_every_figure_of_the_tiebreak_winner_and_of_a_player_without_a_win(three_games, app):
    with app.app_context():
        bo, cy = player_statistics("Bo"), player_statistics("cy")

    assert bo.totals == PlayerTotals(name="Bo", games=2, finished=2, wins=1)
    assert (bo.average_score, bo.highest_score) == (36.0, 67)
    assert (bo.chicago_called, bo.chicago_won, bo.chicago_success_rate) == (1, 1, 1.0)
    assert bo.last_tricks == 1
    assert bo.best_hand is Hand.ROYAL_FLUSH
    assert (bo.tiebreaks_played, bo.tiebreaks_won) == (1, 1)
    assert bo.head_to_head == (HeadToHead("Ann", 2, 1, 1), HeadToHead("Cy", 1, 1, 0))
    assert cy.totals == PlayerTotals(name="Cy", games=2, finished=1, wins=0)
    assert (cy.average_score, cy.highest_score) == (5.0, 5)
    assert (cy.chicago_called, cy.chicago_success_rate) == (0, None)
    assert (cy.last_tricks, cy.best_hand) == (1, Hand.FULL_HOUSE)
    assert (cy.tiebreaks_played, cy.tiebreaks_won) == (0, 0)


def test_the_stats_api_answers_exactly_the_documented_object(three_games, client):
    response = client.get("/api/players/ann/stats")

    assert response.status_code == 200
    assert response.get_json() == {
        "name": "Ann",
        "games": 3,
        "wins": 1,
        "chicago_called": 1,
        "chicago_won": 0,
        "last_tricks": 0,
        "hands": hands(royal_flush=2, one_pair=1, flush=1, straight_flush=1, four_of_a_kind=1),
    }
    assert list(response.get_json()["hands"]) == [hand.value for hand in Hand]


def test_an_unknown_player_is_a_404_with_an_error(three_games, client):
    response = client.get("/api/players/Zed/stats")

    assert response.status_code == 404
    assert "Zed" in response.get_json()["error"]
    assert client.get("/players/Zed").status_code == 404


def test_the_players_page_lists_everyone_with_games_wins_and_win_rate(three_games, client):
    page = client.get("/players").text

    assert (
        page.index("<bdi>Ann</bdi></a>")
        < page.index("<bdi>Bo</bdi></a>")
        < page.index("<bdi>Cy</bdi></a>")
    )
    assert "<td>3</td>\n          <td>1</td>\n          <td>50%</td>" in page
    assert "<td>2</td>\n          <td>0</td>\n          <td>0%</td>" in page


def test_a_players_page_shows_each_figure(three_games, client):
    page = client.get("/players/ann").text

    for figure in [
        "<dt>Games played</dt><dd>3</dd>",
        "<dt>Wins</dt><dd>1</dd>",
        "<dt>Win %</dt><dd>50%</dd>",
        "<dt>Average final score</dt><dd>55.0</dd>",
        "<dt>Highest final score</dt><dd>58</dd>",
        "<dt>Chicago called</dt><dd>1</dd>",
        "<dt>Chicago lost</dt><dd>1</dd>",
        "<dt>Chicago success</dt><dd>0%</dd>",
        "<dt>Last tricks taken</dt><dd>0</dd>",
        "<dt>Tiebreaks played</dt><dd>1</dd>",
        "<dt>Tiebreaks won</dt><dd>0</dd>",
        "Best hand ever: <strong>Royal flush</strong>",
    ]:
        assert figure in page
    assert '<rect class="hand-bar" x="0" y="0" width="100.0" height="10"/>' in page
    assert page.count('width="50.0"') == 4  # one win each: half the royal flush bar


def test_a_player_whose_games_are_all_unfinished_has_no_rates(client, app):
    game = create_api_game(client, ["Eve", "Fox"])
    game.nobody(1, "phase1")
    with app.app_context():
        eve = player_statistics("Eve")

    assert eve.totals == PlayerTotals("Eve", 1, 0, 0)
    assert (eve.totals.win_rate, eve.average_score, eve.highest_score) == (None, None, None)
    assert eve.head_to_head == ()
    assert "<dt>Win %</dt><dd>—</dd>" in client.get("/players/Eve").text


def test_a_player_is_shown_as_most_of_their_games_spell_the_name(client, app):
    for typed in ("Ann", "Ann", "ANN"):  # in capitals once, in the game stored last
        create_api_game(client, [typed, "Bo"])
    for typed in ("CY", "Cy"):  # as often each way: the game stored last says
        create_api_game(client, [typed, "Dee"])
    with app.app_context():
        listed = sorted(totals.name for totals in player_list().items)
        shown = [player_statistics(name).totals.name for name in ("ann", "cy")]

    assert listed == ["Ann", "Bo", "Cy", "Dee"]
    assert shown == ["Ann", "Cy"]
    assert "<h1><bdi>Ann</bdi></h1>" in client.get("/players/ANN").text


HALF_SPACED = "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627"  # Persian "Alireza"
UNSPACED = "\u0639\u0644\u06cc\u0631\u0636\u0627"  # the same, typed without the half-space
EMOJI_HEART = "\u2764\ufe0f Ann"  # a heart as an emoji keyboard types it
TEXT_HEART = "\u2764 Ann"  # the same heart, as another keyboard leaves it


@pytest.mark.parametrize(
    ("typed", "retyped"),
    [(HALF_SPACED, UNSPACED), (EMOJI_HEART, TEXT_HEART)],
    ids=["with and without its joiner", "with and without its variation selector"],
)
def test_a_name_typed_with_and_without_what_only_draws_it_is_one_player(
    client, app, typed, retyped
):
    create_api_game(client, [typed, "Bo"]).win(1, "phase1", "Bo", "flush")
    create_api_game(client, [retyped, "Bo"]).win(1, "phase1", retyped, "flush")
    with app.app_context():
        games_of = [player_statistics(name).totals.games for name in (typed, retyped)]
        listed = [totals.games for totals in player_list().items]

    assert games_of == [2, 2]
    assert listed == [2, 2]  # Bo, and one player of both spellings


def test_a_name_stored_with_a_variation_selector_that_selects_nothing_is_that_players(client, app):
    # Stored before such a selector was refused: "Ann" and one after it look the same.
    game = create_api_game(client, ["Ann", "Bo"])
    game.win(1, "phase1", "Ann", "flush")
    create_api_game(client, ["Ann", "Cy"]).win(1, "phase1", "Ann", "flush")
    with app.app_context():
        rename_as_stored_before(game.id, "Ann", "Ann\ufe0e")
        ann = player_statistics("Ann")
        listed = sorted(totals.games for totals in player_list().items)

    assert (ann.totals.games, ann.hand_wins[Hand.FLUSH]) == (2, 2)
    assert listed == [1, 1, 2]  # Bo, Cy, and one Ann


def count_directly(states) -> dict[str, dict]:
    """The API's figures counted straight from the logs, names matched by case folding."""
    counts: dict[str, dict] = defaultdict(
        lambda: {"games": 0, "wins": 0, "called": 0, "won": 0, "tricks": 0, "hands": Counter()}
    )
    for state in states:
        for name in state.players:
            counts[name.casefold()]["games"] += 1
        if state.winner is not None:
            counts[state.winner.casefold()]["wins"] += 1
        for scored in state.history:
            entry = event_to_dict(scored.event)
            if entry.get("outcome") == "win":
                counts[entry["winner"].casefold()]["hands"][entry["hand"]] += 1
            if "last_trick" in entry:
                counts[entry["last_trick"].casefold()]["tricks"] += 1
            if "chicago" in entry:
                counts[entry["chicago"].casefold()]["called"] += 1
                counts[entry["chicago"].casefold()]["won"] += entry["chicago_won"]
    return counts


SPELLINGS = {"ann": ["Ann", "ann", "ANN"], "bo": ["Bo", "BO"], "cy": ["Cy"], "dee": ["Dee", "dee"]}


@settings(
    max_examples=25,
    # The database is emptied at the start of every example.
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.randoms(use_true_random=False), st.integers(min_value=1, max_value=4))
def test_the_statistics_equal_a_direct_count_over_random_legal_games(
    client, db, rng: random.Random, game_count
):
    db.session.execute(delete(Game))
    db.session.commit()
    states = []
    for _ in range(game_count):
        keys = rng.sample(sorted(SPELLINGS), rng.randint(2, 4))
        players = [rng.choice(SPELLINGS[key]) for key in keys]
        finished = rng.random() < 0.7
        limit = None if finished else rng.randint(0, 60)
        states.append(
            random_game(rng, players, rng.choice(players), max_events=limit, levelling=0.5)
        )
    import_games(export_document(*states))

    for key, counted in count_directly(states).items():
        body = client.get(f"/api/players/{rng.choice(SPELLINGS[key])}/stats").get_json()
        assert body["games"] == counted["games"]
        assert body["wins"] == counted["wins"]
        assert body["chicago_called"] == counted["called"]
        assert body["chicago_won"] == counted["won"]
        assert body["last_tricks"] == counted["tricks"]
        assert body["hands"] == {hand.value: counted["hands"][hand.value] for hand in Hand}
    assert player_list().total == len(count_directly(states))
    for key, expected in figures_from_the_fold(states).items():
        stats = player_statistics(key.upper())
        if expected["average"] is None:
            assert stats.average_score is None
        else:
            assert stats.average_score == pytest.approx(expected["average"])
        assert stats.highest_score == expected["highest"]
        assert (stats.tiebreaks_played, stats.tiebreaks_won) == expected["tiebreaks"]
        assert {
            record.opponent.casefold(): (record.games, record.wins, record.opponent_wins)
            for record in stats.head_to_head
        } == expected["head_to_head"]


def figures_from_the_fold(states) -> dict[str, dict]:
    """The page-only figures, from each game's own figures as the fold gives them."""
    figures: dict[str, dict] = defaultdict(
        lambda: {"finals": [], "tiebreaks": [0, 0], "head_to_head": defaultdict(lambda: [0, 0, 0])}
    )
    for state in states:
        players = summarize(state).players
        for me in players:
            mine = figures[me.name.casefold()]
            mine["tiebreaks"][0] += me.played_tiebreak
            mine["tiebreaks"][1] += me.played_tiebreak and me.is_winner
            if state.winner is None:
                continue
            mine["finals"].append(me.score)
            for them in players:
                if them is not me:
                    record = mine["head_to_head"][them.name.casefold()]
                    record[0] += 1
                    record[1] += me.is_winner
                    record[2] += them.is_winner
    return {
        key: {
            "average": sum(f["finals"]) / len(f["finals"]) if f["finals"] else None,
            "highest": max(f["finals"], default=None),
            "tiebreaks": tuple(f["tiebreaks"]),
            "head_to_head": {name: tuple(r) for name, r in f["head_to_head"].items()},
        }
        for key, f in figures.items()
    }
