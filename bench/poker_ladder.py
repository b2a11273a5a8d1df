"""The poker-dice ladder computed exactly: each pair's chance of winning a round and a game.

Every level plays tables that read only the public state and its own cup (docs/bots.md), so the
chance that one beats another is computed exactly, state by state from the top declaration down
(``referee.games.poker_bluff.bots.duel``), with no dice rolled: the arena's figures
(bench/poker_strength.py) are samples of these. A game is 3 tokens each, the first round's
starter drawn evenly. ``strong@F`` is the mix strong plays once it has recorded an opponent
doubting ``F`` times as often as the equilibrium: 0.5 is what it learns of medium, 0.25 of easy
(they doubt 0.5 and 0.3 times as often); ``cfr`` is bench/_poker_cfr.py's equilibrium.

Run: ``.venv/bin/python bench/poker_ladder.py`` (about ten seconds a pair). It prints the load
average before and after.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.poker_exploitability import load_average, policy_of  # noqa: E402
from referee.games.poker_bluff.bots.duel import duel  # noqa: E402

PAIRS = [
    ("equilibrium", "medium"), ("strong@0.5", "medium"), ("medium", "easy"),
    ("equilibrium", "easy"), ("strong@0.25", "easy"), ("strong@0.5", "equilibrium"), ("equilibrium", "cfr"),
    ("strong@0.5", "cfr"), ("strong@1.5", "cfr"),
]


def main() -> int:
    print(f"start: {load_average()}", flush=True)
    print(f"{'pair':<28} {'round, starting':>15} {'round, answering':>16} {'game':>7} {'seconds':>8}")
    for first, second in PAIRS:
        started = time.process_time()
        report = duel(policy_of(first), policy_of(second))
        starting, answering = report.round_chances()
        print(f"{first + ' v ' + second:<28} {starting:>15.4f} {answering:>16.4f} {report.game_chance():>7.4f}"
              f" {time.process_time() - started:>8.1f}", flush=True)
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
