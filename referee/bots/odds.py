"""Exact odds of a bid from one's own dice: the unseen dice are independent and binomial.

With wild ones an unseen die counts for a face 2–6 with probability 1/3 (the face or a
one); without, every face has probability 1/6.

>>> round(at_least(2, 5, 1/3), 4)
0.5391
>>> bid_odds((2, 4), dice=[4, 1, 2], unseen=4, wild=True)
1.0
>>> round(bid_odds((4, 4), dice=[4, 2, 2], unseen=4, wild=True), 4)
0.1111
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from .base import own_count


def face_chance(face: int, wild: bool) -> float:
    """Chance that one unseen die counts for ``face``.

    >>> face_chance(5, True), face_chance(5, False)
    (0.3333333333333333, 0.16666666666666666)
    """
    return 1 / 3 if wild and face != 1 else 1 / 6


@lru_cache(maxsize=None)
def at_least(k: int, n: int, p: float) -> float:
    """P(X ≥ k) for X ~ Binomial(n, p).

    >>> at_least(0, 3, 0.5), at_least(4, 3, 0.5)
    (1.0, 0.0)
    """
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return min(1.0, sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1)))


def bid_odds(bid: tuple[int, int], dice: Sequence[int], unseen: int, wild: bool) -> float:
    """Chance that ``bid`` is true, seen from a hand ``dice`` with ``unseen`` dice under other cups."""
    quantity, face = bid
    return at_least(quantity - own_count(dice, face, wild), unseen, face_chance(face, wild))
