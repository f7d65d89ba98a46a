"""Marks stacked on a letter of a name stay in that name's row of the history.

A name may carry up to three marks on a letter; an older game may hold many more. Either
way the rows above and below look exactly as they would if that row were not drawn at
all: no accent of it reaches into them.
"""

import pytest

from chicago_scorer import create_app
from chicago_scorer.extensions import db
from support.legacy_names import rename_as_stored_before
from support.screen_boxes import overlapping
from support.seeding import hand_win
from support.settings import settings_for

# A font that stacks each mark on the one before, as many phones' fonts do (DejaVu, the
# default here, draws them over one another): the rows must hold even then.
STACKING_FONT = "Noto Sans Mono"  # Debian's fonts-noto-mono
ABOVE = "Z\u030d\u030e\u0310"  # three marks above: vertical lines and a candrabindu
BELOW = "Q\u0316\u0317\u0318"  # three marks below
TOWER = "Z" + "\u030d\u0316\u0310" * 13  # 39 marks, as a game stored before the limit


@pytest.fixture
def marked_history(seed_game, app_server):
    """Four games newest first: plain, a tower of marks, three marks each way, plain."""
    seed_game(["Ann", "Bo"], hand_win(1, "phase1", "Ann", "flush"))
    marked = seed_game([ABOVE, BELOW], hand_win(1, "phase1", ABOVE, "flush"))
    tower = seed_game(["Tor", "Bo"], hand_win(1, "phase1", "Tor", "flush"))
    app = create_app(settings_for(app_server.database_url))
    with app.app_context():
        rename_as_stored_before(tower.id, "Tor", TOWER)
        db.engine.dispose()
    seed_game(["Cy", "Dee"], hand_win(1, "phase1", "Cy", "flush"))
    return {"marked": marked.id, "tower": tower.id}


def ink_height(phone, text: str) -> float:
    """How tall ``text`` draws, marks and all, in the font of the history's names."""
    return phone.page.evaluate(
        """(text) => {
            const font = getComputedStyle(document.querySelector('.game-players bdi')).font;
            const context = document.createElement('canvas').getContext('2d');
            context.font = font;
            const ink = context.measureText(text);
            return ink.actualBoundingBoxAscent + ink.actualBoundingBoxDescent;
        }""",
        text,
    )


def rows_around(phone, game_id: int) -> list[bytes]:
    """Pictures of the history rows just above and below a game's row."""
    page = phone.page
    row = page.locator(f'li:has(> a[href="/games/{game_id}/review"])')
    neighbours = [
        row.locator("xpath=preceding-sibling::li[1]"),
        row.locator("xpath=following-sibling::li[1]"),
    ]
    return [neighbour.screenshot(animations="disabled", caret="hide") for neighbour in neighbours]


@pytest.mark.parametrize("which", ["marked", "tower"])
def test_marks_on_a_name_never_draw_over_the_rows_next_to_it(new_phone, marked_history, which):
    phone = new_phone()
    phone.open("/history")
    phone.page.add_style_tag(content=f"body {{ font-family: '{STACKING_FONT}', monospace; }}")
    game_id = marked_history[which]
    row_height = phone.page.locator(".history-list > li").first.bounding_box()["height"]
    if which == "tower":
        assert ink_height(phone, TOWER) > 2 * row_height, f"{STACKING_FONT} is not installed"

    drawn = rows_around(phone, game_id)
    phone.page.eval_on_selector_all(
        f'a[href="/games/{game_id}/review"] bdi',
        "(names) => names.forEach((name) => { name.style.visibility = 'hidden'; })",
    )
    not_drawn = rows_around(phone, game_id)

    assert drawn == not_drawn
    assert overlapping(phone, ".history-list > li") == []
