"""An import gives way to other requests, twice as long as it works, but never so long
that the batches still to come would miss its deadline."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago_scorer.rules import STANDARD_RULES, new_setup, start_game
from chicago_scorer.services.transfer import pacing
from chicago_scorer.services.transfer.import_file import read_import
from chicago_scorer.services.transfer.pacing import GIVE_WAY, SAFETY, Pace
from support.export_documents import export_document


class Clock:
    """The clock and the processor time the pace reads, moved only by the test: a
    stretch of work moves both, a pause only the clock."""

    def __init__(self) -> None:
        self.now = 0.0
        self.processor = 0.0
        self.pauses: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def process_time(self) -> float:
        return self.processor

    def sleep(self, seconds: float) -> None:
        assert seconds >= 0
        self.pauses.append(seconds)
        self.now += seconds

    def work(self, seconds: float, processor: float | None = None) -> None:
        """A stretch that takes ``seconds`` by the clock, and of the processor all of it
        or, on a busy machine, less."""
        self.now += seconds
        self.processor += seconds if processor is None else processor


@pytest.fixture
def clock(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(pacing, "time", clock)
    return clock


def write_batches(clock: Clock, pace: Pace, count: int, seconds: float, processor_share=1.0):
    """An import's batches: a pause before each, then its work."""
    for number in range(count):
        pace.pause(stretches_left=count - number)
        clock.work(seconds, processor=seconds * processor_share)


def test_without_a_deadline_each_pause_is_twice_the_work_before_it(clock):
    pace = Pace()

    clock.work(0.010)
    pace.pause()
    clock.work(0.030)
    pace.pause()

    assert clock.pauses == pytest.approx([0.020, 0.060])


def test_a_pause_counts_processor_time_not_the_clock(clock):
    pace = Pace()

    clock.work(0.050, processor=0.010)  # a busy machine: the work waited for a processor
    pace.pause()

    assert clock.pauses == pytest.approx([0.020])


def test_checking_a_file_gives_way_after_each_of_its_games():
    games = [start_game(new_setup(["Ann", "Bo"], "Bo", STANDARD_RULES)) for _ in range(3)]
    pauses: list[None] = []

    checked = read_import(export_document(*games), pause=lambda: pauses.append(None))

    assert len(checked) == 3
    assert len(pauses) == 3


def test_with_time_to_spare_a_deadline_changes_no_pause(clock):
    pace = Pace(deadline=60.0)

    write_batches(clock, pace, count=10, seconds=0.010)

    assert clock.pauses == pytest.approx([0.0] + [GIVE_WAY * 0.010] * 9)


def test_near_the_deadline_the_pauses_leave_the_batches_to_come_their_time(clock):
    # 100 batches of 50 ms: 5 s of work, and 10 s of pauses if there were time for them.
    pace = Pace(deadline=8.0)
    clock.work(0.050)  # checking the file

    write_batches(clock, pace, count=100, seconds=0.050)

    assert clock.now <= 8.0
    assert 0 < sum(clock.pauses) < 10.0


def test_with_no_time_to_spare_the_import_does_not_pause_at_all(clock):
    pace = Pace(deadline=5.0)
    clock.work(0.100)

    write_batches(clock, pace, count=50, seconds=0.100)

    assert clock.pauses == [0.0] * 50
    assert clock.now == pytest.approx(5.1)


@settings(max_examples=200)
@given(
    count=st.integers(min_value=1, max_value=300),
    seconds=st.floats(min_value=0.001, max_value=0.2),
    processor_share=st.floats(min_value=0.1, max_value=1.0),
    spare=st.floats(min_value=0.0, max_value=30.0),
)
def test_batches_of_a_steady_pace_always_end_by_the_deadline(
    count, seconds, processor_share, spare
):
    """Whenever the work, reckoned at ``SAFETY`` times its pace, fits before the
    deadline, giving way never pushes it past."""
    clock = Clock()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pacing, "time", clock)
        deadline = seconds + SAFETY * count * seconds + spare
        pace = Pace(deadline)
        clock.work(seconds, processor=seconds * processor_share)  # checking the file

        write_batches(clock, pace, count, seconds, processor_share)

    assert clock.now <= deadline + 1e-9
