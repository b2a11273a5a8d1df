"""Exact odds of a bid from one's own dice: the unseen dice are independent and binomial.

When ones are wild this round an unseen die counts for a face 2–6 with probability 1/3 (the
face or a one); a bid on ones (``bids_on_ones``), and every face when ones are not wild (no
wild ones, or a palifico round), has probability 1/6.

>>> round(at_least(2, 5, 1/3), 4)
0.5391
>>> bid_odds((2, 4), dice=[4, 1, 2], unseen=4, wild=True)
1.0
>>> round(bid_odds((4, 4), dice=[4, 2, 2], unseen=4, wild=True), 4)
0.1111
>>> round(exact_odds((2, 5), dice=[5, 3], unseen=2, wild=True), 4)    # exactly one more five or one
0.4444
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from referee.games.liars_dice.bots.situation import own_count


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


def exactly(k: int, n: int, p: float) -> float:
    """P(X = k) for X ~ Binomial(n, p).

    >>> exactly(0, 2, 0.5), exactly(3, 2, 0.5)
    (0.25, 0.0)
    """
    if not 0 <= k <= n:
        return 0.0
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def exact_odds(bid: tuple[int, int], dice: Sequence[int], unseen: int, wild: bool, credit: int = 0) -> float:
    """Chance that exactly ``bid``'s quantity of dice count for its face (a right spot on), seen from
    ``dice``, with ``credit`` unseen dice taken to show the face (the bidder's)."""
    quantity, face = bid
    credit = min(credit, unseen)
    return exactly(quantity - own_count(dice, face, wild) - credit, unseen - credit, face_chance(face, wild))
