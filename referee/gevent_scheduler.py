"""The tables' ``Scheduler`` of a gevent server: each deferred call is a timer of the hub's loop.

``table.TimerScheduler`` starts a ``threading.Timer`` per call, which under gevent's patching
is a whole ``Thread``: a greenlet started at once, its ``Event``, a ``Timeout`` while it waits,
and the threading module's bookkeeping when it starts and ends. A table schedules one (a bot's
move, a turn's deadline, a round's seed deadline) and cancels one on most changes, so that
machinery cost a few percent of the server's CPU under ``bench/load.py``. Here a call costs one
libev timer, and a greenlet only when it falls due (a call may block: it takes a table's lock and
waits for the store). The behaviour is ``threading.Timer``'s: ``cancel`` before it is due and the
call never runs, after that it has no effect; a pending call does not keep the process alive.

>>> import gevent
>>> calls = []
>>> scheduler = GeventScheduler()
>>> first = scheduler.call_later(0.01, lambda: calls.append("due"))
>>> second = scheduler.call_later(0.01, lambda: calls.append("cancelled"))
>>> second.cancel(); gevent.sleep(0.05); calls
['due']
>>> first.cancel(); calls
['due']
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import gevent
from gevent import get_hub


class _Call:
    """One pending call: its loop timer, dropped (cycle and all) once it fell due or was cancelled."""

    __slots__ = ("_fn", "_timer")

    def __init__(self, loop: Any, seconds: float, fn: Callable[[], None]) -> None:
        self._fn: Callable[[], None] | None = fn
        self._timer = loop.timer(seconds, ref=False)
        self._timer.start(self._due)

    def _due(self) -> None:
        """Runs in the hub: start the call in its own greenlet (it may block)."""
        fn = self._fn
        self.cancel()
        if fn is not None:
            gevent.spawn_raw(fn)

    def cancel(self) -> None:
        """Do not run the call (no effect once it ran)."""
        self._fn = None
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.close()


class GeventScheduler:
    """Real time under gevent (``referee.serve`` uses it): ``call_later`` is a timer of the hub's loop."""

    def __init__(self) -> None:
        self._loop = get_hub().loop

    def call_later(self, seconds: float, fn: Callable[[], None]) -> _Call:
        """Run ``fn`` in a new greenlet after ``seconds`` (at once when not positive), unless cancelled."""
        return _Call(self._loop, max(0.0, seconds), fn)

    def now(self) -> float:
        """Seconds since the epoch."""
        return time.time()
