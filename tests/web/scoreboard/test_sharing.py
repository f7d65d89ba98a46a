"""Who may change a game: hand-over links, watching, and revoking other phones."""

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from chicago_scorer.services.edit_keys import key_after_rotation
from support.api_client import create_api_game
from support.table_forms import NOT_THE_SCOREKEEPER, accepted, follow_refusal

HANDOVER_QR = "QR code to keep score on another phone"
WATCH_QR = "QR code to watch this game"
VOID_TAGS = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


def start_game(client, *names):
    data = {f"players-{row}": name for row, name in enumerate(names)} | {"dealer": "0"}
    return client.post("/games", data=data).headers["Location"]


def handover_link(page: str) -> str:
    return re.search(r'<a href="http://localhost(/games/\d+/keep-score/[^"]+)">', page).group(1)


@dataclass
class Element:
    """An element of a page, with what it contains, to ask where something sits."""

    tag: str
    attrs: dict[str, str | None]
    parent: "Element | None" = None
    children: list["Element"] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)

    def ancestors(self) -> list["Element"]:
        found, node = [], self.parent
        while node is not None:
            found.append(node)
            node = node.parent
        return found

    def text(self) -> str:
        parts = self.texts + [child.text() for child in self.children]
        return " ".join(" ".join(parts).split())

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def summary(self) -> str:
        return next(child.text() for child in self.children if child.tag == "summary")


