"""What the strong bot learns of its opponent: how often they bluff, and how readily they doubt.

Each is a posterior over a few declarer models (``beliefs.Declarer``), from a prior:

- ``Honesty``: the opponent's own bluffing, as the model's ``bold`` (``GRID``). Evidence: each
  of their declarations whose cup the bot sees (it believed and took the cup, or it doubted
  and the cup was shown), true or not, with the chance each model gave that at the time.
- ``Suspicion``: how the opponent reads the bot's declarations: with one of the ``GRID``
  models, or with naive odds (``NAIVE``: every cup as likely as the roll makes it). Evidence:
  their answer to each of its declarations; under each model they doubt as an answerer who
  weighs the chance it is false against their chance after believing (``doubt_chance``).

>>> from referee.rules.poker_bluff import parse
>>> from .tables import level_of
>>> honesty = Honesty()
>>> prior = honesty.mean()
>>> for _ in range(6):  # six openings of four sixes, none of them true
...     honesty.learn(level_of(parse("6,6,6,6+1")), -1, (), held=False)
>>> round(prior, 2), honesty.mean() > 2 * prior
(0.75, True)
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from .answers import odds
from .beliefs import Declarer
from .dice import Dice

GRID = (0.05, 0.15, 0.4, 1.0, 2.5, 6.0)
"""The values of ``bold`` the bot weighs."""
PRIOR = (0.3, 0.25, 0.2, 0.12, 0.08, 0.05)
"""Their weights before any evidence: most players bluff by choice seldom."""
NAIVE = Declarer(honest=1.0, modest=1.0, forced=10.0, window=10, far=1.0, bold=10.0)
"""Every cup weighs its chance in the roll: odds that ignore the declarer's choice."""
FORGET = 0.5
"""At the end of a game the evidence counts this much (the next game may be another opponent)."""
FLOOR = 1e-4
"""No evidence rules a model out entirely."""
SOFTNESS = 0.08
"""How sharply a model answerer turns from believing to doubting as the odds cross."""


def doubt_chance(declared: int, above: int, kept: Dice, model: Declarer) -> float:
    """How likely an answerer who reads declarations with ``model`` doubts level ``declared``:
    they weigh the chance it is false against their chance after believing it."""
    true, believed = odds(declared, above, kept, model)
    margin = max(-50.0, min(50.0, ((1 - true) - believed) / SOFTNESS))
    return 1 / (1 + math.exp(-margin))


class _Posterior:
    """A posterior over ``models`` from ``prior``."""

    def __init__(self, models: Sequence[Declarer], prior: Sequence[float]) -> None:
        self.models, self.prior = list(models), list(prior)
        self.evidence = [0.0] * len(self.models)  # the log-likelihood of every model

    def weights(self) -> list[float]:
        """The posterior weight of every model."""
        logs = [math.log(prior) + evidence for prior, evidence in zip(self.prior, self.evidence)]
        top = max(logs)
        raw = [math.exp(w - top) for w in logs]
        return [w / sum(raw) for w in raw]

    def _update(self, chances: Sequence[float]) -> None:
        self.evidence = [w + math.log(max(FLOOR, c)) for w, c in zip(self.evidence, chances)]

    def forget(self) -> None:
        """A game is over: the evidence so far counts ``FORGET`` as much."""
        self.evidence = [w * FORGET for w in self.evidence]


class Honesty(_Posterior):
    """How often the opponent bluffs by choice."""

    def __init__(self) -> None:
        super().__init__([Declarer(bold=bold) for bold in GRID], PRIOR)

    def mean(self) -> float:
        """The posterior mean of ``bold``."""
        return sum(w * model.bold for w, model in zip(self.weights(), self.models))

    def learn(self, declared: int, above: int, kept: Dice, held: bool) -> None:
        """Their declaration of level ``declared`` (above ``above``, ``kept`` set aside) was true or not."""
        trues = [odds(declared, above, kept, model)[0] for model in self.models]
        self._update([t if held else 1 - t for t in trues])

    def odds(self, declared: int, above: int, kept: Dice) -> tuple[float, float]:
        """``answers.odds`` of their declaration under the mixed posterior."""
        true = believed = 0.0
        for weight, model in zip(self.weights(), self.models):
            one_true, one_believed = odds(declared, above, kept, model)
            true, believed = true + weight * one_true, believed + weight * one_believed
        return true, believed


class Suspicion(_Posterior):
    """How the opponent reads the bot's declarations."""

    def __init__(self) -> None:
        super().__init__([Declarer(bold=bold) for bold in GRID] + [NAIVE], [w * 0.8 for w in PRIOR] + [0.2])

    def learn(self, declared: int, above: int, kept: Dice, doubted: bool) -> None:
        """They doubted the bot's declaration of level ``declared``, or believed it."""
        chances = [doubt_chance(declared, above, kept, model) for model in self.models]
        self._update([c if doubted else 1 - c for c in chances])

    def doubt_chance(self, declared: int, above: int, kept: Dice) -> float:
        """How likely they doubt the bot's declaration of level ``declared``."""
        return sum(w * doubt_chance(declared, above, kept, model) for w, model in zip(self.weights(), self.models))
