"""The strong regular: the solved heads-up equilibrium, plus a bounded exploitation of how its
opponent answers.

- It plays the shipped equilibrium's tables (``solved``, ``equilibrium_bot``): its declarations,
  doubts and keeps.
- It records every answer the opponent gives to its declarations (``habits.Doubting``: how many
  times as often as the equilibrium they doubt, a posterior that starts at "as the equilibrium"
  and forgets half of it after each game).
- When the record says the opponent doubts other than the equilibrium does, its declarations are
  a mix of the equilibrium's and the best reply to that opponent (``exploit.Exploiting``), the
  mix's share chosen so that no player who knew its whole policy could win more than
  ``exploit.MARGIN`` more of the rounds than against the equilibrium. The mix is chosen when a
  round begins and kept to its end, so every round is played by one of these few policies:
  the bound holds round by round, whatever the opponent makes of the record.

With no record it plays the equilibrium exactly.

>>> view = {"phase": "declaring", "turn": 0, "seat": 0, "cup": [6, 6, 6, 6, 6], "set_aside": [],
...         "declarations": [], "keepable": []}
>>> StrongBot(seed=1).policy(view) == EquilibriumBot(seed=1).policy(view)
True
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.poker_bluff.rules import from_dict

from referee.games.poker_bluff.bots.base import Action
from referee.games.poker_bluff.bots.equilibrium import TOP
from referee.games.poker_bluff.bots.equilibrium_bot import EquilibriumBot
from referee.games.poker_bluff.bots.exploit import Exploiting
from referee.games.poker_bluff.bots.habits import Doubting
from referee.games.poker_bluff.bots.shades import Tables
from referee.games.poker_bluff.bots.solved import shipped
from referee.games.poker_bluff.bots.tables import level_of


class StrongBot(EquilibriumBot):
    """The equilibrium, mixed with a best reply to the opponent's recorded doubting."""

    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.doubting = Doubting()
        self.seat: int | None = None
        self.declared: list[tuple[int, int]] = []  # this round: (seat, level)
        self.kept: tuple[int, ...] = ()
        self.mine: tuple[int, tuple[int, ...], int] | None = None  # its last declaration: (above, kept, level)
        self.mixes: dict[float, Exploiting] = {}
        self.factor = 1.0  # the record's likeliest factor when this round began

    def tables(self) -> Tables:
        factor = self.factor
        if factor == 1.0:
            return shipped()
        if factor not in self.mixes:
            self.mixes[factor] = Exploiting(shipped(), factor)
        return self.mixes[factor]

    def act(self, view: Mapping[str, Any]) -> Action:
        """Note its seat (to tell its own declarations from the other's), then play."""
        self.seat = view["seat"]
        return super().act(view)

    def observe(self, event: Mapping[str, Any]) -> None:
        """Follow the round; record the opponent's answers to its declarations."""
        kind, data = event.get("kind"), event.get("data", {})
        try:
            if kind == "rolled":
                self.kept = tuple(sorted(int(d) for d in data["kept"]))
            elif kind == "declared":
                level = level_of(from_dict({"kind": data["kind"], "faces": data["faces"]}))
                above = self.declared[-1][1] if self.declared else -1
                self.declared.append((int(data["seat"]), level))
                self.mine = (above, self.kept, level) if int(data["seat"]) == self.seat else None
            elif kind in ("believed", "doubted") and self.mine is not None:
                above, kept, level = self.mine
                if level != TOP:
                    self.doubting.learn(shipped().doubt_chance(above, kept, level), doubted=kind == "doubted")
                self.mine = None
            if kind in ("next_round", "game_over", "forfeit"):
                self.declared, self.kept, self.mine = [], (), None
            if kind == "game_over":
                self.doubting.forget()
            if kind in ("next_round", "game_over", "forfeit"):
                self.factor = self.doubting.factor()
        except (KeyError, TypeError, ValueError, AttributeError):
            return
