"""Two phones' requests made to race deterministically: one reads the game and stops
before its compare-and-set, while the other's request is made and committed whole."""

import threading

from chicago_scorer.storage import game_log, game_writes

# Far longer than a request takes on a loaded machine; a test that waits this long fails.
WAIT_AT_MOST_SECONDS = 30.0


def in_a_thread(app, name: str, send, answers: dict) -> threading.Thread:
    """Send a request from a client of its own, in a thread named ``name``; its answer
    (or what it raised) lands in ``answers[name]``."""

    def run() -> None:
        try:
            answers[name] = send(app.test_client())
        except Exception as error:  # reported by the assertions on the answers
            answers[name] = error

    thread = threading.Thread(target=run, name=name)
    thread.start()
    return thread


def one_reads_then_the_other_commits(
    app, monkeypatch, reader, writer, *, stops_before: str = "claim_event_count"
) -> tuple:
    """``reader``'s request reads the game and stops before its compare-and-set (the
    function of the game's reads or writes named ``stops_before``); then ``writer``'s
    request is made whole; then ``reader``'s goes on. Both answers."""
    reached, resume = threading.Event(), threading.Event()
    storage = game_log if hasattr(game_log, stops_before) else game_writes
    compare_and_set = getattr(storage, stops_before)

    def after_the_other(*args, **kwargs):
        if threading.current_thread().name == "reader":
            reached.set()
            resume.wait(WAIT_AT_MOST_SECONDS)
        return compare_and_set(*args, **kwargs)

    monkeypatch.setattr(storage, stops_before, after_the_other)
    answers: dict = {}
    thread = in_a_thread(app, "reader", reader, answers)
    try:
        assert reached.wait(WAIT_AT_MOST_SECONDS), "the reader never got to its write"
        answers["writer"] = writer(app.test_client())
    finally:
        resume.set()
        thread.join(WAIT_AT_MOST_SECONDS)
    return answers["reader"], answers["writer"]
