"""The server's worker with deadlines of a second or two, so that a test can wait them out.

A test's server takes it with ``LiveServer(..., environment=QUICK_DEADLINES)``, which puts
``tests/`` on gunicorn's import path as pytest does.
"""

import socket

from chicago_scorer.web.platform.client_deadlines import ClientDeadlineWorker


class QuickDeadlineWorker(ClientDeadlineWorker):
    silent_seconds = 1.0
    head_seconds = 0.5
    arrival_seconds = 2.0
    body_grace_seconds = 0.5
    answer_seconds = 1.0
    whole_answer_seconds = 3.0

    def init_process(self) -> None:
        # Small send buffers, which a phone's slow link would fill as soon: an answer of
        # more than a few KB is sent only as fast as the client reads it. (The accepted
        # connections take their buffers' sizes from the listening socket.)
        for listener in self.sockets:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        super().init_process()


QUICK_DEADLINES = {
    "GUNICORN_CMD_ARGS": (
        "--pythonpath tests --worker-class support.quick_deadlines.QuickDeadlineWorker"
    )
}


class PatientWithBodiesWorker(ClientDeadlineWorker):
    """The worker of `make run`, but for waiting on a body as long as on the whole
    request: a test that keeps the worker busy with a body half sent."""

    body_grace_seconds = ClientDeadlineWorker.arrival_seconds


PATIENT_WITH_BODIES = {
    "GUNICORN_CMD_ARGS": (
        "--pythonpath tests --worker-class support.quick_deadlines.PatientWithBodiesWorker"
    )
}
