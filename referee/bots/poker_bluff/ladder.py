"""The strong bot's values of a round, solved once from the top of the declaration ladder down.

The model ("the truth chain"): an answering player doubts exactly the lies and believes the
truths, so a declarer wins a round only by handing on a true declaration the other cannot
climb above, or, with nothing true to declare, by a bluff that works with chance ``BLUFF``.
For each declaration, strongest first (declarations only rise, so every value needed is known):

- ``win[level][cup]``: the chance that a player who has just believed ``ALL[level]`` and sees
  ``cup`` wins the round, keeping the best dice and then declaring the best true declaration;
- ``keep_value[level][keep]``: that chance when keeping ``keep`` and re-rolling the rest.

The bots use these values where the model is a fair guess (what keeping is worth, what a cup
is worth after believing) and judge doubts and bluffs with a posterior instead (``beliefs``).
Solving takes about a second of one core and is done once per process (``ladder()``).

>>> from referee.rules.poker_bluff import parse
>>> from .dice import CUP_INDEX
>>> from .tables import level_of
>>> model = ladder()
>>> model.win[level_of(parse("6,6,6,6+5"))][CUP_INDEX[(5, 6, 6, 6, 6)]]  # a six (1/6) or a bluff (BLUFF)
0.375
"""
from __future__ import annotations

from functools import lru_cache

from referee.rules.poker_bluff import ALL, keepable

from .dice import CUPS, KEEP_INDEX, KEEPS, outcomes, sub_multisets
from .tables import holds

TOP = len(ALL) - 1
BLUFF = 0.25
"""The model's chance of winning a round with nothing true to declare."""


class Ladder:
    """The solved values (see the module's docstring)."""

    def __init__(self) -> None:
        self.win: list[list[float]] = [[]] * len(ALL)
        self.keep_value: list[list[float]] = [[]] * len(ALL)
        best_true = [BLUFF] * len(CUPS)  # per cup: the best value of declaring a true declaration above the level
        for level in range(TOP, -1, -1):
            if level == TOP:  # nobody may believe five sixes
                keep_value, win = [0.0] * len(KEEPS), [0.0] * len(CUPS)
            else:
                keep_value = [sum(p * best_true[cup] for cup, p in outcomes(keep)) for keep in KEEPS]
                win = [max(keep_value[KEEP_INDEX[s]] for s in sub_multisets(keepable(ALL[level], cup)))
                       for cup in CUPS]
            for cup, held in enumerate(holds()):
                if level in held:
                    best_true[cup] = max(best_true[cup], 1.0 - win[cup])
            self.win[level], self.keep_value[level] = win, keep_value

    def value_after(self, level: int, cup: int) -> float:
        """The declarer's chance when ``ALL[level]`` is believed and the other player takes ``cup``."""
        return 1.0 - self.win[level][cup]


@lru_cache(maxsize=1)
def ladder() -> Ladder:
    """The model, solved on first use."""
    return Ladder()
