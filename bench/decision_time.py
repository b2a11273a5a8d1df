"""Decision time per level at a full table: 6 seats, p50 and p99 of ``act()`` in milliseconds.

Run: ``.venv/bin/python bench/decision_time.py [--games N] [--preset P] [--among LEVEL]`` (each level
plays itself six-handed under the preset, `tavern` by default: 5 dice; out-of-turn answers count
as decisions). ``--among binomial`` instead seats each level with five bots of that level and
times only its own decisions: the strong bot plays its exploiting play against opponents it
reads as plain (docs/bots.md), which it never does against itself.

``--game poker_bluff`` times the poker-dice levels heads-up instead: each against ``medium``
(the strong bot's exploiting mix comes into play against it), only the first bot's decisions.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games.liars_dice.arena import percentile, play_arena  # noqa: E402
from referee.games.poker_bluff.arena import play_poker_arena  # noqa: E402
from referee.games.liars_dice.rules import PRESETS  # noqa: E402
from referee.games.poker_bluff.rules import PokerSettings  # noqa: E402

from bench.poker_exploitability import load_average  # noqa: E402

LEVELS = ("random", "binomial", "easy", "medium", "strong")
POKER_LEVELS = ("random", "easy", "medium", "strong", "equilibrium")


def poker(games: int) -> None:
    """Each poker-dice level heads-up against medium: its own decisions' p50, p99 and max, and its
    p50 and p99 as ratios of the equilibrium yardstick's (the same machine, the same run)."""
    print(f"start: {load_average()}")
    rows = {}
    for level in POKER_LEVELS:
        times = play_poker_arena([level, "medium"], games, seed=7, settings=PokerSettings())[0].decision_ms
        rows[level] = (len(times), percentile(times, 50), percentile(times, 99), max(times))
    yardstick = rows["equilibrium"]
    print(f"{'level':<12} {'decisions':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'p50 / eq':>9} {'p99 / eq':>9}")
    for level, (count, p50, p99, top) in rows.items():
        print(f"{level:<12} {count:>9} {p50:>8.3f} {p99:>8.3f} {top:>8.3f} {p50 / yardstick[1]:>9.2f}"
              f" {p99 / yardstick[2]:>9.2f}")
    print(f"end: {load_average()}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--preset", choices=sorted(PRESETS), default="tavern")
    parser.add_argument("--among", choices=LEVELS, help="time each level among five bots of this level")
    parser.add_argument("--game", choices=["liars_dice", "poker_bluff"], default="liars_dice")
    args = parser.parse_args()
    if args.game == "poker_bluff":
        poker(args.games * 5)
        return 0
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