class PageTree(HTMLParser):
    """A page read into elements (good enough for the app's own well-formed markup)."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.root = self.current = Element("document", {})
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        element = Element(tag, dict(attrs), parent=self.current)
        self.current.children.append(element)
        if tag not in VOID_TAGS:
            self.current = element

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Element(tag, dict(attrs), parent=self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.texts.append(data)

    def find(self, tag: str, attrs: dict[str, str]) -> Element:
        """The one element with this tag and these attributes."""
        (element,) = [
            element
            for element in self.root.walk()
            if element.tag == tag and attrs.items() <= element.attrs.items()
        ]
        return element


def disclosures_around(element: Element) -> list[Element]:
    """The <details> an element sits in, innermost first."""
    return [ancestor for ancestor in element.ancestors() if ancestor.tag == "details"]


def record_tie(client, game_url, round_number=1, step="phase1"):
    return client.post(
        f"{game_url}/entries", data={"round": str(round_number), "step": step, "outcome": "tie"}
    )


def test_everyone_sees_a_watch_link_with_a_qr_code(app, client):
    game_url = start_game(client, "Ann", "Bo")

    page = app.test_client().get(game_url).text

    assert f'<a href="http://localhost{game_url}">' in page
    assert 'aria-label="QR code to watch this game"' in page
    assert "keep-score" not in page  # a watcher is never shown the key


def test_the_qr_codes_are_named_in_the_pages_language(client):
    game_url = start_game(client, "Ann", "Bo")

    page = client.get(game_url, headers={"Accept-Language": "sv"}).text

    assert 'aria-label="QR-kod för att följa partiet"' in page
    assert 'aria-label="QR-kod för att föra protokollet på en annan telefon"' in page


def test_the_scorekeeper_sees_a_handover_link_with_a_qr_code(client):
    game_url = start_game(client, "Ann", "Bo")

    page = client.get(game_url).text

    assert handover_link(page).startswith(f"{game_url}/keep-score/")
    assert 'aria-label="QR code to keep score on another phone"' in page
    assert "<svg" in page


def test_the_handover_code_is_folded_away_behind_its_warning(client):
    game_url = start_game(client, "Ann", "Bo")
    html = client.get(game_url).text
    page = PageTree(html)

    handover_qr = page.find("svg", {"aria-label": HANDOVER_QR})

    handover, share = disclosures_around(handover_qr)
    assert share.summary() == "Share this game"
    assert "open" not in handover.attrs
    assert handover.summary() == (
        "Hand over scorekeeping Anyone with this code can change the score."
    )
    link = page.find("a", {"href": f"http://localhost{handover_link(html)}"})
    assert handover in link.ancestors()


def test_the_handover_code_is_framed_and_labelled_unlike_the_watch_code(client):
    game_url = start_game(client, "Ann", "Bo")
    page = PageTree(client.get(game_url).text)

    handover_frame = page.find("svg", {"aria-label": HANDOVER_QR}).parent
    watch_frame = page.find("svg", {"aria-label": WATCH_QR}).parent

    assert handover_frame.attrs["class"].split() == ["qr", "handover-qr"]
    assert handover_frame.text() == "Scan to keep score, not to watch"
    assert watch_frame.attrs["class"] == "qr"
    assert watch_frame.text() == ""
    assert [details.summary() for details in disclosures_around(watch_frame)] == [
        "Share this game"
    ]


def test_revoking_asks_first_behind_its_own_disclosure(client):
    game_url = start_game(client, "Ann", "Bo")
    page = PageTree(client.get(game_url).text)

    form = page.find("form", {"action": f"{game_url}/revoke", "method": "post"})

    confirmation = disclosures_around(form)[0]
    (button,) = [element for element in form.walk() if element.tag == "button"]
    assert confirmation.summary() == "Revoke other devices…"
    assert "open" not in confirmation.attrs
    assert "other phones stop keeping score" in confirmation.text()
    assert button.attrs["type"] == "submit"
    assert button.text() == "Yes, revoke"


def test_a_handover_link_lets_another_phone_keep_score(app, client):
    game_url = start_game(client, "Ann", "Bo")
    other_phone = app.test_client()

    opened = other_phone.get(handover_link(client.get(game_url).text))
    recorded = record_tie(other_phone, game_url)

    assert opened.status_code == 303
    assert "This phone now keeps score" in other_phone.get(game_url).text
    assert accepted(other_phone, recorded)
    assert accepted(client, record_tie(client, game_url, 1, "phase2"))  # both may, until revoked


def test_a_wrong_handover_link_is_403_and_changes_nothing(app, client):
    game_url = start_game(client, "Ann", "Bo")
    other_phone = app.test_client()

    response = other_phone.get(f"{game_url}/keep-score/not-the-key")

    assert response.status_code == 403
    assert "no longer works" in response.text
    assert f'<a class="button" href="{game_url}">Back to the game</a>' in response.text
    refused = follow_refusal(other_phone, record_tie(other_phone, game_url), game_url)
    assert NOT_THE_SCOREKEEPER in refused
    assert "Nothing recorded yet." in refused


def test_revoking_stops_other_phones_and_old_links_but_not_this_one(app, client):
    game_url = start_game(client, "Ann", "Bo")
    old_link = handover_link(client.get(game_url).text)
    other_phone = app.test_client()
    other_phone.get(old_link)

    revoked = client.post(f"{game_url}/revoke")

    refused = follow_refusal(other_phone, record_tie(other_phone, game_url), game_url)
    assert revoked.status_code == 303
    assert (
        "This phone no longer keeps score, so nothing was changed: the scorekeeper gave the "
        "game a new key. Ask them for a new hand-over link to keep score here"
    ) in refused
    assert "send its edit key" not in refused and "edit key does not open" not in refused
    assert "Nothing recorded yet." in refused
    assert "View only" in other_phone.get(game_url).text
    assert app.test_client().get(old_link).status_code == 403
    assert accepted(client, record_tie(client, game_url))
    assert handover_link(client.get(game_url).text) != old_link


def revoke_fields(page: str, game_url: str) -> dict[str, str]:
    """What the revoke form sends, as the page fills it in."""
    form = PageTree(page).find("form", {"action": f"{game_url}/revoke", "method": "post"})
    return {
        element.attrs["name"]: element.attrs.get("value") or ""
        for element in form.walk()
        if element.tag == "input" and element.attrs.get("name")
    }


def test_a_revoke_sent_again_after_its_answer_was_lost_leaves_this_phone_the_scorekeeper(
    app, client
):
    game_url = start_game(client, "Ann", "Bo")
    old_link = handover_link(client.get(game_url).text)
    fields = revoke_fields(client.get(game_url).text, game_url)
    cookie_before = client.get_cookie("session").value
    assert client.post(f"{game_url}/revoke", data=fields).status_code == 303

    client.set_cookie("session", cookie_before)  # the answer, and its cookie, never came
    again = client.post(f"{game_url}/revoke", data=fields)

    assert again.status_code == 303
    page = client.get(game_url).text
    assert "Other phones no longer keep score, and old hand-over links stop working." in page
    assert accepted(client, record_tie(client, game_url))
    assert app.test_client().get(old_link).status_code == 403
    assert app.test_client().get(handover_link(page)).status_code == 303


def test_a_stale_revoke_form_of_another_rotation_is_still_refused_once_the_key_changed(
    app, client
):
    game_url = start_game(client, "Ann", "Bo")
    stale_tab = revoke_fields(client.get(game_url).text, game_url)
    cookie_before = client.get_cookie("session").value
    assert (
        client.post(
            f"{game_url}/revoke", data=revoke_fields(client.get(game_url).text, game_url)
        ).status_code
        == 303
    )

    client.set_cookie("session", cookie_before)
    refused = follow_refusal(client, client.post(f"{game_url}/revoke", data=stale_tab), game_url)

    assert "This phone no longer keeps score" in refused


def test_a_handover_link_to_a_game_that_is_not_there_leads_back_to_the_start(app):
    response = app.test_client().get("/games/999/keep-score/some-key")

    assert response.status_code == 404
    assert "Back to the game" not in response.text
    assert '<a class="button" href="/">Back to the start</a>' in response.text


def test_a_phone_without_the_key_cannot_revoke(app, client):
    game_url = start_game(client, "Ann", "Bo")
    link = handover_link(client.get(game_url).text)

    other_phone = app.test_client()
    response = other_phone.post(f"{game_url}/revoke")

    refused = follow_refusal(other_phone, response, game_url)
    assert NOT_THE_SCOREKEEPER in refused
    assert app.test_client().get(link).status_code == 303  # the key is unchanged


def test_rotating_the_key_through_the_api_retires_the_old_one(client):
    game = create_api_game(client, ["Ann", "Bo"])

    response = client.post(f"{game.url}/edit-key", headers=game.auth())

    new_key = response.get_json()["edit_key"]
    assert response.status_code == 200
    assert new_key != game.edit_key
    assert game.post({"round": 1, "step": "phase1", "outcome": "tie"}).status_code == 403
    fresh = type(game)(client, game.id, new_key)
    assert fresh.post({"round": 1, "step": "phase1", "outcome": "tie"}).status_code == 201


def test_a_rotation_sent_again_with_its_idempotency_key_gives_the_key_it_made(client):
    game = create_api_game(client, ["Ann", "Bo"])
    headers = game.auth() | {"Idempotency-Key": "rotation-1"}

    first = client.post(f"{game.url}/edit-key", headers=headers)
    again = client.post(f"{game.url}/edit-key", headers=headers)  # the first answer was lost

    assert (first.status_code, again.status_code) == (200, 200)
    new_key = first.get_json()["edit_key"]
    assert again.get_json()["edit_key"] == new_key != game.edit_key
    # A phone that kept the old key cannot make the new one from it and the client's name.
    assert new_key != key_after_rotation(game.edit_key, "rotation-1")
    assert game.post({"round": 1, "step": "phase1", "outcome": "tie"}).status_code == 403
    fresh = type(game)(client, game.id, new_key)
    assert fresh.post({"round": 1, "step": "phase1", "outcome": "tie"}).status_code == 201


def test_the_old_key_with_another_idempotency_key_is_refused_once_rotated(client):
    game = create_api_game(client, ["Ann", "Bo"])
    rotated = client.post(
        f"{game.url}/edit-key", headers=game.auth() | {"Idempotency-Key": "rotation-1"}
    )

    other = client.post(
        f"{game.url}/edit-key", headers=game.auth() | {"Idempotency-Key": "rotation-2"}
    )

    assert rotated.status_code == 200
    assert other.status_code == 403
    fresh = type(game)(client, game.id, rotated.get_json()["edit_key"])
    assert fresh.post({"round": 1, "step": "phase1", "outcome": "tie"}).status_code == 201


def test_rotating_needs_the_current_key(client):
    game = create_api_game(client, ["Ann", "Bo"])

    assert client.post(f"{game.url}/edit-key").status_code == 403
    assert client.post(f"{game.url}/edit-key", headers=game.auth("nope")).status_code == 403
    assert game.post({"round": 1, "step": "phase1", "outcome": "tie"}).status_code == 201
