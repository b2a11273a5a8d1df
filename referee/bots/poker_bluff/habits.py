"""What the strong bot learns of its opponent: how often they bluff, and how readily they doubt.

Both are one number of the declarer model (``beliefs.Declarer.bold``), each with a posterior
over ``GRID`` (uniform before any evidence):

- ``Honesty``: the opponent's own bluffing. Evidence: each of their declarations whose cup the
  bot sees (it believed and took the cup, or it doubted and the cup was shown), true or not,
  with the chance each value gave that at the time.
- ``Suspicion``: how much bluffing the opponent expects of the bot. Evidence: their answer to
  each of its declarations; under each value they doubt as an answerer who reasons like the
  strong bot would (``doubt_chance``).

>>> from referee.rules.poker_bluff import parse
>>> from .tables import level_of
>>> honesty = Honesty()
>>> for _ in range(6):
...     honesty.learn(level_of(parse("6,6,6,6+1")), -1, (), held=False)
>>> honesty.mean() > 2
True
"""
from __future__ import annotations

import math

from .answers import odds
from .beliefs import Declarer
from .dice import Dice

GRID = (0.05, 0.15, 0.4, 1.0, 2.5, 6.0)
"""The values of ``bold`` the bot weighs."""
FORGET = 0.5
"""At the end of a game the evidence counts this much (the next game may be another opponent)."""
FLOOR = 1e-4
"""No evidence rules a value out entirely."""
SOFTNESS = 0.08
"""How sharply a model answerer turns from believing to doubting as the odds cross."""


def doubt_chance(declared: int, above: int, kept: Dice, model: Declarer) -> float:
    """How likely an answerer who reads declarations with ``model`` doubts level ``declared``:
    they weigh the chance it is false against their chance after believing it."""
    true, believed = odds(declared, above, kept, model)
    margin = max(-50.0, min(50.0, ((1 - true) - believed) / SOFTNESS))
    return 1 / (1 + math.exp(-margin))


class _Grid:
    """A posterior over ``GRID``."""

    def __init__(self) -> None:
        self.models = [Declarer(bold=bold) for bold in GRID]
        self.log_weights = [0.0] * len(GRID)

    def weights(self) -> list[float]:
        """The posterior weight of every value of ``GRID``."""
        top = max(self.log_weights)
        raw = [math.exp(w - top) for w in self.log_weights]
        return [w / sum(raw) for w in raw]

    def mean(self) -> float:
        """The posterior mean."""
        return sum(w * bold for w, bold in zip(self.weights(), GRID))

    def _update(self, chances: list[float]) -> None:
        self.log_weights = [w + math.log(max(FLOOR, c)) for w, c in zip(self.log_weights, chances)]

    def forget(self) -> None:
        """A game is over: the evidence so far counts ``FORGET`` as much."""
        self.log_weights = [w * FORGET for w in self.log_weights]


class Honesty(_Grid):
    """How often the opponent bluffs by choice."""

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


class Suspicion(_Grid):
    """How much bluffing the opponent expects of the bot."""

    def learn(self, declared: int, above: int, kept: Dice, doubted: bool) -> None:
        """They doubted the bot's declaration of level ``declared``, or believed it."""
        chances = [doubt_chance(declared, above, kept, model) for model in self.models]
        self._update([c if doubted else 1 - c for c in chances])

    def doubt_chance(self, declared: int, above: int, kept: Dice) -> float:
        """How likely they doubt the bot's declaration of level ``declared``."""
        return sum(w * doubt_chance(declared, above, kept, model) for w, model in zip(self.weights(), self.models))
