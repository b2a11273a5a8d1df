"""Dice arithmetic for the poker-dice bots: multisets of dice and the chances of a fresh roll.

A multiset of dice is a sorted tuple. Fresh dice are independent and fair, so a roll of ``n``
dice falls on each multiset with its multinomial chance (``fresh(n)``).

>>> len(CUPS), len(KEEPS), len(fresh(2))
(252, 210, 21)
>>> round(sum(p for _, p in fresh(3)), 12)
1.0
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import factorial

from referee.games.poker_bluff.rules import CUP

Dice = tuple[int, ...]
FACES = (1, 2, 3, 4, 5, 6)
CUPS: tuple[Dice, ...] = tuple(combinations_with_replacement(FACES, CUP))
"""Every cup of five dice as a multiset."""
CUP_INDEX: dict[Dice, int] = {cup: i for i, cup in enumerate(CUPS)}
KEEPS: tuple[Dice, ...] = tuple(keep for size in range(CUP) for keep in combinations_with_replacement(FACES, size))
"""Every set of dice one may keep (at most four: one die at least is re-rolled)."""
KEEP_INDEX: dict[Dice, int] = {keep: i for i, keep in enumerate(KEEPS)}


@lru_cache(maxsize=None)
def fresh(n: int) -> tuple[tuple[Dice, float], ...]:
    """Every multiset ``n`` fresh dice may show, with its chance."""
    found = []
    for dice in combinations_with_replacement(FACES, n):
        ways = factorial(n)
        for count in Counter(dice).values():
            ways //= factorial(count)
        found.append((dice, ways / 6 ** n))
    return tuple(found)


def merged(kept: Iterable[int], rolled: Iterable[int]) -> Dice:
    """The cup made of kept and rolled dice, as a multiset.

    >>> merged((6, 4), (1, 6, 2))
    (1, 2, 4, 6, 6)
    """
    return tuple(sorted((*kept, *rolled)))


@lru_cache(maxsize=None)
def outcomes(kept: Dice) -> tuple[tuple[int, float], ...]:
    """The cups (their ``CUPS`` index) that keeping ``kept`` and re-rolling the rest may give, with their chances."""
    return tuple((CUP_INDEX[merged(kept, dice)], p) for dice, p in fresh(CUP - len(kept)))


@lru_cache(maxsize=None)
def sub_multisets(dice: Dice, largest: int = CUP - 1) -> tuple[Dice, ...]:
    """Every sub-multiset of ``dice`` with at most ``largest`` dice, fewest first.

    >>> sub_multisets((4, 4, 6))
    ((), (4,), (6,), (4, 4), (4, 6), (4, 4, 6))
    """
    found = {sub for size in range(min(len(dice), largest) + 1) for sub in combinations(sorted(dice), size)}
    return tuple(sorted(found, key=lambda sub: (len(sub), sub)))
