"""Every page and every refusal in the table's language, chosen by the phone or the switcher."""

import io
import json
import re
from html import unescape
from urllib.parse import quote, unquote

import pytest
from babel.support import Translations
from markupsafe import escape
from werkzeug.datastructures import MultiDict
from wtforms import IntegerField
from wtforms.validators import NumberRange

from chicago_scorer.web.languages.form_translations import TranslatedForm
from chicago_scorer.web.languages.locales import languages_in
from scripts.translations import TRANSLATIONS
from support.api_client import create_api_game
from support.table_forms import accepted, start_game, tap

LANGUAGES = ["en", "sv", "it", "et", "be", "uz", "ne"]
TRANSLATED = LANGUAGES[1:]
DEVANAGARI_DIGITS = "०१२३४५६७८९"


def digits(code: str, number: int) -> str:
    """A number as pages in ``code`` write it (only small numbers: no grouping)."""
    text = str(number)
    return text.translate(str.maketrans("0123456789", DEVANAGARI_DIGITS)) if code == "ne" else text


def translation(code: str, message: str, **values: object) -> str:
    """What the compiled catalog of ``code`` says for ``message``, values filled in."""
    text = Translations.load(str(TRANSLATIONS), [code]).gettext(message)
    return text % values if values else text


def html_lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


@pytest.fixture
def game_at_the_tricks(client):
    """A scorekeeper's game of Ann and Bo at the tricks step, Ann on 15 points."""
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="four_of_a_kind")
    tap(client, game_url, winner="Ann", hand="straight_flush")
    return game_url


@pytest.fixture
def finished_game(client):
    """A finished game, for the review and the statistics pages."""
    game_url = start_game(client, "Ann", "Bo")
    tap(client, game_url, winner="Ann", hand="royal_flush")
    return game_url


@pytest.mark.parametrize("code", LANGUAGES)
def test_accept_language_picks_the_language_and_html_lang_says_it(client, code):
    page = client.get("/", headers={"Accept-Language": f"{code};q=0.9, fr;q=0.5"})

    assert page.status_code == 200
    assert html_lang(page.text) == code


def test_a_language_without_a_catalog_falls_back_to_english(client):
    page = client.get("/", headers={"Accept-Language": "fr-FR, de;q=0.8"}).text

    assert html_lang(page) == "en"
    assert "New game" in page


def test_a_regional_variant_gets_its_language(client):
    assert html_lang(client.get("/", headers={"Accept-Language": "sv-FI"}).text) == "sv"


def test_the_switcher_keeps_the_choice_in_a_cookie_over_accept_language(client):
    chosen = client.get("/language/ne?next=/history", headers={"Accept-Language": "sv"})

    assert chosen.status_code == 303
    assert chosen.headers["Location"] == "/history"
    assert "lang=ne" in chosen.headers["Set-Cookie"]
    page = client.get("/history", headers={"Accept-Language": "sv"}).text
    assert html_lang(page) == "ne"


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil", None])
def test_the_switcher_only_goes_back_to_a_page_of_this_site(client, target):
    query = "" if target is None else f"?next={target}"

    chosen = client.get(f"/language/sv{query}")

    assert chosen.headers["Location"] == "/"


@pytest.mark.parametrize(
    ("target", "character"),
    [("/a%0d%0a", "U+000D"), ("/a%0a", "U+000A"), ("/%0d", "U+000D"), ("/history%09", "U+0009")],
)
def test_a_target_that_holds_a_control_character_is_refused_as_any_such_query_is(
    client, target, character
):
    chosen = client.get(f"/language/sv?next={target}")

    assert chosen.status_code == 400
    assert (
        f"The address gives &#39;next&#39; with a control character or line break ({character}): "
        "check the link, or type it again without one."
    ) in chosen.text
    assert "lang=sv" not in chosen.headers.get("Set-Cookie", "")


@pytest.mark.parametrize("path", ["/a%0A", "/history%09", "/players/A%00B"])
def test_the_switcher_comes_back_even_to_a_page_whose_path_holds_a_control_character(client, path):
    page = client.get(path)
    link = re.search(r'<a href="([^"]+)" lang="sv"', page.text).group(1)

    chosen = client.get(unescape(link))

    assert chosen.status_code == 303
    assert chosen.headers["Location"] == path
    assert "lang=sv" in chosen.headers["Set-Cookie"]


