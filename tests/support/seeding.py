"""Games made through the JSON API, for tests about how pages look rather than how to tap."""

from dataclasses import dataclass

from playwright.sync_api import APIRequestContext, expect

from support.phone import Phone


@dataclass
class SeededGame:
    """A game created through the API, with the key that lets a phone keep its score."""

    api: APIRequestContext
    id: int
    edit_key: str

    @property
    def path(self) -> str:
        return f"/games/{self.id}"

    @property
    def keep_score_path(self) -> str:
        """Opening this on a phone makes it the game's scorekeeper."""
        return f"/games/{self.id}/keep-score/{self.edit_key}"

    def record(self, *entries: dict) -> None:
        for entry in entries:
            response = self.api.post(
                f"/api/games/{self.id}/events",
                data=entry,
                headers={"Authorization": f"Bearer {self.edit_key}"},
            )
            assert response.status == 201, response.text()

    def undo_last(self) -> None:
        """Undo the last entry, as another phone holding the key would."""
        response = self.api.delete(
            f"/api/games/{self.id}/events/last",
            headers={"Authorization": f"Bearer {self.edit_key}"},
        )
        assert response.status == 200, response.text()


@dataclass(frozen=True)
class SamplePage:
    """A page to check, what on it proves it is that page, and whose phone opens it."""

    name: str
    path: str
    landmark: str
    scorekeeper_of: SeededGame | None = None

    def open_on(self, phone: Phone) -> None:
        """Open the page, as the game's scorekeeper where there is one."""
        if self.scorekeeper_of is not None:
            phone.open(self.scorekeeper_of.keep_score_path)
        phone.open(self.path)
        expect(phone.page.locator(self.landmark).first).to_be_visible()


def hand_win(round_number: int, step: str, winner: str, hand: str) -> dict:
    return {"round": round_number, "step": step, "outcome": "win", "winner": winner, "hand": hand}


def no_hand(round_number: int, step: str) -> dict:
    return {"round": round_number, "step": step, "outcome": "none"}


def last_trick_to(round_number: int, taker: str) -> dict:
    return {"round": round_number, "step": "tricks", "last_trick": taker}


def to_a_tiebreak(players: list[str]) -> list[dict]:
    """A first round after which the first two players share the top score, 52, so that
    only they play the next round."""
    return [
        hand_win(1, "phase1", players[0], "royal_flush"),
        hand_win(1, "phase2", players[1], "royal_flush"),
        last_trick_to(1, players[-1]) if len(players) > 2 else no_hand(1, "tricks"),
        no_hand(1, "phase3"),
    ]


def to_the_exchange_stop(players: list[str], *stopped: str) -> list[dict]:
    """Whole rounds that bring each of ``stopped`` to 48 points, past the deuce preset's
    exchange stop (45) and short of 52: two straight flushes a round, three rounds each."""
    entries: list[dict] = []
    for winner in stopped:
        for _ in range(3):
            number = len(entries) // 4 + 1
            entries += [
                hand_win(number, "phase1", winner, "straight_flush"),
                hand_win(number, "phase2", winner, "straight_flush"),
                last_trick_to(number, players[-1]),
                no_hand(number, "phase3"),
            ]
    return entries
