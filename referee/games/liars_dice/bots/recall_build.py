"""Build the standing-bid equilibria the strong bot ships: solve, quantise, write gzip'd arrays and a manifest.

One command rebuilds every file (``make equilibria``: two processes of one thread each, the rounds
with wild ones and those without, about 1 h 30 min of two cores)::

    python -m referee.games.liars_dice.bots.recall_build --out referee/games/liars_dice/bots/recall/ [--only '*-wild']
        [--memory face|bid]

Each heads-up round from 1 v 1 to 5 v 5 dice (opener's v the other's), with wild ones and without,
is solved by ``recall_cfr``, each player remembering the whole of its own last bid (``MEMORY``; ``--memory face``
solves a round remembering only its face, for an experiment: the manifest records each round's kind and ``recall``
reads the round's file with it), and its average
strategy stored in 255ths: moves below ``FLOOR`` are dropped (``recall`` renormalises), and so are the
rows a player never reaches by its own shipped play (``pruned``). The manifest records each file's SHA-256, the iterations, the
opener's value in the abstraction and, where the whole round is small enough to walk (3 dice in
all), the exploitability of the shipped strategy in the real round (a perfect-recall best response).
Same inputs, same bytes: gzip without a timestamp, one BLAS thread.

>>> data, report = build(Spec((1, 1), True, iterations=300))
>>> report["exploitability"] < 0.04, len(data) < 4000
(True, True)
"""
from __future__ import annotations

import argparse
import fcntl
import fnmatch
import gzip
import hashlib
import io
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from referee.games.liars_dice.bots.base import LIAR
from referee.games.liars_dice.bots.endgame_build import Endgame as Spec
from referee.games.liars_dice.bots.recall_cfr import MEMORIES, RecallPolicy, RecallSolver, memory_of
from referee.games.liars_dice.bots.roundgame import RoundGame, best_response

FLOOR = 0.006
"""Moves the average strategy plays less often than this are dropped from the shipped file."""
SCALE = 255
"""Shipped probabilities are whole 255ths (one byte)."""
VERSION = 1
"""The format of the files (bump when it changes). A round to solve is a ``Spec``: the endgames' (dice, wild
ones or not, CFR+ iterations), never cut."""
WALKED = 3
"""Rounds with at most this many dice in all get an exact exploitability in the manifest."""


MEMORY = "bid"
"""What a player of the shipped rounds remembers of its own last bid (``recall_cfr.memory_of``): the whole bid.
Against the reader of ``bench/ld_reader.py`` it took the reader's share of the first rounds of 2,000 games
from 58.0 % (remembering the face) to 51.6 % at 3 v 3, from 58.8 % to 53.1 % at 4 v 4 and from 59.9 % to
56.4 % at 5 v 5 (bench/README.md, ``ld_memory.py``). A round's manifest entry may say otherwise (its
``"memory"``: an experiment's directory); the manifest's own is this default."""
SPECS = tuple(Spec((a, b), wild, 400) for wild in (True, False) for a in range(1, 6) for b in range(1, 6))
"""What ``make equilibria`` solves: 400 CFR+ iterations each (the 5 v 5 rounds take 19 minutes of one core
with wild ones and 31 without, and 2.4 and 3.6 GB; 4 v 4 4 and 7 minutes)."""


def quantised(policy: RecallPolicy) -> np.ndarray:
    """The opening, then the opener's and the other's nodes, flattened, in 255ths (``FLOOR`` dropped)."""
    parts = [policy.opening.ravel(), policy.nodes[0].ravel(), policy.nodes[1].ravel()]
    flat = np.concatenate(parts)
    return np.where(flat >= FLOOR, np.rint(flat * SCALE), 0).astype(np.uint8)


def pruned(solver: RecallSolver, flat: np.ndarray) -> np.ndarray:
    """``flat`` with the rows its own player never reaches by its own play zeroed (a hand that never bid a
    face of that memory, or never faces that bid): most of the file, which then compresses to little."""
    own = solver.reaches(as_shares(unpack(solver.game, flat, solver.kind)))[1]
    sizes = [len(h) for h in solver.game.hands]
    n, m = solver.n, solver.group.shape[1]
    out = flat.copy()
    start = sizes[0] * n
    for q in (0, 1):
        size = sizes[q] * m * n * (n + 1)
        rows = out[start:start + size].reshape(sizes[q], m, n, n + 1)
        rows[own[q].transpose(2, 1, 0) <= 0] = 0
        start += size
    return out


