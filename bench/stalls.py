"""Where the server's event loop stalls under bench/load.py's load: one step at a watched ``referee serve``.

    .venv/bin/python bench/stalls.py [--players 1000] [--step-s 10] [--warmup-s 4] [--stall-ms 20]
                                     [--top 25] [--under referee/]

The server runs under bench/_stall_serve.py: a greenlet beats every 5 ms and a native thread
looks every 2 ms; while the beat is older than ``--stall-ms`` one greenlet holds the loop and no
other table, socket or timer runs. It prints, for the measured window (not the warm-up): the
stalls (how many, their p50/p99/max and their sum in ms per second), then the functions on the
stalled stacks, in percent of the stalled samples (one per 2 ms of stall): ``self`` (the
innermost frame: what held the loop) and ``total`` (on the stack, files under ``--under``).
Then the garbage collector's passes in the window, per generation (each pass holds the loop).
The watchdog needs the interpreter's lock to look, so a C call that holds it (a long JSON
encoding) is seen only after it returns; SQLite and file system calls release it.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.profile_load import print_counts, tallies, watched_step  # noqa: E402


def stall_summary(stalls: list[tuple[float, float, float]], window_s: float) -> str:
    """One line: how many stalls (ms, of it on a core, of it waiting for a core), their p50/p99/max,
    and the stalled ms per second of the window, split into on a core / waiting for one / blocked
    (the rest: in a system call).

    >>> stall_summary([(30.0, 30.0, 0.0), (20.0, 10.0, 10.0), (100.0, 20.0, 0.0), (50.0, 40.0, 10.0)], 2.0)
    'stalls 4  p50 40.0 ms  p99 100.0 ms  max 100.0 ms  stalled 100.0 ms/s = cpu 50.0 + core wait 10.0 + blocked 40.0'
    >>> stall_summary([], 1.0)
    'stalls 0  stalled 0.0 ms/s'
    """
    if not stalls:
        return "stalls 0  stalled 0.0 ms/s"
    ordered = sorted(ms for ms, _, _ in stalls)
    cpu, wait = (sum(stall[i] for stall in stalls) / window_s for i in (1, 2))
    total = sum(ordered) / window_s

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]

    middle = (ordered[(len(ordered) - 1) // 2] + ordered[len(ordered) // 2]) / 2
    return (f"stalls {len(ordered)}  p50 {middle:.1f} ms  p99 {at(0.99):.1f} ms  max {ordered[-1]:.1f} ms"
            f"  stalled {total:.1f} ms/s = cpu {cpu:.1f} + core wait {wait:.1f} + blocked {max(0.0, total - cpu - wait):.1f}")


def gc_summary(collections: list[tuple[int, float, float, int]], window_s: float) -> str:
    """One line: the garbage collector's passes per generation: a second, the longest (ms on the
    clock / of CPU), the CPU ms per second they took and the objects they freed per pass.

    >>> gc_summary([(0, 0.5, 0.5, 0), (2, 80.0, 40.0, 900), (0, 1.5, 1.0, 10), (1, 3.0, 3.0, 0)], 2.0)
    'gen0 1.0/s max 1.5/1.0 ms cpu 0.8 ms/s freed 5  gen1 0.5/s max 3.0/3.0 ms cpu 1.5 ms/s freed 0  gen2 0.5/s max 80.0/40.0 ms cpu 20.0 ms/s freed 900'
    """
    parts = []
    for generation in (0, 1, 2):
        passes = [(ms, cpu, freed) for g, ms, cpu, freed in collections if g == generation]
        longest = max((ms for ms, _, _ in passes), default=0.0)
        longest_cpu = max((cpu for _, cpu, _ in passes), default=0.0)
        freed = sum(f for _, _, f in passes) // max(1, len(passes))
        parts.append(f"gen{generation} {len(passes) / window_s:.1f}/s max {longest:.1f}/{longest_cpu:.1f} ms"
                     f" cpu {sum(cpu for _, cpu, _ in passes) / window_s:.1f} ms/s freed {freed}")
    return "  ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--step-s", type=float, default=10.0)
    parser.add_argument("--warmup-s", type=float, default=4.0)
    parser.add_argument("--stall-ms", type=float, default=20.0)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--under", default=str(REPO / "referee"))
    args = parser.parse_args(argv)
    run, seen = watched_step("bench._stall_serve", "TJ_STALLS_OUT", {"TJ_STALL_MS": str(args.stall_ms)},
                             args.players, args.step_s, args.warmup_s)
    stalls = [(float(ms), float(cpu), float(wait)) for ms, cpu, wait in seen["stalls"]]  # type: ignore[attr-defined]
    collections = [(int(g), float(ms), float(cpu), int(freed)) for g, ms, cpu, freed in seen["gc"]]  # type: ignore[attr-defined]
    own, total, n = tallies(seen["stacks"])  # type: ignore[arg-type]
    print(f"# {run.players} players, {len(run.samples_ms)} moves, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"# stalls of {args.stall_ms:g} ms or more: {stall_summary(stalls, args.step_s)}; {n} stalled samples")
    print(f"# garbage collector: {gc_summary(collections, args.step_s)}; objects tracked {seen['tracked']},"
          f" frozen {seen['frozen']}")
    if n:
        print_counts("self: what held the loop", own, n, args.top)
        print_counts(f"total: on the stalled stack (files under {args.under})", total, n, args.top, args.under)
    return 0


if __name__ == "__main__":
    sys.exit(main())
