"""Every test's database is as the migrations made it, whatever the test before it did:
on PostgreSQL a database is used again once emptied, so this checks the emptying."""

from sqlalchemy import create_engine, inspect, text

from support.installations import another_installation

# More databases, one after another, than the tests keep ready at once, so that some of
# them have been used before.
USES = 4


def tables_of(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_a_database_used_before_is_empty_and_numbers_games_from_one(databases):
    for _ in range(USES):
        with another_installation(databases) as client:
            assert client.get("/api/games").get_json()["games"] == []
            created = client.post("/api/games", json={"players": ["Ann", "Bo"]})
            assert created.status_code == 201
            assert created.get_json()["id"] == 1
            game = f"/api/games/{created.get_json()['id']}/events"
            key = {"Authorization": f"Bearer {created.get_json()['edit_key']}"}
            tie = {"round": 1, "step": "phase1", "outcome": "tie"}
            assert client.post(game, json=tie, headers=key).status_code == 201


def test_a_database_whose_schema_a_test_changed_is_never_given_again(databases, database_url):
    whole = tables_of(database_url)
    with databases.fresh() as changed:
        engine = create_engine(changed)
        with engine.begin() as connection:
            connection.execute(text("CREATE TABLE left_behind (n INTEGER)"))
        engine.dispose()

    for _ in range(USES):
        with databases.fresh() as url:
            assert tables_of(url) == whole


def test_a_connection_its_test_left_holding_a_lock_does_not_hold_up_the_next(databases):
    with databases.fresh() as url:
        engine = create_engine(url)
        left_open = engine.connect()
        left_open.execute(text("SELECT count(*) FROM games"))  # its transaction left open

    for _ in range(USES):
        with another_installation(databases) as client:
            assert client.post("/api/games", json={"players": ["Ann", "Bo"]}).status_code == 201
    left_open.invalidate()  # on PostgreSQL its server ended it: nothing to roll back
    engine.dispose()
