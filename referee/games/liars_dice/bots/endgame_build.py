"""Build the solved endgames the strong bot ships: solve, prune, quantise, write gzip'd JSON and a manifest.

One command rebuilds every file (``make endgames``)::

    python -m referee.games.liars_dice.bots.endgame_build --out referee/games/liars_dice/bots/endgames/

Each endgame is solved by the vectorised CFR+ of ``cfr_numpy``. The bot needs its strategy only
where it can be: at every (hand, bids) it reaches by following the shipped strategy while the
other player bids anything. Moves below ``FLOOR`` are dropped, the rest kept in thousandths
(``endgame`` renormalises). The manifest records each file's SHA-256, the iterations and the
exploitability of the shipped (pruned, quantised) strategy, measured exactly. Same inputs, same
bytes: keys sorted, gzip without a timestamp.

>>> spec = Endgame((1, 1), True, iterations=200)
>>> table, report = solve(spec)
>>> table["6|2x6"], report["exploitability"] < 0.005     # a six against "two sixes": call
({'liar': 1000}, True)
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from referee.games.liars_dice.bots.base import LIAR
from referee.games.liars_dice.bots.cfr_numpy import Solver, Strategy, best_response
from referee.games.liars_dice.bots.cfr_tree import DTYPE, Tree, group_sum
from referee.games.liars_dice.bots.roundgame import RoundGame

FLOOR = 0.003
"""Moves the average strategy plays less often than this are dropped from the shipped table."""
SCALE = 1000
"""Shipped probabilities are integers out of this."""
VERSION = 1
"""The format of the files (bump when it changes)."""


@dataclass(frozen=True)
class Endgame:
    """One endgame to solve: dice (opener, other), wild ones or not, CFR+ iterations, an optional depth cap."""

    dice: tuple[int, int]
    wild: bool
    iterations: int
    max_depth: int | None = None

    @property
    def name(self) -> str:
        """The file's stem, e.g. ``"2v1-wild"``."""
        return f"{self.dice[0]}v{self.dice[1]}-{'wild' if self.wild else 'plain'}"


ENDGAMES = (Endgame((1, 1), True, 1000), Endgame((1, 1), False, 1000), Endgame((2, 1), True, 300),
            Endgame((1, 2), True, 300), Endgame((2, 1), False, 200), Endgame((1, 2), False, 200),
            Endgame((2, 2), True, 100, max_depth=6), Endgame((2, 2), False, 150, max_depth=6))
"""What ``make endgames`` solves, with the iterations that reach the exploitability in the manifest.

2 v 2 is cut at 6 bids, with wild ones or without (the sixth bid must be called): the whole trees
(1 M histories with wild ones, 16.7 M without) take hours of this shared machine, the cut ones a
few minutes (190 051 histories without wild ones: 61 s of CPU, 316 MB). Past the cut the bot has no
entry and plays its posterior play; ``bench/exploitability.py`` measures the whole round."""


Counts = list[list[np.ndarray | None]]
"""Per level, like a ``Strategy``: [the bids' weights, the calls' weights], whole thousandths."""


def shipped(tree: Tree, average: Strategy) -> tuple[Strategy, Counts]:
    """``average`` with the moves below ``FLOOR`` dropped, in whole thousandths (the counts the file
    stores), and the strategy those counts give (renormalised)."""
    levels = tree.levels
    counts: Counts = [[None, None] for _ in levels]
    for d, (bid, call) in enumerate(average):
        for k, p in enumerate((bid, call)):
            if p is not None:
                counts[d][k] = np.where(p >= FLOOR, np.rint(p * SCALE), 0.0).astype(DTYPE)
    out: Strategy = [(None, None) for _ in levels]
    for d, level in enumerate(levels):
        children = counts[d + 1][0] if d + 1 < len(levels) else None
        total = np.zeros((len(level.last), len(tree.prior[d % 2])), dtype=DTYPE)
        if children is not None:
            total += group_sum(children, level)
        if counts[d][1] is not None:
            total += counts[d][1]
        total = np.where(total > 0, total, 1.0).astype(DTYPE)
        if children is not None:
            out[d + 1] = (children / level.spread(total), out[d + 1][1])
        call = counts[d][1]
        if call is not None:
            out[d] = (out[d][0], call / total)
    return out, counts


