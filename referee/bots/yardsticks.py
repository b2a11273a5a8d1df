"""Two yardsticks to measure the real bots against: a random legal bot and a plain binomial bot.

>>> view = {"seat": 0, "dice": [3, 3], "dice_counts": {"0": 2, "1": 2}, "total_dice": 4,
...         "bids": [], "rules": {"wild_ones": True}}
>>> BinomialBot(seed=0).act(view)
{'type': 'bid', 'quantity': 1, 'face': 3}
>>> len(RandomBot(seed=0).policy(view))
20
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import LIAR, Move, PolicyBot, legal_moves, standing_bid
from .odds import bid_odds


def unseen_dice(view: Mapping[str, Any]) -> int:
    """Dice under the other cups this round."""
    return view["total_dice"] - len(view["dice"])


class RandomBot(PolicyBot):
    """Every legal action with the same probability."""

    name = "random"

    def moves(self, view: Mapping[str, Any]) -> list[tuple[Move, float]]:
        legal = legal_moves(view)
        return [(move, 1 / len(legal)) for move in legal]


class BinomialBot(PolicyBot):
    """Calls when the standing bid is less likely than 1/2, else bids the raise most likely true (lowest on ties)."""

    name = "binomial"

    def moves(self, view: Mapping[str, Any]) -> list[tuple[Move, float]]:
        wild = view["rules"].get("wild_ones", True)
        unseen = unseen_dice(view)
        standing = standing_bid(view)
        if standing and bid_odds(standing, view["dice"], unseen, wild) < 0.5:
            return [(LIAR, 1.0)]
        raises = [m for m in legal_moves(view) if m != LIAR]
        if not raises:
            return [(LIAR, 1.0)]
        best = max(raises, key=lambda m: bid_odds(m, view["dice"], unseen, wild))
        return [(best, 1.0)]
