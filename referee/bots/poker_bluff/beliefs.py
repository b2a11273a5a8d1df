"""How the bots expect a declarer to declare: the weights of the posterior over the cups a
declarer may hold (``answers.odds`` sums it).

The model (``Declarer``):

- who holds a declaration above the one to beat mostly declares the strongest true one
  (``honest``), now and then a weaker true one (``modest``);
- who holds nothing above it must lie, just above it (any of ``window`` levels alike, further
  ones ``far`` times as often);
- who could tell the truth bluffs by choice ``bold`` times as often as a forced liar lies,
  inflating their strongest true declaration by up to ``window`` levels (further ``far`` times
  as often).

A cup's weight is its chance in the roll times the model's weight of what it would make its
holder declare.

>>> from referee.rules.poker_bluff import parse
>>> from .tables import level_of
>>> Declarer().lie_weight(level_of(parse("4,4+6")), above=level_of(parse("3,3+6")), best=level_of(parse("3,3+5")))
0.1
>>> Declarer(bold=2.0).lie_weight(level_of(parse("4,4+6")), above=-1, best=level_of(parse("4,4+5")))
0.2
"""
from __future__ import annotations

from dataclasses import dataclass


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
        """The weight of a cup whose strongest declaration is level ``best`` (not holding ``declared``),
        when ``declared`` was declared above level ``above``."""
        if best <= above:
            gap, rate = declared - above, self.forced
        else:
            gap, rate = declared - best, self.bold
        return rate * (1.0 if 0 < gap <= self.window else self.far) / self.window
