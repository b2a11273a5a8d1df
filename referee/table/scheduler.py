"""Deferred calls for tables (seed deadlines, turn timers, bot moves).

``TimerScheduler`` runs calls on timer threads, which are greenlets once gevent or eventlet
has patched the standard library. ``ManualScheduler`` lets tests move time by hand.

>>> calls = []
>>> clock = ManualScheduler()
>>> handle = clock.call_later(5, lambda: calls.append("late"))
>>> clock.advance(4); calls
[]
>>> clock.advance(1); calls
['late']
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol


class Handle(Protocol):
    """A scheduled call that can still be cancelled."""

    def cancel(self) -> None:
        """Do not run the call (no effect once it ran)."""
        ...


class Scheduler(Protocol):
    """Runs ``fn`` after ``seconds``; ``now()`` is the scheduler's clock in seconds."""

    def call_later(self, seconds: float, fn: Callable[[], None]) -> Handle:
        """Schedule ``fn``."""
        ...

    def now(self) -> float:
        """Seconds since the epoch by this scheduler's clock."""
        ...


class TimerScheduler:
    """Real time: each call on its own daemon timer."""

    def call_later(self, seconds: float, fn: Callable[[], None]) -> Handle:
        timer = threading.Timer(max(0.0, seconds), fn)
        timer.daemon = True
        timer.start()
        return timer

    def now(self) -> float:
        return time.time()


class _ManualHandle:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualScheduler:
    """Time moves only when a test calls ``advance``; due calls run in order."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._due: list[tuple[float, int, _ManualHandle, Callable[[], None]]] = []
        self._counter = 0

    def call_later(self, seconds: float, fn: Callable[[], None]) -> Handle:
        handle = _ManualHandle()
        self._counter += 1
        self._due.append((self._now + max(0.0, seconds), self._counter, handle, fn))
        return handle

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        """Move the clock and run every call that falls due, earliest first."""
        target = self._now + seconds
        while True:
            due = sorted((item for item in self._due if item[0] <= target), key=lambda item: item[:2])
            if not due:
                break
            when, _, handle, fn = due[0]
            self._due.remove(due[0])
            self._now = max(self._now, when)
            if not handle.cancelled:
                fn()
        self._now = target