@pytest.mark.parametrize("name", ["Ann?", "A#1", "100%", "Åsa ?#%&", "Ann?x=1"])
def test_the_switcher_comes_back_to_the_page_of_a_player_whose_name_holds_an_address_sign(
    client, name
):
    create_api_game(client, players=(name, "Ann", "A"))
    page = client.get(f"/players/{quote(name)}")
    assert page.status_code == 200
    link = re.search(r'<a href="([^"]+)" lang="sv"', page.text).group(1)

    chosen = client.get(unescape(link))

    assert chosen.status_code == 303
    assert unquote(chosen.headers["Location"]) == f"/players/{name}"
    again = client.get(chosen.headers["Location"])
    assert again.status_code == 200 and html_lang(again.text) == "sv"
    assert re.search(r"<h1[^>]*>.*?</h1>", again.text, re.S).group(0).count(escape(name)) == 1


def test_the_switcher_keeps_the_query_of_the_page_it_is_on(client):
    create_api_game(client, players=("Ann?", "Bo & Cy"))
    address = f"/history?player={quote('Ann?')}&page=1"
    link = re.search(r'<a href="([^"]+)" lang="sv"', client.get(address).text).group(1)

    chosen = client.get(unescape(link))

    assert chosen.headers["Location"] == address


@pytest.mark.parametrize(
    ("sent_from", "comes_back_to"),
    [
        ("http://localhost/games/9?x=1", "/games/9?x=1"),
        ("http://elsewhere.example/", "/"),
        (None, "/"),
        ("http://[::1", "/"),
    ],
    ids=["the page that sent the form", "another site's page", "no page named", "garbled"],
)
def test_the_switcher_on_a_refused_form_goes_back_to_a_page_not_to_the_form_s_address(
    client, sent_from, comes_back_to
):
    # A tap on a game deleted meanwhile: the refusal stands at an address that takes POST.
    headers = {"Referer": sent_from} if sent_from else {}
    tap = {"round": "1", "step": "phase1", "outcome": "none"}
    refused = client.post("/games/9/entries", data=tap, headers=headers)
    assert refused.status_code == 404
    link = re.search(r'<a href="([^"]+)" lang="sv"', refused.text).group(1)

    chosen = client.get(unescape(link))

    assert chosen.status_code == 303
    assert chosen.headers["Location"] == comes_back_to
    assert client.get(comes_back_to).status_code != 405


def test_an_unknown_language_is_a_404_and_sets_nothing(client):
    refused = client.get("/language/xx?next=/")

    assert refused.status_code == 404
    assert "Set-Cookie" not in refused.headers


def test_every_page_lists_every_language_in_its_own_name(client):
    page = client.get("/").text

    for code, name in [("sv", "Svenska"), ("be", "Беларуская"), ("ne", "नेपाली")]:
        assert f'lang="{code}" hreflang="{code}"' in page
        assert name in page


def test_pages_vary_by_language_but_static_files_do_not(client):
    assert {"Accept-Language", "Cookie"} <= set(client.get("/").vary)
    with client.get("/static/app.css") as static_file:
        assert "Accept-Language" not in static_file.vary


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_page_renders_in_every_language(client, code, game_at_the_tricks, finished_game):
    headers = {"Accept-Language": code}
    game_at_a_hand_step = start_game(client, "Cy", "Dee")
    paths = [
        "/",
        game_at_the_tricks,
        game_at_a_hand_step,
        f"{game_at_a_hand_step}/settle",
        f"{finished_game}/review",
        "/settle",
        "/history",
        "/players",
        "/players/Ann",
        "/import",
        "/offline",
    ]
    for path in paths:
        response = client.get(path, headers=headers)
        assert response.status_code == 200, path
        assert html_lang(response.text) == code, path
    missing = client.get("/games/999999", headers=headers)
    assert missing.status_code == 404
    assert html_lang(missing.text) == code


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_chicago_button_is_labelled_in_the_language(client, code, game_at_the_tricks):
    page = client.get(game_at_the_tricks, headers={"Accept-Language": code}).text
    label = translation(code, "Chicago won %(points)s", points="+" + digits(code, 15))
    button = translation(
        code, "%(name)s: Chicago won %(points)s", name="Bo", points="+" + digits(code, 15)
    )

    assert label != "Chicago won +15"
    assert f">{label}</legend>" in page
    assert f'aria-label="{escape(button)}"' in page


