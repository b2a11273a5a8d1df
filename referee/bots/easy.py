"""The easy regular: bids on the face it holds most of, rarely bluffs, calls late.

It reasons with expected counts (its own dice plus a share of the unseen ones) rather than
exact odds, and never calls Liar on a bid its own dice already make true.

>>> view = {"seat": 1, "dice": [4, 4, 2], "dice_counts": {"0": 3, "1": 3}, "total_dice": 6,
...         "bids": [{"seat": 0, "quantity": 2, "face": 4}], "rules": {"wild_ones": True}}
>>> EasyBot(seed=0).policy(view)[0]
({'type': 'bid', 'quantity': 3, 'face': 4}, 0.95)
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import LIAR, Move, PolicyBot, faces_of, own_count, standing_bid
from .odds import face_chance
from .yardsticks import unseen_dice

BLUFF_RATE = 0.05
CALL_MARGIN = 2.5
"""Easy calls only when a bid exceeds the expected count by more than this many dice."""


def lowest_quantity(standing: tuple[int, int] | None, face: int) -> int:
    """The smallest quantity a bid on ``face`` may name after ``standing``.

    >>> lowest_quantity(None, 3), lowest_quantity((2, 4), 5), lowest_quantity((2, 4), 4)
    (1, 2, 3)
    """
    if standing is None:
        return 1
    return standing[0] if face > standing[1] else standing[0] + 1


class EasyBot(PolicyBot):
    """Plausible and beatable: honest bids near its own dice, late calls."""

    name = "easy"

    def moves(self, view: Mapping[str, Any]) -> list[tuple[Move, float]]:
        wild = view["rules"].get("wild_ones", True)
        dice, unseen, total = view["dice"], unseen_dice(view), view["total_dice"]
        standing = standing_bid(view)

        def expected(face: int) -> float:
            return own_count(dice, face, wild) + unseen * face_chance(face, wild)

        if standing and own_count(dice, standing[1], wild) < standing[0]:
            if standing[0] > expected(standing[1]) + CALL_MARGIN:
                return [(LIAR, 1.0)]
        bids: list[Move] = []
        for face in sorted(faces_of(view), key=lambda f: (-own_count(dice, f, wild), -f)):
            hint = own_count(dice, face, wild) + round(unseen * face_chance(face, wild) / 2)
            quantity = max(lowest_quantity(standing, face), hint)
            if quantity <= total:
                bids.append((quantity, face))
        if not bids:
            return [(LIAR, 1.0)]
        if len(bids) == 1:
            return [(bids[0], 1.0)]
        return [(bids[0], 1 - BLUFF_RATE)] + [(bid, BLUFF_RATE / (len(bids) - 1)) for bid in bids[1:]]
