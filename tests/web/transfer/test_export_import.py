"""Exports are lossless, and an import is all or nothing and never overwrites."""

import csv
import gzip
import io
import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from chicago_scorer.extensions import db as database
from chicago_scorer.rules import STANDARD_RULES
from chicago_scorer.storage.models import Event, Game, Player, StoredSummary
from support.api_client import create_api_game
from support.game_lists import players_line
from support.installations import another_installation
from support.table_forms import start_game

JSON = "application/json"


def tiebreak_game(client):
    """Ann and Bo tie at 57 in round 1; Bo's lost Chicago decides the tiebreak."""
    game = create_api_game(client, ["Ann", "Bo", "Cy"], dealer="Bo")
    game.win(1, "phase1", "Ann", "royal_flush")
    game.win(1, "phase2", "Bo", "royal_flush")
    game.last_trick(1, "ann")
    game.win(1, "phase3", "Bo", "flush")
    game.record({"round": 2, "step": "phase1", "outcome": "tie"})
    game.nobody(2, "phase2")
    game.record({"round": 2, "step": "tricks", "chicago": "Bo", "chicago_won": False})
    game.nobody(2, "phase3")
    return game


def game_in_progress(client):
    game = create_api_game(client, ["Dee", "=cmd|' /C calc'!A0"])
    game.record(
        {
            "round": 1,
            "step": "phase1",
            "outcome": "win",
            "winner": "Dee",
            "hand": "flush",
            "cards": "2h 5h 9h Jh Ah",
        }
    )
    return game


@pytest.fixture
def two_games(client):
    return tiebreak_game(client), game_in_progress(client)


def csv_rows(response) -> list[list[str]]:
    """The rows, read as a spreadsheet reads the file: its byte-order mark skipped."""
    return list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig"))))


def test_the_csv_has_a_row_per_event_with_points_and_running_scores(two_games, client):
    response = client.get("/games/1/export.csv")

    rows = csv_rows(response)
    assert response.mimetype == "text/csv"
    assert 'attachment; filename="chicago-game-1.csv"' == response.headers["Content-Disposition"]
    assert rows[0] == [
        "entry", "round", "step", "tiebreak", "outcome", "player", "hand", "points",
        "Ann", "Bo", "Cy",
    ]  # fmt: skip
    assert rows[1:] == [
        ["1", "1", "phase1", "no", "win", "Ann", "royal_flush", "52", "52", "0", "0"],
        ["2", "1", "phase2", "no", "win", "Bo", "royal_flush", "52", "52", "52", "0"],
        ["3", "1", "tricks", "no", "last_trick", "Ann", "", "5", "57", "52", "0"],
        ["4", "1", "phase3", "no", "win", "Bo", "flush", "5", "57", "57", "0"],
        ["5", "2", "phase1", "yes", "tie", "", "", "", "57", "57", "0"],
        ["6", "2", "phase2", "yes", "none", "", "", "", "57", "57", "0"],
        ["7", "2", "tricks", "yes", "chicago_lost", "Bo", "", "-15", "57", "42", "0"],
        ["8", "2", "phase3", "yes", "none", "", "", "", "57", "42", "0"],
    ]


def test_the_csv_starts_with_a_byte_order_mark_so_that_excel_reads_names_as_utf8(client):
    create_api_game(client, ["Björn", "Åsa"])

    data = client.get("/games/1/export.csv").get_data()

    assert data.startswith(b"\xef\xbb\xbfentry,round,")
    assert data.splitlines()[0].endswith("Björn,Åsa".encode())


def test_a_name_that_a_spreadsheet_would_run_is_written_as_text(two_games, client):
    rows = csv_rows(client.get("/games/2/export.csv"))

    assert rows[0][-1] == "'=cmd|' /C calc'!A0"


