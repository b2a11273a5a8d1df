"""The equilibrium with named human weaknesses: what ``easy`` and ``medium`` play.

A *shade* wraps tables (the shipped equilibrium or another shade) and changes one of the three
answers a state policy gives -- how it declares with each cup, how often it doubts each
declaration, which dice it sets aside -- in a way a player of that level does:

- ``Credulous(factor)``: doubts only ``factor`` times as often as the equilibrium (trusts);
- ``Predictable``: never mixes: declares the equilibrium's likeliest declaration, doubts exactly
  when the equilibrium doubts more often than not;
- ``Honest``: never bluffs by choice: declares its strongest true declaration whenever it beats
  the last (the equilibrium's mix only when nothing true does);
- ``Hoarder``: keeps every die of the believed declaration it may (four at most) instead of the
  dice worth most.

Every shade is also a ``best_response.StatePolicy``, so bench/poker_exploitability.py and
``duel`` measure exactly what the bots play.

>>> from referee.games.poker_bluff.bots.solved import shipped
>>> honest = Honest(shipped())
>>> honest.declarations(-1, (), (2, 2, 4, 4, 6))  # two pairs: it says so
[(55, 1.0)]
>>> Credulous(shipped(), 0.5).doubt_chance(-1, (), 51) == shipped().doubt_chance(-1, (), 51) / 2
True
>>> Hoarder(shipped()).best_keep(15, (2, 2, 4, 5, 6))  # after 2,2+6: the pair and the six
(2, 2, 6)
"""
from __future__ import annotations

from typing import Protocol

import numpy as np

from referee.games.poker_bluff.rules import ALL, keepable

from referee.games.poker_bluff.bots.dice import CUP_INDEX, CUPS, outcomes, sub_multisets
from referee.games.poker_bluff.bots.equilibrium import TOP
from referee.games.poker_bluff.bots.tables import max_level


class Tables(Protocol):
    """What a table-reading bot asks (``solved.Equilibrium`` answers it)."""

    def declarations(self, level: int, keep: tuple[int, ...], cup: tuple[int, ...]) -> list[tuple[int, float]]: ...

    def doubt_chance(self, level: int, keep: tuple[int, ...], declared: int) -> float: ...

    def best_keep(self, level: int, cup: tuple[int, ...]) -> tuple[int, ...]: ...


class Shade:
    """Tables that play ``base`` unchanged; subclasses change one answer."""

    def __init__(self, base: Tables) -> None:
        self.base = base

    def declarations(self, level: int, keep: tuple[int, ...], cup: tuple[int, ...]) -> list[tuple[int, float]]:
        return self.base.declarations(level, keep, cup)

    def doubt_chance(self, level: int, keep: tuple[int, ...], declared: int) -> float:
        return self.base.doubt_chance(level, keep, declared)

    def best_keep(self, level: int, cup: tuple[int, ...]) -> tuple[int, ...]:
        return self.base.best_keep(level, cup)

    # the StatePolicy interface (best_response, duel)
    def declare(self, level: int, keep: tuple[int, ...]) -> np.ndarray:
        """``[type, signal]``: the declarations of every cup ``outcomes(keep)`` may give."""
        matrix = np.zeros((len(outcomes(keep)), TOP - level))
        for row, (cup, _) in enumerate(outcomes(keep)):
            for declared, chance in self.declarations(level, keep, CUPS[cup]):
                matrix[row, declared - level - 1] += chance
        return matrix

    def doubt(self, level: int, keep: tuple[int, ...]) -> np.ndarray:
        """``[signal]``: the chance of doubting each declaration above ``level``."""
        return np.array([self.doubt_chance(level, keep, declared) for declared in range(level + 1, TOP + 1)])

    def keep(self, level: int, cup: tuple[int, ...]) -> tuple[int, ...]:
        return self.best_keep(level, cup)


class Credulous(Shade):
    """Doubts ``factor`` times as often as ``base`` (five sixes still always)."""

    def __init__(self, base: Tables, factor: float) -> None:
        super().__init__(base)
        self.factor = factor

    def doubt_chance(self, level: int, keep: tuple[int, ...], declared: int) -> float:
        chance = self.base.doubt_chance(level, keep, declared)
        return chance if declared == TOP else self.factor * chance


class Predictable(Shade):
    """Declares ``base``'s likeliest declaration with each cup instead of mixing."""

    def declarations(self, level: int, keep: tuple[int, ...], cup: tuple[int, ...]) -> list[tuple[int, float]]:
        declared = self.base.declarations(level, keep, cup)
        return [(max(declared, key=lambda choice: (choice[1], -choice[0]))[0], 1.0)]


class Honest(Shade):
    """Declares its strongest true declaration whenever it beats the last."""

    def declarations(self, level: int, keep: tuple[int, ...], cup: tuple[int, ...]) -> list[tuple[int, float]]:
        best = max_level()[CUP_INDEX[tuple(sorted(cup))]]
        return [(best, 1.0)] if best > level else self.base.declarations(level, keep, cup)


class Hoarder(Shade):
    """Keeps every die of the believed declaration it may: the most dice, the highest faces."""

    def best_keep(self, level: int, cup: tuple[int, ...]) -> tuple[int, ...]:
        return max(sub_multisets(keepable(ALL[level], tuple(sorted(cup)))), key=lambda keep: (len(keep), sum(keep)))
