"""The heads-up equilibrium of a poker-dice round (RULES.md B), solved exactly state by state.

Why a round splits into small games: after "Believe" the new holder sees the cup, sets aside
(face up, for both to see) some dice of the declaration just believed and re-rolls every other
die. So whatever the cup held before, the only thing that outlives the hand-over is public: the
declaration to beat and the dice set aside. A round is therefore a chain of *public states*
``(level, keep)`` -- ``level`` the place in ``ALL`` of the declaration to beat (-1 before the
round's first), ``keep`` the dice set aside -- and each state is a one-shot signalling game:

* chance rolls the dice not set aside; the holder sees the cup ``t`` (one of ``outcomes(keep)``);
* the holder declares a level ``a > level`` (the signal);
* the other player doubts (the holder wins when ``ALL[a]`` is in ``t``) or believes: they take
  the cup, see ``t``, set aside the best dice ``keep'`` of ``ALL[a]`` and become the holder of
  state ``(a, keep')``. Nobody may believe five sixes (the top level): it is always doubted.

Declarations only rise, so solving the states from the top level down (``solve``) finds every
value a state needs before the state itself: ``value[level][keep]`` is the holder's chance of
winning the round from that state when both play the equilibrium, and ``win_after[a][t]`` the
chance of the player who has just believed ``ALL[a]`` and sees cup ``t``. Each state's game is a
linear programme (``solve_state``): the holder's declarations per cup maximise what the best
answer to each declaration leaves it; the answers' chances of doubting are the programme's dual.
The simplex method ends on a vertex, so a cup mixes few declarations and the shipped file stays
small (``solved``).

A round is won or lost and the winner starts the next one, so a round's two outcomes are the
only ones: maximising the chance of winning the round is also the game's best play, whatever the
tokens are.

Solving needs SciPy (HiGHS), which only the build installs (``make poker-equilibrium``, the
``solve`` extra); the bots read the shipped file.

>>> small = solve(levels=range(180, 192))  # the states from 5,5,5,5+6 up only (all of them: minutes)
>>> state = small.states[(180, (5, 5, 5, 5))]  # one die to roll: only a fifth five beats it truthfully
>>> round(state.value, 4), round(state.exploitability, 9)
(0.1667, 0.0)
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from referee.games.poker_bluff.rules import ALL, keepable

from referee.games.poker_bluff.bots.dice import CUP_INDEX, CUPS, outcomes, sub_multisets
from referee.games.poker_bluff.bots.tables import holds

TOP = len(ALL) - 1
"""Five sixes: it cannot be believed."""
StateSolver = Callable[[int, tuple[int, ...], np.ndarray, np.ndarray, np.ndarray, np.ndarray], "StateSolution"]
"""``(level, keep, cups, chances, doubted, believed) -> StateSolution``: one state's game solved."""


@dataclass
class StateSolution:
    """One public state's game: its types (cups, with their chances), its signals (levels), the
    averaged strategies and what they are worth."""

    level: int
    keep: tuple[int, ...]
    cups: np.ndarray  # CUPS index of each type
    chances: np.ndarray  # chance of each type
    declare: np.ndarray  # [type, signal]: the holder's chance of each declaration, levels level+1..TOP
    doubt: np.ndarray  # [signal]: the other player's chance of doubting each declaration
    value: float  # the holder's chance of winning the round (the average of the two best responses)
    exploitability: float  # the sum of the two best responses' gains over the game's value


@dataclass
class Solution:
    """Every state solved so far, its values, and the believer's values ``win_after``."""

    states: dict[tuple[int, tuple[int, ...]], StateSolution] = field(default_factory=dict)
    value: dict[int, dict[tuple[int, ...], float]] = field(default_factory=dict)
    win_after: dict[int, np.ndarray] = field(default_factory=dict)  # level -> [cup] believer's chance

    def best_keep(self, level: int, cup: tuple[int, ...]) -> tuple[int, ...]:
        """The dice to set aside after believing ``ALL[level]`` with ``cup`` in hand: the state worth
        most to its holder (fewer dice on a tie, then the lower faces: one rule for every reader)."""
        values = self.value[level]
        return max(sub_multisets(keepable(ALL[level], cup)), key=lambda keep: (round(values[keep], 12), -len(keep),
                                                                              tuple(-d for d in keep)))


def reachable_keeps(level: int) -> tuple[tuple[int, ...], ...]:
    """The dice a holder of ``level``'s state can have set aside: none before the first declaration,
    else any sub-multiset of at most four dice of the declaration believed.

    >>> reachable_keeps(-1), reachable_keeps(TOP - 1)  # before the first; after five fives
    (((),), ((), (5,), (5, 5), (5, 5, 5), (5, 5, 5, 5)))
    """
    if level < 0:
        return ((),)
    return sub_multisets(tuple(sorted(ALL[level].dice)))


def holds_matrix() -> np.ndarray:
    """``[cup, level]``: True when ``ALL[level]`` is in the cup."""
    matrix = np.zeros((len(CUPS), len(ALL)), dtype=bool)
    for cup, held in enumerate(holds()):
        matrix[cup, list(held)] = True
    return matrix


