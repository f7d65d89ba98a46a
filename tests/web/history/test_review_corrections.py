"""The review of a game: the scorekeeper opens any entry from its table to correct it,
and a corrected entry says what it was."""

import re

from support.table_forms import accepted, start_game, tap


def cells(page: str) -> list[str]:
    """The round table's cells, tags left out, in reading order."""
    table = page[page.index('<table class="round-table">') :]
    table = table[: table.index("</table>")]
    found = re.findall(r"<td>(.*?)</td>", table, flags=re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip() for cell in found]


def test_the_scorekeeper_s_review_links_each_recorded_step_to_its_correction_card(client):
    game_url = start_game(client, "Ann", "Bo")
    for fields in [{"winner": "Ann", "hand": "flush"}, {"outcome": "tie"}]:
        tap(client, game_url, **fields)

    page = client.get(f"{game_url}/review").text

    links = re.findall(rf'<td><a href="{game_url}/entries/(\d+)">([^<]*)</a>', page)
    assert links == [("1", "Ann +5 flush"), ("2", "tie")]
    card = client.get(f"{game_url}/entries/2").text
    assert 'id="correct-step">Correct Round 1 · Phase 2</h2>' in card


def test_a_watcher_s_review_has_no_links_to_correct(app, client):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="flush")

    page = app.test_client().get(f"{game_url}/review").text

    assert "/entries/" not in page
    assert cells(page)[0] == "Ann +5 flush"


def test_the_review_marks_a_corrected_entry_with_what_it_was_before_the_last_correction(
    app, client
):
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="flush")
    tap(client, game_url, outcome="none")
    for answer in [{"answer": "outcome=tie"}, {"winner": "Bo", "answer": "hand=full_house"}]:
        card = client.get(f"{game_url}/entries/1").text
        version = re.search(r'name="version" value="([^"]*)"', card).group(1)
        form = {"round": "1", "step": "phase1", "version": version} | answer
        assert accepted(client, client.post(f"{game_url}/entries/1", data=form))

    page = app.test_client().get(f"{game_url}/review").text

    assert cells(page)[:2] == ["Bo +6 full house corrected, was Tie · nobody scored", "—"]
