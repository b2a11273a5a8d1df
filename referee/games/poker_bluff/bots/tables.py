"""Tables the poker-dice bots share: declaration levels and what each cup holds.

A declaration's level is its place in ``ALL`` (0: a single one, 191: five sixes).

>>> from referee.games.poker_bluff.rules import parse
>>> from referee.games.poker_bluff.bots.dice import CUP_INDEX
>>> level_of(parse("1")), level_of(None), ALL[max_level()[CUP_INDEX[(2, 2, 4, 4, 6)]]].text
(0, -1, '4,4+2,2+6')
>>> level_of(parse("4,4+6")) in holds()[CUP_INDEX[(2, 2, 4, 4, 6)]]
True
"""
from __future__ import annotations

from functools import lru_cache

from referee.games.poker_bluff.rules import ALL, Declaration, declarations_in

from referee.games.poker_bluff.bots.dice import CUPS

LEVEL: dict[Declaration, int] = {declaration: level for level, declaration in enumerate(ALL)}


@lru_cache(maxsize=1)
def holds() -> tuple[frozenset[int], ...]:
    """The levels of every declaration true of each cup (by ``CUPS`` index), computed on first use
    (not at import: a server that never seats a poker-dice bot does not pay for it)."""
    return tuple(frozenset(LEVEL[d] for d in declarations_in(cup)) for cup in CUPS)


@lru_cache(maxsize=1)
def max_level() -> tuple[int, ...]:
    """The level of the strongest declaration true of each cup."""
    return tuple(max(held) for held in holds())


def level_of(declaration: Declaration | None) -> int:
    """The level of ``declaration``; -1 for none (before a round's first declaration)."""
    return -1 if declaration is None else LEVEL[declaration]
