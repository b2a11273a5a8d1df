"""The CFR+ solver walks only the memories and moves that can occur, and solves as the dense solver did.

``DenseSolver`` is the algorithm as it was before (every memory at every standing bid, every move),
kept here only to compare: the average strategies agree at every row that can occur, to float
tolerance, for every memory kind on the small rounds; with "face" (shipped) the rebuilt files are the
shipped bytes (tests/bots/test_recall.py rebuilds one)."""
from __future__ import annotations

import numpy as np
import pytest

from referee.games.liars_dice.bots.recall_cfr import MEMORIES, DTYPE, RecallPolicy, RecallSolver, normalised
from referee.games.liars_dice.bots.roundgame import RoundGame


class DenseSolver(RecallSolver):
    """The solver before it skipped what cannot occur (its methods verbatim)."""

    def current(self) -> RecallPolicy:
        return RecallPolicy(normalised(self.regret_open, np.ones(self.n, DTYPE)),
                            (normalised(self.regrets[0], self.legal), normalised(self.regrets[1], self.legal)))

    def average(self) -> RecallPolicy:
        return RecallPolicy(normalised(self.sum_open, np.ones(self.n)),
                            (normalised(self.sums[0], self.legal), normalised(self.sums[1], self.legal)))

    def reaches(self, policy: RecallPolicy) -> tuple[list[np.ndarray], list[np.ndarray]]:
        n, m = self.n, self.group.shape[1]
        sizes = [len(self.weights[0]), len(self.weights[1])]
        other = [np.zeros((n, m, sizes[1 - q])) for q in (0, 1)]
        own = [np.zeros((n, m, sizes[q])) for q in (0, 1)]
        for z in range(n):
            for actor in (0, 1):
                bidder = 1 - actor
                if z:
                    chances = policy.nodes[bidder][:, :, :z, z].transpose(2, 1, 0)
                    other[actor][z] = self.group[:z].T @ (own[bidder][:z] * chances).sum(axis=1)
                    own[actor][z] = self.group[:z].T @ other[bidder][:z].sum(axis=1)
                if actor == 1:
                    other[actor][z, 0] += policy.opening[:, z]
                    own[actor][z, 0] += 1.0
        return other, own

    def values(self, policy: RecallPolicy) -> tuple[np.ndarray, np.ndarray]:
        n, m = self.n, self.group.shape[1]
        h0, h1 = len(self.weights[0]), len(self.weights[1])
        after = (np.zeros((h0, n, m, h1), DTYPE), np.zeros((h1, n, m, h0), DTYPE))
        for j in range(n - 1, -1, -1):
            for actor in (0, 1):
                sigma = policy.nodes[actor][:, :, j, :]
                here = self.call[actor][:, None, j, :] * sigma[:, :, -1:]
                if j + 1 < n:
                    here += np.matmul(sigma[:, :, j + 1:n], after[actor][:, j + 1:, self.memory[j], :])
                after[1 - actor][:, j] = here.transpose(2, 1, 0)
        return after

    def iterate(self) -> None:
        policy = self.current()
        other, own = self.reaches(policy)
        after = self.values(policy)
        self.iterations += 1
        t = self.iterations
        n = self.n
        for actor, sign in ((0, 1.0), (1, -1.0)):
            moves = np.empty(self.regrets[actor].shape, DTYPE)
            reach = (other[actor] * self.weights[1 - actor]).astype(DTYPE)
            for j in range(n):
                weight = reach[j].T
                moves[:, :, j, :n] = np.matmul(after[actor][:, :, self.memory[j], :], weight).transpose(0, 2, 1)
                moves[:, :, j, n] = self.call[actor][:, j, :] @ weight
            moves *= sign * self.weights[actor][:, None, None, None].astype(DTYPE)
            sigma = policy.nodes[actor]
            node = (moves * sigma).sum(axis=3, keepdims=True)
            self.regrets[actor][:] = np.maximum(self.regrets[actor] + (moves - node) * self.legal, 0)
            mine = own[actor].transpose(2, 1, 0)[..., None] * self.weights[actor][:, None, None, None]
            self.sums[actor][:] += t * mine * sigma
        chance = np.outer(self.weights[0], self.weights[1]).astype(DTYPE)
        moves = np.einsum("hzo,ho->hz", after[0][:, :, 0, :], chance)
        node = (moves * policy.opening).sum(axis=1, keepdims=True)
        self.regret_open = np.maximum(self.regret_open + moves - node, 0)
        self.sum_open += t * self.weights[0][:, None] * policy.opening


