"""The bid tree of one heads-up round as numpy arrays, level by level, for the vectorised CFR+ solver.

A history with ``d`` bids lies on level ``d``; the player to act there is ``d % 2``. Level
``d + 1`` lists the children of level ``d``'s nodes in order, so the children of one node are
contiguous: ``parent`` points up, ``last`` is the bid that made the node, ``start``/``count``
on a level give where its nodes' children begin on the next level and how many there are.
``payoff[d][b]`` is, for a call on level ``d`` of bid ``b``, the (opener's hands × other's
hands) matrix of what the opener gets. ``max_depth`` caps the tree (an abstraction): on the
last level the only move is Liar.

>>> from referee.games.liars_dice.bots.roundgame import RoundGame
>>> tree = Tree(RoundGame((1, 1), wild=True))
>>> [len(level.last) for level in tree.levels][:4], tree.nodes     # 10 bids: every subset is a history
([1, 10, 45, 120], 1024)
>>> tree.history(2, 0), tree.history(2, 44)
((0, 1), (8, 9))
>>> Tree(RoundGame((1, 1), wild=True), max_depth=2).nodes
56
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from referee.games.liars_dice.bots.roundgame import History, RoundGame

DTYPE = np.float32
"""Reaches, regrets and values: single precision halves the memory and the time of a solve."""


@dataclass
class Level:
    """The nodes of one level: the index of each one's parent, its last bid, where its children start."""

    parent: np.ndarray
    last: np.ndarray
    start: np.ndarray
    count: np.ndarray

    def __post_init__(self) -> None:
        self.inner = self.count > 0
        self.inner_start = self.start[self.inner]
        self.order = np.argsort(self.last, kind="stable")
        self.bounds = np.searchsorted(self.last[self.order], np.arange(self.last.max() + 2))

    def spread(self, values: np.ndarray) -> np.ndarray:
        """Each node's row of ``values`` repeated for each of its children (the next level, in order)."""
        return np.repeat(values, self.count, axis=0)


class Tree:
    """Every history of ``game`` (up to ``max_depth`` bids), level by level, and the call payoffs."""

    def __init__(self, game: RoundGame, max_depth: int | None = None) -> None:
        self.game = game
        bids = len(game.bids)
        depth = bids if max_depth is None else min(max_depth, bids)
        self.capped = depth < bids
        """True when the last level is a cut (only Liar there), not the game's own end."""
        self.levels: list[Level] = []
        parent, last = np.array([-1], dtype=np.int64), np.array([-1], dtype=np.int64)
        for d in range(depth + 1):
            count = (bids - 1 - last) if d < depth else np.zeros_like(last)
            start = np.concatenate(([0], np.cumsum(count)[:-1])).astype(np.int64)
            self.levels.append(Level(parent, last, start, count))
            if d == depth or not count.any():
                break
            total = int(count.sum())
            parent = np.repeat(np.arange(len(last), dtype=np.int64), count)
            last = np.repeat(last + 1, count) + (np.arange(total, dtype=np.int64) - np.repeat(start, count))
        self.nodes = sum(len(level.last) for level in self.levels)
        self.prior = [np.array([w for _, w in hands], dtype=DTYPE) for hands in game.hands]
        self.payoff = [self._payoff(caller) for caller in (0, 1)]

    def _payoff(self, caller: int) -> np.ndarray:
        """``[bid, opener's hand, other's hand]``: the opener's payoff when ``caller`` calls that bid."""
        game = self.game
        counts = [np.array(c, dtype=np.int64) for c in game.counts]      # [hand, bid]
        quantity = np.array([q for q, _ in game.bids], dtype=np.int64)
        true = (counts[0].T[:, :, None] + counts[1].T[:, None, :]) >= quantity[:, None, None]
        return np.where(true, game.loser_value[caller], game.loser_value[1 - caller])

    def history(self, depth: int, node: int) -> History:
        """The bids (indices) leading to ``node`` on level ``depth``."""
        bids = []
        for d in range(depth, 0, -1):
            bids.append(int(self.levels[d].last[node]))
            node = int(self.levels[d].parent[node])
        return tuple(reversed(bids))


def group_sum(values: np.ndarray, level: Level) -> np.ndarray:
    """Per node of ``level``: the sum of its children's rows in ``values`` (zero for a leaf).

    >>> lvl = Level(np.zeros(3, dtype=np.int64), np.zeros(3, dtype=np.int64), np.array([0, 2, 2]), np.array([2, 0, 1]))
    >>> group_sum(np.array([[1.0], [2.0], [5.0]]), lvl).ravel().tolist()
    [3.0, 0.0, 5.0]
    """
    out = np.zeros((len(level.count),) + values.shape[1:], dtype=values.dtype)
    if len(level.inner_start):
        out[level.inner] = np.add.reduceat(values, level.inner_start, axis=0)
    return out


def group_max(values: np.ndarray, level: Level, empty: float) -> np.ndarray:
    """Per node of ``level``: the row-wise maximum over its children's rows (``empty`` for a leaf)."""
    out = np.full((len(level.count),) + values.shape[1:], empty, dtype=values.dtype)
    if len(level.inner_start):
        out[level.inner] = np.maximum.reduceat(values, level.inner_start, axis=0)
    return out


def call_values(tree: Tree, depth: int, other_reach: np.ndarray, player: int) -> np.ndarray:
    """What ``player``'s hands get (their own sign) when the player to act on level ``depth`` calls there.

    ``other_reach`` holds, per node of the level, the other player's chance-weighted reach per hand.
    """
    level = tree.levels[depth]
    caller = depth % 2
    sign = 1.0 if player == 0 else -1.0
    out = np.zeros((len(level.last), len(tree.prior[player])), dtype=other_reach.dtype)
    for bid in range(max(0, int(level.last.min())), len(level.bounds) - 1):
        rows = level.order[level.bounds[bid]:level.bounds[bid + 1]]
        if len(rows) == 0:
            continue
        matrix = tree.payoff[caller][bid]                                  # [opener's hand, other's hand]
        mine = sign * (matrix.T if player == 0 else matrix)                  # [other's hand, player's hand]
        out[rows] = other_reach[rows] @ mine.astype(other_reach.dtype)
    return out
