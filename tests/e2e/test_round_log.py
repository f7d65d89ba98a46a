"""The round log keeps each step's label and its entry apart, on the narrowest phones."""

import pytest

from support.seeding import hand_win, last_trick_to

pytestmark = pytest.mark.sqlite_only

LONG_NAMES = ["Anna-Karin Lindqvist-Johansson", "Björn", "Cy", "Dagmar"]


@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize("language", ["en", "be", "ne"])
def test_each_logged_step_has_its_label_in_a_column_left_of_its_entry(
    width, language, new_phone, seed_game
):
    game = seed_game(
        LONG_NAMES,
        hand_win(1, "phase1", LONG_NAMES[0], "straight_flush"),
        hand_win(1, "phase2", "Björn", "two_pair"),
        last_trick_to(1, LONG_NAMES[0]),
    )
    viewport = {"width": width, "height": 700}
    phone = new_phone(viewport=viewport, screen=viewport, locale=language)
    phone.open(game.path)

    rows = phone.page.eval_on_selector_all(
        ".log-steps li",
        """(rows) => rows.map((row) => {
            const label = row.querySelector('.log-step').getBoundingClientRect();
            const entry = row.querySelector('.log-entry').getBoundingClientRect();
            return {label: [label.left, label.right, label.top], entry: [entry.left, entry.top],
                    labelLines: row.querySelector('.log-step').getClientRects().length};
        })""",
    )

    assert len(rows) == 3
    for row in rows:
        label_left, label_right, label_top = row["label"]
        entry_left, entry_top = row["entry"]
        assert label_right <= entry_left, row  # the entry never runs under its label
        assert abs(label_top - entry_top) < 12, row  # both start on the same line
    entry_lefts = {round(row["entry"][0]) for row in rows}
    assert len(entry_lefts) == 1  # one column of entries
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= width
