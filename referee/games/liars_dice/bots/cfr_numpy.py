"""Vectorised CFR+ for heads-up rounds: every history of a level and every hand at once, in numpy.

``cfr_tree.Tree`` lays the bid tree out level by level. Regrets live on the edges: the row of
a node on level ``d + 1`` holds, per hand of the player who bid it, the regret of that bid;
``liar`` rows hold the regret of calling at a node. Each iteration updates the opener and then
the other (alternating CFR+: regrets floored at zero, the average strategy weighted by the
iteration's number). ``exploitability`` is exact (a best response over the whole tree).

>>> from referee.games.liars_dice.bots.roundgame import RoundGame
>>> solver = Solver(Tree(RoundGame((1, 1), wild=True)))
>>> solver.run(300)
>>> average = solver.average()
>>> round(solver.value(average), 3), solver.exploitability(average) < 0.005     # the game value is -7/327
(-0.021, True)
"""
from __future__ import annotations

import numpy as np

from referee.games.liars_dice.bots.cfr_tree import DTYPE, Tree, call_values, group_max, group_sum

Strategy = list[tuple[np.ndarray | None, np.ndarray | None]]
"""Per level ``d``: (probability of each node's bid on level ``d`` for its bidder, probability of a call at
level ``d``'s nodes for the player to act); None where the level has no such move."""


class Solver:
    """CFR+ regrets and average strategy sums for one tree."""

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        hands = [len(p) for p in tree.prior]
        levels = tree.levels
        self.edge: list[np.ndarray | None] = [None] + [
            np.zeros((len(lv.last), hands[(d - 1) % 2]), dtype=DTYPE) for d, lv in enumerate(levels) if d]
        self.liar: list[np.ndarray | None] = [None] + [
            np.zeros((len(lv.last), hands[d % 2]), dtype=DTYPE) for d, lv in enumerate(levels) if d]
        self.edge_sum = [None if e is None else np.zeros_like(e) for e in self.edge]
        self.liar_sum = [None if c is None else np.zeros_like(c) for c in self.liar]
        self.iterations = 0
        self.sigma = self.current()

    def run(self, iterations: int) -> None:
        """``iterations`` more rounds of alternating updates."""
        for _ in range(iterations):
            self.iterations += 1
            for player in (0, 1):
                self._update(player, float(self.iterations))
                self._refresh(player)

    def current(self) -> Strategy:
        """The strategy the regrets give now (regret matching)."""
        return normalised(self.tree, self.edge, self.liar)

    def _refresh(self, player: int) -> None:
        """Regret matching again at ``player``'s levels only (the other's regrets did not move)."""
        fresh = normalised(self.tree, self.edge, self.liar, player)
        for d in range(len(self.sigma)):
            bid, call = self.sigma[d]
            if (d - 1) % 2 == player:
                bid = fresh[d][0]
            if d % 2 == player:
                call = fresh[d][1]
            self.sigma[d] = (bid, call)

    def average(self) -> Strategy:
        """The average strategy, which approaches an equilibrium."""
        return normalised(self.tree, self.edge_sum, self.liar_sum)

    def _update(self, player: int, weight: float) -> None:
        tree, levels = self.tree, self.tree.levels
        sigma = self.sigma
        reach = forward(tree, sigma)
        child: np.ndarray | None = None
        for d in range(len(levels) - 1, -1, -1):
            level, actor = levels[d], d % 2
            edge_p, liar_p = sigma[d + 1][0] if d + 1 < len(levels) else None, sigma[d][1]
            if d:
                called = reach[1 - player][d] * (liar_p if actor != player else 1.0)
                liar_v = call_values(tree, d, called, player)
            else:
                liar_v = np.zeros((1, len(tree.prior[player])), dtype=DTYPE)
            if actor == player:
                value = (group_sum(edge_p * child, level) if child is not None else 0.0) + \
                    (liar_p * liar_v if liar_p is not None else 0.0)
                own = reach[player][d]
                if child is not None and edge_p is not None:
                    regret, total = self.edge[d + 1], self.edge_sum[d + 1]
                    assert regret is not None and total is not None
                    regret += child
                    regret -= level.spread(value)
                    np.maximum(regret, 0.0, out=regret)
                    total += level.spread(weight * own) * edge_p
                regret, total = self.liar[d], self.liar_sum[d]
                if d and liar_p is not None and regret is not None and total is not None:
                    regret += liar_v
                    regret -= value
                    np.maximum(regret, 0.0, out=regret)
                    total += (weight * own) * liar_p
            else:
                value = (group_sum(child, level) if child is not None else 0.0) + liar_v
            child = value

    def value(self, strategy: Strategy) -> float:
        """What the opener gets on average when both players play ``strategy``."""
        tree = self.tree
        reach = forward(tree, strategy)
        child: np.ndarray | None = None
        for d in range(len(tree.levels) - 1, -1, -1):
            level = tree.levels[d]
            value = group_sum(child * strategy[d + 1][0], level) if child is not None and d % 2 == 0 else \
                (group_sum(child, level) if child is not None else np.zeros((len(level.last), len(tree.prior[0])), dtype=DTYPE))
            if d:
                liar_p = strategy[d][1]
                called = reach[1][d] * (liar_p if d % 2 == 1 else 1.0)
                liar_v = call_values(tree, d, called, 0)
                value = value + (liar_v * liar_p if d % 2 == 0 else liar_v)
            child = value
        assert child is not None
        return float(child[0] @ tree.prior[0])

    def exploitability(self, strategy: Strategy) -> float:
        """The mean of what a best responder wins against ``strategy`` as the opener and as the other."""
        return (best_response(self.tree, strategy, 0) + best_response(self.tree, strategy, 1)) / 2


