"""Bids and counting: what a bid claims, what raises it, and how the cups are counted.

>>> count_matching([(1, 3, 3, 5, 6)], 3, wild_ones=True)
3
>>> is_raise(Bid(4, 5), Bid(4, 6), total_dice=10)
True
>>> is_raise(Bid(4, 5), Bid(4, 3), total_dice=10)
False
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Bid:
    """A claim: at least ``quantity`` dice under all cups show ``face`` (ones counted when wild)."""

    quantity: int
    face: int


def count_matching(hands: Iterable[Sequence[int]], face: int, *, wild_ones: bool) -> int:
    """Dice over all hands that count for ``face``: the face itself, plus ones when wild.

    The Anna/Ben/Jem example of RULES.md A1 §10 counts five fours:

    >>> count_matching([(1, 2, 4, 4, 6), (3, 3, 4, 5, 6), (1, 2, 2, 5, 6)], 4, wild_ones=True)
    5
    >>> count_matching([(1, 1, 2)], 1, wild_ones=False)
    2
    """
    return sum(1 for hand in hands for die in hand if die == face or (wild_ones and die == 1))


def is_raise(standing: Bid | None, bid: Bid, *, total_dice: int) -> bool:
    """True when ``bid`` may follow ``standing``: more dice, or as many dice on a higher face; never above N.

    >>> is_raise(None, Bid(1, 2), total_dice=2)
    True
    >>> is_raise(Bid(3, 6), Bid(4, 2), total_dice=10), is_raise(Bid(10, 2), Bid(11, 2), total_dice=10)
    (True, False)
    """
    if not 1 <= bid.quantity <= total_dice:
        return False
    if standing is None:
        return True
    return bid.quantity > standing.quantity or (bid.quantity == standing.quantity and bid.face > standing.face)


def legal_raises(standing: Bid | None, faces: Sequence[int], *, total_dice: int) -> tuple[Bid, ...]:
    """Every bid that may follow ``standing``, lowest first.

    >>> legal_raises(Bid(2, 5), (2, 3, 4, 5, 6), total_dice=2)
    (Bid(quantity=2, face=6),)
    >>> len(legal_raises(None, (2, 3, 4, 5, 6), total_dice=10))
    50
    """
    return tuple(
        Bid(quantity, face)
        for quantity in range(1, total_dice + 1)
        for face in faces
        if is_raise(standing, Bid(quantity, face), total_dice=total_dice)
    )
