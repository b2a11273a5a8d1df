"""Decision time per level at a full table: 6 seats, p50 and p99 of ``act()`` in milliseconds.

Run: ``.venv/bin/python bench/decision_time.py [--games N] [--preset P] [--among LEVEL]`` (each level
plays itself six-handed under the preset, `tavern` by default: 5 dice; out-of-turn answers count
as decisions). ``--among binomial`` instead seats each level with five bots of that level and
times only its own decisions: the strong bot plays its exploiting play against opponents it
reads as plain (docs/bots.md), which it never does against itself.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.arena import percentile, play_arena  # noqa: E402
from referee.rules import PRESETS  # noqa: E402

LEVELS = ("random", "binomial", "easy", "medium", "strong")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--preset", choices=sorted(PRESETS), default="tavern")
    parser.add_argument("--among", choices=LEVELS, help="time each level among five bots of this level")
    args = parser.parse_args()
    settings = PRESETS[args.preset]
    print(f"{'level':<9} {'decisions':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for level in LEVELS:
        seats = [level] * 6 if args.among is None else [level] + [args.among] * 5
        tallies = play_arena(seats, args.games, seed=7, settings=settings)
        times = [ms for t in (tallies if args.among is None else tallies[:1]) for ms in t.decision_ms]
        print(f"{level:<9} {len(times):>9} {percentile(times, 50):>8.3f} {percentile(times, 99):>8.3f} {max(times):>8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
