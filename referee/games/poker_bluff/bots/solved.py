"""The shipped poker-dice equilibrium (``equilibrium.npz``): written by ``make poker-equilibrium``,
read lazily by the bots that play it.

The file holds, for every public state ``(level, keep)`` (``equilibrium``'s docstring), its value,
the other player's chance of doubting each declaration, and the holder's declarations for each
cup (a vertex of each state's programme: one or two per cup), chances stored as 16-bit fractions. ``Equilibrium`` answers the three
questions a state policy answers (``best_response.StatePolicy``), so the exact best response
measures the very tables the bots play (bench/poker_exploitability.py).

>>> table = shipped()
>>> declared = table.declarations(-1, (), (1, 2, 3, 5, 6))
>>> abs(sum(p for _, p in declared) - 1) < 1e-6 and all(level >= 0 for level, _ in declared)
True
>>> 0 <= table.doubt_chance(-1, (), 10) <= 1, table.best_keep(15, (2, 2, 4, 5, 6))  # after 2,2+6
(True, (2, 2, 6))
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from referee.games.poker_bluff.rules import ALL, keepable

from referee.games.poker_bluff.bots.dice import CUP_INDEX, CUPS, KEEP_INDEX, KEEPS, outcomes, sub_multisets
from referee.games.poker_bluff.bots.equilibrium import TOP, Solution

FILE = Path(__file__).with_name("equilibrium.npz")
DROP = 1e-9
"""Chances below this are the solver's rounding, not declarations: left out (the rest renormalised)."""
SCALE = 65535


def save(solution: Solution, path: Path = FILE, drop: float = DROP) -> None:
    """Write ``solution`` compactly (see the module's docstring), declarations rarer than ``drop`` left
    out; the same solution gives the same bytes."""
    states = sorted(solution.states)
    levels = np.array([level for level, _ in states], dtype=np.int16)
    keeps = np.array([KEEP_INDEX[keep] for _, keep in states], dtype=np.uint8)
    values = np.array([solution.states[state].value for state in states], dtype=np.float64)
    doubts = np.concatenate([solution.states[state].doubt for state in states])
    rows: list[tuple[int, int, int, int]] = []  # (state, cup, level declared, chance as a fraction of SCALE)
    for index, state in enumerate(states):
        solved = solution.states[state]
        for cup, chances in zip(solved.cups, solved.declare):
            kept = np.flatnonzero(chances >= drop)
            shares = _fractions(chances[kept])
            rows += [(index, int(cup), state[0] + 1 + int(signal), share) for signal, share in zip(kept, shares)]
    table = np.array(sorted(rows), dtype=np.int32)
    with open(path, "wb") as out:
        np.savez_compressed(out, levels=levels, keeps=keeps, values=values,
                            doubts=np.round(doubts * SCALE).astype(np.uint16),
                            declared_state=table[:, 0].astype(np.uint16), declared_cup=table[:, 1].astype(np.uint8),
                            declared_level=table[:, 2].astype(np.uint8), declared_share=table[:, 3].astype(np.uint16))


def _fractions(chances: np.ndarray) -> list[int]:
    """``chances`` renormalised as integers summing to SCALE exactly (the largest takes the rounding)."""
    shares = np.floor(chances / chances.sum() * SCALE).astype(int)
    shares[int(np.argmax(chances))] += SCALE - int(shares.sum())
    return [int(share) for share in shares]


class Equilibrium:
    """The shipped tables, indexed for play (the declarations are found by binary search: reading
    the file builds no per-row objects)."""

    def __init__(self, path: Path = FILE) -> None:
        with np.load(path) as data:
            levels, keeps, self.values = data["levels"], data["keeps"], data["values"]
            doubts = data["doubts"].astype(float) / SCALE
            self.keys = data["declared_state"].astype(np.int64) * 256 + data["declared_cup"]
            self.levels, self.shares = data["declared_level"].astype(int), data["declared_share"] / SCALE
        self.index = {(int(level), KEEPS[keep]): i for i, (level, keep) in enumerate(zip(levels, keeps))}
        starts = np.concatenate([[0], np.cumsum(TOP - levels.astype(int))])
        self.doubts = [doubts[start:end] for start, end in zip(starts[:-1], starts[1:])]

    def value(self, level: int, keep: tuple[int, ...]) -> float:
        """The holder's chance of winning the round from state ``(level, keep)``."""
        return float(self.values[self.index[(level, keep)]])

    def declarations(self, level: int, keep: tuple[int, ...], cup: tuple[int, ...]) -> list[tuple[int, float]]:
        """The levels the holder of state ``(level, keep)`` declares with ``cup`` in hand, with their chances."""
        key = self.index[(level, keep)] * 256 + CUP_INDEX[tuple(sorted(cup))]
        low, high = np.searchsorted(self.keys, [key, key + 1])
        return list(zip(self.levels[low:high].tolist(), self.shares[low:high].tolist()))

    def doubt_chance(self, level: int, keep: tuple[int, ...], declared: int) -> float:
        """The chance of doubting ``ALL[declared]`` declared from state ``(level, keep)`` (always, for the top)."""
        if declared == TOP:
            return 1.0
        return float(self.doubts[self.index[(level, keep)]][declared - level - 1])

    def best_keep(self, level: int, cup: tuple[int, ...]) -> tuple[int, ...]:
        """The dice to set aside after believing ``ALL[level]`` with ``cup`` (``Solution.best_keep``'s rule)."""
        return max(sub_multisets(keepable(ALL[level], tuple(sorted(cup)))),
                   key=lambda keep: (round(self.value(level, keep), 12), -len(keep), tuple(-d for d in keep)))

    # the StatePolicy interface (best_response)
    def declare(self, level: int, keep: tuple[int, ...]) -> np.ndarray:
        """``[type, signal]``: the declarations of every cup ``outcomes(keep)`` may give."""
        matrix = np.zeros((len(outcomes(keep)), TOP - level))
        for row, (cup, _) in enumerate(outcomes(keep)):
            for declared, chance in self.declarations(level, keep, CUPS[cup]):
                matrix[row, declared - level - 1] = chance
        return matrix

    def doubt(self, level: int, keep: tuple[int, ...]) -> np.ndarray:
        """``[signal]``: the chance of doubting each declaration above ``level``."""
        doubts: np.ndarray = self.doubts[self.index[(level, keep)]]
        return doubts

    def keep(self, level: int, cup: tuple[int, ...]) -> tuple[int, ...]:
        return self.best_keep(level, cup)


@lru_cache(maxsize=1)
def shipped() -> Equilibrium:
    """The shipped tables, read on first use (a server that never seats a poker-dice bot does not pay)."""
    return Equilibrium(FILE)