@pytest.mark.parametrize("code", TRANSLATED)
def test_why_chicago_is_closed_is_said_in_the_language(client, code, game_at_the_tricks):
    page = client.get(game_at_the_tricks, headers={"Accept-Language": code}).text
    english = "%(names)s needs %(needed)s points to call Chicago."
    catalog = Translations.load(str(TRANSLATIONS), [code])
    template = catalog.ngettext(english, "%(names)s need %(needed)s points to call Chicago.", 1)

    assert template != english
    assert template % {"names": "Bo", "needed": digits(code, 15)} in page


@pytest.mark.parametrize("code", TRANSLATED)
def test_api_errors_follow_accept_language(client, code):
    refused = client.post(
        "/api/games", json={"players": ["Ann"]}, headers={"Accept-Language": code}
    )

    singular = "Chicago is for %(fewest)s to %(most)s players; %(count)s was given."
    plural = "Chicago is for %(fewest)s to %(most)s players; %(count)s were given."
    template = Translations.load(str(TRANSLATIONS), [code]).ngettext(singular, plural, 1)
    values = {"fewest": digits(code, 2), "most": digits(code, 4), "count": digits(code, 1)}
    assert refused.status_code == 422
    assert template != singular
    assert refused.get_json()["error"] == template % values


def test_an_api_error_without_accept_language_is_english(client):
    refused = client.post("/api/games", json={"players": ["Ann"]})

    assert refused.get_json()["error"] == "Chicago is for 2 to 4 players; 1 was given."


def test_a_nested_refusal_is_translated_part_by_part(client):
    settled = client.post(
        "/api/settle",
        json={"hands": {"Ann": "As As Kd Qc Jh", "Bo": "2c 3d 4h 5s 7c"}},
        headers={"Accept-Language": "sv"},
    )

    error = settled.get_json()["error"]
    outer = translation("sv", "%(name)s's hand: %(refusal)s")
    inner = translation("sv", "%(card)s appears twice.", card="As")
    assert error == outer % {"name": "Ann", "refusal": inner}


def test_an_imported_entry_out_of_turn_is_refused_in_the_language_without_advice_to_reload(
    client,
):
    game = {
        "players": ["Ann", "Bo"],
        "first_dealer": "Ann",
        "created_at": "2026-03-01T19:00:00+00:00",
        "updated_at": "2026-03-01T19:30:00+00:00",
        "events": [{"round": 1, "step": "tricks", "last_trick": "Ann"}],
    }

    refused = client.post(
        "/api/import",
        json={"format": "chicago-scorer/1", "games": [game]},
        headers={"Accept-Language": "sv"},
    )

    out_of_turn = (
        "Round %(round)s · %(step)s is not the next step: Round %(next_round)s · %(next_step)s is."
    )
    tricks, phase1 = translation("sv", "Tricks"), translation("sv", "Phase 1")
    rule = translation("sv", out_of_turn, round=1, step=tricks, next_round=1, next_step=phase1)
    where = translation(
        "sv",
        "%(game)s, entry %(number)s (Round %(round)s · %(step)s): %(refusal)s",
        game=translation("sv", "Game %(number)s (%(players)s)", number=1, players="Ann, Bo"),
        number=1,
        round=1,
        step=tricks,
        refusal=rule,
    )
    assert translation("sv", out_of_turn) != out_of_turn
    assert refused.status_code == 422
    assert refused.get_json()["error"] == where


def test_a_body_that_is_not_json_is_refused_wholly_in_the_language(client):
    refused = client.post(
        "/api/games",
        data=b'{"players": ["Ann" "Bo"]}',
        content_type="application/json",
        headers={"Accept-Language": "sv"},
    )

    template = "The body is not valid JSON at line %(line)s, column %(column)s: %(fault)s."
    fault = "a comma or a closing bracket was expected"
    assert translation("sv", template) != template
    assert translation("sv", fault) != fault
    assert refused.status_code == 400
    assert refused.get_json()["error"] == translation(
        "sv", template, line=1, column=20, fault=translation("sv", fault)
    )


