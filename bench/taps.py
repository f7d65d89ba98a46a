"""The scorekeeper's tap over HTTP: the step's form posted, and its 303 followed to the page.

A phone keeps score for a game when its signed session cookie holds the game's edit key;
the bench gives it the key through the hand-over link, as a second phone gets it. A tap
posts the entry form with the CSRF token of the page it was shown on, is answered 303
See Other, and then gets the scorekeeper's page (which is never cached) with the token
for the next tap. A refused tap is answered 303 too, but its refusal waits in the
session for the page to show: so a POST whose answer sets a cookie was refused, and the
clients count it as an unexpected answer. An accepted tap leaves the session as it was.
"""

import itertools
import random
import re
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from .api_calls import (
    BASELINE_ROW,
    Answer,
    Client,
    CreatedGame,
    GameToImport,
    UnexpectedAnswer,
    import_games,
)
from .event_sequences import endless_entries

# How WTForms renders the hidden CSRF input; bench/tap.lua looks for the same text.
TOKEN_PATTERN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
# What a tap file holds in place of an empty field (no cookie, or no form on the page).
NONE = "-"


class TapRefused(Exception):
    """The app answered a tap with a refusal, or its page had no entry form."""


def entry_form(entry: Mapping[str, object]) -> dict[str, str]:
    """The fields the scoreboard's buttons post for an entry in the API's JSON form.

    ``EntryForm.entry()`` turns them back into the same entry: a hand step's outcome
    ("none", "tie"), or its winner and hand; the last trick, with or without a deuce;
    or a Chicago as "won:Name" or "lost:Name".
    """
    fields = {"round": str(entry["round"]), "step": str(entry["step"])}
    if "chicago" in entry:
        result = "won" if entry["chicago_won"] else "lost"
        return fields | {"chicago": f"{result}:{entry['chicago']}"}
    if "last_trick" in entry:
        name = "last_trick_deuce" if entry.get("with_deuce") else "last_trick"
        return fields | {name: str(entry["last_trick"])}
    if entry.get("outcome") == "win":
        win = {"winner": str(entry["winner"]), "hand": str(entry["hand"])}
        return fields | win | ({"cards": str(entry["cards"])} if entry.get("cards") else {})
    if "outcome" in entry:
        return fields | {"outcome": str(entry["outcome"])}
    raise ValueError(f"no button of the scoreboard posts {entry!r}")


def page_token(html: str) -> str | None:
    """The CSRF token of the page's first form, or None if it has no form."""
    found = TOKEN_PATTERN.search(html)
    return found.group(1) if found else None


def header(headers: Mapping[str, str], name: str) -> str | None:
    """A response header, whatever the case of its name."""
    wanted = name.lower()
    return next((value for key, value in headers.items() if key.lower() == wanted), None)


def tap_problem(posted: Answer, page: Answer, form_expected: bool) -> str | None:
    """What went wrong with a tap, in the words the load runs count it under; None if fine."""
    if posted.status != 303:
        return f"POST {posted.status}"
    if header(posted.headers, "Set-Cookie") is not None:
        return "refused (303 setting a cookie)"
    if page.status != 200:
        return f"GET {page.status}"
    if form_expected and page_token(page.body.decode(errors="replace")) is None:
        return "page without the entry form"
    return None


@dataclass
class Scorekeeper:
    """One phone keeping score for one game: its session cookie and its page's token."""

    client: Client
    game: CreatedGame
    token: str = ""

    @classmethod
    def hand_over(cls, port: int, game: CreatedGame) -> "Scorekeeper":
        """A new phone that opens the game's hand-over link, then the scoreboard."""
        keeper = cls(Client(port), game)
        link = f"/games/{game.id}/keep-score/{game.edit_key}"
        keeper._keep_cookie(keeper.client.send("GET", link, expect=303, accept="text/html"))
        page = keeper.client.send("GET", keeper.page_path, expect=200, accept="text/html")
        keeper._keep_cookie(page)  # the hand-over's message is shown once, and goes
        keeper._keep_token(page)
        return keeper

    @property
    def page_path(self) -> str:
        """The scoreboard, where every tap lands."""
        return f"/games/{self.game.id}"

    @property
    def post_path(self) -> str:
        """Where the entry form posts."""
        return f"/games/{self.game.id}/entries"

    def form_body(self, entry: Mapping[str, object]) -> dict[str, str]:
        """The posted fields of an entry, with this page's token."""
        return entry_form(entry) | {"csrf_token": self.token}

    def tap(self, entry: Mapping[str, object]) -> float:
        """Post one entry and get the page it leads to; the seconds both took."""
        started = time.perf_counter()
        posted = self.client.send("POST", self.post_path, form=self.form_body(entry))
        page = self.client.send("GET", self.page_path, accept="text/html")
        elapsed = time.perf_counter() - started
        problem = tap_problem(posted, page, form_expected=True)
        if problem is not None:
            raise TapRefused(f"tap {entry!r} on game {self.game.id}: {problem}")
        self._keep_token(page)
        return elapsed

    def undo(self) -> None:
        """Take the newest entry back through the API (with the key, not the session)."""
        path = f"/api/games/{self.game.id}/events/last"
        Client(self.client.port).send("DELETE", path, edit_key=self.game.edit_key, expect=200)

    def _keep_cookie(self, answer: Answer) -> None:
        cookie = header(answer.headers, "Set-Cookie")
        if cookie is not None:
            self.client.cookie = cookie.split(";", 1)[0]

    def _keep_token(self, page: Answer) -> None:
        token = page_token(page.body.decode())
        if token is None:
            raise UnexpectedAnswer(f"{self.page_path} shows no entry form: is the key kept?")
        self.token = token


