"""A table reads across: in each row the numbers stand on the line of the words they
belong to, however tall the finger's target around a name is."""

import pytest

from support.seeding import hand_win

# Each player, and whether their name wraps onto more lines.
NAMES = {
    "a short name": ("Ann", False),
    "a name over several lines": ("Anna-Karin Lindqvist-Johansson", True),
}
SMALL = {"width": 320, "height": 568}
# The tops of the lines of the name's text, and of each number's first, in a row.
LINES_OF_A_ROW = """(row) => {
  const topsOf = (element) => {
    const text = document.createRange();
    text.selectNodeContents(element.firstChild);
    return [...new Set([...text.getClientRects()].map((line) => line.top))];
  };
  return {
    name: topsOf(row.querySelector("bdi")),
    numbers: [...row.querySelectorAll("td")].map((cell) => topsOf(cell)[0]),
  };
}"""


@pytest.mark.parametrize("player", NAMES)
def test_a_players_numbers_stand_on_the_first_line_of_their_name(new_phone, seed_game, player):
    name, wraps = NAMES[player]
    seed_game([seated for seated, _ in NAMES.values()], hand_win(1, "phase1", "Ann", "flush"))
    phone = new_phone(viewport=SMALL, screen=SMALL)
    phone.open("/players")
    row = phone.page.locator(".stats-table tbody tr").filter(
        has=phone.page.get_by_role("link", name=name, exact=True)
    )

    lines = row.evaluate(LINES_OF_A_ROW)

    assert (len(lines["name"]) > 1) == wraps
    assert len(lines["numbers"]) == 3
    for top in lines["numbers"]:
        assert abs(top - lines["name"][0]) < 1, lines
