"""Where the server's CPU goes under bench/load.py's load: one step at a sampled ``referee serve``.

    .venv/bin/python bench/profile_load.py [--players 500] [--step-s 15] [--warmup-s 3] [--top 30]
                                           [--under referee/] [--stacks FILE]

The server runs under bench/_sampled_serve.py (a sample of the Python stack every 2 ms of the
process's CPU time, idle time never sampled), the clients are bench/load.py's. It prints the
functions that hold the most samples of the measured window (not the warm-up): ``self%`` (the
function itself was running) and ``total%`` (it was on the stack), in percent of them; ``--under``
keeps only functions whose file path contains that text in the second list. ``--stacks`` writes
the collapsed stacks (``a;b;c count`` per line, as flame graph tools read them).
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
import tempfile
from collections import Counter
from typing import Any
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.load import SERVED, measure, parse_args as load_args  # noqa: E402
from tests.support.server import Server, free_port, server_settings  # noqa: E402


def tallies(stacks: dict[str, int]) -> tuple[Counter[str], Counter[str], int]:
    """Samples per function: where it was running (self), where it was on the stack (total), all.

    >>> own, total, n = tallies({"a.py:1:f;b.py:3:g": 3, "a.py:1:f": 1})
    >>> own["b.py:3:g"], total["a.py:1:f"], n
    (3, 4, 4)
    """
    own: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for stack, count in stacks.items():
        frames = stack.split(";")
        own[frames[-1]] += count
        for name in set(frames):
            total[name] += count
    return own, total, sum(stacks.values())


def written(out: Path, seconds: float = 10.0) -> dict[str, object]:
    """What the server under measure writes to ``out`` once told to (it writes it whole, then renames)."""
    deadline = time.monotonic() + seconds
    while not out.exists():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the measured server wrote nothing to {out.name} within {seconds:.0f} s")
        time.sleep(0.05)
    seen: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    return seen


def short(name: str) -> str:
    """``function (path:line)`` with the path from the repository or site-packages on.

    >>> short("/x/site-packages/gevent/hub.py:12:switch")
    'switch (gevent/hub.py:12)'
    """
    path, line, function = name.rsplit(":", 2)
    for marker in ("site-packages/", str(REPO) + "/"):
        if marker in path:
            path = path.split(marker, 1)[1]
    return f"{function} ({path}:{line})"


def print_counts(title: str, counts: Counter[str], n: int, top: int, under: str | None = None) -> None:
    print(f"# {title}")
    shown = [(name, c) for name, c in counts.most_common() if under is None or under in name]
    for name, count in shown[:top]:
        print(f"{100 * count / n:6.1f}%  {short(name)}")


def watched_step(module: str, out_variable: str, env: dict[str, str], players: int, step_s: float,
                 warmup_s: float) -> tuple[Any, dict[str, object]]:
    """One load.py step at a server run as ``module`` (a wrapper of ``referee serve``), told the
    window's start and end (SIGUSR1, SIGUSR2); the step's figures and what the wrapper wrote to
    the file named by its ``out_variable``."""
    load = load_args(["--players", str(players), "--step-s", str(step_s), "--warmup-s", str(warmup_s)])
    with tempfile.TemporaryDirectory(prefix="tj-watched-") as tmp:
        folder = Path(tmp)
        out = folder / "out.json"
        server = Server(folder, free_port(), server_settings(folder, **SERVED), module=module,
                        env={out_variable: str(out), "PYTHONPATH": str(REPO), **env})
        server.start()
        try:
            assert server.process is not None
            pid = server.process.pid
            run = measure("tavern", [(server.base_url, pid)], load, players, folder,
                          on_window=lambda edge: os.kill(pid, signal.SIGUSR1 if edge == "start" else signal.SIGUSR2))
            return run, written(out)
        finally:
            server.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--step-s", type=float, default=15.0)
    parser.add_argument("--warmup-s", type=float, default=3.0)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--under", default=str(REPO / "referee"))
    parser.add_argument("--stacks", type=Path)
    args = parser.parse_args(argv)
    run, seen = watched_step("bench._sampled_serve", "TJ_PROFILE_OUT", {}, args.players, args.step_s, args.warmup_s)
    stacks = seen["stacks"]
    own, total, n = tallies(stacks)
    print(f"# {n} samples; {run.players} players, {len(run.samples_ms)} moves, server cpu {run.server_cpu_s:.1f} s")
    print_counts("self: the function itself was running", own, n, args.top)
    print_counts(f"total: on the stack (files under {args.under})", total, n, args.top, args.under)
    if args.stacks:
        args.stacks.write_text("".join(f"{s} {c}\n" for s, c in stacks.items()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
