"""The count a worker steers by: it takes new connections only while none of its threads
runs the app, and a thread waiting on its client does not count as running."""

from chicago_scorer.web.platform.client_deadlines import AppThreads


def test_a_worker_hears_only_when_it_turns_busy_or_idle():
    heard = []
    threads = AppThreads(changed=lambda: heard.append("idle" if threads.idle else "busy"))

    with threads.running():
        with threads.running():
            with threads.waiting():
                assert not threads.idle  # the other thread still runs the app
        with threads.waiting():
            assert threads.idle  # the one thread left waits on its client

    assert threads.idle
    assert heard == ["busy", "idle", "busy", "idle"]
