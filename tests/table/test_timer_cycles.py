"""A table's timer leaves no reference cycle once it ran or was cancelled: reference counting frees
the call and its timer at once, with the cyclic garbage collector off (its passes hold the event
loop, so the server must not lean on them for every timer)."""
from __future__ import annotations

import gc
import weakref

import pytest

from referee.table.timers import TimerGroup


class HoldingTimer:
    """Like ``threading.Timer``: the handle holds the function it will run."""

    def __init__(self, fn):
        self.function = fn
        self.cancelled = False

    def cancel(self):
        self.cancelled = True


class HoldingScheduler:
    """Keeps each timer until ``fire`` runs (and drops) the due ones."""

    def __init__(self):
        self.timers = []

    def call_later(self, seconds, fn):
        self.timers.append(HoldingTimer(fn))
        return self.timers[-1]

    def now(self):
        return 0.0

    def fire(self):
        timers, self.timers = self.timers, []
        for timer in timers:
            if not timer.cancelled:
                timer.function()


@pytest.fixture
def no_collector():
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_call_that_ran_is_freed_without_the_collector(no_collector):
    scheduler, ran = HoldingScheduler(), []
    group = TimerGroup(scheduler)
    call = weakref.ref(group.call_later(1, lambda: ran.append(1)))
    scheduler.fire()
    assert ran == [1] and call() is None


def test_a_cancelled_call_is_freed_without_the_collector(no_collector):
    scheduler = HoldingScheduler()
    group = TimerGroup(scheduler)
    handle = group.call_later(1, lambda: None)
    call = weakref.ref(handle)
    handle.cancel()
    del handle
    scheduler.fire()
    assert call() is None


def test_calls_cancelled_by_close_are_freed_without_the_collector(no_collector):
    scheduler, ran = HoldingScheduler(), []
    group = TimerGroup(scheduler)
    calls = [weakref.ref(group.call_later(1, lambda: ran.append(1))) for _ in range(3)]
    group.close()
    scheduler.fire()
    assert ran == [] and [call() for call in calls] == [None, None, None]
