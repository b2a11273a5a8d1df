"""The strong regular: values from the truth chain (``ladder``), and an opponent it learns
(``habits``): how often they bluff, and how readily they doubt.

- Answering: the chance the declaration is false under the posterior it has learnt of this
  opponent (``Honesty.odds``) against its chance of winning the round after believing (the
  ladder's ``win``).
- Keeping: the dice the ladder values most.
- Declaring: for every declaration above the last, the chance this opponent doubts it
  (``Suspicion``; a win when true, a loss when not) against what handing on the cup is worth.
- Learning (``observe`` and the cups it takes over): every opponent's declaration whose cup it
  sees, and every answer to its own declarations.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.poker_bluff import ALL, from_dict, keepable

from .base import (BELIEVE, DOUBT, Action, Policy, PokerBot, cup_of, declare, kept_of, last_declaration,
                   previous_declaration, reroll)
from .dice import KEEP_INDEX, Dice, sub_multisets
from .habits import Honesty, Suspicion
from .ladder import ladder
from .tables import holds, level_of


class StrongBot(PokerBot):
    """The truth chain's values, played against a learnt opponent."""

    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.honesty, self.suspicion = Honesty(), Suspicion()
        self.seat: int | None = None
        self.declared: list[tuple[int, int, Dice]] = []  # this round: (seat, level, kept dice)
        self.kept: Dice = ()

    def act(self, view: Mapping[str, Any]) -> Action:
        """Learn from a cup just taken over, then play."""
        self.seat = view["seat"]
        last = last_declaration(view)
        if view["phase"] == "keeping" and last is not None:
            self.honesty.learn(level_of(last), level_of(previous_declaration(view)), kept_of(view),
                               held=last.is_in(view["cup"]))
        return super().act(view)

    def observe(self, event: Mapping[str, Any]) -> None:
        """Follow the round; learn from the answers to its declarations and from the cups shown."""
        kind, data = event.get("kind"), event.get("data", {})
        try:
            if kind == "rolled":
                self.kept = tuple(sorted(int(d) for d in data["kept"]))
            elif kind == "declared":
                level = level_of(from_dict({"kind": data["kind"], "faces": data["faces"]}))
                self.declared.append((int(data["seat"]), level, self.kept))
            elif kind in ("believed", "doubted") and self.declared and self.declared[-1][0] == self.seat:
                _, level, kept = self.declared[-1]
                self.suspicion.learn(level, self._above(), kept, doubted=kind == "doubted")
            elif kind == "revealed" and data["doubter"] == self.seat and self.declared:
                _, level, kept = self.declared[-1]
                self.honesty.learn(level, self._above(), kept, held=bool(data["held"]))
            if kind in ("next_round", "game_over", "forfeit"):
                self.declared, self.kept = [], ()
            if kind == "game_over":
                self.honesty.forget()
                self.suspicion.forget()
        except (KeyError, TypeError, ValueError, AttributeError):
            return

    def _above(self) -> int:
        return self.declared[-2][1] if len(self.declared) > 1 else -1

    def policy(self, view: Mapping[str, Any]) -> Policy:
        values, last = ladder(), level_of(last_declaration(view))
        if view["phase"] == "declaring":
            return [(declare(ALL[self.declaration(view, last)]), 1.0)]
        if view["phase"] == "keeping":
            worth = values.keep_value[last]

            def value(keep: Dice) -> float:
                return worth[KEEP_INDEX[keep]]

            best: Dice = max(sub_multisets(keepable(ALL[last], tuple(sorted(view["cup"])))), key=value)
            return [(reroll(best), 1.0)]
        if view.get("must_doubt"):
            return [(DOUBT, 1.0)]
        true, believed = self.honesty.odds(last, level_of(previous_declaration(view)), kept_of(view))
        return [(DOUBT if 1 - true > believed else BELIEVE, 1.0)]

    def declaration(self, view: Mapping[str, Any], last: int) -> int:
        """The level that wins most often: a doubt wins when true, a belief hands on the cup."""
        values, cup, kept = ladder(), cup_of(view), kept_of(view)

        def worth(level: int) -> float:
            doubted = self.suspicion.doubt_chance(level, last, kept)
            return doubted * (level in holds()[cup]) + (1 - doubted) * values.value_after(level, cup)

        return max(range(last + 1, len(ALL)), key=worth)
