"""Build the shipped poker-dice equilibrium: ``make poker-equilibrium``.

    .venv/bin/python -m referee.games.poker_bluff.bots.equilibrium_build [--out PATH]

Solves every public state (``equilibrium.solve``: one linear programme per state, HiGHS's dual
simplex, one thread; about three minutes of one core on the project's machine), checks the
result with the exact best response to the very tables it writes (``best_response``), and
writes them (``solved.save``) only when their exploitability is at most ``LIMIT``. It prints
the value of the first holder's seat, the exploitability and the file's size. The same SciPy
gives the same file byte for byte (tests/bots/test_poker_equilibrium.py re-solves the top
levels and compares them with the shipped file).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from referee.games.poker_bluff.bots.best_response import best_response
from referee.games.poker_bluff.bots.equilibrium import solve
from referee.games.poker_bluff.bots.solved import FILE, Equilibrium, save

LIMIT = 0.001
"""The largest exploitability (in round-win chance, averaged over the two seats) the build accepts."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=FILE, help=f"where to write the tables (default {FILE})")
    args = parser.parse_args(argv)
    started = time.process_time()
    solution = solve()
    draft = args.out.with_suffix(".draft.npz")
    save(solution, draft)
    report = best_response(Equilibrium(draft))
    print(f"{len(solution.states)} states solved in {time.process_time() - started:.0f} s of CPU; the first holder's"
          f" seat is worth {solution.value[-1][()]:.6f}; exploitability of the written tables"
          f" {report.exploitability:.2e}")
    if report.exploitability > LIMIT:
        draft.unlink()
        print(f"not written: the exploitability is above {LIMIT}", file=sys.stderr)
        return 1
    draft.replace(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
