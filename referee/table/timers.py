"""A table's own timers: every call it (or its bots) scheduled, cancelled together when the table closes.

>>> from referee.table.scheduler import ManualScheduler
>>> clock, calls = ManualScheduler(), []
>>> timers = TimerGroup(clock)
>>> _ = timers.call_later(5, lambda: calls.append("late"))
>>> timers.close(); clock.advance(10); calls
[]
"""
from __future__ import annotations

import threading
from collections.abc import Callable

from .scheduler import Handle, Scheduler


class _Call:
    """One pending call of a group: cancelling it forgets it.

    Its ``handle`` (the scheduler's timer) holds the function to run, which holds the call: a
    reference cycle, dropped (``handle`` set to None) once the call runs or is cancelled, so
    reference counting frees it and its timer at once; left to the cyclic garbage collector, a
    few dozen objects a timer would pile up into passes that hold the event loop.
    """

    def __init__(self, group: "TimerGroup", number: int) -> None:
        self._group = group
        self._number = number
        self.handle: Handle | None = None

    def cancel(self) -> None:
        """Do not run the call (no effect once it ran)."""
        self._group._forget(self._number)
        handle, self.handle = self.handle, None
        if handle is not None:
            handle.cancel()


class TimerGroup:
    """A ``Scheduler`` over another one that remembers its pending calls; ``close`` cancels them all."""

    def __init__(self, scheduler: Scheduler) -> None:
        self._scheduler = scheduler
        self._pending: dict[int, _Call] = {}
        self._next = 0
        self._closed = False
        self._lock = threading.Lock()

    def call_later(self, seconds: float, fn: Callable[[], None]) -> Handle:
        """Schedule ``fn`` unless the group is closed (then the call never runs)."""
        with self._lock:
            self._next += 1
            call = _Call(self, self._next)
            if self._closed:
                return call
            self._pending[call._number] = call

        def run() -> None:
            call.handle = None
            if self._forget(call._number):
                fn()

        call.handle = self._scheduler.call_later(seconds, run)
        return call

    def now(self) -> float:
        """The underlying scheduler's clock."""
        return self._scheduler.now()

    def close(self) -> None:
        """Cancel every pending call; later ``call_later`` calls are ignored."""
        with self._lock:
            self._closed = True
            pending, self._pending = list(self._pending.values()), {}
        for call in pending:
            call.cancel()

    def _forget(self, number: int) -> bool:
        """Drop a pending call; True when it was still pending (so it may run now)."""
        with self._lock:
            return self._pending.pop(number, None) is not None
