"""``bench/load.py --processes 2``: the same sweep against one process and against two, in the same run.

The bench starts its own PostgreSQL and Redis (tests/support/processes.py, the fixtures' helpers)
and at each player count runs two fresh deployments on fresh databases, one after the other:

* ``one``: one ``referee serve`` on PostgreSQL (``POOL_SIZE`` connections), without a message
  queue (what one process needs);
* ``two``: two ``referee serve`` on one PostgreSQL database and one Redis queue; the tables are
  split between them and every seat of a table talks to the process that created it (as nginx
  routes a table to its owner).

No bare server runs in this mode. Each step prints both rows, two/one for the latencies and the
CPU per event, how many messages the processes published on Redis (``PUBLISH`` calls in the
measured window, and per client event), and the load average; at the end the largest player
count at p99 ≤ 50 ms (and no move lost) of each, and their ratio against the target ``TARGET_RATIO``.

>>> capacity_ratio({"one": 250, "two": 500})
2.0
>>> capacity_ratio({"one": None, "two": 100}) is None
True
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import redis

from bench._load_report import TARGET_P99_MS, Run, largest, ratios, row, summary
from tests.support.processes import running_backends, running_processes

TARGET_RATIO = 1.6
"""Issue 13: two processes should carry at least 1.6 times the players of one."""
POOL_SIZE = 8
"""PostgreSQL connections per process (the default 4 queues the set-up of 32 tables at once
for more than the client's 5 s on a loaded machine)."""
DEPLOYMENTS = {"one": (1, False), "two": (2, True)}
"""Each deployment's process count and whether it runs with the Redis queue."""

Measure = Callable[..., Run]


def capacity_ratio(largest_players: dict[str, int | None]) -> float | None:
    """two / one of the largest player counts at the target (None when either has none)."""
    one, two = largest_players["one"], largest_players["two"]
    return round(two / one, 2) if one and two else None


def published(redis_url: str) -> int:
    """How many ``PUBLISH`` commands the Redis at ``redis_url`` has served since it started."""
    client = redis.Redis.from_url(redis_url)
    try:
        return int(client.info("commandstats").get("cmdstat_publish", {}).get("calls", 0))
    finally:
        client.close()


def publish_counter(redis_url: str, edges: dict[str, int]) -> Callable[[str], None]:
    """``measure``'s ``on_window``: the Redis's ``published`` count at each edge ("start", "end") into ``edges``."""
    return lambda edge: edges.__setitem__(edge, published(redis_url))


def cluster_step(args: argparse.Namespace, players: int, folder: Path, backends: Any, measure: Measure,
                 served: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """``one`` then ``two`` at ``players``, each a fresh deployment on a fresh database; their figures."""
    postgres, queue = backends
    served = {**served, "store": {**served.get("store", {}), "pool_size": POOL_SIZE}}
    step: dict[str, Any] = {}
    for name, (processes, queued) in DEPLOYMENTS.items():
        where = folder / f"step-{players}-{name}"
        where.mkdir()
        edges: dict[str, int] = {}
        with running_processes(where, postgres.new_database(), queue.url if queued else "", processes,
                               **served) as servers:
            targets = [(server.base_url, server.process.pid) for server in servers if server.process is not None]
            try:
                step[name] = summary(measure(name, targets, args, players, where,
                                             on_window=publish_counter(queue.url, edges)))
            except Exception:
                for server in servers:
                    print(server.log_path.read_text(errors="replace")[-3000:], file=sys.stderr)
                raise
        step[name]["published"] = edges["end"] - edges["start"]
        events = step[name]["events"]
        step[name]["published_per_event"] = round(step[name]["published"] / events, 3) if events else None
    step["players"] = step["one"]["players"]
    step["ratio"] = ratios(step["two"], step["one"])
    return step


def cluster_sweep(args: argparse.Namespace, measure: Measure, served: dict[str, dict[str, Any]],
                  folder: Path, on_step: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """Every step of ``--players`` that begins before the deadline, one process against two; the report."""
    deadline = time.monotonic() + args.deadline_s
    steps: list[dict[str, Any]] = []
    skipped: list[int] = []
    with running_backends() as backends:
        for players in args.players:
            if time.monotonic() >= deadline:
                skipped.append(players)
                continue
            steps.append(cluster_step(args, players, folder, backends, measure, served))
            on_step(steps[-1])
    best = {name: largest(steps, name) for name in DEPLOYMENTS}
    return {"processes": 2, "seats": args.seats, "step_s": args.step_s, "warmup_s": args.warmup_s,
            "think_s": args.think_s, "generators": args.generators, "steps": steps, "skipped": skipped,
            "target_p99_ms": TARGET_P99_MS, "largest_players": best, "capacity_ratio": capacity_ratio(best),
            "target_ratio": TARGET_RATIO}


def print_step(step: dict[str, Any]) -> None:
    """One step's two rows, the two/one line and the load average after each window."""
    for name in DEPLOYMENTS:
        print(row(name, step[name]))
    r = step["ratio"]
    print(f"ratio players={step['players']:<5} two/one  p50 {r['p50_ms']}  p95 {r['p95_ms']}  p99 {r['p99_ms']}"
          f"  cpu_ms/ev {r['cpu_ms_per_event']}")
    for name in DEPLOYMENTS:
        if step[name]["error_codes"]:
            codes = ", ".join(f"{code} {n}" for code, n in sorted(step[name]["error_codes"].items()))
            print(f"# {name} errors at {step['players']} players: {codes}")
    print("# Redis PUBLISH calls in the window: " + ", ".join(
        f"{name} {step[name]['published']} ({step[name]['published_per_event']} per client event)"
        for name in DEPLOYMENTS))
    load = {name: " ".join(f"{x:.2f}" for x in step[name]["load_average"]) for name in DEPLOYMENTS}
    print(f"# load average after the one-process window {load['one']}, after the two-process one {load['two']}",
          flush=True)


def print_end(report: dict[str, Any]) -> None:
    """The capacity of each deployment at the target, and their ratio."""
    best = report["largest_players"]
    for name, label in (("one", "one process"), ("two", "two processes")):
        print(f"largest players at p99 <= {TARGET_P99_MS:.0f} ms, {label}: {best[name] if best[name] else 'none'}")
    ratio = report["capacity_ratio"]
    print(f"capacity two/one: {ratio if ratio is not None else '-'} (target >= {TARGET_RATIO})")
    if report["skipped"]:
        print(f"# left out (past --deadline-s): {', '.join(map(str, report['skipped']))} players")
