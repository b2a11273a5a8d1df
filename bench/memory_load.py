"""Where a server's memory per player goes under bench/load.py's load: one step at a traced ``referee serve``.

    .venv/bin/python bench/memory_load.py [--players 1000] [--step-s 10] [--warmup-s 4] [--frames 0]
                                          [--top 25] [--env NAME=VALUE ...] [--json]

The server runs under bench/_traced_serve.py, the clients are bench/load.py's. At the start
of the warm-up, before any client connects, the server notes its memory; at the end of the
measured window it writes it again, and this prints both and the growth per connected
player (and once more after ``gc.collect()``: garbage in reference cycles): RSS, its anonymous part, glibc malloc's heap (held from the system and in use, its
arenas), threads and greenlets. ``--frames N`` also traces every Python allocation N frames
deep (tracemalloc: slower, and its own memory inflates RSS: read RSS from a run without it)
and prints the growth by file and line, by the innermost line in ``referee/``, and the live
objects of each type. ``--env`` sets a variable of the server's environment (e.g.
``MALLOC_ARENA_MAX=2``) to see what a setting changes; ``--bare`` measures bench/_bare_server.py
(rooms of 5 exchanging load.py's bare pings of STATE_BYTES) the same way.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.load import SERVED, STATE_BYTES, measure, parse_args as load_args  # noqa: E402
from tests.support.server import Server, free_port, server_settings, wait_until_healthy  # noqa: E402

SHOWN = ("rss_kb", "anonymous_kb", "malloc_system_kb", "malloc_in_use_kb", "malloc_mmap_kb", "traced_kb",
         "tracemalloc_own_kb", "arenas", "threads", "greenlets")


def per_player(start: dict[str, Any], end: dict[str, Any], players: int) -> dict[str, float]:
    """Each figure's growth per player.

    >>> per_player({"rss_kb": 100, "threads": 1}, {"rss_kb": 1100, "threads": 3}, 10)
    {'rss_kb': 100.0, 'threads': 0.2}
    """
    return {key: (end[key] - start[key]) / players for key in start if key in end}


class _Bare(Server):
    """bench/_bare_server.py under bench/_traced_serve.py (a ``Server`` whose command is ``bare PORT``)."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        super().__init__(folder, free_port(), {}, module="bench._traced_serve", env=env)

    def start(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen([sys.executable, "-m", self.module, "bare", str(self.port)], cwd=REPO,
                                            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **self.env})
        wait_until_healthy(self.process, self.base_url, self.log_path)


def _written_text(out: Path, seconds: float = 120.0) -> str:
    """The text of ``out`` once the traced server has written it (whole, then renamed)."""
    deadline = time.monotonic() + seconds
    while not out.exists():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the traced server wrote no {out.name} within {seconds:.0f} s")
        time.sleep(0.05)
    return out.read_text(encoding="utf-8")


def _written(out: Path) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(_written_text(out))
    return report


def _print(report: dict[str, Any], players: int, top: int) -> None:
    growth = per_player(report["start"], report["end"], players)
    collected = report["after_collect"]
    after = per_player(report["start"], collected, players)
    print(f"{'figure':<20} {'start':>10} {'end':>10} {'per player':>11} {'collected':>10} {'per player':>11}")
    for key in SHOWN:
        if key in report["end"]:
            print(f"{key:<20} {report['start'].get(key, 0):>10} {report['end'][key]:>10} {growth.get(key, 0):>11.2f}"
                  f" {collected.get(key, 0):>10} {after.get(key, 0):>11.2f}")
    print(f"# gc.collect() at the end found {collected['collected']} objects in reference cycles")
    for title, key in (("growth by line (KiB, blocks)", "by_line"),
                       ("growth by the innermost line in referee/ (KiB, blocks)", "by_tavern_line")):
        if key in report:
            print(f"# {title}")
            for where, kib, blocks in report[key][:top]:
                print(f"{kib:>8} {blocks:>8}  {where}")
    print("# live objects per type, growth")
    for name, n in report["by_type"][:top]:
        print(f"{n:>8}  {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--step-s", type=float, default=10.0)
    parser.add_argument("--warmup-s", type=float, default=4.0)
    parser.add_argument("--frames", type=int, default=0, help="tracemalloc frames (0: no tracing)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--bare", action="store_true", help="measure the bare Flask-SocketIO server instead")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    load = load_args(["--players", str(args.players), "--step-s", str(args.step_s), "--warmup-s", str(args.warmup_s)])
    extra = dict(item.split("=", 1) for item in args.env)
    with tempfile.TemporaryDirectory(prefix="tj-memory-") as tmp:
        folder = Path(tmp)
        out = folder / "memory.json"
        env = {"TJ_MEMORY_OUT": str(out), "TJ_TRACE_FRAMES": str(args.frames), "PYTHONPATH": str(REPO), **extra}
        server = _Bare(folder, env) if args.bare else Server(folder, free_port(), server_settings(folder, **SERVED),
                                                             module="bench._traced_serve", env=env)
        server.start()
        try:
            assert server.process is not None
            pid = server.process.pid
            os.kill(pid, signal.SIGUSR1)
            _written_text(Path(str(out) + ".started"))  # the start is marked before the first client connects
            kind = "bare" if args.bare else "tavern"
            run = measure(kind, [(server.base_url, pid)], load, args.players, folder, kind=kind,
                          sizes=[STATE_BYTES] if args.bare else None,
                          on_window=lambda edge: edge == "end" and os.kill(pid, signal.SIGUSR2))
            report = _written(out)
        finally:
            server.stop()
    if args.json:
        print(json.dumps({"players": run.players, "load_average": os.getloadavg(), **report}))
        return 0
    print(f"# {'bare' if args.bare else 'tavern'}, {run.players} players, {len(run.samples_ms)} moves, frames {args.frames}, env {extra or '-'},"
          f" load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    _print(report, run.players, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
