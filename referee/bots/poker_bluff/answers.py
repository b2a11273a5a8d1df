"""The answering player's two numbers: the chance a declaration is true, and what believing it is
worth (the ladder's ``win`` averaged over the posterior of the declarer model ``beliefs.Declarer``).

A cup that does not hold the declaration weighs in the posterior by where its strongest
declaration lies: at or below the one to beat (a forced lie), within ``window`` levels below
the declaration (an inflated truth), or elsewhere. So for each declaration and set of kept
dice those cups are sorted once by their strongest declaration, with running sums, and every
question is a few binary searches (tests/bots/test_poker_answers.py sums the posterior cup by cup).

>>> from referee.rules.poker_bluff import parse
>>> from .tables import level_of
>>> true, believed = odds(level_of(parse("3,3+6")), -1, (), Declarer())
>>> round(true, 3), 0 < believed < 1
(0.88, True)
>>> odds(level_of(parse("6,6,6,6+1")), -1, (), Declarer(bold=6.0))[0] < 0.1  # a bluffer's four of a kind
True
"""
from __future__ import annotations

import bisect
from functools import lru_cache

from .beliefs import Declarer
from .dice import Dice, outcomes
from .ladder import ladder
from .tables import holds, max_level


class _Sums:
    """The posterior's sums for one declaration and one set of kept dice."""

    def __init__(self, declared: int, kept: Dice) -> None:
        win = ladder().win[declared]
        self.honest = self.honest_win = self.modest = self.modest_win = 0.0
        lies = []
        held, best = holds(), max_level()
        for cup, p in outcomes(kept):
            if declared not in held[cup]:
                lies.append((best[cup], p, p * win[cup]))
            elif best[cup] == declared:
                self.honest, self.honest_win = self.honest + p, self.honest_win + p * win[cup]
            else:
                self.modest, self.modest_win = self.modest + p, self.modest_win + p * win[cup]
        lies.sort()
        self.levels = [level for level, _, _ in lies]
        self.mass, self.mass_win = [0.0], [0.0]
        for _, p, p_win in lies:
            self.mass.append(self.mass[-1] + p)
            self.mass_win.append(self.mass_win[-1] + p_win)

    def odds(self, declared: int, above: int, model: Declarer) -> tuple[float, float]:
        forced_end = bisect.bisect_right(self.levels, above)
        near_start = max(forced_end, bisect.bisect_left(self.levels, declared - model.window))
        near_end = max(near_start, bisect.bisect_left(self.levels, declared))
        end = len(self.levels)
        weights = (
            (0, forced_end, model.lie_weight(declared, above, above)),
            (forced_end, near_start, model.bold * model.far / model.window),
            (near_start, near_end, model.bold / model.window),
            (near_end, end, model.bold * model.far / model.window),
        )
        total = model.honest * self.honest + model.modest * self.modest
        total_win = model.honest * self.honest_win + model.modest * self.modest_win
        true = total
        for start, stop, weight in weights:
            total += weight * (self.mass[stop] - self.mass[start])
            total_win += weight * (self.mass_win[stop] - self.mass_win[start])
        if total <= 1e-12:
            return self.naive()
        return true / total, total_win / total

    def naive(self) -> tuple[float, float]:
        total_true = self.honest + self.modest
        return total_true, self.honest_win + self.modest_win + self.mass_win[-1]


@lru_cache(maxsize=50_000)
def _sums(declared: int, kept: Dice) -> _Sums:
    return _Sums(declared, kept)


def odds(declared: int, above: int, kept: Dice, model: Declarer) -> tuple[float, float]:
    """``(chance the declaration is true, chance of winning the round after believing it)``
    for level ``declared`` above level ``above`` with ``kept`` set aside, under ``model``."""
    return _sums(declared, kept).odds(declared, above, model)
