"""A poker-dice regular that plays the solved heads-up equilibrium (``solved.shipped``).

It reads the public state from the seat view -- the declaration to beat and the one before it,
the dice set aside -- and its own cup, and plays the tables' mixed strategy: no reader of its
past can do better against it than the equilibrium's value, to within the file's exploitability
(bench/poker_exploitability.py prints it).

>>> view = {"phase": "declaring", "turn": 0, "seat": 0, "cup": [6, 6, 6, 6, 6], "set_aside": [],
...         "declarations": [], "keepable": []}
>>> all(action["type"] == "declare" for action, _ in EquilibriumBot(seed=1).policy(view))
True
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.poker_bluff.rules import ALL

from referee.games.poker_bluff.bots.base import BELIEVE, DOUBT, Policy, PokerBot, declare, kept_of, last_declaration, mixed, previous_declaration, reroll
from referee.games.poker_bluff.bots.shades import Tables
from referee.games.poker_bluff.bots.solved import shipped
from referee.games.poker_bluff.bots.tables import level_of


class EquilibriumBot(PokerBot):
    """The equilibrium's declarations, doubts and keeps, as the shipped file gives them."""

    name = "equilibrium"

    def tables(self) -> Tables:
        """The tables it plays (the shipped ones; the regulars play them shaded, ``shades``)."""
        return shipped()

    def policy(self, view: Mapping[str, Any]) -> Policy:
        table, last = self.tables(), level_of(last_declaration(view))
        if view["phase"] == "declaring":
            declared = table.declarations(last, kept_of(view), tuple(view["cup"]))
            return [(declare(ALL[level]), chance) for level, chance in declared if chance > 0]  # 16-bit zeros left out
        if view["phase"] == "keeping":
            return [(reroll(table.best_keep(last, tuple(view["cup"]))), 1.0)]
        if view.get("must_doubt"):
            return [(DOUBT, 1.0)]
        doubt = table.doubt_chance(level_of(previous_declaration(view)), kept_of(view), last)
        return mixed(DOUBT, BELIEVE, 1 - doubt) if doubt >= 0.5 else mixed(BELIEVE, DOUBT, doubt)
