"""Bot strength: arena matches between the levels and the yardsticks, with win rates and 95 % intervals.

Run: ``.venv/bin/python bench/strength.py [--quick] [--first strong] [--only 6]`` (two worker processes; each
match is split in two halves with their own seeds, and the halves merged; ``--only N`` keeps the matches of
``N`` seats). The targets are issue 27's (strong heads-up against medium and the binomial yardstick, and
at 4 seats against three yardsticks) and the earlier issues' for the other levels; the 6-seat matches
(strong against five medium, five binomial, and a mixed table) have none: they are published in
docs/bots.md. The load average is printed before and after.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games.liars_dice.arena import play_arena, summarise  # noqa: E402
from referee.games.liars_dice.rules import Settings  # noqa: E402

MATCHES = [  # (bots, games, target for the first bot)
    (["strong", "medium"], 2000, 0.95),
    (["medium", "easy"], 2000, 0.65),
    (["easy", "random"], 2000, 0.80),
    (["strong", "binomial"], 2000, 0.90),
    (["medium", "binomial"], 2000, None),
    (["strong", "medium", "medium", "medium"], 1000, 0.40),
    (["strong", "binomial", "binomial", "binomial"], 1000, 0.85),
    (["strong"] + ["medium"] * 5, 1000, None),
    (["strong"] + ["binomial"] * 5, 1000, None),
    (["strong", "medium", "binomial", "easy", "medium", "binomial"], 1000, None),
]


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def half(job):
    bots, games, seed = job
    settings = Settings(dice_per_player=5, max_players=max(6, len(bots)))
    return play_arena(bots, games, seed, settings)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--first", help="only the matches whose first bot is this one (e.g. strong)")
    parser.add_argument("--only", type=int, help="only the matches of this many seats")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    jobs = []
    chosen = [i for i, (bots, _, _) in enumerate(MATCHES)
              if args.first in (None, bots[0]) and args.only in (None, len(bots))]
    print(f"start: {load_average()}", flush=True)
    for index in chosen:
        bots, games, _ = MATCHES[index]
        n = games // scale // 2
        jobs += [(bots, n, args.seed + 10 * index), (bots, n, args.seed + 10 * index + 1)]
    started = time.time()
    with Pool(2) as pool:
        halves = pool.map(half, jobs, chunksize=1)
    print(f"{'match':<40} {'games':>5}  {'first bot wins':>14}  {'95 % CI':>15}  target   p99 ms (first)")
    for k, index in enumerate(chosen):
        bots, games, target = MATCHES[index]
        a, b = halves[2 * k], halves[2 * k + 1]
        merged = [x.merge(y) for x, y in zip(a, b)]
        report = summarise(merged, games=2 * (games // scale // 2))
        first = report["bots"][0]
        lo, hi = first["ci95"]
        mark = "" if target is None else f"≥{target:.0%} {'ok' if first['win_rate'] >= target else 'MISSED'}"
        print(f"{' v '.join(bots):<40} {report['games']:>5}  {first['win_rate']:>14.1%}  [{lo:.1%}, {hi:.1%}]"
              f"  {mark:<9} {first['decision_ms']['p99']:.2f}")
    print(f"total {time.time() - started:.0f} s on 2 workers; end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