def occurring(solver: RecallSolver) -> np.ndarray:
    """``(memory, standing bid)``: the rows that can occur (every one unless the whole bid is remembered)."""
    rows = np.zeros((solver.group.shape[1], solver.n), bool)
    for j, seen, _ in solver.blocks():
        rows[:seen, j] = True
    return rows


def copied(state: RecallSolver, into: RecallSolver) -> RecallSolver:
    """``into`` with ``state``'s regrets, sums and iteration count."""
    into.regret_open, into.sum_open = state.regret_open.copy(), state.sum_open.copy()
    into.regrets = tuple(table.copy() for table in state.regrets)
    into.sums = tuple(table.copy() for table in state.sums)
    into.iterations = state.iterations
    return into


CASES = [pytest.param(RoundGame(dice, wild), memory, id=f"{dice[0]}v{dice[1]}-{'wild' if wild else 'plain'}-{memory}")
         for dice in ((1, 1), (2, 1), (1, 2)) for wild in (True, False) for memory in MEMORIES]


@pytest.mark.parametrize(("game", "memory"), CASES)
def test_a_step_of_the_solver_walking_what_occurs_is_a_step_of_the_dense_one(game, memory):
    """From the same regrets and sums (those of 30 iterations), one CFR+ step of each gives the same values,
    reaches, regrets and sums at every row that can occur, to float tolerance; "face" and "none" exactly."""
    new = RecallSolver(game, memory)
    new.run(30)
    old = copied(new, DenseSolver(game, memory))
    rows = occurring(new)                               # (memory, standing bid)
    policy = new.current()
    dense = old.current()
    for actor in (0, 1):
        assert np.allclose(policy.nodes[actor][:, rows], dense.nodes[actor][:, rows], rtol=1e-6, atol=1e-7)
        assert not policy.nodes[actor][:, ~rows].any()                 # what cannot occur is never walked
    for fast, slow in zip(new.reaches(policy), old.reaches(dense)):
        for q in (0, 1):
            assert np.allclose(fast[q], slow[q], rtol=1e-6, atol=1e-9)
    for q, (fast, slow) in enumerate(zip(new.values(policy), old.values(dense))):
        assert np.allclose(fast[:, rows.T], slow[:, rows.T], rtol=1e-5, atol=1e-6)
    new.iterate()
    old.iterate()
    for actor in (0, 1):
        assert np.allclose(new.regrets[actor], old.regrets[actor], rtol=1e-4, atol=1e-6)
        assert np.allclose(new.sums[actor], old.sums[actor], rtol=1e-5, atol=1e-6)
    assert np.allclose(new.regret_open, old.regret_open, rtol=1e-5, atol=1e-6)
    if memory != "bid":
        assert rows.all() and all(np.array_equal(a, b) for a, b in zip(new.regrets + new.sums, old.regrets + old.sums))


@pytest.mark.parametrize(("game", "memory"), CASES)
def test_the_solver_walking_what_occurs_solves_as_the_dense_one(game, memory):
    """Both solvers from scratch: the same average strategy, to float tolerance, and the same opener's value
    (CFR+ amplifies a rounding now and then at a regret near zero: the rows are compared at 1e-3)."""
    new, old = RecallSolver(game, memory), DenseSolver(game, memory)
    new.run(60)
    old.run(60)
    fast, dense = new.average(), old.average()
    rows = occurring(new)
    assert np.allclose(fast.opening, dense.opening, atol=1e-3)
    for actor in (0, 1):
        assert np.allclose(fast.nodes[actor][:, rows], dense.nodes[actor][:, rows], atol=5e-3)
    assert abs(new.value(fast) - old.value(dense)) < 1e-5
    if memory != "bid":
        assert all(np.array_equal(a, b) for a, b in zip(fast.nodes, dense.nodes))


def test_a_player_remembering_its_whole_bid_can_only_remember_one_below_the_standing_bid():
    solver = RecallSolver(RoundGame((2, 2), wild=True), "bid")
    assert [(j, seen, low) for j, seen, low in solver.blocks()][:3] == [(0, 1, 1), (1, 2, 2), (2, 3, 3)]
    other, own = solver.reaches(solver.current())
    rows = occurring(solver).T                                    # (standing bid, memory)
    for q in (0, 1):
        assert not other[q][~rows].any() and not own[q][~rows].any()
        assert own[q][rows].any()
