"""A best-response estimate of the strong Liar's Dice bot at 3 seats with few dice (issue 27, point 3).

One round of a 3-seat game under the `tavern` rules (RULES.md A1: seat 0 opens, a raise is a
higher quantity or the same quantity on a higher face, ones wild, no bids on ones, only the next
player may call, the loser of the call loses a die), with ``a-b-c`` dice at seats 0, 1, 2.
Two seats play a fresh strong bot (no reveals seen, so its ``policy(view)`` is a function of the
view alone: asked for every hand it may hold, once per position). The third seat, in turn each of
the three, is a best responder that knows both policies exactly and, per hand and history, takes
the action that minimises its chance of losing the round's die (payoff −1 for the lost die, 0
otherwise). Beside it, the chance that strong loses in that same seat (all three seats strong,
the same walk with strong's policy in place of the minimum). The difference is what a best
responder gains over strong in that seat: the best-response estimate of strong's exploitability
at 3 seats for those dice (0 for a policy no single seat can improve on).

Strong actions below ``--floor`` (per hand) are pruned without renormalising, and their mass is
printed: the best responder's exact loss chance lies between the printed figure and the figure
plus its pruned mass (``_ld_three_seats``). Each figure is the mean over the focal seat's hands.

Run: ``.venv/bin/python bench/ld_three_seats.py [--dice 1-1-1 1-1-2 1-2-1 2-1-1] [--floor 1e-4]
[--budget SECONDS]``. It prints the load average before and after; the timings are this machine's
at that load. Two dice at every seat (2-2-2) is out of reach of one core in minutes: the strong
bots mix over many raises, and the tree has hundreds of thousands of positions.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._ld_three_seats import FLOOR, SEATS, ThreeSeatRound  # noqa: E402
from bench.exploitability import OutOfTime, load_average  # noqa: E402

DICE = ("1-1-1", "1-1-2", "1-2-1", "2-1-1")
"""The dice at seats 0, 1, 2 (seat 0 opens)."""
PLACE = {0: "opens", 1: "second", 2: "third"}


def parse_dice(text: str) -> tuple[int, int, int]:
    """``"1-1-2"`` as the dice of seats 0, 1, 2.

    >>> parse_dice("1-1-2")
    (1, 1, 2)
    """
    dice = tuple(int(d) for d in text.split("-"))
    if len(dice) != SEATS or min(dice) < 1:
        raise argparse.ArgumentTypeError(f"three dice counts of at least 1, as 1-1-2: {text!r}")
    return dice  # type: ignore[return-value]


def figures(game: ThreeSeatRound) -> dict:
    """Every seat's chance of losing with all three seats strong (``strong``, and the mass pruned), and
    for each best-responding seat every seat's chance of losing (``best``, ``best_pruned``), with the
    seconds each walk took."""
    started = time.time()
    lost, pruned = game.walk(0, best=False)
    out = {"strong": lost.T @ game.prior(0), "strong_pruned": float(pruned @ game.prior(0)),
           "strong_seconds": time.time() - started, "best": [], "best_pruned": [], "best_seconds": []}
    for seat in range(SEATS):
        started = time.time()
        lost, pruned = game.walk(seat, best=True)
        out["best"].append(lost.T @ game.prior(seat))
        out["best_pruned"].append(float(pruned @ game.prior(seat)))
        out["best_seconds"].append(time.time() - started)
    out["positions"], out["policies"] = game.stats["positions"], len(game._plays)
    return out


def report(name: str, found: dict) -> list[str]:
    """The table rows of one dice count: per best-responding seat, its loss chance beside strong's there."""
    strong = found["strong"]
    lines = [f"| {name} | all strong | " + " / ".join(f"{x:.4f}" for x in strong)
             + f" | sum {strong.sum():.6f} + pruned {found['strong_pruned']:.2e} | {found['strong_seconds']:.1f} |"]
    gaps = []
    for seat in range(SEATS):
        best = found["best"][seat]
        gap = strong[seat] - best[seat]
        gaps.append(gap)
        others = " / ".join(f"{x:.4f}" if s != seat else "BR" for s, x in enumerate(best))
        lines.append(f"| {name} | BR in seat {seat} ({PLACE[seat]}) | BR loses **{best[seat]:.4f}**, strong there "
                     f"{strong[seat]:.4f}: gap **{gap:+.4f}**; the others {others} | sum {best.sum():.6f} + pruned "
                     f"{found['best_pruned'][seat]:.2e} | {found['best_seconds'][seat]:.1f} |")
    lines.append(f"| {name} | mean gap over the 3 seats | **{sum(gaps) / SEATS:+.4f}** | {found['positions']} positions"
                 f" walked, {found['policies']} strong positions asked | {found['strong_seconds'] + sum(found['best_seconds']):.1f} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dice", nargs="+", type=parse_dice, default=[parse_dice(d) for d in DICE],
                        help="dice at seats 0-1-2, seat 0 opening (default %(default)s)")
    parser.add_argument("--floor", type=float, default=FLOOR, help="strong actions below this are pruned")
    parser.add_argument("--budget", type=float, default=1200, help="seconds per dice count before giving up")
    args = parser.parse_args(argv)
    began = time.time()
    print(f"start: {load_average()}")
    print("exact best response in one 3-seat tavern round (seat 0 opens, only the next player may call), against two"
          f" fresh strong bots; strong actions below {args.floor:g} per hand pruned; figures: chance of losing the"
          " round's die", flush=True)
    print("| dice 0-1-2 | seat | chance of losing it (seats 0 / 1 / 2) | probability check | seconds |")
    print("|---|---|---|---|---|")
    for dice in args.dice:
        name = "-".join(map(str, dice))
        game = ThreeSeatRound(dice, args.floor, deadline=time.time() + args.budget)
        try:
            found = figures(game)
        except OutOfTime:
            print(f"| {name} | out of time | >{args.budget:.0f} s: {game.stats['positions']} positions walked, "
                  f"{len(game._plays)} strong positions asked | | |", flush=True)
            continue
        print("\n".join(report(name, found)), flush=True)
    print(f"took {time.time() - began:.1f} s")
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
