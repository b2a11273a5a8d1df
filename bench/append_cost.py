"""CPU of the SQLite store per append under gevent, as ``referee serve`` runs it, and what it waits.

    .venv/bin/python bench/append_cost.py [--rates 100,200] [--seconds 6] [--tables 50] [--loop-us 2000]
                                          [--bursts 1,2,4,8] [--code DIR]

``--tables`` greenlets (one a table) each append one command after another to one database file
in a temporary folder (one ``bid``-like entry, one command in four a ``reveal``-like pair with a
secret part), paced so that the appends of all tables together arrive at each ``--rates`` figure
per second (exponential gaps), the WAL's ``fsync`` in gevent's thread pool (``serve.offload_of``),
as in a server. After each append its table spends ``--loop-us`` of CPU on the event loop (the
rest of a server's work for a command: folding, views, emits), so that a sync's return waits for
the loop as in a busy server and the appends made meanwhile queue up. It prints, per rate, the process CPU (every thread, user and system) per append, less the CPU spent on purpose,
the ``fsync`` calls per append (fewer than one: appends shared a sync), the appends' wall time
p50 / p99 (what a command waits for its entries to be durable), and the load average. ``--code
With ``--bursts``, then: for each figure K, K tables append at once (K greenlets, joined), 300
times, and it prints the process CPU per append (the most any grouping of commits or syncs can
share: K appends in flight together). ``--code
DIR`` measures the store of the tree at ``DIR`` (e.g. ``git worktree add --detach`` of main); run
it and this tree alternately, twice.

>>> figures = measure(rate=200, seconds=0.3, tables=4, loop_us=100)
>>> figures["appends"] > 10 and figures["cpu_us"] > 0 and 0 < figures["fsyncs_per_append"] <= 1.05
True
>>> measure_bursts(2, bursts=5) > 0
True
"""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
if __name__ == "__main__" and "--code" in sys.argv:
    sys.path.insert(0, sys.argv[sys.argv.index("--code") + 1])
else:
    sys.path.insert(0, str(REPO))

import gevent  # noqa: E402

from referee.serve import offload_of  # noqa: E402
from referee.store.log import EventLog, NewEntry  # noqa: E402

BID = {"seat": 2, "quantity": 7, "face": 4, "turn": 3, "round": 5, "game": 1, "at_version": 41}
REVEAL = {"hands": {str(seat): [1, 3, 3, 5, 6] for seat in range(5)}, "count": 6, "loser": 2}


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _spend(us: float) -> float:
    """Spend ``us`` µs of this thread's CPU; the CPU seconds spent."""
    start = time.thread_time()
    while time.thread_time() - start < us / 1e6:
        pass
    return time.thread_time() - start


def measure(rate: float, seconds: float, tables: int = 50, loop_us: float = 0.0) -> dict[str, Any]:
    """Append at ``rate`` a second for ``seconds`` from ``tables`` greenlets, each append followed by
    ``loop_us`` of CPU on the loop; the store's CPU (all threads), syncs and waits per append."""
    fsyncs, spent_on_purpose = [0], [0.0]
    real_fsync = os.fsync

    def counted(fd: int) -> None:
        fsyncs[0] += 1
        real_fsync(fd)

    os.fsync = counted  # type: ignore[assignment]
    folder = tempfile.TemporaryDirectory()
    store = EventLog(os.path.join(folder.name, "bench.sqlite3"), offload=offload_of("gevent"))
    waits: list[float] = []
    gap = tables / rate
    deadline = time.monotonic() + seconds

    def table(name: str) -> None:
        head, turn = store.append(name, [NewEntry("table_created", {"id": name})], 0)[-1].seq, 0
        pacing = random.Random(name)
        gevent.sleep(pacing.uniform(0, gap))
        while time.monotonic() < deadline:
            turn += 1
            entries = [NewEntry("bid", BID)]
            if turn % 4 == 0:
                entries = [NewEntry("called", BID), NewEntry("revealed", REVEAL, {"chain": "ab" * 32})]
            started = time.monotonic()
            head = store.append(name, entries, head)[-1].seq
            waits.append(time.monotonic() - started)
            spent_on_purpose[0] += _spend(loop_us)
            gevent.sleep(pacing.expovariate(1 / gap))

    try:
        start_cpu, synced_before = _cpu(), fsyncs[0]
        gevent.joinall([gevent.spawn(table, f"t{number}") for number in range(tables)], raise_error=True)
        spent, appends = _cpu() - start_cpu - spent_on_purpose[0], len(waits) + tables
    finally:
        os.fsync = real_fsync  # type: ignore[assignment]
        store.close()
        folder.cleanup()
    waits.sort()
    return {"appends": appends, "cpu_us": spent / appends * 1e6,
            "fsyncs_per_append": (fsyncs[0] - synced_before) / appends,
            "wait_p50_ms": statistics.median(waits) * 1e3, "wait_p99_ms": waits[int(len(waits) * 0.99)] * 1e3}


def measure_bursts(size: int, bursts: int = 300) -> float:
    """µs of process CPU per append when ``size`` tables append at once, ``bursts`` times."""
    folder = tempfile.TemporaryDirectory()
    store = EventLog(os.path.join(folder.name, "bench.sqlite3"), offload=offload_of("gevent"))
    heads = {f"t{n}": store.append(f"t{n}", [NewEntry("table_created", {"id": n})], 0)[-1].seq for n in range(size)}

    def one(name: str) -> None:
        heads[name] = store.append(name, [NewEntry("bid", BID)], heads[name])[-1].seq

    try:
        start = _cpu()
        for _ in range(bursts):
            gevent.joinall([gevent.spawn(one, name) for name in heads], raise_error=True)
        return (_cpu() - start) / (bursts * size) * 1e6
    finally:
        store.close()
        folder.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rates", default="100,200", help="appends a second, all tables together")
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--loop-us", type=float, default=2000.0, help="CPU on the loop after each append")
    parser.add_argument("--bursts", default="", help="then: CPU per append when this many tables append at once")
    parser.add_argument("--code", help="measure the store of the tree at this folder instead of this one")
    args = parser.parse_args()
    print(f"code {args.code or REPO}  loop {args.loop_us:.0f} µs an append  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for rate in (float(value) for value in args.rates.split(",")):
        figures = measure(rate, args.seconds, args.tables, args.loop_us)
        print(f"rate {rate:.0f}/s  appends {figures['appends']}  cpu/append {figures['cpu_us']:.0f} µs  "
              f"fsyncs/append {figures['fsyncs_per_append']:.2f}  wait p50 / p99 "
              f"{figures['wait_p50_ms']:.1f} / {figures['wait_p99_ms']:.1f} ms")
    if args.bursts:
        print("bursts  " + "  ".join(f"{size}: {measure_bursts(int(size)):.0f} µs" for size in args.bursts.split(",")))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