def solve(levels: Iterable[int] | None = None, solver: StateSolver | None = None) -> Solution:
    """Solve every state of ``levels`` (all of them, -1 included, by default), from the highest down,
    each with ``solver`` (``solve_state`` by default); the levels must be every level above the lowest
    one asked for."""
    chosen = sorted(range(-1, TOP) if levels is None else levels, reverse=True)
    if chosen and chosen != list(range(chosen[0], chosen[-1] - 1, -1)):
        raise ValueError("solve needs consecutive levels")
    solution, held = Solution(), holds_matrix()
    solution.win_after[TOP] = np.zeros(len(CUPS))
    for level in chosen:
        if level == TOP:
            continue
        solution.value[level] = {}
        for keep in reachable_keeps(level):
            state = (solver or solve_state)(level, keep, *state_payoffs(level, keep, solution, held))
            solution.states[(level, keep)] = state
            solution.value[level][keep] = state.value
        if level >= 0:
            solution.win_after[level] = np.array([solution.value[level][solution.best_keep(level, cup)]
                                                  for cup in CUPS])
    return solution


def state_payoffs(level: int, keep: tuple[int, ...], solution: Solution,
                  held: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The state's types (cups and chances) and the holder's payoffs ``[type, signal]`` when the
    declaration is doubted (``doubted``: held or not) and when it is believed (``believed``)."""
    cups = np.array([cup for cup, _ in outcomes(keep)])
    chances = np.array([p for _, p in outcomes(keep)])
    signals = np.arange(level + 1, TOP + 1)
    doubted = held[np.ix_(cups, signals)].astype(float)
    believed = 1.0 - np.stack([solution.win_after[int(a)][cups] for a in signals], axis=1)
    return cups, chances, doubted, believed


def solve_state(level: int, keep: tuple[int, ...], cups: np.ndarray, chances: np.ndarray, doubted: np.ndarray,
                believed: np.ndarray) -> StateSolution:
    """One state's game as a linear programme, solved by HiGHS's dual simplex: variables ``x[t, a]``
    (the chance of cup ``t`` and declaration ``a``) and ``z[a]`` (what declaration ``a`` earns against
    the best answer); maximise the sum of ``z`` subject to ``z[a] <= sum_t doubted[t, a] x[t, a]`` and
    ``z[a] <= sum_t believed[t, a] x[t, a]`` (not for the top: it is always doubted) and, per cup,
    ``sum_a x[t, a] = chances[t]``. The duals of the first rows are the chances of doubting."""
    from scipy.optimize import linprog  # type: ignore[import-untyped]  # the build's extra; SciPy ships no stubs
    from scipy.sparse import coo_matrix, csr_matrix, hstack, identity, vstack  # type: ignore[import-untyped]

    types, signals = doubted.shape
    believable = signals - 1  # the top level's believe row is left out
    cells = np.arange(types * signals).reshape(types, signals)
    doubt_rows = coo_matrix((-doubted.ravel(), (np.repeat(np.arange(signals)[None, :], types, 0).ravel(),
                                                 cells.ravel())), shape=(signals, types * signals))
    believe_rows = coo_matrix((-believed[:, :believable].ravel(),
                               (np.repeat(np.arange(believable)[None, :], types, 0).ravel(),
                                cells[:, :believable].ravel())), shape=(believable, types * signals))
    z_columns = vstack([identity(signals), identity(signals).tocsr()[:believable]])
    upper = hstack([vstack([doubt_rows, believe_rows]), z_columns]).tocsr()
    equal = hstack([csr_matrix((np.ones(types * signals), (np.repeat(np.arange(types), signals), cells.ravel())),
                               shape=(types, types * signals)), csr_matrix((types, signals))]).tocsr()
    result = linprog(np.concatenate([np.zeros(types * signals), -np.ones(signals)]), A_ub=upper,
                     b_ub=np.zeros(signals + believable), A_eq=equal, b_eq=chances,
                     bounds=[(0, None)] * (types * signals) + [(None, None)] * signals, method="highs-ds")
    if result.status != 0:
        raise RuntimeError(f"state ({level}, {keep}) was not solved: {result.message}")
    x = np.maximum(result.x[:types * signals].reshape(types, signals), 0.0)
    declare = x / x.sum(1, keepdims=True)
    doubt = np.clip(-result.ineqlin.marginals[:signals], 0.0, 1.0)
    doubt[-1] = 1.0
    forced = np.arange(signals) == signals - 1
    holder_best, answerer_best = best_responses(chances, doubted, believed, declare, doubt, forced)
    return StateSolution(level, keep, cups, chances, declare, doubt, (holder_best + 1.0 - answerer_best) / 2,
                         max(holder_best + answerer_best - 1.0, 0.0))


def best_responses(chances: np.ndarray, doubted: np.ndarray, believed: np.ndarray, declare: np.ndarray,
                   doubt: np.ndarray, forced: np.ndarray) -> tuple[float, float]:
    """The holder's best response to ``doubt`` and the other player's to ``declare`` (each its chance)."""
    holder = float((chances * (doubt * doubted + (1 - doubt) * believed).max(1)).sum())
    reach = chances[:, None] * declare
    answer_doubt, answer_believe = (reach * (1 - doubted)).sum(0), (reach * (1 - believed)).sum(0)
    answerer = float(np.where(forced, answer_doubt, np.maximum(answer_doubt, answer_believe)).sum())
    return holder, answerer


def cup_index(dice: Iterable[int]) -> int:
    """The ``CUPS`` index of a cup of five dice in any order.

    >>> CUPS[cup_index([6, 1, 6, 2, 2])]
    (1, 2, 2, 6, 6)
    """
    return CUP_INDEX[tuple(sorted(dice))]
