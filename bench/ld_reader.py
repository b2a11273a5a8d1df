"""How the strong Liar's Dice bot fares against a reader that knows its policy (issue 27, point 2).

The reader (``bench/_ld_reader.py``) keeps the exact posterior over strong's cup from strong's
``policy`` and values each of its actions by the chance of winning the round, its raises against
strong's whole reply distribution. This script plays it heads-up against strong (5 dice each, the
`tavern` rules, dice from the committed dealer) and prints:

- the load average before and after;
- the games: the reader's and strong's win rates with Wilson 95 % intervals, illegal actions of
  both (the arena counts them), and the reader's decisions, with how many of strong's policy
  matrices it computed (and how many hand by hand: solved endgames, exploiting play);
- a *local best response* table per dice count: the share of the rounds at ``k`` v ``k`` dice
  (k = 5 … 1, from the same games, every round the reader played at that count) the reader won,
  with its Wilson interval, and ``2p − 1``, the reader's value in a ±1 round: a lower bound, up to
  sampling, of strong's exploitability at that dice count (where the reader opened as often as
  strong; in the games the loser of a round opens the next, so it is not exactly balanced).
  ``--per-dice N`` also plays N games at 1 … 4 dice each and counts only their first round (k v k,
  the opener alternating), a cleaner figure for the small counts.

Run: ``.venv/bin/python bench/ld_reader.py [--games 2000] [--seed 27] [--per-dice 0] [--depth 0]
[--width 6] [--workers 2] [--chunk 100]``: the games are played in chunks of ``--chunk`` games, chunk
``k`` on seed ``seed + k`` with fresh bots (strong's table memory spans a chunk), two workers taking
chunks as they come, and a running line is printed as each chunk of 5-dice games ends.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games.liars_dice.arena import Tally, play_arena, wilson  # noqa: E402
from referee.games.liars_dice.rules import Settings  # noqa: E402

READER = "bench._ld_reader:Reader"


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def share(job: tuple[int, int, int, int, int]) -> tuple[list[Tally], dict[Any, list[int]], dict[str, int]]:
    """One worker's games: ``(games, seed, dice, depth, width)`` → tallies, the reader's rounds, its stats."""
    games, seed, dice, depth, width = job
    from bench import _ld_reader     # the module the arena's reader comes from (not __main__)
    _ld_reader.ROUNDS.clear()
    _ld_reader.STATS.update(decisions=0, matrices=0, per_hand=0)
    _ld_reader.Reader.depth, _ld_reader.Reader.width = depth, width
    tallies = play_arena(["strong", READER], games, seed, Settings(dice_per_player=dice))
    return tallies, dict(_ld_reader.ROUNDS), {**_ld_reader.STATS, "games": games}


def play(games: int, seed: int, dice: int, args: argparse.Namespace, label: str = "") -> tuple[
        list[Tally], dict[Any, list[int]], dict[str, int]]:
    """``games`` games of ``dice`` dice in chunks of at most ``--chunk`` over the workers (chunk ``k`` on seed
    ``seed + k``, fresh bots: strong's table memory spans a chunk); their tallies, rounds and stats merged.
    With ``label`` a running line is printed as each chunk ends."""
    size = max(1, args.chunk)
    jobs = [(min(size, games - start), seed + k, dice, args.depth, args.width)
            for k, start in enumerate(range(0, games, size))]
    tallies: list[Tally] = []
    rounds: dict[Any, list[int]] = {}
    stats: dict[str, int] = {}
    with Pool(max(1, args.workers)) as pool:
        for part_tallies, part_rounds, part_stats in pool.imap_unordered(share, jobs, chunksize=1):
            tallies = [a.merge(b) for a, b in zip(tallies, part_tallies)] if tallies else list(part_tallies)
            for key, (won, played) in part_rounds.items():
                tally = rounds.setdefault(key, [0, 0])
                tally[0] += won
                tally[1] += played
            for key, value in part_stats.items():
                stats[key] = stats.get(key, 0) + value
            if label:
                done = stats.get("games", 0)
                diagonal = ", ".join(f"{k} v {k} {won / played:.1%} of {played}" for k, (won, played)
                                     in ((k, diagonal_rounds(rounds, k)) for k in range(5, 0, -1)) if played)
                print(f"  {label}: after {done} games the reader wins {rate(tallies[1].wins, done)}; rounds won: "
                      f"{diagonal} ({load_average()})", flush=True)
    return tallies, rounds, stats


def diagonal_rounds(rounds: dict[Any, list[int]], k: int) -> tuple[int, int]:
    """The reader's rounds won and played at ``k`` v ``k`` dice, first rounds of a game or not.

    >>> diagonal_rounds({(2, 2, True): [3, 4], (2, 2, False): [1, 2], (2, 1, False): [5, 5]}, 2)
    (4, 6)
    """
    cells = [tally for (a, b, _), tally in rounds.items() if a == b == k]
    return sum(won for won, _ in cells), sum(played for _, played in cells)


def rate(won: int, played: int) -> str:
    """A win rate with its Wilson 95 % interval.

    >>> rate(171, 200)
    '85.5% [80.0%, 89.7%]'
    """
    lo, hi = wilson(won, played)
    return f"{won / played:.1%} [{lo:.1%}, {hi:.1%}]" if played else "—"


def lbr_row(label: str, won: int, played: int) -> str:
    """One row of the local best response table.

    >>> lbr_row("5 v 5", 150, 200)
    '| 5 v 5 | 200 | 75.0% [68.6%, 80.5%] | +0.500 |'
    """
    value = f"{2 * won / played - 1:+.3f}" if played else "—"
    return f"| {label} | {played} | {rate(won, played)} | {value} |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="heads-up 5-dice games (default %(default)s)")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--per-dice", type=int, default=0, metavar="N",
                        help="also N games at each of 1-4 dice, their first round counted")
    parser.add_argument("--depth", type=int, default=0, help="the reader's own raises searched below the root's")
    parser.add_argument("--width", type=int, default=6, help="candidate raises per node")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=100, help="games per job (fresh bots each; default %(default)s)")
    args = parser.parse_args(argv)
    print(f"start: {load_average()}", flush=True)
    lbr = ["| dice | rounds | reader wins the round (95 % CI) | 2p - 1 |", "|---|---|---|---|"]
    for k in range(4, 0, -1) if args.per_dice else []:
        started = time.time()
        tallies, rounds, _ = play(args.per_dice, args.seed + 100 * k, k, args)
        won, played = rounds.get((k, k, True), [0, 0])
        illegal = sum(t.illegal_actions for t in tallies)
        lbr.append(lbr_row(f"{k} v {k}, first rounds of {args.per_dice} {k}-dice games", won, played)
                   + f"   illegal actions {illegal}, {time.time() - started:.0f} s")
        print(f"  {k} dice: {lbr[-1]}", flush=True)
    started = time.time()
    tallies, rounds, stats = play(args.games, args.seed, 5, args, "5 dice")
    strong, reader = tallies
    games = args.games
    print(f"reader v strong, heads-up, 5 dice, {games} games (seed {args.seed}, depth {args.depth}, "
          f"width {args.width}): {time.time() - started:.0f} s", flush=True)
    print(f"  reader wins {rate(reader.wins, games)}; strong wins {rate(strong.wins, games)}")
    print(f"  illegal actions: reader {reader.illegal_actions}, strong {strong.illegal_actions}; reader decisions "
          f"{stats.get('decisions', 0)}, strong's policy matrices {stats.get('matrices', 0)} "
          f"({stats.get('per_hand', 0)} hand by hand)")
    print("local best response: the reader's share of the rounds won at k v k dice, "
          "and 2p - 1 (its value in a ±1 round)")
    lbr[2:2] = [lbr_row(f"{k} v {k}, rounds of the 5-dice games", *diagonal_rounds(rounds, k)) for k in range(5, 0, -1)]
    print("\n".join(lbr))
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
