"""CPU of a table's deferred call under gevent: ``threading.Timer`` (``TimerScheduler``) against a loop timer.

    .venv/bin/python bench/timer_cost.py [--calls 4000] [--runs 2]

What a table does on most changes (``table.autoplay``, the seed and turn deadlines): schedule a
call and cancel the one it replaces; one call in ``--fire-every`` falls due and runs (an empty
function) instead. The standard library is patched by gevent as in ``referee serve``; the two
schedulers take turns, ``--runs`` times each, and the figure is process CPU time (user and
system) per call, with the load average before and after.

>>> figures = measure(calls=50, runs=1)
>>> sorted(figures), all(value > 0 for value in figures.values())
(['gevent loop timer', 'threading.Timer'], True)
"""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gevent  # noqa: E402

from referee.gevent_scheduler import GeventScheduler  # noqa: E402
from referee.table.scheduler import Scheduler, TimerScheduler  # noqa: E402


def _cost(scheduler: Scheduler, calls: int, fire_every: int) -> float:
    """µs of CPU per call: schedule, then cancel it (or let every ``fire_every``-th run)."""
    ran: list[int] = []
    start = time.process_time()
    for number in range(calls):
        if number % fire_every == 0:
            scheduler.call_later(0, lambda: ran.append(1))
            gevent.sleep(0)
        else:
            scheduler.call_later(30.0, lambda: ran.append(1)).cancel()
    gevent.sleep(0.01)
    spent = time.process_time() - start
    if len(ran) != len(range(0, calls, fire_every)):
        raise RuntimeError(f"{len(ran)} calls ran, not {len(range(0, calls, fire_every))}")
    return spent / calls * 1e6


def measure(calls: int = 4000, runs: int = 2, fire_every: int = 5) -> dict[str, float]:
    """The best µs per call of each scheduler over ``runs`` alternating runs."""
    schedulers = {"threading.Timer": TimerScheduler(), "gevent loop timer": GeventScheduler()}
    best: dict[str, float] = {}
    for _ in range(runs):
        for name, scheduler in schedulers.items():
            figure = _cost(scheduler, calls, fire_every)
            best[name] = min(best.get(name, figure), figure)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=4000)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--fire-every", type=int, default=5)
    args = parser.parse_args()
    print(f"# load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for run in range(1, args.runs + 1):
        figures = measure(args.calls, 1, args.fire_every)
        timer, loop = figures["threading.Timer"], figures["gevent loop timer"]
        print(f"run {run}: threading.Timer {timer:.1f} µs/call, gevent loop timer {loop:.1f} µs/call "
              f"(ratio {loop / timer:.2f})")
    print(f"# load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
