"""Configuration comes from the environment, with safe defaults in the instance folder."""

from chicago_scorer.config import (
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


def test_without_environment_sqlite_lives_in_the_instance_folder(tmp_path):
    config = config_from_environment({})

    fill_instance_defaults(config, str(tmp_path))

    assert config["SQLALCHEMY_DATABASE_URI"] == default_database_url(str(tmp_path))
    assert str(tmp_path) in config["SQLALCHEMY_DATABASE_URI"]
    assert config["SECRET_KEY"] == (tmp_path / "secret_key").read_text()