def test_a_games_json_export_holds_the_whole_game_and_can_be_imported(two_games, client):
    response = client.get("/games/2/export.json")

    document = json.loads(response.get_data())
    game = client.get("/api/games/2").get_json()
    assert 'filename="chicago-game-2.json"' in response.headers["Content-Disposition"]
    assert document["format"] == "chicago-scorer/2"
    (exported,) = document["games"]
    assert list(exported) == [
        "players",
        "first_dealer",
        "rules",
        "created_at",
        "updated_at",
        "events",
    ]
    assert exported["rules"] == game["rules"]
    assert exported["players"] == ["Dee", "=cmd|' /C calc'!A0"]
    assert exported["first_dealer"] == "Dee"
    assert exported["created_at"] == game["created_at"]
    assert exported["events"] == [
        {key: value for key, value in event.items() if key != "points"} for event in game["events"]
    ]
    assert exported["events"][0]["cards"] == "2h 5h 9h Jh Ah"


def test_the_export_of_everything_lists_every_game_oldest_first(two_games, client):
    page_export = json.loads(client.get("/export.json").get_data())
    api_export = client.get("/api/export").get_json()

    assert page_export == api_export
    assert [game["players"][0] for game in api_export["games"]] == ["Ann", "Dee"]
    assert api_export["games"][0]["first_dealer"] == "Bo"
    assert api_export["games"][0]["events"][2] == {
        "round": 1,
        "step": "tricks",
        "last_trick": "Ann",
    }


@pytest.mark.parametrize("address", ["/export.json", "/api/export"])
def test_the_export_of_everything_is_sent_gzipped_to_a_browser_and_plain_to_others(
    two_games, client, address
):
    plain = client.get(address, headers={"Accept-Encoding": "identity"})
    packed = client.get(address, headers={"Accept-Encoding": "gzip, deflate, br"})

    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert all("Accept-Encoding" in answer.headers["Vary"] for answer in (plain, packed))
    assert packed.content_length == len(packed.get_data())
    assert gzip.decompress(packed.get_data()) == plain.get_data()
    assert len(packed.get_data()) < len(plain.get_data()) / 2
    refusing_gzip = client.get(address, headers={"Accept-Encoding": "gzip;q=0, br"})
    assert refusing_gzip.get_data() == plain.get_data()


@pytest.mark.parametrize("address", ["/export.json", "/api/export", "/games/1/export.json"])
def test_an_export_spells_names_as_they_are_typed_for_whoever_opens_the_file(client, address):
    names = ["Björn", "नेपाली", "👩\u200d🦰"]
    create_api_game(client, names, dealer="Björn")

    text = client.get(address).get_data().decode("utf-8")

    for name in names:
        assert f'"{name}"' in text
    assert "\\u" not in text
    assert [game["players"] for game in json.loads(text)["games"]] == [names]


def test_exporting_importing_into_an_empty_database_and_exporting_again_changes_nothing(
    two_games, client, databases
):
    exported = client.get("/api/export").get_data()

    with another_installation(databases) as other_client:
        response = other_client.post("/api/import", data=exported, content_type=JSON)
        again = other_client.get("/api/export").get_data()
        imported_game = other_client.get("/api/games/1").get_json()

    assert response.status_code == 201
    assert json.loads(again) == json.loads(exported)
    assert imported_game["winner"] == "Ann"
    assert imported_game["events"] == client.get("/api/games/1").get_json()["events"]


def test_an_import_adds_a_changed_game_as_a_new_game_and_never_overwrites(two_games, client):
    exported = client.get("/api/export").get_data()
    originals = json.loads(exported)["games"]
    entry = {"round": 1, "step": "phase2", "outcome": "none"}
    assert two_games[1].post(entry).status_code == 201  # the game moves on after the export

    response = client.post("/api/import", data=exported, content_type=JSON)

    body = response.get_json()
    assert response.status_code == 201
    assert [game["id"] for game in body["games"]] == [3]
    assert body["games"][0]["players"] == ["Dee", "=cmd|' /C calc'!A0"]
    assert body["games"][0]["edit_key"] != two_games[1].edit_key
    assert body["already_here"] == [
        {"id": 1, "players": ["Ann", "Bo", "Cy"], "created_at": originals[0]["created_at"]}
    ]
    first, moved_on, copy = client.get("/api/export").get_json()["games"]
    assert (first, copy) == (originals[0], originals[1])
    assert moved_on["events"] == [*originals[1]["events"], entry]
    headers = {"Authorization": f"Bearer {body['games'][0]['edit_key']}"}
    assert client.post("/api/games/3/events", json=entry, headers=headers).status_code == 201
    assert len(client.get("/api/games/2").get_json()["events"]) == 2  # the original is its own


