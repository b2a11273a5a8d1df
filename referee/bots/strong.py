"""The strong regular: Bayesian reading of the bids, mixed play, learning from reveals, solved endgames.

- Heads-up endgames covered by the CFR strategy file are played from the equilibrium.
- Otherwise every opponent's hand has a posterior given their bids this round
  (``beliefs``); the bot calls when the standing bid is unlikely under it and else raises,
  mixing over its nearly safest raises (softmax) and over call/raise near the threshold,
  so that its bids say less about its dice.
- Each reveal shows what every opponent held when they bid: the bot re-estimates how far
  each opponent's bids follow their dice (``beliefs.Honesty``), and forgets at game end.

>>> view = {"seat": 1, "dice": [4, 4, 1, 2, 3], "dice_counts": {"0": 5, "1": 5}, "total_dice": 10,
...         "bids": [{"seat": 0, "quantity": 3, "face": 4}], "rules": {"wild_ones": True}}
>>> bot = StrongBot(seed=1)
>>> sorted(move["type"] for move, _ in bot.policy(view))
['bid', 'bid']
>>> round(sum(p for _, p in bot.policy(view)), 9)
1.0
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .base import LIAR, Move, PolicyBot, legal_moves, normalise, standing_bid
from .beliefs import Honesty, bid_chances
from .endgame import endgame_moves

CALL_AT = 0.45
"""The standing bid's posterior chance at which calling and raising are equally likely."""
CALL_SPREAD = 0.04
"""How gradually the call probability moves from 0 to 1 around ``CALL_AT``."""
SLACK = 0.08
"""Raises within this much of the safest raise are mixed; the rest are never played."""
TEMPERATURE = 0.03
"""Softmax temperature over the mixed raises' chances."""
CUTOFF = 0.01
"""Call probabilities below this (or above 1 − this) are rounded to 0 (1)."""


class StrongBot(PolicyBot):
    """The posterior-reading, adapting, equilibrium-endgame bot."""

    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.honesty = Honesty()
        self.round_bids: list[tuple[int, int]] = []
        self.wild = True

    def observe(self, event: Mapping[str, Any]) -> None:
        """Learn from reveals; unknown or malformed events are ignored."""
        data = event.get("data", event)
        kind = event.get("kind")
        try:
            if kind == "round_started":
                self.round_bids = []
            elif kind == "bid":
                self.round_bids.append((int(data["seat"]), int(data["face"])))
            elif kind == "revealed":
                for seat, hand in data["hands"].items():
                    faces = [face for s, face in self.round_bids if s == int(seat)]
                    self.honesty.learn(int(seat), [int(d) for d in hand], faces, self.wild)
            elif kind == "game_over":
                self.honesty.forget()
        except (KeyError, TypeError, ValueError, AttributeError):
            return

    def moves(self, view: Mapping[str, Any]) -> list[tuple[Move, float]]:
        self.wild = view["rules"].get("wild_ones", True)
        solved = endgame_moves(view)
        if solved:
            return solved
        chances = bid_chances(view, self.honesty.betas())

        def chance(move: tuple[int, int]) -> float:
            tail = chances[move[1]]
            return tail[move[0]] if move[0] < len(tail) else 0.0

        odds = {m: chance(m) for m in legal_moves(view) if m != LIAR}
        standing = standing_bid(view)
        call = 0.0 if standing is None else _call_probability(chance(standing))
        if not odds or call == 1.0:
            return [(LIAR, 1.0)]
        safest = max(odds.values())
        mixed = {m: math.exp((p - safest) / TEMPERATURE) for m, p in odds.items() if p >= safest - SLACK}
        total = sum(mixed.values())
        weights: dict[Move, float] = {m: (1 - call) * w / total for m, w in mixed.items()}
        if call:
            weights[LIAR] = call
        return normalise(weights)


def _call_probability(chance: float) -> float:
    """How often to call a bid that is true with ``chance`` (a logistic step at ``CALL_AT``).

    >>> _call_probability(0.1), _call_probability(0.9), round(_call_probability(CALL_AT), 2)
    (1.0, 0.0, 0.5)
    """
    p = 1 / (1 + math.exp((chance - CALL_AT) / CALL_SPREAD))
    return 0.0 if p < CUTOFF else 1.0 if p > 1 - CUTOFF else p
