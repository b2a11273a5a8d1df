"""What the answering player may believe about the cup: a posterior over the cups the declarer
may hold, given the public dice set aside, the declaration and the one it had to beat.

The model of a declarer (``Declarer``):

- who holds a declaration above the one to beat mostly declares the strongest true one
  (``honest``), now and then a weaker true one (``modest``);
- who holds nothing above it must lie, just above it (any of ``window`` levels alike, further
  ones ``far`` times as often);
- who could tell the truth bluffs by choice ``bold`` times as often as a forced liar lies,
  inflating their strongest true declaration by up to ``window`` levels (further ``far`` times
  as often).

``naive`` odds (every cup as likely as a roll makes it) ignore the declarer's choice.
``answers.odds`` computes the same sums fast; this module is the plain statement of the model.

>>> from referee.rules.poker_bluff import parse
>>> from .tables import level_of
>>> true = chance_true(posterior(level_of(parse("3,3+6")), -1, (), Declarer()))
>>> naive_true = chance_true(naive(level_of(parse("3,3+6")), ()))
>>> true > 0.5 > naive_true
True
>>> chance_true(posterior(level_of(parse("6,6,6,6+1")), -1, (), Declarer(bold=6.0))) < 0.1
True
"""
from __future__ import annotations

from dataclasses import dataclass

from .dice import Dice, outcomes
from .tables import HOLDS, MAX_LEVEL

Posterior = list[tuple[int, float, bool]]
"""``(cup, probability, the declaration is true of it)`` for every cup still possible."""


@dataclass(frozen=True, slots=True)
class Declarer:
    """Weights of the declarer model (see the module's docstring)."""

    honest: float = 1.0
    modest: float = 0.1
    forced: float = 1.0
    window: int = 10
    far: float = 0.1
    bold: float = 0.3

    def lie_weight(self, declared: int, above: int, best: int) -> float:
        """The weight of a cup whose strongest declaration is level ``best`` (not holding ``declared``)."""
        if best <= above:
            gap, rate = declared - above, self.forced
        else:
            gap, rate = declared - best, self.bold
        return rate * (1.0 if 0 < gap <= self.window else self.far) / self.window


def posterior(declared: int, above: int, kept: Dice, model: Declarer) -> Posterior:
    """The cups the declarer may hold after keeping ``kept`` and declaring level ``declared`` above
    level ``above`` (-1: the round's first), with their probabilities under ``model``."""
    weighted = []
    for cup, p in outcomes(kept):
        best = MAX_LEVEL[cup]
        if declared in HOLDS[cup]:
            weighted.append((cup, p * (model.honest if best == declared else model.modest), True))
        else:
            weighted.append((cup, p * model.lie_weight(declared, above, best), False))
    total = sum(w for _, w, _ in weighted)
    if total <= 0:
        return naive(declared, kept)
    return [(cup, w / total, true) for cup, w, true in weighted if w > 0]


def naive(declared: int, kept: Dice) -> Posterior:
    """Every cup as likely as the roll makes it."""
    return [(cup, p, declared in HOLDS[cup]) for cup, p in outcomes(kept)]


def chance_true(belief: Posterior) -> float:
    """The chance the declaration is true under ``belief``."""
    return sum(p for _, p, true in belief if true)