def test_a_file_that_is_not_json_is_refused_in_the_language_and_its_digits_wherever_it_comes(
    client,
):
    broken = b'{"format": "chicago-scorer/1", "games": [}'
    headers = {"Accept-Language": "ne"}

    api = client.post("/api/import", data=broken, content_type="application/json", headers=headers)
    page = client.post(
        "/import",
        data={"file": (io.BytesIO(broken), "export.json")},
        content_type="multipart/form-data",
        headers=headers,
    )

    template = (
        "The file is not valid JSON at line %(line)s, column %(column)s: %(fault)s. Import "
        "the file as it was exported."
    )
    fault = "a value was expected"
    refusal = translation(
        "ne",
        template,
        line=digits("ne", 1),
        column=digits("ne", 42),
        fault=translation("ne", fault),
    )
    assert translation("ne", template) != template
    assert translation("ne", fault) != fault
    assert api.status_code == page.status_code == 400
    assert api.get_json()["error"] == refusal
    assert str(escape(refusal)) in page.text


def test_a_file_giving_a_field_twice_is_refused_wholly_in_the_language(client):
    refused = client.post(
        "/api/import",
        data=b'{"format": "chicago-scorer/1", "games": [], "format": "chicago-scorer/2"}',
        content_type="application/json",
        headers={"Accept-Language": "sv"},
    )

    template = "The file gives %(name)s twice in one object: give each field once."
    assert translation("sv", template) != template
    assert refused.status_code == 400
    assert refused.get_json()["error"] == translation("sv", template, name="'format'")


def test_nepali_pages_write_numbers_in_devanagari_digits(client, finished_game):
    page = client.get(finished_game, headers={"Accept-Language": "ne"}).text

    scores = re.findall(r'<span class="score">([^<]+)</span>', page)
    assert scores == [digits("ne", 52), digits("ne", 0)]


@pytest.mark.parametrize("address", ["/api/games/817777", "/games/817777"])
def test_a_nepali_refusal_names_a_game_in_devanagari_digits_without_separators(client, address):
    refused = client.get(address, headers={"Accept-Language": "ne"})

    assert refused.status_code == 404
    assert "खेल ८१७७७७ छैन" in refused.text  # the links keep the address's own digits


def test_swedish_pages_use_the_games_own_words(client, game_at_the_tricks):
    page = client.get(game_at_the_tricks, headers={"Accept-Language": "sv"}).text

    assert "Chicago" in page
    assert "sista sticket" in page.lower() or "sista stick" in page.lower()


def test_the_manifest_names_the_app_in_the_language(client):
    manifest = client.get("/manifest.webmanifest", headers={"Accept-Language": "it"}).get_json()

    assert manifest["lang"] == "it"
    assert manifest["name"] == translation("it", "Chicago Scorer")
    assert manifest["name"].startswith("Chicago")


def test_the_service_worker_is_one_script_for_every_language(client):
    """A worker asked for in another language is the same worker, so choosing one never
    replaces it (the browser stops the worker it replaces, with any page it is fetching)."""
    english = client.get("/sw.js").text
    swedish = client.get("/sw.js", headers={"Accept-Language": "sv"}).text
    client.get("/language/ne")
    chosen = client.get("/sw.js").text

    assert english == swedish == chosen
    assert re.search(r'const CACHE = "chicago-scorer-\w+";', english)
    offline = translation("sv", "Offline — entries are paused.")
    assert offline != "Offline — entries are paused."
    assert json.dumps(offline, ensure_ascii=False) in english


def test_a_page_names_its_language_in_its_headers(client):
    """The service worker fetches its shell's pages again when pages come in another
    language than the offline page it keeps."""
    assert client.get("/offline").headers["Content-Language"] == "en"
    assert client.get("/", headers={"Accept-Language": "it"}).headers["Content-Language"] == "it"
    client.get("/language/sv")
    assert client.get("/offline").headers["Content-Language"] == "sv"
    assert "Content-Language" not in client.get("/sw.js").headers


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_whole_game_plays_through_in_the_chosen_language(client, code):
    client.get(f"/language/{code}")
    game_url = start_game(client, "Ann", "Bo")
    taps = [
        {"winner": "Ann", "hand": "four_of_a_kind"},
        {"winner": "Ann", "hand": "straight_flush"},
        {"chicago": "won:Ann"},
        {"winner": "Ann", "hand": "royal_flush"},
    ]
    for fields in taps:
        assert accepted(client, tap(client, game_url, **fields))

    page = client.get(game_url).text
    catalog = Translations.load(str(TRANSLATIONS), [code])
    banner = catalog.ngettext(
        "%(name)s wins with %(num)s point!", "%(name)s wins with %(num)s points!", 82
    ) % {"name": "<bdi>Ann</bdi>", "num": digits(code, 82)}
    assert html_lang(page) == code
    assert banner in page
    assert (
        catalog.gettext("%(name)s Chicago won %(points)s")
        % {
            "name": "Ann",
            "points": "+" + digits(code, 15),
        }
        in page
    )


