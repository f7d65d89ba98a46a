"""Where elements sit on a phone's screen, by their bounding boxes in the browser."""

from support.phone import Phone


def outside(phone: Phone, selector: str) -> list[str]:
    """Each element matching ``selector`` that is not wholly inside the viewport."""
    return phone.page.eval_on_selector_all(
        selector,
        """(elements) => elements.flatMap((element) => {
            const box = element.getBoundingClientRect();
            const inside = box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0
                && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
            return inside ? [] : [`${element.textContent.trim().slice(0, 40)} at `
                + `${Math.round(box.top)}..${Math.round(box.bottom)} px`];
        })""",
    )


def overlapping(phone: Phone, selector: str) -> list[str]:
    """Each pair of elements matching ``selector`` whose boxes overlap: a long name that
    runs into its neighbour's tile, say."""
    return phone.page.eval_on_selector_all(
        selector,
        """(elements) => {
            const boxes = elements.map((element) => [element, element.getBoundingClientRect()]);
            return boxes.flatMap(([a, one], i) => boxes.slice(i + 1).flatMap(([b, other]) =>
                one.left < other.right - 1 && other.left < one.right - 1
                    && one.top < other.bottom - 1 && other.top < one.bottom - 1
                    ? [`${a.textContent.trim()} / ${b.textContent.trim()}`] : []));
        }""",
    )
