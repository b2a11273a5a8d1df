"""Equilibrium play for heads-up rounds up to 5 v 5 dice, read from the solved files in ``recall/``.

``recall_build`` writes one gzip'd array per round (``"5v4-wild.npy.gz"``: the opener's dice v the
other's, wild ones or not) and ``manifest.json`` with each file's SHA-256. A player of that
abstraction remembers its hand, whether it opened, the standing bid and the whole of its own last bid
(``recall_cfr``; the round's manifest entry says what, ``"memory"``, and the round is read with it); its
move is a row of the array. A file is read the first time a round of its kind comes up, checked against
the manifest, and kept as its nonzero counts only (``SparsePolicy``: a row plays 1.1 moves on average;
a process that has met all 50 rounds holds 115 MB more for them, 258 MB at the peak while 5 v 5
without wild ones is read, which takes up to half a second); a decision turns the rows it reads into
probabilities (0.1 ms for every hand's row at 5 v 5). ``use_directory`` reads another build instead (an
experiment's). The files are solved for the orders and calls of ``endgame.solved_rules`` (the `tavern`
order, with or without wild ones, no spot on, no palifico); elsewhere ``recall_policy`` gives None, and so does
``recall_moves`` at a row the file leaves empty (one the bot's own shipped play never reaches, e.g.
after a solved endgame's move).

>>> from referee.games.liars_dice.bots.situation import Situation
>>> view = {"seat": 0, "dice": [6, 6, 6], "dice_counts": {"0": 3, "1": 3}, "total_dice": 6, "turn": 0,
...         "seats_in_game": [0, 1], "bids": [{"seat": 1, "quantity": 6, "face": 2}], "palifico": False,
...         "callers": [0], "can_call": True, "can_spot_on": False, "rules": {"wild_ones": True}}
>>> moves, rows = recall_policy(Situation.from_view(view))     # every hand of 3 dice facing "six twos"
>>> moves[-1], rows.shape, round(float(rows[hand_index(3, [6, 6, 6]), -1]), 2)   # 4 raises, Liar: 666 calls
('liar', (56, 5), 1.0)
"""
from __future__ import annotations

import gzip
import hashlib
import io
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from referee.blocking import run_blocking
from referee.games.liars_dice.bots.balance import hand_index
from referee.games.liars_dice.bots.base import LIAR, Move, normalise
from referee.games.liars_dice.bots.endgame import solved_rules
from referee.games.liars_dice.bots.recall_build import MEMORY, shares, unpack
from referee.games.liars_dice.bots.recall_cfr import RecallPolicy, memory_of
from referee.games.liars_dice.bots.roundgame import RoundGame
from referee.games.liars_dice.bots.situation import Situation

RECALL_DIR = Path(__file__).with_name("recall")
"""The shipped files."""
_READ_FROM = [RECALL_DIR]


@dataclass(frozen=True)
class SparsePolicy:
    """A shipped strategy (counts in 255ths) kept as its nonzero counts: per actor, the rows of its nodes in
    ``(hand, memory, standing bid)`` order, row ``r``'s played moves being ``moves[starts[r]:starts[r + 1]]``
    with ``counts`` beside them; the opening whole. ``facing`` gives what ``RecallPolicy.facing`` gives.

    >>> nodes = np.zeros((2, 1, 2, 3), np.uint8); nodes[1, 0, 0] = [0, 51, 204]
    >>> sparse = SparsePolicy.of(RecallPolicy(np.ones((2, 2), np.uint8), (nodes, nodes)))
    >>> sparse.facing(0, 0, 0).tolist(), sparse.moves[0].tolist(), sparse.starts[0].tolist()
    ([[0, 0], [51, 204]], [1, 2], [0, 0, 0, 2, 2])
    """

    opening: np.ndarray
    shapes: tuple[tuple[int, ...], tuple[int, ...]]
    starts: tuple[np.ndarray, np.ndarray]
    moves: tuple[np.ndarray, np.ndarray]
    counts: tuple[np.ndarray, np.ndarray]

    @classmethod
    def of(cls, policy: RecallPolicy) -> SparsePolicy:
        """The nonzero counts of ``policy`` (its arrays are not kept)."""
        parts = []
        for nodes in policy.nodes:
            rows = nodes.reshape(-1, nodes.shape[-1])
            row, move = np.nonzero(rows)                      # row by row, moves in order
            starts = np.zeros(len(rows) + 1, np.int32)
            np.cumsum(np.bincount(row, minlength=len(rows)), out=starts[1:])
            parts.append((nodes.shape, starts, move.astype(np.uint8), rows[row, move]))
        shapes, starts, moves, counts = zip(*parts)
        return cls(policy.opening.copy(), shapes, starts, moves, counts)

    def facing(self, actor: int, memory: int, bid: int) -> np.ndarray:
        """Per hand of ``actor`` remembering ``memory``, facing bid index ``bid``: the counts of bids
        ``bid + 1 …`` then Liar."""
        hands, memories, bids, width = self.shapes[actor]
        rows = (np.arange(hands) * memories + memory) * bids + bid
        first = self.starts[actor][rows]
        lengths = self.starts[actor][rows + 1] - first
        ends = np.cumsum(lengths)
        at = np.arange(int(ends[-1])) + np.repeat(first - (ends - lengths), lengths)
        out = np.zeros((hands, width), np.uint8)
        out[np.repeat(np.arange(hands), lengths), self.moves[actor][at]] = self.counts[actor][at]
        return out[:, bid + 1:]