def test_the_import_page_links_each_game_and_shows_its_key_once(client):
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(document(VALID)), "game.json")},
        content_type="multipart/form-data",
    )

    imported = response.text.split('class="game-list imported-games"')[1].split("</ul>")[0]
    assert response.status_code == 200
    assert "Imported 1 game" in response.text
    assert 'href="/games/1"' in imported
    assert players_line(["Ann", "Bo"]) in imported
    assert (
        '<span class="game-meta">Played <time datetime="2026-03-01T19:00:00+00:00">'
        "Mar 1, 2026, 7:00\u202fPM UTC</time></span>"
    ) in imported
    assert "Edit key: <code>" in imported
    assert response.headers["Cache-Control"] == "no-store"
    assert client.get("/import").status_code == 200


def upload(client, body: bytes):
    return client.post(
        "/import",
        data={"file": (io.BytesIO(body), "export.json")},
        content_type="multipart/form-data",
    )


def keeps_score(client, game_id: int) -> bool:
    """Whether this device's scoreboard of the game offers the scorekeeper's entry form."""
    return f'action="/games/{game_id}/entries"' in client.get(f"/games/{game_id}").text


def test_the_device_that_imports_a_game_becomes_its_scorekeeper(app, client):
    next_day = {
        "created_at": "2026-03-02T19:00:00+00:00",
        "updated_at": "2026-03-02T20:00:00+00:00",
    }

    response = upload(client, document(VALID, VALID | next_day))

    assert "Imported 2 games" in response.text
    assert "This phone now keeps score in each of them" in response.text
    assert keeps_score(client, 1)
    assert keeps_score(client, 2)
    assert not keeps_score(app.test_client(), 1)


def test_an_import_of_old_games_leaves_the_phone_keeping_score_at_tonights_table(client):
    tonight = int(start_game(client, "Zed", "Yan").rsplit("/", 1)[1])
    last_year = [
        VALID
        | {"created_at": f"2025-01-{day:02}T19:00:00+00:00"}
        | {"updated_at": f"2025-01-{day:02}T20:00:00+00:00"}
        for day in range(1, 21)
    ]

    page = upload(client, document(*last_year)).text

    assert "This phone keeps score only in the 20 games played most recently" in page
    assert "This phone now keeps score in each of them" not in page
    assert keeps_score(client, tonight)
    imported = range(tonight + 1, tonight + 21)
    # Of the imported games, the 19 played most recently (all but 1 January's) are kept.
    assert [game_id for game_id in imported if keeps_score(client, game_id)] == list(imported)[1:]


def test_an_imported_games_key_on_the_device_is_the_one_that_opens_it(client):
    page = upload(client, document(VALID)).text
    key = re.search(r"Edit key: <code>([^<]+)</code>", page).group(1)

    entry = {"round": 1, "step": "phase2", "outcome": "none"}
    answer = client.post(
        "/api/games/1/events", json=entry, headers={"Authorization": f"Bearer {key}"}
    )

    assert answer.status_code == 201
    assert keeps_score(client, 1)


