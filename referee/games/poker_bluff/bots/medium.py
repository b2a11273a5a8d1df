"""The medium regular: the solved equilibrium (``solved``) with two habits of a fair club player.

- **Trusting**: it doubts half as often as the equilibrium (``Credulous(TRUST)``), five sixes
  still always: bold declarations often pass, and a lie the equilibrium would always catch
  gets through one time in two.
- **Predictable**: with a given cup in a given state it always makes the same declaration, the
  equilibrium's likeliest (``Predictable``): a player who remembers its declarations can read
  its cup from them.

It keeps the dice the equilibrium keeps and learns nothing of its opponent. docs/bots.md gives
what the habits cost it, measured exactly (``duel``) and in the arena.

>>> view = {"phase": "responding", "turn": 1, "seat": 1, "cup": [], "set_aside": [], "keepable": [],
...         "must_doubt": False, "declarations": [{"seat": 0, "kind": "pair", "faces": [3, 6], "text": "3,3+6"}]}
>>> doubt = {action["type"]: p for action, p in MediumBot(seed=0).policy(view)}["doubt"]
>>> round(doubt / {action["type"]: p for action, p in EquilibriumBot(seed=0).policy(view)}["doubt"], 6)
0.5
"""
from __future__ import annotations

from functools import lru_cache

from referee.games.poker_bluff.bots.equilibrium_bot import EquilibriumBot
from referee.games.poker_bluff.bots.shades import Credulous, Predictable, Tables
from referee.games.poker_bluff.bots.solved import shipped

TRUST = 0.5
"""Medium doubts this many times as often as the equilibrium."""


@lru_cache(maxsize=1)
def medium_tables() -> Tables:
    """The equilibrium with medium's habits."""
    return Predictable(Credulous(shipped(), TRUST))


class MediumBot(EquilibriumBot):
    """The equilibrium, trusting and predictable."""

    name = "medium"

    def tables(self) -> Tables:
        return medium_tables()
