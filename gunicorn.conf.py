"""gunicorn's settings for `make run`, read from the working directory when it starts."""

import gc


def post_worker_init(worker) -> None:
    """Put what the worker loaded with the app (about 120,000 objects: SQLAlchemy, Babel,
    the templates) out of the garbage collector's sight. Otherwise every full collection
    walks them all, in the middle of some request; they live as long as the worker does."""
    gc.freeze()
