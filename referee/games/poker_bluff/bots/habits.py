"""What the strong bot records of its opponent: how readily they doubt its declarations.

``Doubting`` is a posterior over a few *factors* (``FACTORS``) of the equilibrium's chances of
doubting: under factor ``f`` the opponent doubts a declaration with chance ``min(1, f * d)``,
``d`` the equilibrium's chance for that declaration in that state (at least ``CLIP``). Evidence:
their answer (doubt or believe) to each of the bot's declarations. The prior puts most weight on
factor 1 -- the equilibrium itself -- so with no evidence, or with evidence an equilibrium player
gives, the model is the equilibrium: observed frequencies shrunk toward it.

>>> doubting = Doubting()
>>> doubting.factor()
1.0
>>> for _ in range(40):  # forty declarations the equilibrium doubts one time in two, all believed
...     doubting.learn(0.5, doubted=False)
>>> doubting.factor() < 1
True
"""
from __future__ import annotations

import math
from collections.abc import Sequence

FACTORS = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0)
"""The factors of the equilibrium's chances of doubting the bot weighs (below 1: a trusting opponent)."""
PRIOR = (0.1, 0.1, 0.1, 0.5, 0.1, 0.1)
"""Their weights before any evidence: most likely the opponent doubts as the equilibrium does."""
CLIP = 0.02
"""The model's chances of doubting are at least this (a doubt the equilibrium never makes is not impossible)."""
FORGET = 0.5
"""At the end of a game the evidence counts this much (the next game may be another opponent)."""
FLOOR = 1e-4
"""No evidence rules a model out entirely."""


def scaled(chance: float, factor: float) -> float:
    """The chance of doubting under ``factor``, the equilibrium's being ``chance``.

    >>> scaled(0.5, 1.0), scaled(0.5, 0.5), scaled(0.8, 2.0), scaled(0.0, 1.0)
    (0.5, 0.25, 1.0, 0.02)
    """
    return min(1.0, factor * max(CLIP, chance))


class Posterior:
    """A posterior over models indexed ``0..len(prior)-1``, from ``prior``."""

    def __init__(self, prior: Sequence[float]) -> None:
        self.prior = list(prior)
        self.evidence = [0.0] * len(self.prior)  # the log-likelihood of every model

    def weights(self) -> list[float]:
        """The posterior weight of every model."""
        logs = [math.log(prior) + evidence for prior, evidence in zip(self.prior, self.evidence)]
        top = max(logs)
        raw = [math.exp(w - top) for w in logs]
        return [w / sum(raw) for w in raw]

    def update(self, chances: Sequence[float]) -> None:
        """One observation, which each model gave chance ``chances[i]``."""
        self.evidence = [w + math.log(max(FLOOR, c)) for w, c in zip(self.evidence, chances)]

    def forget(self) -> None:
        """A game is over: the evidence so far counts ``FORGET`` as much."""
        self.evidence = [w * FORGET for w in self.evidence]


class Doubting(Posterior):
    """How the opponent answers the bot's declarations, as a factor of the equilibrium's doubts."""

    def __init__(self) -> None:
        super().__init__(PRIOR)

    def learn(self, equilibrium: float, doubted: bool) -> None:
        """They doubted (or believed) a declaration the equilibrium doubts with chance ``equilibrium``."""
        chances = [scaled(equilibrium, factor) for factor in FACTORS]
        self.update([c if doubted else 1 - c for c in chances])

    def factor(self) -> float:
        """The likeliest factor (the equilibrium's, 1, on a tie)."""
        weights = self.weights()
        return FACTORS[max(range(len(FACTORS)), key=lambda i: (weights[i], FACTORS[i] == 1.0))]