class CorruptEquilibrium(Exception):
    """A solved file does not match its manifest (rebuild it: ``make equilibria``)."""


def use_directory(path: Path | None) -> None:
    """From now on, in this process, read the equilibria from ``path`` (a directory ``recall_build --out``
    wrote, e.g. an experiment's: ``bench/ld_memory.py``), or from the shipped ``RECALL_DIR`` (None)."""
    _READ_FROM[0] = RECALL_DIR if path is None else Path(path)
    manifest.cache_clear()
    solved.cache_clear()


@lru_cache(maxsize=1)
def manifest() -> dict[str, Any]:
    """``recall/manifest.json``: per round its file, SHA-256, memory, iterations and figures."""
    data: dict[str, Any] = json.loads((_READ_FROM[0] / "manifest.json").read_text(encoding="utf-8"))
    return data


def memory_kind(name: str) -> str:
    """What the players of round ``name`` remember of their own last bid (``MEMORY``, the whole bid, unless
    its entry says)."""
    kind: str = manifest()["games"][name].get("memory", MEMORY)
    return kind


@lru_cache(maxsize=None)
def _game(dice: tuple[int, int], wild: bool, kind: str) -> tuple[RoundGame, dict[tuple[int, int], int], np.ndarray]:
    """The round's game, each bid's index, and what each bid leaves its bidder to remember (``kind``)."""
    game = RoundGame(dice, wild)
    return game, {bid: k for k, bid in enumerate(game.bids)}, memory_of(game, kind)


@lru_cache(maxsize=None)
def solved(name: str) -> SparsePolicy | None:
    """The strategy of round ``name`` (``"5v4-wild"``) in 255ths, read once; None if none is shipped. The
    file is read through ``referee.blocking`` (a server reads it in a native thread, its tables playing on)."""
    entry = manifest()["games"].get(name)
    if entry is None:
        return None
    opener, other = name.split("-")[0].split("v")
    kind = memory_kind(name)
    game = _game((int(opener), int(other)), name.endswith("-wild"), kind)[0]
    path, digest = _READ_FROM[0] / entry["file"], entry["sha256"]
    return run_blocking(lambda: _read(path, digest, game, kind))


def _read(path: Path, digest: str, game: RoundGame, kind: str) -> SparsePolicy:
    """The file at ``path``, checked against its SHA-256 ``digest``, as ``game``'s strategy remembering ``kind``."""
    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != digest:
        raise CorruptEquilibrium(f"{path.name} does not match {path.parent / 'manifest.json'}")
    flat = np.load(gzip.GzipFile(fileobj=io.BytesIO(data)), allow_pickle=False)      # one copy of the whole array
    return SparsePolicy.of(unpack(game, flat, kind))


def round_value(opener_dice: int, other_dice: int, wild: bool) -> float | None:
    """The opener's value (±1 a round) of the equilibrium of that round, None where no file covers it.

    >>> round(round_value(1, 1, True), 2)      # one die each: the opener loses a little more often
    -0.02
    """
    entry = manifest()["games"].get(f"{opener_dice}v{other_dice}-{'wild' if wild else 'plain'}")
    return None if entry is None else float(entry["opener_value"])


def recall_policy(seen: Situation) -> tuple[list[Move], np.ndarray] | None:
    """For the player to act heads-up: its moves and, per hand of its dice count (``hands_of`` order),
    their probabilities; None where no equilibrium file covers the round."""
    if len(seen.in_game) != 2 or not seen.to_act or not solved_rules(seen):
        return None
    opener_dice = seen.counts[seen.bids[0][0]] if seen.bids else len(seen.dice)
    dice = (opener_dice, seen.total - opener_dice)
    name = f"{dice[0]}v{dice[1]}-{'wild' if seen.wild else 'plain'}"
    policy = solved(name)
    if policy is None:
        return None
    game, index, memory = _game(dice, seen.wild, memory_kind(name))
    if not seen.bids:
        return list(game.bids), shares(policy.opening)
    actor = len(seen.bids) % 2
    if dice[actor] != len(seen.dice):
        return None
    standing = index[seen.bids[-1][1]]
    mine = int(memory[index[seen.bids[-2][1]]]) if len(seen.bids) > 1 else 0
    moves: list[Move] = [*game.bids[standing + 1:], LIAR]
    return moves, shares(policy.facing(actor, mine, standing))


def recall_moves(seen: Situation) -> list[tuple[Move, float]] | None:
    """The equilibrium distribution of the player to act, or None where no file covers the round."""
    found = recall_policy(seen)
    if found is None:
        return None
    moves, rows = found
    row = rows[hand_index(len(seen.dice), seen.dice)]
    if not row.any():             # a row the bot's own shipped play never reaches (it came by another play)
        return None
    return normalise({m: float(p) for m, p in zip(moves, row.tolist()) if p > 0})
