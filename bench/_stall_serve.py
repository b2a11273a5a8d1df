"""``referee serve`` with an event-loop stall watchdog: ``TJ_STALLS_OUT=OUT python -m bench._stall_serve serve --config …``.

A greenlet stamps the time every ``BEAT_S``; a native thread looks every ``LOOK_S``, and while
the stamp is older than ``TJ_STALL_MS`` (default 20 ms) the event loop is stalled: one greenlet
holds it, nothing else runs. The thread then records the main thread's Python stack (whatever
greenlet holds it: ``sys._current_frames``), one sample per look, and, once the beat comes
back, the stall's length and how the main thread spent it (its ``/proc`` schedstat read at
the stall's first and last look: on a core, waiting for one, the rest blocked in a system call
such as a disk write). The cyclic garbage collector's passes are timed too (``gc.callbacks``:
the watchdog cannot look while one runs, it holds the interpreter's lock). A stack's innermost frame is followed by ``file:N:@line``, the line it
was running. ``SIGUSR1`` forgets everything so far (the window starts); ``SIGUSR2`` writes to
OUT as JSON ``{"stalls": [[ms, cpu_ms, wait_ms], ...], "gc": [[generation, ms, cpu_ms, objects freed], ...], "tracked": objects the collector walks, "frozen": n, "look_s": s, "stacks":
{"file:line:function;…": count}}`` (outermost call first). bench/stalls.py drives it.

>>> watch = Watchdog("unused", stall_s=0.02, schedstat=lambda: (0.0, 0.0))
>>> watch.beat = 10.0
>>> watch.look(10.01), watch.look(10.05), watch.look(10.06), watch.stalls
(False, True, True, [])
>>> watch.beat = 10.07
>>> watch.look(10.071), [round(ms) for ms, _, _ in watch.stalls]
(False, [70])
>>> watch.collected("start", {"generation": 2}); watch.collected("stop", {"generation": 2, "collected": 7})
>>> [(generation, collected) for generation, _, _, collected in watch.collections]
[(2, 7)]
"""
from __future__ import annotations

import gc
import json
import os
import signal
import sys
import threading
from _thread import start_new_thread  # the native one: imported before gevent patches it
from collections import Counter
from collections.abc import Callable
from time import perf_counter, sleep as native_sleep, thread_time

BEAT_S = 0.005
LOOK_S = 0.002
DEPTH = 60


class Watchdog:
    """Stalls of the main thread's event loop (``beat`` older than ``stall_s``) and their stacks."""

    def __init__(self, out: str, stall_s: float, schedstat: Callable[[], tuple[float, float]]) -> None:
        self._out = out
        self._stall_s = stall_s
        self._schedstat = schedstat
        self.beat = perf_counter()
        self._stalled_since: float | None = None
        self._sched_since = (0.0, 0.0)
        self._late_beat = 0.0
        self.stalls: list[tuple[float, float, float]] = []
        self.stacks: Counter[str] = Counter()
        self.collections: list[tuple[int, float, float, int]] = []
        self._gc_since = (0.0, 0.0)
        self._main = threading.main_thread().ident
        self._lock = threading.Lock()  # taken before gevent patches threading: a native lock

    def look(self, now: float) -> bool:
        """One look: True (and a stack sampled) while the loop is stalled; a stall that ended is recorded.

        The thread's schedstat is read from the first look that finds the beat late (older than
        1.5 beats), so a stall's split counts it from within a beat of its start."""
        beat = self.beat
        with self._lock:
            late = now - beat
            if late < self._stall_s:
                if self._stalled_since is not None:
                    cpu, wait = self._schedstat()
                    self.stalls.append((1000 * (beat - self._stalled_since),
                                        cpu - self._sched_since[0], wait - self._sched_since[1]))
                    self._stalled_since = None
                if late >= 1.5 * BEAT_S and self._late_beat != beat:
                    self._late_beat, self._sched_since = beat, self._schedstat()
                return False
            if self._stalled_since is None:
                self._stalled_since = beat
                if self._late_beat != beat:
                    self._sched_since = self._schedstat()
            self._sample()
            return True

    def collected(self, phase: str, info: dict[str, int]) -> None:
        """``gc.callbacks``: a pass of ``info["generation"]`` starts or stops (timed: ms on the clock, ms of
        the thread's CPU, which a busy machine's waits for a core leave out) and what it freed."""
        if phase == "start":
            self._gc_since = (perf_counter(), thread_time())
        else:
            wall, cpu = self._gc_since
            self.collections.append((info["generation"], 1000 * (perf_counter() - wall), 1000 * (thread_time() - cpu),
                                     info["collected"]))

    def _sample(self) -> None:
        frame = sys._current_frames().get(self._main)  # noqa: SLF001 - the one way to see another thread's stack
        names: list[str] = [] if frame is None else [f"{frame.f_code.co_filename}:{frame.f_lineno}:@line"]
        while frame is not None and len(names) < DEPTH:
            code = frame.f_code
            names.append(f"{code.co_filename}:{code.co_firstlineno}:{code.co_name}")
            frame = frame.f_back
        if names:
            self.stacks[";".join(reversed(names))] += 1

    def reset(self) -> None:
        """Forget every stall and sample so far."""
        with self._lock:
            self.stalls.clear()
            self.stacks.clear()
            self.collections.clear()

    def dump(self) -> None:
        """Write what was seen so far to ``out`` (whole, then renamed)."""
        with self._lock:
            text = json.dumps({"stalls": self.stalls, "gc": self.collections, "tracked": len(gc.get_objects()),
                               "frozen": gc.get_freeze_count(), "look_s": LOOK_S, "stall_ms": 1000 * self._stall_s,
                               "stacks": self.stacks})
        with open(self._out + ".part", "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(self._out + ".part", self._out)

    def watch(self) -> None:
        """The native thread's loop."""
        while True:
            native_sleep(LOOK_S)
            self.look(perf_counter())


def schedstat_of(tid: int) -> Callable[[], tuple[float, float]]:
    """A reader of thread ``tid``'s ms on a core and ms waiting for one, so far (``/proc/…/schedstat``)."""
    path = f"/proc/self/task/{tid}/schedstat"

    def read() -> tuple[float, float]:
        with open(path, encoding="ascii") as stat:
            on_cpu, waiting, _ = stat.read().split()
        return int(on_cpu) / 1e6, int(waiting) / 1e6
    return read


def main() -> int:
    import gevent

    watchdog = Watchdog(os.environ["TJ_STALLS_OUT"], float(os.environ.get("TJ_STALL_MS", "20")) / 1000,
                        schedstat_of(threading.get_native_id()))

    def beat() -> None:
        while True:
            watchdog.beat = perf_counter()
            gevent.sleep(BEAT_S)

    gevent.spawn(beat)
    gc.callbacks.append(watchdog.collected)
    start_new_thread(watchdog.watch, ())
    signal.signal(signal.SIGUSR1, lambda *_: watchdog.reset())
    signal.signal(signal.SIGUSR2, lambda *_: watchdog.dump())
    from referee.cli import main as cli
    return cli(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