def normalised(tree: Tree, edge: list[np.ndarray | None], liar: list[np.ndarray | None],
               player: int | None = None) -> Strategy:
    """Per node and hand, the positive parts of ``edge`` (children) and ``liar`` scaled to sum to 1
    (uniform over the legal moves where they are all zero); only at ``player``'s levels if given."""
    levels = tree.levels
    out: Strategy = [(None, None) for _ in levels]
    for d, level in enumerate(levels):
        if player is not None and d % 2 != player:
            continue
        children = edge[d + 1] if d + 1 < len(levels) else None
        pos_edge = np.maximum(children, 0.0) if children is not None else None
        pos_liar = np.maximum(liar[d], 0.0) if liar[d] is not None else None
        hands = len(tree.prior[d % 2])
        total = np.zeros((len(level.last), hands), dtype=DTYPE)
        if pos_edge is not None:
            total += group_sum(pos_edge, level)
        if pos_liar is not None:
            total += pos_liar
        moves = (level.count + (1 if d else 0)).astype(DTYPE)[:, None]
        positive = total > 0
        scale = np.divide(1.0, total, out=np.zeros_like(total), where=positive)
        uniform = np.where(positive, 0.0, 1.0 / moves).astype(DTYPE)
        if pos_edge is not None:
            pos_edge *= level.spread(scale)
            pos_edge += level.spread(uniform)
            out[d + 1] = (pos_edge, out[d + 1][1])
        if pos_liar is not None:
            pos_liar *= scale
            pos_liar += uniform
            out[d] = (out[d][0], pos_liar)
    return out


def forward(tree: Tree, strategy: Strategy) -> list[list[np.ndarray]]:
    """Per player and level, the chance-weighted reach of every hand at every node."""
    reach = [[tree.prior[p][None, :]] for p in (0, 1)]
    for d in range(1, len(tree.levels)):
        bidder = (d - 1) % 2
        edge_p = strategy[d][0]
        assert edge_p is not None
        up = tree.levels[d - 1]
        reach[bidder].append(up.spread(reach[bidder][d - 1]) * edge_p)
        reach[1 - bidder].append(up.spread(reach[1 - bidder][d - 1]))
    return reach


def best_response(tree: Tree, strategy: Strategy, responder: int) -> float:
    """What ``responder`` gets (its own sign) best-responding to the other player's ``strategy`` (exact)."""
    fixed = 1 - responder
    reach = forward(tree, strategy)[fixed]
    child: np.ndarray | None = None
    for d in range(len(tree.levels) - 1, -1, -1):
        level, actor = tree.levels[d], d % 2
        liar_v = None
        if d:
            liar_p = strategy[d][1]
            called = reach[d] * liar_p if actor == fixed else reach[d]
            liar_v = call_values(tree, d, called, responder)
        if actor == responder:
            value = group_max(child, level, -np.inf) if child is not None else None
            value = liar_v if value is None else (value if liar_v is None else np.maximum(value, liar_v))
        else:
            value = group_sum(child, level) if child is not None else np.zeros((len(level.last), len(tree.prior[responder])), dtype=DTYPE)
            if liar_v is not None:
                value = value + liar_v
        child = value
    assert child is not None
    return float(child[0] @ tree.prior[responder])
