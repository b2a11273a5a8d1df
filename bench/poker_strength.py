"""Poker-dice bot strength: arena matches between the levels, with win rates and 95 % intervals.

Run: ``.venv/bin/python bench/poker_strength.py [--quick] [--workers N] [--seed S]`` (each match
split in two halves with their own seeds, the halves merged). Dice come from the arena's seeded
RNG. The first matches set the ``equilibrium`` yardstick (the solved heads-up game, docs/bots.md)
and ``strong`` against bench/_poker_cfr.py's equilibrium, solved independently by CFR+ (cached
in var/bench-cache after its first solve, about five minutes); then the ladder's three targets
(strong ≥ 50 % v the CFR+ equilibrium, ≥ 60 % v medium, medium ≥ 60 % v easy) and each level
against the yardstick. Win rates with Wilson 95 % intervals; the load average before and after.
"""
from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games.liars_dice.arena import summarise  # noqa: E402
from referee.games.poker_bluff.arena import play_poker_arena  # noqa: E402
from referee.games.poker_bluff.rules import PokerSettings  # noqa: E402

from bench.poker_exploitability import load_average  # noqa: E402

MATCHES = [  # (bots, games, target for the first bot)
    (["equilibrium", "bench._poker_cfr:cfr_bot"], 2000, None),
    (["strong", "bench._poker_cfr:cfr_bot"], 2000, 0.5),
    (["strong", "medium"], 2000, 0.6),
    (["medium", "easy"], 2000, 0.6),
    (["strong", "easy"], 2000, None),
    (["strong", "equilibrium"], 2000, None),
    (["equilibrium", "medium"], 2000, None),
    (["equilibrium", "easy"], 2000, None),
    (["easy", "random"], 2000, None),
]


def half(job: tuple[list[str], int, int]) -> list:
    bots, games, seed = job
    return play_poker_arena(bots, games, seed, PokerSettings())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    jobs = []
    for index, (bots, games, _) in enumerate(MATCHES):
        n = games // scale // 2
        jobs += [(bots, n, args.seed + 10 * index), (bots, n, args.seed + 10 * index + 1)]
    print(f"start: {load_average()}", flush=True)
    started = time.time()
    with Pool(args.workers) as pool:
        halves = pool.map(half, jobs, chunksize=1)
    print(f"{'match':<40} {'games':>5}  {'first bot wins':>14}  {'95 % CI':>15}  target   p99 ms (first)  illegal")
    for index, (bots, games, target) in enumerate(MATCHES):
        merged = [x.merge(y) for x, y in zip(halves[2 * index], halves[2 * index + 1])]
        report = summarise(merged, games=2 * (games // scale // 2))
        first = report["bots"][0]
        lo, hi = first["ci95"]
        mark = "" if target is None else f"≥{target:.0%} {'ok' if first['win_rate'] >= target else 'MISSED'}"
        illegal = sum(b["illegal_actions"] for b in report["bots"])
        print(f"{' v '.join(bots):<40} {report['games']:>5}  {first['win_rate']:>14.1%}  [{lo:.1%}, {hi:.1%}]"
              f"  {mark:<9} {first['decision_ms']['p99']:>14.2f}  {illegal:>7}")
    print(f"total {time.time() - started:.0f} s on {args.workers} workers")
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
