"""The exact best response to a poker-dice policy that reads only the public state and its own cup.

A *state policy* answers, for each public state ``(level, keep)`` of a round (``equilibrium``'s
docstring says why a round is a chain of them), three questions: how it declares holding each cup
(``declare``: ``[type, signal]`` over ``outcomes(keep)`` and the levels above ``level``), how often
it doubts each declaration (``doubt``: ``[signal]``), and what it sets aside after believing
(``keep``). Against such a policy the best response is found, exactly, from the top level down:

* ``attack[level][keep]``: the best responder's chance of winning the round as the holder of that
  state -- for each cup, the declaration worth most against the policy's doubts, a belief handing
  the policy the cup it then keeps from;
* ``defend[level][keep]``: its chance when the policy holds -- for each declaration, doubt or
  believe, whichever wins more given the cups the policy declares it with (and, believing, the
  best dice to set aside).

The policy's exploitability is what a best responder gains over a fair round on average over the
two seats: ``(attack[-1][()] + defend[-1][()]) / 2 - 1/2`` (0 for an equilibrium).

>>> from referee.games.poker_bluff.bots.equilibrium import solve
>>> small = solve(levels=range(180, 192))
>>> report = best_response(SolvedPolicy(small), levels=range(180, 192))
>>> state = (180, (5, 5, 5, 5))
>>> abs(report.attack[state[0]][state[1]] - small.value[state[0]][state[1]]) < 1e-9
True
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from referee.games.poker_bluff.bots.dice import CUPS, outcomes, sub_multisets
from referee.games.poker_bluff.bots.equilibrium import TOP, Solution, holds_matrix, reachable_keeps
from referee.games.poker_bluff.rules import ALL, keepable


class StatePolicy(Protocol):
    """A poker-dice policy of the public state and its own cup (see the module's docstring)."""

    def declare(self, level: int, keep: tuple[int, ...]) -> np.ndarray: ...

    def doubt(self, level: int, keep: tuple[int, ...]) -> np.ndarray: ...

    def keep(self, level: int, cup: tuple[int, ...]) -> tuple[int, ...]: ...


class SolvedPolicy:
    """The equilibrium's averaged strategies as a ``StatePolicy``."""

    def __init__(self, solution: Solution) -> None:
        self.solution = solution

    def declare(self, level: int, keep: tuple[int, ...]) -> np.ndarray:
        return self.solution.states[(level, keep)].declare

    def doubt(self, level: int, keep: tuple[int, ...]) -> np.ndarray:
        return self.solution.states[(level, keep)].doubt

    def keep(self, level: int, cup: tuple[int, ...]) -> tuple[int, ...]:
        return self.solution.best_keep(level, cup)


@dataclass
class BestResponse:
    """The best responder's chances per state (see the module's docstring)."""

    attack: dict[int, dict[tuple[int, ...], float]] = field(default_factory=dict)
    defend: dict[int, dict[tuple[int, ...], float]] = field(default_factory=dict)

    @property
    def exploitability(self) -> float:
        """The best responder's average gain over 1/2 across the two seats of a round."""
        return (self.attack[-1][()] + self.defend[-1][()]) / 2 - 0.5


def best_response(policy: StatePolicy, levels: Iterable[int] | None = None) -> BestResponse:
    """The exact best response to ``policy`` over ``levels`` (every level by default), from the top down."""
    held, report = holds_matrix(), BestResponse()
    chosen = sorted(range(-1, TOP) if levels is None else levels, reverse=True)
    best_attack: dict[int, np.ndarray] = {}  # level -> [cup]: attack of the best keep after believing it
    policy_keeps: dict[int, np.ndarray] = {}  # level -> [cup]: defend of the state the policy keeps into
    for level in chosen:
        if level == TOP:
            continue
        report.attack[level], report.defend[level] = {}, {}
        for keep in reachable_keeps(level):
            cups = np.array([cup for cup, _ in outcomes(keep)])
            chances = np.array([p for _, p in outcomes(keep)])
            signals = np.arange(level + 1, TOP + 1)
            doubted = held[np.ix_(cups, signals)].astype(float)
            forced = signals == TOP
            doubt = np.where(forced, 1.0, policy.doubt(level, keep))
            handed = np.stack([policy_keeps[int(a)][cups] if a < TOP else np.zeros(len(cups)) for a in signals], axis=1)
            report.attack[level][keep] = float((chances * (doubt * doubted + (1 - doubt) * handed).max(1)).sum())
            reach = chances[:, None] * policy.declare(level, keep)
            taken = np.stack([best_attack[int(a)][cups] if a < TOP else np.zeros(len(cups)) for a in signals], axis=1)
            answer_doubt, answer_believe = (reach * (1 - doubted)).sum(0), (reach * taken).sum(0)
            report.defend[level][keep] = float(np.where(forced, answer_doubt,
                                                        np.maximum(answer_doubt, answer_believe)).sum())
        if level >= 0:
            attack, defend = report.attack[level], report.defend[level]
            best_attack[level] = np.array([max(attack[k] for k in sub_multisets(keepable(ALL[level], cup)))
                                           for cup in CUPS])
            policy_keeps[level] = np.array([defend[policy.keep(level, cup)] for cup in CUPS])
    return report
