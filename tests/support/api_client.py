"""A small driver for the JSON API, so tests read as moves at the table."""

from dataclasses import dataclass

from flask.testing import FlaskClient


@dataclass
class ApiGame:
    """A game created through the API, with the key that lets us change it."""

    client: FlaskClient
    id: int
    edit_key: str

    @property
    def url(self) -> str:
        return f"/api/games/{self.id}"

    def auth(self, key: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {key or self.edit_key}"}

    def state(self) -> dict:
        return self.client.get(self.url).get_json()

    def post(self, entry: dict, key: str | None = None, idempotency_key: str | None = None):
        headers = self.auth(key)
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        return self.client.post(f"{self.url}/events", json=entry, headers=headers)

    def record(self, entry: dict) -> dict:
        response = self.post(entry)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def win(self, round_number: int, step: str, winner: str, hand: str) -> dict:
        entry = {"outcome": "win", "winner": winner, "hand": hand}
        return self.record({"round": round_number, "step": step} | entry)

    def nobody(self, round_number: int, step: str) -> dict:
        return self.record({"round": round_number, "step": step, "outcome": "none"})

    def last_trick(self, round_number: int, taker: str) -> dict:
        return self.record({"round": round_number, "step": "tricks", "last_trick": taker})

    def undo(self, key: str | None = None):
        return self.client.delete(f"{self.url}/events/last", headers=self.auth(key))


def create_api_game(client: FlaskClient, players=("Ann", "Bo", "Cy"), **extra) -> ApiGame:
    """Create a game through the API and keep its edit key."""
    response = client.post("/api/games", json={"players": list(players)} | extra)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return ApiGame(client, body["id"], body["edit_key"])
