"""Many tables at once: action-to-all-seats latency, CPU and memory of a real ``referee serve`` per player count, beside a bare Flask-SocketIO server.

    .venv/bin/python bench/load.py [--players 100,250,500,1000,1500,2000] [--seats 5] [--step-s 20]
                                   [--warmup-s 5] [--generators 1] [--think-s 1,2] [--seed 1] [--json]
                                   [--processes 2] [--peer]

One step per player count: a fresh real server (gevent, SQLite in a temporary folder, 127.0.0.1
only, ``[limits]`` per address lifted because every client shares 127.0.0.1: connections per
address and tables per address; the seed wait the server's default, 1.5 s, not the tests' short
one; everything else as configured by default) gets ``players //
seats`` tables of ``--seats`` people (5; also 2 to 8). Each person is a python-socketio client
that acts as the table page does (bench/_load_generator.py, bench/_load_seat.py): on a ``state``
in phase rolling it sends its browser ``seed`` ``{round, seed}`` at once; the seat to act bids
(with ``against`` as static/js/table.js sends it) or calls Liar after a think time of 1–2 s
(``--think-s``); after a reveal the host presses Next round, after a game New game, each after a
think time too. One sample is one such move: the time from its emit until every seat of its
table holds a ``state`` of a newer version. After ``--warmup-s`` the step measures ``--step-s``
seconds:

* p50/p95/p99 of those samples, moves a second (act/s), ``errors`` (every ``error`` the server
  sent, by code in ``--json``) and ``lost`` (moves that had not reached every seat after 5 s,
  and newcomers that had no state after 5 s);
* ``cpu%``: the server process's CPU (user + system, /proc/<pid>/stat) in percent of one core,
  and ``cpu_ms/ev``: that CPU divided by the events the clients sent (moves, seeds, starts, and
  the newcomers' connects below);
* ``wait%``: how long the server was ready to run but waited for a CPU (/proc/<pid>/schedstat),
  in percent of the window: the other processes of a shared machine. When it is high, the
  latencies measure the machine more than the server (``cpu_ms/ev`` and the ratio much less so);
* ``first99``: twice a second a newcomer opens a random table's page as a spectator (at the bare
  server it asks for one ``state`` of about a page's first); the p99 of the time from its
  connecting until its first ``state`` (p50 in ``--json``);
* ``rss_kb/pl``: the server's RSS at the end of the window minus its RSS idle (just started,
  nobody connected), per connected player;
* the machine's load average (1, 5, 15 min) at the end of the window.

Beside it, in the same run and step, the bare Flask-SocketIO app (bench/_bare_server.py, a fresh
process per step) gets as many clients in rooms of ``--seats``; in each room they take turns
with the same think time, and each ``ping`` makes it broadcast one ``state`` to the room of the
next size of the tavern step's resulting states (the mean over the seats of each move; each room
starts at its own place in that list; an earlier step's sizes when no move of this step reached
every seat).
With ``--peer``, a third server in each step: the bare server's twin on Node's socket.io 4
(bench/peer/server.js, one process; ``npm ci`` installs its pinned packages the first time), driven
by the same generators with the same sizes: the framework's cost beside another runtime's.
Then the ratio tavern/bare (and tavern/peer) per step, and for each server the largest player count
whose step had p99 ≤ 50 ms and lost no move.

The clients run in ``--generators`` processes (default 1: gevent-patched python-socketio clients,
thousands per process), whole tables each, on the same machine as the server. ``gen_cpu%``
(their CPU, summed, in percent of one core) and ``gen_lag99`` (p99 of how late a 50 ms sleep
wakes in them) say whether they kept up: when the lag grows to several ms, the samples measure
the generator more than the server; give it more generator processes, if there are cores for
them. ``--processes 2`` measures scaling out instead: one process against two, on PostgreSQL and
Redis (bench/_load_cluster.py). The run stops by itself: a step that would begin after ``--deadline-s`` is left out, and
at most MAX_PLAYERS players per step.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench._common import BareServer, PeerServer  # noqa: E402
from bench._load_cluster import cluster_sweep, print_end, print_step  # noqa: E402
from bench._load_proc import Generators, cpu_seconds, rss_kb, split, waited_seconds  # noqa: E402
from bench._load_report import HEADER, TARGET_P99_MS, Run, largest, ratio_line, ratios, row, summary  # noqa: E402
from referee.config import Config  # noqa: E402
from tests.support.server import running_server  # noqa: E402

MAX_PLAYERS = 4000
SERVERS = ("tavern", "bare", "peer")
LAGGING_MS = 10.0
"""A generator whose 50 ms sleeps wake later than this (p99) measures itself as much as the server."""
LIFTED = {"connections_per_address": 0, "tables_burst": 0, "tables_per_minute": 0}
"""[limits] that count per address: every bench client comes from 127.0.0.1."""
STATE_BYTES = 4000
"""The bare server's payload when no move of the tavern's step reached every seat (and no earlier
step's did): about a dealt round's player state."""
SERVED = {"limits": LIFTED, "fairness": {"seed_wait_s": Config().seed_wait_s}}
"""The server's config over the test servers' (whose seed wait is short, to keep tests fast)."""


def measure(server: str, targets: list[tuple[str, int]], args: argparse.Namespace, players: int, folder: Path,
            sizes: list[int] | None = None, on_window: Callable[[str], None] | None = None, kind: str = "tavern") -> Run:
    """One step at one server (``kind``: the generators play "tavern" tables or "bare" rooms) of
    one process or several (``targets``: each one's URL and pid; its
    share of the tables talks to it only): set the tables up, wait ``--warmup-s``, measure
    ``--step-s`` (``on_window`` is told "start" and "end" at the window's edges). CPU, CPU wait and
    RSS are the processes' sums."""
    tables = players // args.seats
    shares = split(tables, len(targets))
    pids = [pid for _, pid in targets[:len(shares)]]
    rss_idle = sum(rss_kb(pid) for pid in pids)
    groups = [Generators({"kind": kind, "url": url, "seats": args.seats, "seed": args.seed + 7919 * index,
                          "think_s": args.think_s, "sizes": sizes or [0]},
                         split(share, args.generators), folder / f"generators-{server}-{index}.log")
              for index, ((url, _), share) in enumerate(zip(targets, shares))]
    run = Run(server, tables * args.seats, args.seats, args.step_s,
              generators=sum(len(group.processes) for group in groups))
    try:
        connected = sum(group.ready() for group in groups)
        if connected != run.players:
            raise RuntimeError(f"{connected} of {run.players} clients connected")
        start = time.monotonic() + args.warmup_s
        end = start + args.step_s
        for group in groups:
            group.go(start, end)
        _sleep_until(start)
        cpu0, wait0 = sum(map(cpu_seconds, pids)), sum(map(waited_seconds, pids))
        if on_window is not None:
            on_window("start")
        _sleep_until(end)
        if on_window is not None:
            on_window("end")
        run.server_cpu_s = sum(map(cpu_seconds, pids)) - cpu0
        run.server_wait_s = max(0.0, sum(map(waited_seconds, pids)) - wait0)  # a thread that ended takes its wait along
        run.rss_idle_kb, run.rss_kb = rss_idle, sum(map(rss_kb, pids))
        run.load = os.getloadavg()
        for group in groups:
            for report in group.reports():
                _add(run, report)
    finally:
        for group in groups:
            group.stop()
    return run


def _sleep_until(moment: float) -> None:
    """The window's edges are moments on the clock, not conditions: sleep until one."""
    time.sleep(max(0.0, moment - time.monotonic()))


def _add(run: Run, report: dict[str, Any]) -> None:
    run.samples_ms += report["samples_ms"]
    run.sizes += report["sizes"]
    run.moves.update(report["moves"])
    run.errors.update(report["errors"])
    run.events += report["events"]
    run.lost += report["lost"]
    run.generator_cpu_s += report["cpu_s"]
    run.lag_ms += report["lag_ms"]
    run.first_state_ms += report["first_state_ms"]


def one_step(args: argparse.Namespace, players: int, folder: Path,
             earlier: list[int]) -> tuple[dict[str, Any], list[int]]:
    """The tavern, then the bare server (and with ``--peer`` the Node peer), each fresh, at ``players``;
    their figures and ratios, and the tavern's state sizes the bare server sent (this step's, or when
    no move of this step reached every seat, ``earlier`` ones, or STATE_BYTES)."""
    step_folder = folder / f"step-{players}"
    step_folder.mkdir()
    with running_server(step_folder, **SERVED) as server:
        assert server.process is not None
        try:
            tavern = measure("tavern", [(server.base_url, server.process.pid)], args, players, step_folder)
        except Exception:
            print(server.log_path.read_text(errors="replace")[-3000:], file=sys.stderr)
            raise
    sizes = tavern.sizes or earlier or [STATE_BYTES]
    step = {"players": tavern.players, "tavern": summary(tavern)}
    for name, server_class in (("bare", BareServer), ("peer", PeerServer))[:3 if args.peer else 1]:
        other = server_class(step_folder)
        try:
            step[name] = summary(measure(name, [(other.base_url, other.process.pid)], args, players, step_folder,
                                         sizes=sizes, kind="bare"))
        finally:
            other.stop()
    step["ratio"] = ratios(step["tavern"], step["bare"])
    if args.peer:
        step["ratio_peer"] = ratios(step["tavern"], step["peer"])
    return step, sizes


def sweep(args: argparse.Namespace, on_step: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """Every step of ``--players`` that begins before the deadline; the whole report."""
    deadline = time.monotonic() + args.deadline_s
    steps: list[dict[str, Any]] = []
    skipped: list[int] = []
    sizes: list[int] = []
    with tempfile.TemporaryDirectory(prefix="tj-load-") as tmp:
        for players in args.players:
            if time.monotonic() >= deadline:
                skipped.append(players)
                continue
            step, sizes = one_step(args, players, Path(tmp), sizes)
            steps.append(step)
            on_step(step)
    return {
        "seats": args.seats, "step_s": args.step_s, "warmup_s": args.warmup_s, "think_s": args.think_s,
        "generators": args.generators, "cpus": os.cpu_count(), "python": sys.version.split()[0],
        "steps": steps, "skipped": skipped, "target_p99_ms": TARGET_P99_MS,
        "largest_players": {s: largest(steps, s) for s in SERVERS[:3 if args.peer else 2]},
    }


def _print_step(step: dict[str, Any]) -> None:
    servers = [server for server in SERVERS if server in step]
    for server in servers:
        print(row(server, step[server]))
    print(ratio_line(step))
    if "peer" in step:
        print(ratio_line(step, "peer"))
    for server in servers:
        if step[server]["error_codes"]:
            codes = ", ".join(f"{code} {n}" for code, n in sorted(step[server]["error_codes"].items()))
            print(f"# {server} errors at {step['players']} players: {codes}")
    if not step["tavern"]["moves"]:
        print(f"# no tavern move reached every seat at {step['players']} players: the bare server sent"
              " the sizes of an earlier step (or about a dealt round's)")
    for server in servers:
        lag = step[server]["generator_lag_p99_ms"]
        if lag is not None and lag > LAGGING_MS:
            print(f"# the {server} generator lagged (p99 {lag:.0f} ms > {LAGGING_MS:.0f}): its samples include the"
                  f" client side or a busy machine; more --generators help if there are free cores")
    print("# load average after the window of " + ", ".join(
        f"{server} {' '.join(f'{x:.2f}' for x in step[server]['load_average'])}" for server in servers), flush=True)


def _print_end(report: dict[str, Any]) -> None:
    for server, best in report["largest_players"].items():
        print(f"largest players at p99 <= {TARGET_P99_MS:.0f} ms, {server}: {best if best is not None else 'none'}")
    if report["skipped"]:
        print(f"# left out (past --deadline-s): {', '.join(map(str, report['skipped']))} players")


def _counts(text: str) -> list[int]:
    values = [int(x) for x in text.split(",")]
    if any(v < 2 or v > MAX_PLAYERS for v in values):
        raise argparse.ArgumentTypeError(f"every player count must be 2..{MAX_PLAYERS}")
    return values


def _think(text: str) -> list[float]:
    low, high = (float(x) for x in text.split(","))
    if not 0 <= low <= high <= 10:
        raise argparse.ArgumentTypeError("--think-s is LOW,HIGH with 0 <= LOW <= HIGH <= 10")
    return [low, high]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=_counts, default=[100, 250, 500, 1000, 1500, 2000],
                        help="comma-separated player counts, one step each (default 100,250,500,1000,1500,2000)")
    parser.add_argument("--seats", type=int, choices=range(2, 9), default=5, metavar="2..8",
                        help="people per table (default 5)")
    parser.add_argument("--step-s", type=float, default=20.0, help="measured seconds per step and server (default 20)")
    parser.add_argument("--warmup-s", type=float, default=5.0, help="seconds played before measuring (default 5)")
    parser.add_argument("--think-s", type=_think, default=[1.0, 2.0], help="think time range LOW,HIGH (default 1,2)")
    parser.add_argument("--generators", type=int, default=1, help="client processes per server (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the think times (default 1)")
    parser.add_argument("--deadline-s", type=float, default=1500.0,
                        help="no step begins after this many seconds (default 1500)")
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1,
                        help="2: one process against two on PostgreSQL + Redis instead (bench/_load_cluster.py)")
    parser.add_argument("--peer", action="store_true",
                        help="also the bare server's twin on Node's socket.io 4 (bench/peer/server.js) in each step")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object instead")
    args = parser.parse_args(argv)
    if args.peer and args.processes == 2:
        parser.error("--peer measures one process: it does not go with --processes 2")
    if any(p < args.seats for p in args.players):
        parser.error("every player count must fill at least one table (--seats)")
    if not 1 <= args.generators <= 16 or args.step_s <= 0 or args.warmup_s < 0:
        parser.error("--generators is 1..16, --step-s positive, --warmup-s not negative")
    return args


def _raise_open_files() -> None:
    """Each client is a socket in a generator and another in the server: lift the soft limit to the hard one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main(argv: list[str] | None = None) -> int:
    """Run the sweep and print it (or its JSON)."""
    args = parse_args(argv)
    _raise_open_files()
    if not args.json:
        print(f"# tables of {args.seats}, think {args.think_s[0]:g}-{args.think_s[1]:g} s, warm-up {args.warmup_s:g} s,"
              f" {args.step_s:g} s measured per step and server; {os.cpu_count()} CPUs shared by the server and"
              f" {args.generators} generator process(es) of python-socketio clients on gevent;"
              f" python {sys.version.split()[0]}; load average at start"
              f" {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print("# one: one `referee serve` on PostgreSQL; two: two on one PostgreSQL and one Redis, the tables"
              " split between them" if args.processes == 2 else
              "# tavern: real `referee serve` (gevent, SQLite WAL); bare: Flask-SocketIO gevent, same-size broadcasts"
              + ("; peer: Node socket.io 4, the bare server's twin" if args.peer else ""))
        print(HEADER, flush=True)
    if args.processes == 2:
        with tempfile.TemporaryDirectory(prefix="tj-load-") as tmp:
            report = cluster_sweep(args, measure, SERVED, Path(tmp), (lambda step: None) if args.json else print_step)
    else:
        report = sweep(args, (lambda step: None) if args.json else _print_step)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        (print_end if args.processes == 2 else _print_end)(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