def test_importing_more_games_than_a_device_keeps_keeps_the_newest(client):
    moments = [datetime(2026, 3, 1, 19, tzinfo=UTC) + timedelta(days=day) for day in range(22)]
    games = [
        VALID | {"created_at": moment.isoformat(), "updated_at": moment.isoformat()}
        for moment in moments
    ]
    games.reverse()  # the file's order is not the order of play

    upload(client, document(*games))

    # Game 22 is the oldest, game 1 the newest; the device keeps the 20 newest.
    assert [game_id for game_id in range(1, 23) if keeps_score(client, game_id)] == list(
        range(1, 21)
    )


def test_importing_a_file_twice_adds_nothing_the_second_time_and_says_so(client):
    first = client.post("/api/import", data=document(VALID), content_type=JSON)
    stats = client.get("/api/players/ann/stats").get_json()

    second = client.post("/api/import", data=document(VALID), content_type=JSON)

    assert first.status_code == 201
    assert second.status_code == 200
    assert second.get_json() == {
        "games": [],
        "already_here": [{"id": 1, "players": ["Ann", "Bo"], "created_at": VALID["created_at"]}],
    }
    assert client.get("/api/players/ann/stats").get_json() == stats
    assert client.get("/api/games").get_json()["total"] == 1


def test_games_already_here_are_left_out_and_the_new_ones_of_the_file_imported(client):
    client.post("/api/import", data=document(VALID), content_type=JSON)
    newer = VALID | {
        "created_at": "2026-03-08T19:00:00+00:00",
        "updated_at": "2026-03-08T20:00:00+00:00",
    }

    response = client.post("/api/import", data=document(newer, VALID), content_type=JSON)

    body = response.get_json()
    assert response.status_code == 201
    assert [(game["id"], game["players"]) for game in body["games"]] == [(2, ["Ann", "Bo"])]
    assert [game["id"] for game in body["already_here"]] == [1]
    assert client.get("/api/games").get_json()["total"] == 2


def test_a_file_holding_one_game_thrice_adds_it_once_and_lists_it_once(client):
    response = client.post("/api/import", data=document(VALID, VALID, VALID), content_type=JSON)

    body = response.get_json()
    assert [game["id"] for game in body["games"]] == [1]
    assert [game["id"] for game in body["already_here"]] == [1]
    assert client.get("/api/games").get_json()["total"] == 1


def test_the_same_instants_written_with_another_offset_are_the_same_game(client):
    client.post("/api/import", data=document(VALID), content_type=JSON)
    same = VALID | {
        "created_at": "2026-03-01T20:00:00+01:00",
        "updated_at": "2026-03-01T14:30:00-05:00",
        "rules": STANDARD_RULES.settings(),
    }

    response = client.post("/api/import", data=document(same), content_type=JSON)

    assert response.get_json()["games"] == []
    assert [game["id"] for game in response.get_json()["already_here"]] == [1]


def test_a_file_of_games_all_already_here_says_no_game_was_imported(app, client):
    upload(app.test_client(), document(VALID))

    page = upload(client, document(VALID)).text

    assert "No game was imported" in page
    assert "Imported 0 games" not in page
    assert "1 game was already here" in page


def test_the_page_says_which_games_were_already_here_and_keeps_no_key_for_them(app, client):
    other_device = app.test_client()
    upload(other_device, document(VALID))
    newer = VALID | {
        "created_at": "2026-03-08T19:00:00+00:00",
        "updated_at": "2026-03-08T20:00:00+00:00",
    }

    page = upload(client, document(VALID, newer)).text

    already_here = page.split('class="game-list already-here"')[1].split("</ul>")[0]
    assert "Imported 1 game" in page
    assert "1 game was already here" in page
    assert 'href="/games/1"' in already_here
    assert "Edit key" not in already_here
    assert not keeps_score(client, 1)
    assert keeps_score(client, 2)


def snapshot(app, client) -> tuple:
    with app.app_context():
        counts = tuple(
            database.session.scalar(select(func.count()).select_from(table))
            for table in (Game, Player, Event, StoredSummary)
        )
    return counts, client.get("/api/export").get_data()


