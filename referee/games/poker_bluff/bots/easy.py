"""The easy regular: the solved equilibrium (``solved``) with the habits of a beginner.

- **Honest**: it declares the strongest combination it holds whenever that beats the last
  declaration (``Honest``); it bluffs only when nothing true is high enough, as the
  equilibrium would with that cup.
- **Very trusting**: it doubts ``TRUST`` times as often as the equilibrium (``Credulous``),
  five sixes still always.
- **Hoarding**: after believing it keeps every die of the declaration it may, the most and
  highest (``Hoarder``), not the dice worth most.

It learns nothing of its opponent. docs/bots.md gives what the habits cost it.

>>> view = {"phase": "declaring", "turn": 0, "seat": 0, "cup": [5, 5, 2, 2, 6], "set_aside": [],
...         "declarations": [], "keepable": []}
>>> EasyBot(seed=0).policy(view)
[({'type': 'declare', 'declaration': {'kind': 'two_pairs', 'faces': [5, 2, 6]}}, 1.0)]
"""
from __future__ import annotations

from functools import lru_cache

from referee.games.poker_bluff.bots.equilibrium_bot import EquilibriumBot
from referee.games.poker_bluff.bots.shades import Credulous, Hoarder, Honest, Tables
from referee.games.poker_bluff.bots.solved import shipped

TRUST = 0.3
"""Easy doubts this many times as often as the equilibrium."""


@lru_cache(maxsize=1)
def easy_tables() -> Tables:
    """The equilibrium with easy's habits."""
    return Hoarder(Credulous(Honest(shipped()), TRUST))


class EasyBot(EquilibriumBot):
    """The equilibrium, honest, very trusting and hoarding."""

    name = "easy"

    def tables(self) -> Tables:
        return easy_tables()
