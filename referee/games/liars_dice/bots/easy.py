"""The easy regular: bids on the face it holds most of, rarely bluffs, calls late.

It reasons with expected counts (its own dice plus a share of the unseen ones) rather than
exact odds, and never calls Liar on a bid its own dice already make true. It counts as the
round counts (ones wild or not, a palifico round without) and bids only what the table's
order of bids allows: for each face, at least the lowest legal quantity.

- Where a lost round puts the loser out (``loss = elimination``) it is more careful: it calls
  only a bid further above its expectation, and does not bluff.
- It says spot on (where played) only late in a round, when few dice are hidden and the bid is
  exactly its expected count.
- Asked out of turn (``challenge = anyone``) it calls only a bid far above its expectation.

>>> view = {"seat": 1, "dice": [4, 4, 2], "dice_counts": {"0": 3, "1": 3}, "total_dice": 6, "turn": 1,
...         "seats_in_game": [0, 1], "bids": [{"seat": 0, "quantity": 2, "face": 4}], "palifico": False,
...         "callers": [1], "can_call": True, "can_spot_on": False, "rules": {"wild_ones": True}}
>>> EasyBot(seed=0).policy(view)[0]
({'type': 'bid', 'quantity': 3, 'face': 4}, 0.95)
"""
from __future__ import annotations

from referee.games.liars_dice.bots.base import LIAR, SPOT_ON, WAIT, Move, PolicyBot, Situation, own_count
from referee.games.liars_dice.bots.odds import face_chance

BLUFF_RATE = 0.05
CALL_MARGIN = 2.5
"""Easy calls only when a bid exceeds the expected count by more than this many dice."""
CAREFUL_MARGIN = 1.0
"""Added to ``CALL_MARGIN`` where a lost round puts the loser out."""
OUT_OF_TURN_MARGIN = 2.0
"""Added to ``CALL_MARGIN`` for a call out of turn."""
SPOT_ON_HIDDEN = 4
"""Easy says spot on only when at most this many dice are under the other cups."""


class EasyBot(PolicyBot):
    """Plausible and beatable: honest bids near its own dice, late calls."""

    name = "easy"

    def moves(self, seen: Situation) -> list[tuple[Move, float]]:
        dice, unseen, wild, standing = seen.dice, seen.unseen, seen.wild, seen.standing

        def expected(face: int) -> float:
            return own_count(dice, face, wild) + unseen * face_chance(face, wild)

        if standing is not None:
            quantity, face = standing
            margin = CALL_MARGIN + CAREFUL_MARGIN * seen.eliminating + OUT_OF_TURN_MARGIN * (not seen.to_act)
            if seen.can_call and own_count(dice, face, wild) < quantity and quantity > expected(face) + margin:
                return [(LIAR, 1.0)]
            if seen.can_spot_on and seen.spot_on_gains and unseen <= SPOT_ON_HIDDEN and quantity == round(expected(face)):
                return [(SPOT_ON, 1.0)]
        if not seen.to_act:
            return [(WAIT, 1.0)]
        bids: list[Move] = []
        for face in sorted(seen.rules.legal_faces(standing, seen.total), key=lambda f: (-own_count(dice, f, wild), -f)):
            lowest = seen.rules.lowest(standing, face, seen.total)
            hint = own_count(dice, face, wild) + round(unseen * face_chance(face, wild) / 2)
            if lowest is not None:
                bids.append((max(lowest, min(hint, seen.total)), face))
        if not bids:
            return [(LIAR, 1.0)]
        bluff = 0.0 if seen.eliminating or len(bids) == 1 else BLUFF_RATE
        return [(bids[0], 1 - bluff)] + [(bid, bluff / (len(bids) - 1)) for bid in bids[1:] if bluff]