VALID = {
    "players": ["Ann", "Bo"],
    "first_dealer": "Bo",
    "created_at": "2026-03-01T19:00:00+00:00",
    "updated_at": "2026-03-01T19:30:00+00:00",
    "events": [{"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann", "hand": "flush"}],
}


def document(*games, **extra) -> bytes:
    return json.dumps({"format": "chicago-scorer/1", "games": list(games)} | extra).encode()


REFUSED = [
    (b"", 400, "The file is empty: choose the export file again, as it was exported."),
    (b" \r\n", 400, "The file is empty: choose the export file again, as it was exported."),
    (
        b"{not json",
        400,
        "The file is not valid JSON at line 1, column 2: a name in double quotes was expected. "
        "Import the file as it was exported.",
    ),
    (
        b'{"format": "chicago-scorer/1", "games": [], "format": "chicago-scorer/2"}',
        400,
        "The file gives 'format' twice in one object: give each field once.",
    ),
    (
        document(VALID | {"target": 0}).replace(b'"target": 0', b'"target": NaN'),
        400,
        "The file holds NaN, which JSON has no number for: import the file as it was exported.",
    ),
    (b"[]", 400, "not a Chicago Scorer export"),
    (json.dumps({"format": "chicago-scorer/3", "games": []}).encode(), 400, "Unknown format"),
    (json.dumps({"games": [VALID]}).encode(), 400, "not a Chicago Scorer export"),
    (document(VALID, note="hi"), 400, "Unknown field 'note'"),
    (document(VALID, VALID | {"id": 7}), 400, "Game 2 (Ann, Bo): unknown field 'id'"),
    (
        document(VALID, {k: v for k, v in VALID.items() if k != "events"}),
        400,
        "'events' is missing",
    ),
    (document(VALID, VALID | {"created_at": "2026-03-01 19:00"}), 400, "UTC offset"),
    (document(VALID, VALID | {"updated_at": "2026-02-01T19:00:00+00:00"}), 400, "before"),
    (document(VALID, VALID | {"events": "none"}), 400, "'events' must be a list"),
    (document(VALID, 7), 400, "Game 2 is not an object"),
    (
        document(VALID, VALID | {"players": ["Ann", "ann"], "first_dealer": "Ann"}),
        422,
        "Game 2 (Ann, ann): 'Ann' and 'ann' are the same name",
    ),
    (document(VALID, VALID | {"first_dealer": "Cy"}), 422, "Game 2 (Ann, Bo): There is no player"),
    (
        document(VALID, VALID | {"events": [{"round": 1, "step": "tricks", "last_trick": "Bo"}]}),
        422,
        "Game 2 (Ann, Bo), entry 1 (Round 1 · Tricks): Round 1 · Tricks is not the next step",
    ),
    (
        document(
            VALID,
            VALID
            | {
                "events": [
                    {"round": 1, "step": "phase1", "outcome": "none"},
                    {"round": 1, "step": "phase2", "outcome": "none"},
                    {"round": 1, "step": "tricks", "chicago": "Ann", "chicago_won": True},
                ]
            },
        ),
        422,
        "Game 2 (Ann, Bo), entry 3 (Round 1 · Tricks): Ann needs 15 points to call Chicago",
    ),
    (
        document(VALID, VALID | {"events": [VALID["events"][0] | {"points": {"Ann": 5}}]}),
        422,
        "does not take 'points'",
    ),
    (
        document(VALID, VALID | {"events": [VALID["events"][0] | {"winner": "Zed"}]}),
        422,
        "no player called 'Zed'",
    ),
    (document(VALID, VALID | {"events": [VALID["events"][0]] * 2001}), 422, "at most 2,000"),
    (
        document(
            VALID,
            VALID
            | {
                "events": [
                    {"round": 1, "step": "phase1", "outcome": "win", "winner": "Ann"}
                    | {"hand": "royal_flush"},
                    {"round": 1, "step": "phase2", "outcome": "none"},
                    {"round": 1, "step": "tricks", "last_trick": "Bo"},
                    {"round": 1, "step": "phase3", "outcome": "none"},
                    {"round": 2, "step": "phase1", "outcome": "none"},
                    {"round": 2, "step": "phase2", "outcome": "none"},
                ]
            },
        ),
        422,
        "Game 2 (Ann, Bo): Ann won at entry 4, so the 2 entries after it have no place in "
        "the game.",
    ),
    (
        b'{"format": "chicago-scorer/1",\n "games": [}',
        400,
        "The file is not valid JSON at line 2, column 12: a value was expected. Import the file "
        "as it was exported.",
    ),
    # JSON past what Python's parser reads: said so, not in the parser's words, which ask
    # for sys.set_int_max_str_digits() or speak of its recursion depth.
    *(
        (
            b'{"format": "chicago-scorer/1", "games": ' + beyond + b"}",
            400,
            "The file is not JSON this app reads: a number is too long or it nests too deeply.",
        )
        for beyond in (b"[" + b"9" * 5000 + b"]", b"[" * 100_000 + b"]" * 100_000)
    ),
]