def test_a_cached_watcher_page_is_kept_apart_for_each_language(client, app):
    game_url = start_game(client, "Ann", "Bo")
    watcher = app.test_client()

    swedish = watcher.get(game_url, headers={"Accept-Language": "sv"}).text
    english = watcher.get(game_url, headers={"Accept-Language": "en"}).text
    swedish_again = watcher.get(game_url, headers={"Accept-Language": "sv"}).text

    assert html_lang(swedish) == html_lang(swedish_again) == "sv"
    assert html_lang(english) == "en"
    assert swedish_again == swedish


def test_a_refused_entry_with_a_huge_round_number_still_gets_a_sentence(client):
    game = create_api_game(client, ["Ann", "Bo"])

    refused = game.post({"round": 10**25, "step": "phase1", "outcome": "none"})

    assert refused.status_code == 409
    assert f"Round {10**25} · Phase 1 is not the next step" in refused.get_json()["error"]


class CountForm(TranslatedForm):
    count = IntegerField(validators=[NumberRange(min=1)])


@pytest.mark.parametrize("code", ["be", "ne", "uz"])
def test_wtforms_own_messages_come_from_our_catalogs(app, code):
    with app.test_request_context(headers={"Accept-Language": code}):
        form = CountForm(MultiDict({"count": "fifty"}), meta={"csrf": False})

        assert not form.validate()
        assert form.count.errors[0] == translation(code, "Not a valid integer value.")
        assert form.count.errors[0] != "Not a valid integer value."


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("status=bogus", "Games: choose All games, In progress or Finished."),
        ("page=0", "The page must be a whole number, 1 or more: check the link."),
        ("page=x", "The page must be a whole number, 1 or more: check the link."),
        ("page=01", "The page must be a whole number, 1 or more: check the link."),
    ],
)
def test_a_bad_history_filter_is_refused_in_the_language_once(client, query, message):
    refused = client.get(f"/history?{query}", headers={"Accept-Language": "et"})

    assert refused.status_code == 400
    said = re.findall(r'class="field-error"[^>]*>([^<]*)<', refused.text)
    assert said == [str(escape(translation("et", message)))]
    assert translation("et", message) != message


def test_a_new_catalog_is_all_it_takes_for_the_switcher_to_offer_a_language(tmp_path):
    catalog = tmp_path / "fr" / "LC_MESSAGES" / "messages.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text("")

    assert languages_in(tmp_path) == {"en": "English", "fr": "Français"}
    assert list(languages_in(TRANSLATIONS)) == ["en", "be", "et", "it", "ne", "sv", "uz"]


def test_names_in_a_sentence_are_joined_the_languages_way(client):
    client.get("/language/sv")
    game_url = start_game(client, "Ann", "Bo", "Cy")
    cy_to_47 = [
        *[{"winner": "Cy", "hand": "straight_flush"}] * 2,
        {"last_trick": "Cy"},
        {"winner": "Cy", "hand": "straight_flush"},
        {"winner": "Cy", "hand": "straight_flush"},
        {"winner": "Cy", "hand": "three_of_a_kind"},
        {"last_trick": "Cy"},
        {"winner": "Cy", "hand": "two_pair"},
    ]
    all_three_to_52 = [
        {"winner": "Ann", "hand": "royal_flush"},
        {"winner": "Bo", "hand": "royal_flush"},
        {"last_trick": "Cy"},
        {"outcome": "none"},
    ]
    for fields in cy_to_47 + all_three_to_52:
        assert accepted(client, tap(client, game_url, **fields))

    page = client.get(game_url).text
    banner = translation("sv", "Tiebreak: only %(names)s play this round.")
    assert banner % {"names": "Ann, Bo och Cy"} in page
