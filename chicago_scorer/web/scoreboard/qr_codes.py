"""QR codes as inline SVG, so a phone at the table can open a link by pointing its camera."""

from functools import lru_cache

import segno
from markupsafe import Markup


# A link's code never changes, and encoding one is the costliest part of a scoreboard.
@lru_cache(maxsize=1024)
def qr_svg(url: str, label: str) -> Markup:
    """An SVG QR code for ``url``, dark on light whatever the colour scheme, for scanning."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=4, border=2, dark="#000", light="#fff", omitsize=True)
    # segno writes the markup itself; only the accessible name is added here.
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{Markup.escape(label)}" ', 1))