def exploitability(game: RoundGame, policy: RecallPolicy, memory_kind: str = MEMORY) -> float:
    """A strategy's exploitability in the real round: the mean of both best responses' values."""
    n, memory = len(game.bids), memory_of(game, memory_kind)

    def strategy(player: int, hand: int, history: tuple[int, ...]) -> dict:
        mine = memory[history[-2]] if len(history) > 1 else 0
        row = policy.opening[hand] if not history else policy.nodes[player][hand, mine, history[-1]]
        start = history[-1] + 1 if history else 0
        moves = {z: float(row[z]) for z in range(start, n) if row[z] > 0}
        if history and row[n] > 0:
            moves[LIAR] = float(row[n])
        return moves

    return (best_response(game, strategy, 0) + best_response(game, strategy, 1)) / 2


def unpack(game: RoundGame, flat: np.ndarray, memory: str = MEMORY) -> RecallPolicy:
    """The shipped array of a round solved with ``memory`` as a strategy of counts in 255ths (views of
    ``flat``, no copy; ``shares`` gives probabilities; a row its player never reaches is all zero)."""
    n, sizes = len(game.bids), [len(h) for h in game.hands]
    m = int(memory_of(game, memory).max()) + 1
    rest = flat[sizes[0] * n:]
    first = sizes[0] * m * n * (n + 1)
    return RecallPolicy(flat[:sizes[0] * n].reshape(sizes[0], n), (rest[:first].reshape(sizes[0], m, n, n + 1),
                                                                   rest[first:].reshape(sizes[1], m, n, n + 1)))


def shares(counts: np.ndarray) -> np.ndarray:
    """Rows of counts (last axis) as probabilities; an all-zero row stays zero.

    >>> (shares(np.array([[51, 204], [0, 0]], np.uint8)) * 10).round().tolist()
    [[2.0, 8.0], [0.0, 0.0]]
    """
    total = counts.sum(axis=-1, keepdims=True, dtype=np.float32)
    return counts.astype(np.float32) / np.where(total > 0, total, 1)


def as_shares(policy: RecallPolicy) -> RecallPolicy:
    """A shipped strategy of counts as probabilities throughout."""
    return RecallPolicy(shares(policy.opening), (shares(policy.nodes[0]), shares(policy.nodes[1])))


def build(spec: Spec, memory: str = MEMORY) -> tuple[bytes, dict[str, Any]]:
    """Solve one round, its players remembering ``memory`` of their own last bid: the file's bytes and its
    report."""
    started = time.time()
    game = RoundGame(spec.dice, spec.wild)
    solver = RecallSolver(game, memory)
    solver.run(spec.iterations)
    average = solver.average()
    flat = pruned(solver, quantised(average))
    buffer = io.BytesIO()
    np.save(buffer, flat, allow_pickle=False)
    data = gzip.compress(buffer.getvalue(), compresslevel=9, mtime=0)
    report: dict[str, Any] = {"iterations": spec.iterations, "bids": len(game.bids), "memory": memory,
                              "opener_value": round(solver.value(average), 5)}
    if sum(spec.dice) <= WALKED:
        policy = as_shares(unpack(game, flat, memory))
        report["exploitability"] = round(exploitability(game, policy, memory), 5) + 0.0   # never "-0.0"
    report["seconds"] = round(time.time() - started, 1)
    return data, report


def main(argv: Sequence[str] | None = None) -> int:
    """Solve the rounds (all, or ``--only NAME…``), write their files and the manifest."""
    parser = argparse.ArgumentParser(prog="python -m referee.games.liars_dice.bots.recall_build")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--only", default="*", help="a pattern of names such as 5v4-wild or '*-plain' (default: all)")
    parser.add_argument("--memory", choices=MEMORIES, default=MEMORY,
                        help="what a player remembers of its own last bid (default: %(default)s; recorded per round)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for spec in sorted(SPECS, key=lambda s: sum(s.dice)):
        if not fnmatch.fnmatch(spec.name, args.only):
            continue
        data, report = build(spec, args.memory)
        (args.out / f"{spec.name}.npy.gz").write_bytes(data)
        report |= {"file": f"{spec.name}.npy.gz", "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        print(spec.name, json.dumps(report, sort_keys=True), flush=True)
        del report["seconds"]
        record(args.out / "manifest.json", spec.name, report)
    return 0


def record(path: Path, name: str, report: dict[str, Any]) -> None:
    """Write round ``name``'s entry into the manifest at ``path``, keeping the others (the two builds of
    ``make equilibria`` share it: each holds a lock while it reads and rewrites it)."""
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        manifest = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"games": {}}
        manifest |= {"version": VERSION, "floor": FLOOR, "scale": SCALE, "memory": MEMORY,
                     "solver": "CFR+ over the standing-bid abstraction, referee/games/liars_dice/bots/recall_cfr.py"}
        manifest["games"][name] = report
        path.write_text(json.dumps(manifest, sort_keys=True, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
