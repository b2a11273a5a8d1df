"""What remembering its whole last bid buys the strong bot's heads-up equilibrium, and what it costs (issue 27).

The shipped abstraction (``recall_cfr``) lets a player remember the face of its own last bid; ``"bid"``
memory keeps the whole bid. Three parts, each printing the load average before and after:

- ``speed``: seconds per CFR+ iteration of the solver as it was (``dense``: every memory at every
  standing bid, ``tests/bots/test_recall_solver.py``'s copy) and as it is (``walks``: only the memories
  and moves that can occur), per round and memory, each in a process of its own with one BLAS thread,
  and that process's peak RSS; ``--rss`` adds rounds solved (one iteration) only for their peak RSS.
- ``cost``: per round of ``make equilibria`` (all 50), the seconds of one iteration with ``"bid"``
  memory, × 400 iterations, summed per process (wild rounds in one, plain in the other): the wall time
  of ``make equilibria`` with ``"bid"`` memory everywhere; and what the files hold in memory at play
  time (``recall`` keeps each round's array of 255ths).
- ``reader``: per dice count ``k``, the reader of ``bench/ld_reader.py`` against strong in the first
  round of ``--games`` games of ``k`` dice each (wild ones), strong playing the round solved with
  ``"face"`` and with ``"bid"`` (each a copy of the shipped directory, ``--build``/face and /bid, the round
  solved again there with ``recall_build --memory`` unless it was shipped so; ``recall.use_directory``),
  the same seeds for both (the same deals): the reader's share of
  those rounds with Wilson 95 % intervals, and the difference with its 95 % interval (unpaired, so
  conservative).

Run: ``.venv/bin/python bench/ld_memory.py speed [--rounds 4v4-wild 5v5-wild] [--iterations 3]
[--rss 5v5-plain]``, ``… cost``, ``… reader [--dice 3 4] [--games 2000] [--workers 2] [--seed 99]
[--build DIR]``.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ld_reader import load_average, play, rate  # noqa: E402

ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
ITERATIONS = 400
"""What ``make equilibria`` runs per round."""


def parse(name: str) -> tuple[tuple[int, int], bool]:
    """A round's name as its dice and wild ones.

    >>> parse("5v4-wild")
    ((5, 4), True)
    """
    dice, kind = name.split("-")
    opener, other = dice.split("v")
    return (int(opener), int(other)), kind == "wild"


def one(name: str, memory: str, solver: str, iterations: int) -> dict[str, float]:
    """In this process: ``iterations`` timed CFR+ iterations (after one untimed) of round ``name``; seconds per
    iteration and peak RSS in MB."""
    import resource

    from referee.games.liars_dice.bots.recall_cfr import RecallSolver
    from referee.games.liars_dice.bots.roundgame import RoundGame
    kind: Any = RecallSolver
    if solver == "dense":
        from tests.bots.test_recall_solver import DenseSolver
        kind = DenseSolver
    dice, wild = parse(name)
    cfr = kind(RoundGame(dice, wild), memory)
    cfr.iterate()
    started = time.perf_counter()
    cfr.run(iterations)
    seconds = (time.perf_counter() - started) / max(1, iterations)
    return {"seconds": seconds, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def measured(name: str, memory: str, solver: str, iterations: int) -> dict[str, float]:
    """``one`` in a fresh process of one BLAS thread."""
    command = [sys.executable, __file__, "one", name, memory, solver, str(iterations)]
    done = subprocess.run(command, env=os.environ | ONE_THREAD, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


def speed(args: argparse.Namespace) -> None:
    print("| round | memory | solver | seconds per iteration | peak RSS |\n|---|---|---|---|---|", flush=True)
    for name in args.rounds:
        for memory in ("face", "bid"):
            for solver in ("dense", "walks"):
                found = measured(name, memory, solver, args.iterations)
                print(f"| {name} | {memory} | {solver} | {found['seconds']:.3f} | {found['rss_mb']:.0f} MB |", flush=True)
    for name in args.rss:
        found = measured(name, "bid", "walks", 0)
        print(f"| {name} | bid | walks (one iteration, for its RSS) | — | {found['rss_mb']:.0f} MB |", flush=True)


def resident(name: str, memory: str) -> int:
    """Bytes ``recall`` keeps for round ``name`` solved with ``memory`` (its unpacked array of 255ths)."""
    from referee.games.liars_dice.bots.recall_cfr import memory_of
    from referee.games.liars_dice.bots.roundgame import RoundGame
    dice, wild = parse(name)
    game = RoundGame(dice, wild)
    n, m = len(game.bids), int(memory_of(game, memory).max()) + 1
    sizes = [len(hands) for hands in game.hands]
    return sizes[0] * n + sum(sizes) * m * n * (n + 1)


def cost(args: argparse.Namespace) -> None:
    from referee.games.liars_dice.bots.recall_build import SPECS
    print("| round | seconds per iteration (bid) | × 400 | peak RSS | in memory at play: face → bid |\n"
          "|---|---|---|---|---|", flush=True)
    totals = {"wild": 0.0, "plain": 0.0}
    held = {"face": 0, "bid": 0}
    small = {"face": 0, "bid": 0}
    for spec in sorted(SPECS, key=lambda s: (sum(s.dice), s.name)):
        found = measured(spec.name, "bid", "walks", args.iterations)
        totals["wild" if spec.wild else "plain"] += found["seconds"] * ITERATIONS
        sizes = {memory: resident(spec.name, memory) for memory in ("face", "bid")}
        for memory in held:
            held[memory] += sizes[memory]
            small[memory] += sizes[memory] if max(spec.dice) <= 4 else 0
        print(f"| {spec.name} | {found['seconds']:.3f} | {found['seconds'] * ITERATIONS:.0f} s | {found['rss_mb']:.0f} MB "
              f"| {sizes['face'] / 1e6:.1f} → {sizes['bid'] / 1e6:.1f} MB |", flush=True)
    print(f"make equilibria with bid memory everywhere, solving alone: wild rounds {totals['wild'] / 60:.0f} min, "
          f"plain {totals['plain'] / 60:.0f} min; two processes: about {max(totals.values()) / 60:.0f} min of wall time")
    print(f"held at play time when every round has been played: face {held['face'] / 1e6:.0f} MB, "
          f"bid {held['bid'] / 1e6:.0f} MB; bid only up to 4 dice a side: {(held['face'] - small['face'] + small['bid']) / 1e6:.0f} MB")


def difference(won: tuple[int, int], other: tuple[int, int]) -> str:
    """``won``'s rate less ``other``'s, with a 95 % normal interval (two independent samples).

    >>> difference((1096, 2000), (1186, 2000))
    '-4.5 points [-7.6, -1.4]'
    >>> difference((1186, 2000), (1096, 2000))
    '+4.5 points [+1.4, +7.6]'
    """
    p, q = won[0] / won[1], other[0] / other[1]
    spread = 1.96 * math.sqrt(p * (1 - p) / won[1] + q * (1 - q) / other[1])
    return f"{100 * (p - q):+.1f} points [{100 * (p - q - spread):+.1f}, {100 * (p - q + spread):+.1f}]"


def built(out: Path, name: str, memory: str) -> Path:
    """``out / memory``: the shipped directory with round ``name`` solved again with ``memory`` unless it was
    shipped so (kept between runs)."""
    from referee.games.liars_dice.bots.recall import RECALL_DIR, memory_kind, use_directory
    out = out / memory
    if not (out / "manifest.json").exists():
        shutil.copytree(RECALL_DIR, out, ignore=shutil.ignore_patterns("*.lock"), dirs_exist_ok=True)
    use_directory(out)
    fresh = memory_kind(name) != memory
    use_directory(None)
    if fresh:
        started = time.time()
        command = [sys.executable, "-m", "referee.games.liars_dice.bots.recall_build", "--out", str(out),
                   "--only", name, "--memory", memory]
        subprocess.run(command, env=os.environ | ONE_THREAD, check=True)
        print(f"  solved {name} with {memory} memory in {time.time() - started:.0f} s", flush=True)
    return out


def reader(args: argparse.Namespace) -> None:
    import multiprocessing

    from referee.games.liars_dice.bots.recall import memory_kind, solved, use_directory
    assert multiprocessing.get_start_method() == "fork"       # the workers read the directory their parent set
    print("| k v k wild | strong remembers | first rounds | reader wins the round (95 % CI) | 2p - 1 | seconds |\n"
          "|---|---|---|---|---|---|", flush=True)
    for k in args.dice:
        name = f"{k}v{k}-wild"
        shares = {}
        for memory in ("face", "bid"):
            use_directory(built(args.build, name, memory))
            assert memory_kind(name) == memory and solved(name) is not None     # read once, before the workers fork
            started = time.time()
            tallies, rounds, _ = play(args.games, args.seed + 100 * k, k, args)
            won, played = rounds.get((k, k, True), [0, 0])
            assert played == args.games and not any(t.illegal_actions for t in tallies)
            shares[memory] = (won, played)
            print(f"| {k} v {k} | {memory} | {played} | {rate(won, played)} | {2 * won / played - 1:+.3f} "
                  f"| {time.time() - started:.0f} |", flush=True)
        use_directory(None)
        face, bid = shares["face"], shares["bid"]
        removed = 1 - (2 * bid[0] / bid[1] - 1) / (2 * face[0] / face[1] - 1) if face[0] * 2 > face[1] else math.nan
        print(f"  {k} v {k}: bid less face {difference(bid, face)}; of the reader's local best response "
              f"(2p - 1) bid removes {removed:.0%} ({load_average()})", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parts = parser.add_subparsers(dest="part", required=True)
    fast = parts.add_parser("speed")
    fast.add_argument("--rounds", nargs="+", default=["4v4-wild", "5v5-wild"])
    fast.add_argument("--iterations", type=int, default=3)
    fast.add_argument("--rss", nargs="*", default=["5v5-plain"])
    whole = parts.add_parser("cost")
    whole.add_argument("--iterations", type=int, default=1)
    games = parts.add_parser("reader")
    games.add_argument("--dice", type=int, nargs="+", default=[3, 4])
    games.add_argument("--games", type=int, default=2000)
    games.add_argument("--seed", type=int, default=99)
    games.add_argument("--workers", type=int, default=2)
    games.add_argument("--chunk", type=int, default=100)
    games.add_argument("--build", type=Path, default=Path("/tmp/recall-bid"))
    alone = parts.add_parser("one")
    for field in ("name", "memory", "solver", "iterations"):
        alone.add_argument(field)
    args = parser.parse_args(argv)
    if args.part == "one":
        print(json.dumps(one(args.name, args.memory, args.solver, int(args.iterations))))
        return 0
    args.depth, args.width = 0, 6                     # the reader of bench/ld_reader.py as it runs by default
    print(f"start: {load_average()}", flush=True)
    {"speed": speed, "cost": cost, "reader": reader}[args.part](args)
    print(f"end: {load_average()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
