import pytest

from support.live_server import serving_a_fresh_database


@pytest.fixture(scope="module")
def server(databases, tmp_path_factory):
    """A gunicorn server as `make run` starts it, with one worker, on a fresh database of
    its own: one for each test module that asks for it."""
    with serving_a_fresh_database(
        databases, tmp_path_factory.mktemp("gunicorn"), workers=1
    ) as running:
        yield running
