"""What every family's arena shares: the line-up, the tallies, the strength report and its command line.

``referee arena --game F`` runs family F's arena (``referee.games.liars_dice.arena`` for Liar's Dice,
``referee.games.poker_bluff.arena`` for poker-dice); each plays its games its own way and hands back one
``Tally`` per entrant, and this module turns the tallies into the one report every family prints
(``arena_report``): ``{"game", "games", "bots": [{"name", "wins", "win_rate", "ci95",
"decision_ms": {"p50", "p99"}, "illegal_actions"}]}``, as JSON (``--json``) or as a table
(``format_report``). Every arena takes the same arguments (``arena_parser``): one ``--bot`` per
entrant, ``--games``, ``--seed``, ``--json``, ``--audit-out DIR`` (every game's audit export,
which ``referee verify`` checks) and ``--key FILE`` (the key that signs them).

>>> report = arena_report("poker_bluff", [Tally("easy", 2, 0, [0.5]), Tally("random", 0, 1, [0.25])], games=2)
>>> sorted(report), sorted(report["bots"][0])
(['bots', 'game', 'games'], ['ci95', 'decision_ms', 'illegal_actions', 'name', 'win_rate', 'wins'])
>>> print(format_report(report))
2 games of poker_bluff
#    bot      wins  win rate  95 % CI          p50 ms   p99 ms  illegal
1    easy        2   100.0%  [ 34.2%, 100.0%]    0.50     0.50        0
2    random      0     0.0%  [  0.0%,  65.8%]    0.25     0.25        1
"""
from __future__ import annotations

import argparse
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.fairness.keys import Signer, load_or_create_signing_key


@dataclass
class Tally:
    """Raw results of one entrant (one ``--bot``) over an arena run; ``decision_ms`` counts every
    answer, the player to act's and (Liar's Dice) the out-of-turn ones."""

    name: str
    wins: int = 0
    illegal_actions: int = 0
    decision_ms: list[float] = field(default_factory=list)

    def merge(self, other: "Tally") -> "Tally":
        """The tally of both runs together (for runs split over processes)."""
        return Tally(self.name, self.wins + other.wins, self.illegal_actions + other.illegal_actions,
                     self.decision_ms + other.decision_ms)


def seating(entrants: int, game: int) -> list[int]:
    """Which entrant sits in each seat for game ``game`` (0-based): the line-up turns by one every game.

    Every entrant sits in every seat (and opens, or holds the button) once per ``entrants`` games;
    the order round the table stays the same.

    >>> [seating(3, g) for g in range(3)]
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    return [(seat + game) % entrants for seat in range(entrants)]


def summarise(tallies: Sequence[Tally], games: int) -> dict[str, Any]:
    """The scores of an arena run: wins, win rate with its Wilson 95 % interval, decision times, faults."""
    return {"games": games, "bots": [{
        "name": t.name, "wins": t.wins, "win_rate": round(t.wins / games, 4) if games else 0.0,
        "ci95": [round(x, 4) for x in wilson(t.wins, games)],
        "decision_ms": {"p50": round(percentile(t.decision_ms, 50), 3), "p99": round(percentile(t.decision_ms, 99), 3)},
        "illegal_actions": t.illegal_actions,
    } for t in tallies]}


def arena_report(game: str, tallies: Sequence[Tally], games: int) -> dict[str, Any]:
    """The report of an arena run of family ``game``: ``summarise``'s scores, named by their family."""
    return {"game": game, **summarise(tallies, games)}


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(65, 100)]
    [0.553, 0.736]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile; 0 for no values.

    >>> percentile([5, 1, 3, 2, 4], 50), percentile(range(1, 101), 99)
    (3, 99)
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(pct / 100 * len(ordered)) - 1)]


def format_report(report: Mapping[str, Any]) -> str:
    """The report as a readable table (its first line names the family when the report does)."""
    family = f" of {report['game']}" if "game" in report else ""
    lines = [f"{report['games']} games{family}",
             "#    bot      wins  win rate  95 % CI          p50 ms   p99 ms  illegal"]
    for index, bot in enumerate(report["bots"], 1):
        lo, hi = bot["ci95"]
        lines.append(f"{index:<4} {bot['name']:<8} {bot['wins']:>4}  {bot['win_rate']:>7.1%}  [{lo:>6.1%}, {hi:>6.1%}]"
                     f"  {bot['decision_ms']['p50']:>6.2f}  {bot['decision_ms']['p99']:>7.2f}  {bot['illegal_actions']:>7}")
    return "\n".join(lines)


def arena_parser(game: str, description: str, bots: str) -> argparse.ArgumentParser:
    """The parser of ``referee arena --game <game>`` with the arguments every arena takes; the
    family adds its own rules' arguments. ``bots``: the ``--bot`` names it takes, for ``--help``."""
    parser = argparse.ArgumentParser(prog=f"referee arena --game {game}", description=description)
    parser.add_argument("--bot", action="append", required=True, help=f"{bots} or module:attr (one per entrant)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--audit-out", metavar="DIR",
                        help="write every game's audit export to DIR/game-0001.json, … (check with `referee verify`)")
    parser.add_argument("--key", metavar="FILE",
                        help="sign the exports with this Ed25519 key file (created if absent); default: a key derived from --seed")
    return parser


def parse_arena(parser: argparse.ArgumentParser, argv: Sequence[str]) -> tuple[argparse.Namespace, Signer | None]:
    """The arguments of ``argv`` (at least two ``--bot``, else exit 2) and the ``--key`` signer (None: the seed's)."""
    args = parser.parse_args(list(argv))
    if len(args.bot) < 2:
        parser.error("an arena needs at least two --bot")
    if args.games < 0:
        parser.error("--games takes a number of 0 or more")
    return args, (load_or_create_signing_key(args.key) if args.key else None)


def print_report(report: Mapping[str, Any], as_json: bool) -> int:
    """Print ``report`` (JSON, or the table); the command's exit status, 0."""
    print(json.dumps(report, indent=2) if as_json else format_report(report))
    return 0
