"""The score chart: well-formed inline SVG whose lines are the scores, said in words too."""

import random
import re
import xml.etree.ElementTree as ElementTree
from itertools import accumulate

import pytest

from chicago_scorer.services import game_reads
from chicago_scorer.services.demo_games import random_game
from chicago_scorer.services.transfer.importing import import_games
from chicago_scorer.web.score_chart import WIDTH, score_chart
from support.export_documents import export_document
from support.games import chicago, last_trick, new_game, no_hand, play, win

SVG = "{http://www.w3.org/2000/svg}"


TIEBREAK_GAME = play(
    new_game("Ann", "Bo", "Cy"),
    win("Ann", "royal_flush"),
    win("Bo", "royal_flush"),
    last_trick("Cy"),
    no_hand(),
    win("Ann", "one_pair"),
    no_hand(),
    chicago("Bo", won=False),
    win("Ann", "flush"),
)


def chart_svg(page: str) -> ElementTree.Element:
    """The chart's <svg>, parsed as XML (which fails on anything not well-formed)."""
    markup = re.search(
        r'<svg xmlns="http://www.w3.org/2000/svg" class="chart-svg".*?</svg>', page, re.S
    )
    assert markup is not None
    return ElementTree.fromstring(markup.group(0))


def running_scores(api_game: dict) -> dict[str, list[int]]:
    """Each player's score at the start and after every event, from the API's points."""
    names = [player["name"] for player in api_game["players"]]
    return {
        name: [0, *accumulate(event["points"].get(name, 0) for event in api_game["events"])]
        for name in names
    }


def polyline_points(line: ElementTree.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in line.get("points").split()]


@pytest.fixture
def games(app):
    """The tiebreak game, then three random finished games (ids 1 to 4)."""
    rng = random.Random(7)
    randoms = [
        random_game(rng, ["Ann", "Bo", "Cy", "Dee"][: 2 + n], levelling=0.5) for n in range(3)
    ]
    with app.app_context():
        import_games(export_document(TIEBREAK_GAME, *randoms))
    return [TIEBREAK_GAME, *randoms]


@pytest.mark.parametrize("game_id", [1, 2, 3, 4])
def test_every_line_of_the_review_chart_follows_its_players_score(games, app, client, game_id):
    svg = chart_svg(client.get(f"/games/{game_id}/review").text)
    scores = running_scores(client.get(f"/api/games/{game_id}").get_json())
    with app.app_context():
        frame = score_chart(game_reads.load_game(game_id).state).frame

    lines = svg.findall(f"{SVG}polyline")
    assert [line.get("data-player") for line in lines] == list(scores)
    for line in lines:
        points = polyline_points(line)
        xs = [x for x, _ in points]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        assert [round(frame.score_at(y)) for _, y in points] == scores[line.get("data-player")]


def test_the_chart_has_a_title_a_description_and_a_line_at_the_target(games, app, client):
    svg = chart_svg(client.get("/games/1/review").text)
    with app.app_context():
        frame = score_chart(game_reads.load_game(1).state).frame

    labelled_by = svg.get("aria-labelledby").split()
    assert svg.get("role") == "img"
    assert [svg.find(f"{SVG}title").get("id"), svg.find(f"{SVG}desc").get("id")] == labelled_by
    description = svg.find(f"{SVG}desc").text
    assert "Ann 58, Bo 37, Cy 5" in description
    assert "target of 52" in description
    assert "tiebreak rounds: 2" in description
    target = svg.find(f"{SVG}line[@class='chart-target']")
    assert round(frame.score_at(float(target.get("y1")))) == 52


def test_tiebreak_rounds_are_shaded_and_the_round_table_says_so(games, client):
    page = client.get("/games/1/review").text
    svg = chart_svg(page)

    assert len(svg.findall(f"{SVG}rect[@class='chart-tiebreak']")) == 1
    table = page[page.index('class="chart-data"') :]
    assert re.search(
        r"<th scope=\"row\">2 \(tiebreak\)</th>\s*<td>58</td><td>37</td><td>5</td>", table
    )


def test_the_chart_scales_from_its_viewbox_and_has_no_style_or_script(games, client):
    page = client.get("/games/4/review").text
    svg = chart_svg(page)

    assert svg.get("viewBox").startswith(f"0 0 {WIDTH} ")
    assert svg.get("width") is None and svg.get("height") is None
    assert not [element for element in svg.iter() if element.get("style")]
    assert svg.find(f".//{SVG}script") is None
    assert len({line.get("class") for line in svg.findall(f"{SVG}polyline")}) == 4


def test_the_scoreboard_shows_the_small_chart_and_links_to_the_review(games, client):
    page = client.get("/games/1").text

    svg = chart_svg(page)
    assert "compact" in page[page.index('<figure class="score-chart') :][:40]
    assert len(svg.findall(f"{SVG}polyline")) == 3
    assert 'href="/games/1/review"' in page
    assert "chart-data" not in page


def test_a_game_with_nothing_recorded_has_no_chart_on_the_scoreboard(client):
    created = client.post("/api/games", json={"players": ["Ann", "Bo"]}).get_json()

    page = client.get(f"/games/{created['id']}").text

    assert "chart-svg" not in page
    assert (
        "Nothing is recorded yet"
        in chart_svg(client.get(f"/games/{created['id']}/review").text).find(f"{SVG}desc").text
    )
