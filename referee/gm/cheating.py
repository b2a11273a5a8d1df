"""What roleplay cheating (RULES.md C5) asks of the game it is played in: a capability a family declares.

The game master's fold (``referee.gm.fold``) and desk (``referee.table.desk``) judge attempts on dice
without knowing the game: they ask the family's ``CheatingRules`` (``Family.cheating``, carried in the
table's state as ``TableState.cheating``; None where the family does not play cheating: every attempt
command is refused there, ``attempt/not_in_this_game``).

>>> class Toy:
...     def open_round(self, game): return 1
...     def dice_of(self, game, seat): return 5
>>> isinstance(Toy(), CheatingRules)
True
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class CheatingRules(Protocol):
    """The questions an attempt's fold asks of the running game."""

    def open_round(self, game: Any) -> int | None:
        """The round in which an attempt may be made now (its players are bidding), else None."""

    def dice_of(self, game: Any, seat: int) -> int:
        """How many dice ``seat`` holds in ``game`` (an attempt names one of them)."""
