"""Another installation of the app, on an empty database of its own: where a file
exported here is imported, as on a second machine."""

from collections.abc import Iterator
from contextlib import contextmanager

from flask.testing import FlaskClient

from chicago_scorer import create_app
from chicago_scorer.extensions import db as database
from support.settings import settings_for


@contextmanager
def another_installation(databases) -> Iterator[FlaskClient]:
    """A client of the app on a fresh database, whose connections close afterwards."""
    with databases.fresh() as url:
        other = create_app(settings_for(url))
        try:
            yield other.test_client()
        finally:
            with other.app_context():
                database.engine.dispose()
