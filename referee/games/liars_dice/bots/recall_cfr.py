"""CFR+ for a heads-up round in which each player remembers the standing bid and the face of its own last bid.

The whole bid history of a round with 5 v 5 dice has 2^50 branches. The abstraction, after
Neller and Hnath's fixed-strategy-iteration CFR for Dudo, keeps only a little of it: a player
knows its hand, whether it opened, the standing bid ``j`` and what it remembers of its own last
bid (``memory_of``: its face, or nothing). The round becomes a graph of about ``2 N M`` nodes
(``N`` bids, ``M`` memories), each node's moves being every higher bid and Liar; a raise to ``z``
from a node facing ``j`` leads to the other player facing ``z`` remembering bid ``j``, its own.

- **Values.** What a node is worth does not depend on how it was reached (the future sees only the
  standing bid and the memories), so one backward sweep gives every node's value matrix: the
  opener's payoff per pair of hands.
- **Reaches.** Regrets are weighted as in CFR for imperfect recall: by the other player's reach of
  its hands, summed over every path into the node, the actor's own moves counted as taken (the
  counterfactual reach); the average strategy by the actor's own reach, the other's moves counted
  as taken. Both are vectors, one forward sweep.
- Each iteration is one CFR+ step for both players (regrets floored at zero, the average weighted by
  the iteration's number).

Layout: ``after[q][:, z, m]`` is the node where the other player faces bid ``z`` remembering ``m``,
seen from ``q``'s raise into it: ``(q's hands, the other's hands)``.

>>> from referee.games.liars_dice.bots.roundgame import RoundGame
>>> solver = RecallSolver(RoundGame((1, 1), wild=True))
>>> solver.run(400)
>>> policy = solver.average()
>>> six = [hand for hand, _ in solver.game.hands[1]].index((6,))
>>> round(float(policy.facing(1, 0, solver.game.bids.index((2, 6)))[six, -1]), 2)  # a six facing "two sixes": call
1.0
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from referee.games.liars_dice.bots.roundgame import RoundGame

DTYPE = np.float32
MEMORIES = ("none", "face", "bid")
"""What a player remembers of its own last bid besides the standing bid: nothing, its face, or the whole bid
(shipped: about N/6 times the nodes of remembering the face; bench/README.md measures what it buys)."""


@dataclass
class RecallPolicy:
    """A strategy of the abstraction: ``opening`` per opener hand over the bids; ``nodes[p]`` per hand of
    player ``p``, memory ``m`` (``memory_of``) and standing bid ``j``, a row over the bids (zero at and
    below ``j``) then Liar."""

    opening: np.ndarray
    nodes: tuple[np.ndarray, np.ndarray]

    def facing(self, actor: int, memory: int, bid: int) -> np.ndarray:
        """Per hand of ``actor`` remembering ``memory``, facing bid index ``bid``: the probabilities of bids
        ``bid + 1 …`` then Liar."""
        return self.nodes[actor][:, memory, bid, bid + 1:]


def memory_of(game: RoundGame, kind: str) -> np.ndarray:
    """Per bid index, what the player who made it remembers of it when it next acts (0 is kept for "no
    bid of mine yet"): ``"none"`` remembers nothing, ``"face"`` its face, ``"bid"`` the bid.

    >>> memory_of(RoundGame((1, 1), wild=True), "face").tolist()
    [1, 2, 3, 4, 5, 1, 2, 3, 4, 5]
    """
    if kind == "none":
        return np.zeros(len(game.bids), np.intp)
    if kind == "bid":
        return np.arange(1, len(game.bids) + 1)
    faces = sorted({f for _, f in game.bids})
    return np.array([1 + faces.index(f) for _, f in game.bids], np.intp)


def normalised(sums: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """Each row of ``sums`` (last axis) as probabilities; uniform over the ``legal`` moves where it is empty."""
    positive = np.maximum(sums, 0)
    total = positive.sum(axis=-1, keepdims=True)
    uniform = np.broadcast_to(legal / legal.sum(axis=-1, keepdims=True), sums.shape)
    return np.where(total > 0, positive / np.where(total > 0, total, 1), uniform).astype(DTYPE)


class RecallSolver:
    """CFR+ over the standing-bid abstraction of one heads-up round (``RoundGame``).

    Only what can occur is walked: facing bid ``j`` a player remembering its whole last bid (``"bid"``)
    remembers one below ``j`` or none (``seen[j] = j + 1`` memories) and has the moves above ``j``
    (``low[j] = j + 1``); the rows of the other memories stay zero. With ``"face"`` or ``"none"`` every
    memory can occur and the rows are walked whole (``seen[j] = m``, ``low[j] = 0``)."""

    def __init__(self, game: RoundGame, memory: str = "bid") -> None:
        self.game = game
        n = len(game.bids)
        self.n = n
        self.kind = memory
        self.memory = memory_of(game, memory)
        m = int(self.memory.max()) + 1
        self.seen = [j + 1 if memory == "bid" else m for j in range(n)]
        self.low = [j + 1 if memory == "bid" else 0 for j in range(n)]
        self.group = np.zeros((n, m))                     # one-hot: bid j → the memory it leaves its bidder
        self.group[np.arange(n), self.memory] = 1
        self.weights = [np.array([w for _, w in hands]) for hands in game.hands]
        counts = [np.array(c, dtype=np.int16) for c in game.counts]       # (hands, bids)
        quantity = np.array([q for q, _ in game.bids], dtype=np.int16)
        true = counts[0][:, None, :] + counts[1][None, :, :] >= quantity      # (h0, h1, bids)
        lose = game.loser_value
        # the opener's payoff when player p calls bid j (the caller loses a true bid, the bidder a false
        # one), as (p's hands, bids, the other's hands)
        self.call = (np.where(true, lose[0], lose[1]).astype(DTYPE).transpose(0, 2, 1).copy(),
                     np.where(true, lose[1], lose[0]).astype(DTYPE).transpose(1, 2, 0).copy())
        self.legal = np.zeros((m, n, n + 1), DTYPE)
        self.legal[:, :, n] = 1
        self.legal[:, :, :n] = np.triu(np.ones((n, n), DTYPE), 1)
        sizes = [len(h) for h in game.hands]
        self.regret_open = np.zeros((sizes[0], n), DTYPE)
        self.sum_open = np.zeros((sizes[0], n))
        self.regrets = tuple(np.zeros((size, m, n, n + 1), DTYPE) for size in sizes)
        self.sums = tuple(np.zeros((size, m, n, n + 1)) for size in sizes)
        self.iterations = 0

    def blocks(self) -> list[tuple[int, int, int]]:
        """Per standing bid ``j``: ``(j, memories that can occur, first move walked)``."""
        return list(zip(range(self.n), self.seen, self.low))

    def strategy(self, tables: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """Regret matching (``normalised``) of both players' tables, block by block; rows that cannot
        occur stay zero."""
        out = tuple(np.zeros(table.shape, DTYPE) for table in tables)
        for j, c, lo in self.blocks():
            for q in (0, 1):
                out[q][:, :c, j, lo:] = normalised(tables[q][:, :c, j, lo:], self.legal[:c, j, lo:])
        return out[0], out[1]

    def current(self) -> RecallPolicy:
        """The strategy regret matching gives now."""
        return RecallPolicy(normalised(self.regret_open, np.ones(self.n, DTYPE)), self.strategy(self.regrets))

    def average(self) -> RecallPolicy:
        """The average strategy (what is shipped)."""
        return RecallPolicy(normalised(self.sum_open, np.ones(self.n)), self.strategy(self.sums))

    def reaches(self, policy: RecallPolicy) -> tuple[list[np.ndarray], list[np.ndarray]]:
        """Per node of each player, ``(standing bid, memory, hands)``: the other's counterfactual reach of its
        hands, and the actor's own reach of its hands (module docstring)."""
        n, m = self.n, self.group.shape[1]
        sizes = [len(self.weights[0]), len(self.weights[1])]
        other = [np.zeros((n, m, sizes[1 - q])) for q in (0, 1)]
        own = [np.zeros((n, m, sizes[q])) for q in (0, 1)]
        for z in range(n):
            c = self.seen[z]
            for actor in (0, 1):                 # the nodes where ``actor`` faces bid z, made by the other
                bidder = 1 - actor
                if z:
                    # per earlier standing bid j: the bidder's own reach there times its chance of bidding z,
                    # summed over its memories, grouped by what bid j leaves the actor to remember
                    b = self.seen[z - 1]
                    chances = policy.nodes[bidder][:, :b, :z, z].transpose(2, 1, 0)          # (j, memory, bidder's)
                    other[actor][z, :c] = self.group[:z, :c].T @ (own[bidder][:z, :b] * chances).sum(axis=1)
                    own[actor][z, :c] = self.group[:z, :c].T @ other[bidder][:z, :b].sum(axis=1)
                if actor == 1:                    # the opening: the other has no bid of its own yet
                    other[actor][z, 0] += policy.opening[:, z]
                    own[actor][z, 0] += 1.0
        return other, own

    def values(self, policy: RecallPolicy) -> tuple[np.ndarray, np.ndarray]:
        """The opener's payoff for every pair of hands at every node, laid out ``after`` (module docstring)."""
        n, m = self.n, self.group.shape[1]
        h0, h1 = len(self.weights[0]), len(self.weights[1])
        after = (np.zeros((h0, n, m, h1), DTYPE), np.zeros((h1, n, m, h0), DTYPE))
        for j, c, _ in reversed(self.blocks()):
            for actor in (0, 1):
                sigma = policy.nodes[actor][:, :c, j, :]                      # (actor's, memory, moves)
                here = self.call[actor][:, None, j, :] * sigma[:, :, -1:]
                if j + 1 < n:                     # a raise to z: the other faces z remembering bid j
                    here += np.matmul(sigma[:, :, j + 1:n], after[actor][:, j + 1:, self.memory[j], :])
                after[1 - actor][:, j, :c] = here.transpose(2, 1, 0)
        return after

    def iterate(self) -> None:
        """One CFR+ step for both players."""
        policy = self.current()
        other, own = self.reaches(policy)
        after = self.values(policy)
        self.iterations += 1
        t = self.iterations
        n = self.n
        for actor, sign in ((0, 1.0), (1, -1.0)):
            reach = (other[actor] * self.weights[1 - actor]).astype(DTYPE)   # (standing, memory, other's)
            scale = sign * self.weights[actor][:, None, None].astype(DTYPE)
            for j, c, lo in self.blocks():
                weight = reach[j, :c].T                                   # (other's, memory)
                moves = np.empty((len(self.weights[actor]), c, n + 1 - lo), DTYPE)   # (actor's, memory, moves)
                moves[:, :, :n - lo] = np.matmul(after[actor][:, lo:, self.memory[j], :], weight).transpose(0, 2, 1)
                moves[:, :, n - lo] = self.call[actor][:, j, :] @ weight
                moves *= scale
                sigma = policy.nodes[actor][:, :c, j, lo:]
                node = (moves * sigma).sum(axis=2, keepdims=True)
                regrets = self.regrets[actor][:, :c, j, lo:]
                regrets[:] = np.maximum(regrets + (moves - node) * self.legal[:c, j, lo:], 0)
                mine = own[actor][j, :c].T[..., None] * self.weights[actor][:, None, None]
                self.sums[actor][:, :c, j, lo:] += t * mine * sigma
        chance = np.outer(self.weights[0], self.weights[1]).astype(DTYPE)
        moves = np.einsum("hzo,ho->hz", after[0][:, :, 0, :], chance)    # the opening: (h0, bids)
        node = (moves * policy.opening).sum(axis=1, keepdims=True)
        self.regret_open = np.maximum(self.regret_open + moves - node, 0)
        self.sum_open += t * self.weights[0][:, None] * policy.opening

    def run(self, iterations: int) -> None:
        """``iterations`` CFR+ steps."""
        for _ in range(iterations):
            self.iterate()

    def value(self, policy: RecallPolicy) -> float:
        """The opener's expected payoff when both play ``policy``."""
        after = self.values(policy)[0][:, :, 0, :]
        chance = np.outer(self.weights[0], self.weights[1])
        return float((np.einsum("hz,hzo->ho", policy.opening, after) * chance).sum())
