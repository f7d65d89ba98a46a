"""The scoreboard's first load: its HTML and every stylesheet and script it references."""

import gzip
from collections.abc import Mapping
from dataclasses import dataclass
from html.parser import HTMLParser

GZIP_LEVEL = 6


class _AssetFinder(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        rel = (values.get("rel") or "").lower().split()
        if tag == "link" and "stylesheet" in rel and values.get("href"):
            self.urls.append(values["href"])
        elif tag == "script" and values.get("src"):
            self.urls.append(values["src"])


def referenced_assets(html: str) -> list[str]:
    """The stylesheet and script URLs a page loads, in order, each once."""
    finder = _AssetFinder()
    finder.feed(html)
    finder.close()
    return list(dict.fromkeys(finder.urls))


def gzip_size(body: bytes) -> int:
    """Bytes on the wire with gzip at level 6, the usual setting of a web server."""
    return len(gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0))


@dataclass(frozen=True)
class Payload:
    """Raw and gzipped bytes of each file of a first load."""

    raw: Mapping[str, int]
    gzipped: Mapping[str, int]

    @property
    def total_gzipped(self) -> int:
        """What a phone downloads on its first visit, compressed."""
        return sum(self.gzipped.values())

    @property
    def total_raw(self) -> int:
        """The same, uncompressed."""
        return sum(self.raw.values())


def measure_payload(files: Mapping[str, bytes]) -> Payload:
    """Sizes of the page and its assets, keyed by URL."""
    return Payload(
        raw={url: len(body) for url, body in files.items()},
        gzipped={url: gzip_size(body) for url, body in files.items()},
    )
