"""The medium regular: exact binomial odds from its own dice, measured bluffs, calls unlikely bids.

It prices a bid by ``odds.bid_odds`` (its own dice plus the unseen dice, binomial). It
credits the last bidder with one die of the face bid (people mostly bid what they hold) and
calls when the standing bid is still less likely than ``CALL_BELOW``; otherwise it raises the
boldest of its safest bids, and at ``BLUFF_RATE`` bids its weakest face instead.

>>> view = {"seat": 1, "dice": [3, 3, 1, 5, 6], "dice_counts": {"0": 5, "1": 5}, "total_dice": 10,
...         "bids": [{"seat": 0, "quantity": 7, "face": 2}], "rules": {"wild_ones": True}}
>>> MediumBot(seed=0).policy(view)
[({'type': 'liar'}, 1.0)]
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import LIAR, Move, PolicyBot, legal_moves, own_count, standing_bid
from .odds import at_least, bid_odds, face_chance
from .yardsticks import unseen_dice

CALL_BELOW = 0.35
BLUFF_RATE = 0.1
BLUFF_FLOOR = 0.3
"""A bluff must still be true with at least this chance."""


def credited_odds(bid: tuple[int, int], dice: list[int], unseen: int, wild: bool, credit: int = 1) -> float:
    """Chance ``bid`` is true when ``credit`` unseen dice (the bidder's) are taken to show its face.

    >>> round(credited_odds((3, 5), [5, 2], unseen=3, wild=True), 4)
    0.5556
    """
    quantity, face = bid
    credit = min(credit, unseen)
    return at_least(quantity - own_count(dice, face, wild) - credit, unseen - credit, face_chance(face, wild))


class MediumBot(PolicyBot):
    """Exact odds from its own hand; no model of the other players beyond crediting the last bid."""

    name = "medium"

    def moves(self, view: Mapping[str, Any]) -> list[tuple[Move, float]]:
        wild = view["rules"].get("wild_ones", True)
        dice, unseen = view["dice"], unseen_dice(view)
        standing = standing_bid(view)
        odds = {m: bid_odds(m, dice, unseen, wild) for m in legal_moves(view) if m != LIAR}
        if not odds or (standing and credited_odds(standing, dice, unseen, wild) < CALL_BELOW):
            return [(LIAR, 1.0)]
        safest = max(odds.values())
        bold = max(m for m, p in odds.items() if p >= safest)
        weakest = min(own_count(dice, f, wild) for _, f in odds)
        bluffs = [m for m, p in odds.items() if own_count(dice, m[1], wild) == weakest and p >= BLUFF_FLOOR
                  and m != bold and not any(b[1] == m[1] and b[0] < m[0] for b in odds)]
        if not bluffs:
            return [(bold, 1.0)]
        return [(bold, 1 - BLUFF_RATE)] + [(m, BLUFF_RATE / len(bluffs)) for m in bluffs]
