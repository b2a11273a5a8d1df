"""An equilibrium of poker-dice built independently of the shipped one: CFR+ instead of the simplex.

The shipped regular's tables come from a linear programme per public state
(``referee.games.poker_bluff.bots.equilibrium.solve_state``, HiGHS). This module solves the same states
with counterfactual regret minimisation (CFR+: regret matching+, alternating updates, linear
averaging), a different algorithm that lands on a different equilibrium (mixed over many
declarations where the simplex picks a vertex), so bench/poker_strength.py can set the two against
each other: two equilibria of one game split it evenly, up to the starter's edge and chance.

Solving every state takes about five minutes of one core; ``tables()`` keeps the result in
``var/bench-cache/cfr-equilibrium.npz`` (same format as the shipped file, declarations rarer than
1e-4 left out) and reads it from there afterwards. ``cfr_bot`` is a ``module:attr`` bot for the
arena: ``bench._poker_cfr:cfr_bot``.

>>> from referee.games.poker_bluff.bots.equilibrium import solve
>>> small = solve(levels=range(180, 192), solver=solve_state)
>>> state = small.states[(180, (5, 5, 5, 5))]
>>> round(state.value, 3), state.exploitability <= TOLERANCE
(0.167, True)
"""
from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from referee.games.poker_bluff.bots.equilibrium import StateSolution, best_responses, solve  # noqa: E402
from referee.games.poker_bluff.bots.equilibrium_bot import EquilibriumBot  # noqa: E402
from referee.games.poker_bluff.bots.solved import Equilibrium, save  # noqa: E402

CACHE = REPO / "var" / "bench-cache" / "cfr-equilibrium.npz"
TOLERANCE = 2e-4
"""How close each state's two best responses must come to its value (in round-win chance)."""
MAX_ITERATIONS = 20_000


def solve_state(level: int, keep: tuple[int, ...], cups: np.ndarray, chances: np.ndarray, doubted: np.ndarray,
                believed: np.ndarray) -> StateSolution:
    """CFR+ on one state's signalling game until the best responses are within TOLERANCE."""
    types, signals = doubted.shape
    forced = np.arange(signals) == signals - 1  # the top level is always doubted
    regret_declare, regret_answer = np.zeros((types, signals)), np.zeros((signals, 2))
    sum_declare, sum_doubt, weight = np.zeros((types, signals)), np.zeros(signals), 0.0
    gap, value = 1.0, 0.0
    for iteration in range(1, MAX_ITERATIONS + 1):
        doubt = _doubt_of(regret_answer, forced)
        utility = doubt * doubted + (1 - doubt) * believed
        declare = _matched(regret_declare)
        regret_declare = np.maximum(regret_declare + utility - (declare * utility).sum(1, keepdims=True), 0.0)
        declare = _matched(regret_declare)
        reach = chances[:, None] * declare
        answer_doubt, answer_believe = (reach * (1 - doubted)).sum(0), (reach * (1 - believed)).sum(0)
        expected = doubt * answer_doubt + (1 - doubt) * answer_believe
        regret_answer[:, 0] = np.maximum(regret_answer[:, 0] + answer_doubt - expected, 0.0)
        regret_answer[:, 1] = np.maximum(regret_answer[:, 1] + answer_believe - expected, 0.0)
        sum_declare += iteration * declare
        sum_doubt += iteration * _doubt_of(regret_answer, forced)
        weight += iteration
        if iteration % 50 == 0 or iteration == MAX_ITERATIONS:
            holder, answerer = best_responses(chances, doubted, believed, sum_declare / weight, sum_doubt / weight,
                                              forced)
            gap, value = holder + answerer - 1.0, (holder + 1.0 - answerer) / 2
            if gap <= TOLERANCE:
                break
    return StateSolution(level, keep, cups, chances, sum_declare / weight, sum_doubt / weight, value, max(gap, 0.0))


def _matched(regrets: np.ndarray) -> np.ndarray:
    """Regret matching per row: positive regrets normalised, uniform where none is positive."""
    total = regrets.sum(1, keepdims=True)
    return np.where(total > 0, regrets / np.where(total > 0, total, 1.0), 1.0 / regrets.shape[1])


def _doubt_of(regrets: np.ndarray, forced: np.ndarray) -> np.ndarray:
    """The answering player's chance of doubting each signal, from its two regrets; 1 where forced."""
    total = regrets.sum(1)
    return np.where(forced, 1.0, np.where(total > 0, regrets[:, 0] / np.where(total > 0, total, 1.0), 0.5))


@lru_cache(maxsize=1)
def tables() -> Equilibrium:
    """The CFR+ equilibrium's tables, solved and cached on first use."""
    if not CACHE.exists():
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        draft = CACHE.with_suffix(f".{os.getpid()}.npz")
        save(solve(solver=solve_state), draft, drop=1e-4)
        draft.replace(CACHE)
    return Equilibrium(CACHE)


class CfrBot(EquilibriumBot):
    """The equilibrium bot reading the CFR+ tables."""

    name = "cfr-equilibrium"

    def tables(self) -> Equilibrium:
        return tables()


def cfr_bot(seed: int) -> CfrBot:
    """The arena's ``bench._poker_cfr:cfr_bot``."""
    return CfrBot(seed=seed)
