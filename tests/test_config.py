"""Configuration comes from the environment, with safe defaults in the instance folder."""

import multiprocessing
from pathlib import Path

import pytest

from chicago_scorer.config import (
    EmptySecretKey,
    config_from_environment,
    default_database_url,
    fill_instance_defaults,
    load_or_create_secret_key,
)


def test_a_secret_key_is_generated_once_and_kept(tmp_path):
    first = load_or_create_secret_key(str(tmp_path))
    second = load_or_create_secret_key(str(tmp_path))

    assert first == second
    assert len(first) == 64
    assert (tmp_path / "secret_key").read_text() == first


def test_each_instance_gets_its_own_random_key(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert load_or_create_secret_key(str(tmp_path / "a")) != load_or_create_secret_key(
        str(tmp_path / "b")
    )


def test_the_environment_sets_the_database_and_the_secret():
    settings = config_from_environment(
        {"DATABASE_URL": "postgresql+psycopg://u@h/db", "SECRET_KEY": "s3"}
    )

    assert settings["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u@h/db"
    assert settings["SECRET_KEY"] == "s3"


def test_allowed_hosts_are_a_list_of_names():
    settings = config_from_environment({"ALLOWED_HOSTS": "Scores.Example.org, chicago.lan."})

    assert settings["ALLOWED_HOSTS"] == frozenset({"Scores.Example.org", "chicago.lan."})
    assert "ALLOWED_HOSTS" not in config_from_environment({})


def test_without_environment_sqlite_lives_in_the_instance_folder(tmp_path):
    config = config_from_environment({})

    fill_instance_defaults(config, str(tmp_path))

    assert config["SQLALCHEMY_DATABASE_URI"] == default_database_url(str(tmp_path))
    assert str(tmp_path) in config["SQLALCHEMY_DATABASE_URI"]
    assert config["SECRET_KEY"] == (tmp_path / "secret_key").read_text()


RACING_PROCESSES = 8
RACES = 60


def _race_for_keys(folder: str, barrier, results) -> None:
    """One racer: at each start line, load the key of a fresh folder with the others."""
    keys = []
    for race in range(RACES):
        barrier.wait()
        keys.append(load_or_create_secret_key(str(Path(folder) / str(race))))
    results.put(keys)


def test_processes_starting_at_once_all_read_the_one_whole_key(tmp_path):
    for race in range(RACES):
        (tmp_path / str(race)).mkdir()
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(RACING_PROCESSES)
    results = context.Queue()
    racers = [
        context.Process(target=_race_for_keys, args=(str(tmp_path), barrier, results))
        for _ in range(RACING_PROCESSES)
    ]
    for racer in racers:
        racer.start()
    keys_by_racer = [results.get(timeout=120) for _ in racers]
    for racer in racers:
        racer.join(30)

    for race in range(RACES):
        kept = (tmp_path / str(race) / "secret_key").read_text()
        assert len(kept) == 64
        assert {keys[race] for keys in keys_by_racer} == {kept}
        assert [p.name for p in (tmp_path / str(race)).iterdir()] == ["secret_key"]


def test_an_empty_key_file_stops_the_start_with_a_clear_message(tmp_path):
    (tmp_path / "secret_key").write_text("")

    with pytest.raises(EmptySecretKey, match="is empty. Delete it"):
        load_or_create_secret_key(str(tmp_path))