@pytest.mark.parametrize(("body", "status", "message"), REFUSED)
def test_a_refused_import_says_why_and_changes_nothing(
    two_games, app, client, body, status, message
):
    before = snapshot(app, client)

    response = client.post("/api/import", data=body, content_type=JSON)

    assert response.status_code == status
    assert message in response.get_json()["error"]
    assert snapshot(app, client) == before


def test_an_entry_out_of_turn_in_a_file_names_the_rule_without_telling_to_reload(client):
    game = VALID | {"events": [{"round": 1, "step": "tricks", "last_trick": "Ann"}]}

    response = client.post("/api/import", data=document(game), content_type=JSON)

    assert response.status_code == 422
    assert response.get_json()["error"] == (
        "Game 1 (Ann, Bo), entry 1 (Round 1 · Tricks): "
        "Round 1 · Tricks is not the next step: Round 1 · Phase 1 is."
    )


@pytest.mark.parametrize("written", [b"1e400", b"1.0", b'"1"'])
def test_an_entry_whose_round_is_no_whole_number_is_named_by_its_place_alone(client, written):
    entry = b'{"round": ' + written + b', "step": "phase1", "outcome": "none"}'
    body = document(VALID).replace(json.dumps(VALID["events"]).encode(), b"[" + entry + b"]")

    response = client.post("/api/import", data=body, content_type=JSON)

    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error.startswith("Game 1 (Ann, Bo), entry 1: "), error
    assert "inf" not in error


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"round": 1, "last_trick": "Ann"}, "Say which step"),
        ({"step": "phase1", "outcome": "none"}, "round"),
    ],
    ids=["without a step", "without a round"],
)
def test_an_entry_that_does_not_say_where_it_goes_is_refused_for_that(client, entry, words):
    response = client.post(
        "/api/import", data=document(VALID | {"events": [entry]}), content_type=JSON
    )

    error = response.get_json()["error"]
    assert response.status_code == 422
    assert error.startswith("Game 1 (Ann, Bo), entry 1: ")
    assert words in error
    assert "None" not in error


@pytest.mark.parametrize(("body", "status", "message"), [REFUSED[0], REFUSED[11], REFUSED[13]])
def test_a_refused_upload_shows_why_on_the_page_and_changes_nothing(
    two_games, app, client, body, status, message
):
    before = snapshot(app, client)

    response = client.post(
        "/import",
        data={"file": (io.BytesIO(body), "export.json")},
        content_type="multipart/form-data",
    )

    assert response.status_code == status
    assert message.replace("'", "&#39;") in response.text
    assert snapshot(app, client) == before


