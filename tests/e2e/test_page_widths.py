"""No page scrolls sideways on a small phone, nor at 200% zoom."""

import pytest

SCROLL_WIDTH = "document.documentElement.scrollWidth"


def pages_wider_than(width: int, phone, sample_pages) -> list[str]:
    wider = []
    for sample in sample_pages:
        sample.open_on(phone)
        scroll_width = phone.page.evaluate(SCROLL_WIDTH)
        if scroll_width > width:
            wider.append(f"{sample.name} ({sample.path}): {scroll_width} px")
    return wider


@pytest.mark.parametrize(
    "width",
    [
        pytest.param(320, id="a 320 px phone"),
        # 200% zoom on a 390 px iPhone 13 lays the page out 195 CSS px wide.
        pytest.param(195, id="an iPhone 13 zoomed to 200%"),
    ],
)
def test_no_page_scrolls_sideways(width, new_phone, sample_pages):
    phone = new_phone(
        viewport={"width": width, "height": 640}, screen={"width": width, "height": 640}
    )

    wider = pages_wider_than(width, phone, sample_pages)
    assert not wider, f"pages wider than {width} px:\n" + "\n".join(wider)


@pytest.mark.parametrize(
    "language",
    [
        pytest.param("be", id="Belarusian, whose words run long"),
        pytest.param("ne", id="Nepali, in Devanagari"),
    ],
)
def test_no_page_scrolls_sideways_in_a_long_worded_language(language, new_phone, sample_pages):
    phone = new_phone(
        viewport={"width": 320, "height": 640},
        screen={"width": 320, "height": 640},
        locale=language,
    )

    wider = pages_wider_than(320, phone, sample_pages)

    assert phone.page.evaluate("document.documentElement.lang") == language
    assert not wider, f"pages wider than 320 px in {language}:\n" + "\n".join(wider)