def time_taps(
    probes: Sequence[tuple[Scorekeeper, Mapping[str, object]]], samples: int
) -> list[float]:
    """Median seconds of one tap for each (scorekeeper, next entry), taking turns.

    Each sample taps the entry (timed: the POST, its 303 and the GET of the page) and
    undoes it through the API (not timed), so each game stays at the same length.
    """
    timings: list[list[float]] = [[] for _ in probes]
    for _ in range(samples):
        for (keeper, entry), taken in zip(probes, timings, strict=True):
            taken.append(keeper.tap(entry))
            keeper.undo()
    return [statistics.median(taken) for taken in timings]


@dataclass(frozen=True)
class TapLine:
    """What one connection of a tap load sends: one phone and the entries it taps in turn.

    ``cookie`` is the phone's session and ``token`` the CSRF token of its first page;
    the baseline has neither (NONE), nor a form on its page. ``bodies`` are the posted
    fields without the token, which each page brings anew.
    """

    post_path: str
    page_path: str
    cookie: str = NONE
    token: str = NONE
    bodies: tuple[str, ...] = field(default_factory=tuple)

    @property
    def form_expected(self) -> bool:
        """Whether each page must carry a form (a token) for the next tap."""
        return self.token != NONE


def scorekeeper_line(keeper: Scorekeeper, entries: Sequence[Mapping[str, object]]) -> TapLine:
    """A tap load's line for a phone that keeps score: its session, token and entries."""
    return TapLine(
        keeper.post_path,
        keeper.page_path,
        keeper.client.cookie or NONE,
        keeper.token,
        tuple(urlencode(entry_form(entry)) for entry in entries),
    )


def baseline_line() -> TapLine:
    """The baseline's tap: POST /insert-form, answered 303 to GET /page."""
    return TapLine("/insert-form", "/page", bodies=(urlencode(BASELINE_ROW),))


def write_tap_file(path: Path, lines: Sequence[TapLine]) -> None:
    """Tab-separated: POST path, page path, cookie, token, then each body (bench/tap.lua)."""
    path.write_text(
        "".join(
            "\t".join([line.post_path, line.page_path, line.cookie, line.token, *line.bodies])
            + "\n"
            for line in lines
        )
    )


def read_tap_file(path: Path) -> list[TapLine]:
    """The lines of a tap file, in order."""
    lines = []
    for text in path.read_text().splitlines():
        post_path, page_path, cookie, token, *bodies = text.split("\t")
        lines.append(TapLine(post_path, page_path, cookie, token, tuple(bodies)))
    return lines


def next_body(line: TapLine, number: int, token: str) -> str:
    """The ``number``-th body of a line (from 0) with the token; past the last, the last.

    Sent again, an entry is refused, which the load counts: a line must hold enough.
    """
    body = line.bodies[min(number, len(line.bodies) - 1)]
    return body if token == NONE else f"{body}&{urlencode({'csrf_token': token})}"


def tap_phones(
    port: int, players: Sequence[str], count: int, recorded: int, taps: int, seed: int
) -> list[TapLine]:
    """``count`` phones, each keeping score for a new game of ``recorded`` events.

    The games are imported (so they stand at that length at once), each phone is handed
    its game over the hand-over link, and each line holds ``taps`` legal entries to tap.
    """
    streams = [endless_entries(random.Random(seed * 1_000_003 + n), players) for n in range(count)]
    games = [GameToImport(players, list(itertools.islice(s, recorded))) for s in streams]
    created = import_games(port, games)
    return [
        scorekeeper_line(Scorekeeper.hand_over(port, game), list(itertools.islice(stream, taps)))
        for game, stream in zip(created, streams, strict=True)
    ]