def test_an_uploaded_file_that_is_not_utf8_says_which_byte_and_changes_nothing(
    two_games, app, client
):
    before = snapshot(app, client)
    game = VALID | {"players": ["Ann", "Bö"], "first_dealer": "Ann"}
    text = json.dumps({"format": "chicago-scorer/1", "games": [game]}, ensure_ascii=False)
    latin_1 = text.encode("latin-1")

    response = client.post(
        "/import",
        data={"file": (io.BytesIO(latin_1), "export.json")},
        content_type="multipart/form-data",
    )

    assert response.status_code == 400
    byte = latin_1.index("ö".encode("latin-1")) + 1
    assert (
        f"The file is not UTF-8 text: byte {byte} is not valid UTF-8. "
        "Import the file as it was exported, or save it as UTF-8."
    ) in response.text
    assert snapshot(app, client) == before


def uploaded_and_posted(client, raw: bytes):
    """The same bytes imported as the page uploads them and as the API reads them."""
    page = client.post(
        "/import",
        data={"file": (io.BytesIO(raw), "export.json")},
        content_type="multipart/form-data",
    )
    return page, client.post("/api/import", data=raw, content_type=JSON)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])  # each with its byte order mark
def test_a_file_in_utf16_or_utf32_is_refused_at_the_page_as_at_the_api(
    two_games, app, client, encoding
):
    before = snapshot(app, client)
    export = json.dumps({"format": "chicago-scorer/1", "games": [VALID]}).encode(encoding)

    page, api = uploaded_and_posted(client, export)

    assert page.status_code == api.status_code == 400
    assert (
        "The file is not UTF-8 text: byte 1 is not valid UTF-8. "
        "Import the file as it was exported, or save it as UTF-8."
    ) in page.text
    assert api.get_json()["error"] == (
        "The body is not UTF-8 text: byte 1 is not valid UTF-8. Send the JSON encoded as UTF-8."
    )
    assert snapshot(app, client) == before


def test_a_file_without_a_byte_order_mark_in_utf16_is_not_utf8_at_the_page_as_at_the_api(
    two_games, app, client
):
    before = snapshot(app, client)
    export = json.dumps({"format": "chicago-scorer/1", "games": [VALID]}).encode("utf-16-le")

    page, api = uploaded_and_posted(client, export)

    assert page.status_code == api.status_code == 400
    # Its second byte is the NUL that UTF-16 writes beside the '{', and JSON never holds.
    assert (
        "The file is not UTF-8 text: byte 2 is not valid UTF-8. "
        "Import the file as it was exported, or save it as UTF-8."
    ) in page.text
    assert api.get_json()["error"] == (
        "The body is not UTF-8 text: byte 2 is not valid UTF-8. Send the JSON encoded as UTF-8."
    )
    assert snapshot(app, client) == before


def test_a_byte_order_mark_is_counted_in_the_position_of_a_byte_that_is_not_utf8(
    two_games, app, client
):
    game = VALID | {"players": ["Ann", "Bö"], "first_dealer": "Ann"}
    text = json.dumps({"format": "chicago-scorer/1", "games": [game]}, ensure_ascii=False)
    export = "\ufeff".encode() + text.encode("latin-1")
    byte = export.index("ö".encode("latin-1")) + 1

    page, api = uploaded_and_posted(client, export)

    assert f"The file is not UTF-8 text: byte {byte} is not valid UTF-8." in page.text
    assert (
        f"The body is not UTF-8 text: byte {byte} is not valid UTF-8." in (api.get_json()["error"])
    )


def test_a_file_with_a_byte_order_mark_in_utf8_is_imported_at_the_page_and_at_the_api(client):
    export = "\ufeff".encode() + json.dumps({"format": "chicago-scorer/1", "games": []}).encode()

    page, api = uploaded_and_posted(client, export)

    assert page.status_code == 200
    assert api.status_code == 200