def own_reach(tree: Tree, strategy: Strategy, player: int) -> list[np.ndarray]:
    """Per level, whether ``player`` reaches each (node, hand) by its own play (the other bids anything)."""
    reach = [np.ones((1, len(tree.prior[player])), dtype=DTYPE)]
    for d in range(1, len(tree.levels)):
        up = tree.levels[d - 1].spread(reach[d - 1])
        edge = strategy[d][0]
        reach.append(up * edge if (d - 1) % 2 == player and edge is not None else up)
    return reach


def table_of(tree: Tree, strategy: Strategy, counts: Counts) -> dict[str, dict[str, int]]:
    """``{"<hand>|<bids>": {"<move>": thousandths}}`` at every (hand, bids) the player to act reaches
    (not on the level of a cut tree's cut, where the solve forced a call that the real game does not)."""
    game, levels = tree.game, tree.levels
    names = [f"{q}x{f}" for q, f in game.bids]
    hands = ["".join(map(str, hand)) for hand, _ in game.hands[0]], ["".join(map(str, hand)) for hand, _ in game.hands[1]]
    reach = [own_reach(tree, strategy, p) for p in (0, 1)]
    table: dict[str, dict[str, int]] = {}
    for d, level in enumerate(levels[:-1] if tree.capped else levels):
        player = d % 2
        bid = counts[d + 1][0] if d + 1 < len(levels) else None
        call = counts[d][1]
        nodes, rows = np.nonzero(reach[player][d] > 0)
        for node, hand in zip(nodes.tolist(), rows.tolist()):
            history = ",".join(names[b] for b in tree.history(d, node))
            moves: dict[str, int] = {}
            if bid is not None:
                start, count = int(level.start[node]), int(level.count[node])
                column = bid[start:start + count, hand]
                for k in np.nonzero(column > 0)[0].tolist():
                    moves[names[int(levels[d + 1].last[start + k])]] = int(column[k])
            if call is not None and call[node, hand] > 0:
                moves[LIAR] = int(call[node, hand])
            table[hands[player][hand] + "|" + history] = moves
    return table


def solve(spec: Endgame) -> tuple[dict[str, dict[str, int]], dict[str, Any]]:
    """Solve one endgame: its shipped table and a report (iterations, value, exploitability, seconds)."""
    started = time.time()
    tree = Tree(RoundGame(spec.dice, spec.wild), spec.max_depth)
    solver = Solver(tree)
    solver.run(spec.iterations)
    average = solver.average()
    ship, counts = shipped(tree, average)
    gap = (best_response(tree, ship, 0) + best_response(tree, ship, 1)) / 2
    report = {"iterations": spec.iterations, "max_depth": spec.max_depth, "histories": tree.nodes,
              "opener_value": round(solver.value(average), 5), "exploitability": round(gap, 5)}
    table = table_of(tree, ship, counts)
    report |= {"information_sets": len(table), "seconds": round(time.time() - started, 1)}
    return table, report


def encode(spec: Endgame, table: dict[str, dict[str, int]]) -> bytes:
    """The file's bytes: gzip'd, key-sorted JSON with no timestamp, so a rebuild gives the same bytes."""
    text = json.dumps({"version": VERSION, "game": spec.name, "scale": SCALE, "table": table},
                      sort_keys=True, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def record(path: Path, name: str, report: dict[str, Any]) -> None:
    """Write endgame ``name``'s entry into the manifest at ``path``, keeping the other entries."""
    manifest = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"games": {}}
    manifest |= {"version": VERSION, "solver": "CFR+ (alternating, linear averaging), referee/games/liars_dice/bots/cfr_numpy.py",
                 "floor": FLOOR, "scale": SCALE}
    manifest["games"][name] = report
    path.write_text(json.dumps(manifest, sort_keys=True, indent=1) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Solve the endgames (all, or ``--only NAME…``), write their files and update the manifest."""
    parser = argparse.ArgumentParser(prog="python -m referee.games.liars_dice.bots.endgame_build")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--only", nargs="*", default=None, help="names such as 2v1-wild (default: every endgame)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for spec in ENDGAMES:
        if args.only is not None and spec.name not in args.only:
            continue
        table, report = solve(spec)
        data = encode(spec, table)
        (args.out / f"{spec.name}.json.gz").write_bytes(data)
        report |= {"file": f"{spec.name}.json.gz", "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        print(spec.name, json.dumps(report, sort_keys=True), flush=True)
        del report["seconds"]
        record(args.out / "manifest.json", spec.name, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
