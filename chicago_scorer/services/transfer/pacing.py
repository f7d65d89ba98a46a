"""A long task kept to a share of the processor, so that other requests keep their pace
beside an import however large."""

import time

# After each stretch of work (a batch, or 10 ms of checking), the import pauses for
# twice the processor time the stretch took: it takes at most a third of a processor,
# and of the database on SQLite, so that other requests keep their pace beside it even
# on a machine of two processors. The largest file takes about 4 s of processor time on
# SQLite and 6 s on PostgreSQL, whose driver sends the rows one at a time: 12 and 19 s
# with the pauses. Giving way never costs the import its deadline (config.py): the
# pauses before the batches spend only the time left over once the batches still to
# come are reckoned at ``SAFETY`` times the pace of those before (``Pace.pause``).
GIVE_WAY = 2.0
STRETCH = 0.01
SAFETY = 2.0


class Pace:
    """Keeps a long task to a share of the processor (and so of SQLite's lock, which it
    holds only while it works): each pause lasts ``GIVE_WAY`` times the processor time
    the task took since the pause before. Processor time, not time on the clock: on a
    busy machine the task's work takes longer by the clock, and its pauses need not.

    A task with a deadline gives way only with time to spare: a pause is cut short so
    that the stretches of work still to come fit before the deadline, each reckoned at
    ``SAFETY`` times the clock time the stretches so far took on average."""

    def __init__(self, deadline: float | None = None) -> None:
        self.deadline = deadline  # a time.monotonic() moment
        self.since = time.process_time()
        self.resumed = time.monotonic()
        self.stretches = 0
        self.working = 0.0  # clock time spent on those stretches

    def pause(self, stretches_left: int = 0) -> None:
        """Give way now, for as long as is due and, with a deadline, as long as the
        stretches of work left to do leave time for."""
        now = time.monotonic()
        self.stretches += 1
        self.working += now - self.resumed
        due = (time.process_time() - self.since) * GIVE_WAY
        if self.deadline is not None and stretches_left > 0:
            still_needed = SAFETY * stretches_left * self.working / self.stretches
            due = min(due, max(0.0, self.deadline - now - still_needed) / stretches_left)
        time.sleep(due)
        self.since = time.process_time()
        self.resumed = time.monotonic()

    def pause_if_due(self) -> None:
        """Give way if a stretch of work has passed since the last pause."""
        if time.process_time() - self.since >= STRETCH:
            self.pause()