def test_a_file_over_the_limit_is_refused_with_413_and_changes_nothing(two_games, app, client):
    before = snapshot(app, client)
    padding = " " * (1024 * 1024)
    body = document(VALID)[:-1] + padding.encode() + b"}"

    response = client.post("/api/import", data=body, content_type=JSON)
    # Encoded here: the test client would spool a body this big to a file it never closes.
    boundary, upload = encode_multipart({"file": FileStorage(io.BytesIO(body), "big.json")})
    page = client.post(
        "/import", data=upload, content_type=f"multipart/form-data; boundary={boundary}"
    )

    assert response.status_code == 413
    assert "at most 1,024 KB" in response.get_json()["error"]
    assert page.status_code == 413
    assert "at most 1,024 KB" in page.text
    assert snapshot(app, client) == before


def padded_to(size: int) -> bytes:
    """The valid document, padded with spaces to exactly ``size`` bytes."""
    body = document(VALID)
    return body[:-1] + b" " * (size - len(body)) + b"}"


def upload_in_parts(client, body: bytes):
    # Encoded here: the test client would spool a body this big to a file it never closes.
    boundary, upload = encode_multipart({"file": FileStorage(io.BytesIO(body), "export.json")})
    return client.post(
        "/import", data=upload, content_type=f"multipart/form-data; boundary={boundary}"
    )


def test_a_file_of_exactly_the_limit_is_imported_on_the_page_as_at_the_api(client):
    page = upload_in_parts(client, padded_to(1024 * 1024))
    api = client.post("/api/import", data=padded_to(1024 * 1024), content_type=JSON)

    assert page.status_code == 200
    assert "Imported 1 game" in page.text
    assert api.status_code == 200  # the page's import added it; the API's found it here
    assert api.get_json()["already_here"][0]["players"] == ["Ann", "Bo"]


def test_a_file_just_over_the_limit_is_refused_on_the_page_with_its_own_size(
    two_games, app, client
):
    before = snapshot(app, client)

    page = upload_in_parts(client, padded_to(1024 * 1024 + 5000))

    assert page.status_code == 413
    assert "The file is 1,029 KB; an import takes at most 1,024 KB." in page.text
    assert snapshot(app, client) == before


def test_a_form_far_over_the_limit_is_refused_naming_the_files_limit(two_games, app, client):
    before = snapshot(app, client)

    page = upload_in_parts(client, padded_to(1100 * 1024))

    assert page.status_code == 413
    assert "this address takes at most 1,024 KB" in page.text
    assert snapshot(app, client) == before


def test_an_upload_without_a_file_is_refused(client):
    response = client.post("/import", data={}, content_type="multipart/form-data")

    assert response.status_code == 400
    assert "Choose a file to import." in response.text


def test_importing_an_empty_export_adds_nothing(client):
    response = client.post("/api/import", data=document(), content_type=JSON)

    assert response.status_code == 200
    assert response.get_json() == {"games": [], "already_here": []}


def test_exporting_an_unknown_game_is_not_found(client):
    assert client.get("/games/99/export.csv").status_code == 404
    assert client.get("/games/99/export.json").status_code == 404


LOOK_ALIKES = {
    "other seats": {"players": ["Bo", "Ann"]},
    "other first dealer": {"first_dealer": "Ann"},
    "house rules": {"rules": STANDARD_RULES.settings() | {"target": 60}},
    "other start": {"created_at": "2026-03-01T19:00:00.000001+00:00"},
    "other last change": {"updated_at": "2026-03-01T19:31:00+00:00"},
    "other events": {"events": [{"round": 1, "step": "phase1", "outcome": "tie"}]},
    "one more event": {
        "events": [*VALID["events"], {"round": 1, "step": "phase2", "outcome": "none"}]
    },
}


@pytest.mark.parametrize("changes", LOOK_ALIKES.values(), ids=LOOK_ALIKES.keys())
def test_a_game_that_differs_in_anything_is_a_new_game(client, changes):
    client.post("/api/import", data=document(VALID), content_type=JSON)

    response = client.post("/api/import", data=document(VALID | changes), content_type=JSON)

    assert response.status_code == 201
    assert [game["id"] for game in response.get_json()["games"]] == [2]
    assert response.get_json()["already_here"] == []
