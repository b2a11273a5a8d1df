"""The medium regular: exact binomial odds from its own dice, measured bluffs, calls unlikely bids.

It prices a bid by ``odds.bid_odds`` (its own dice plus the unseen dice, binomial, counted as
the round counts). It credits the last bidder with one die of the face bid (people mostly bid
what they hold) and calls when the standing bid is still less likely than ``CALL_BELOW``;
otherwise it raises the boldest (highest in the table's order of bids) of its safest bids,
and at ``BLUFF_RATE`` bids its weakest face instead.

- Spot on (where played): when the credited chance that the count is exactly the bid is at
  least ``SPOT_ON_FROM`` and no less than the chance the bid is false.
- Where a lost round puts the loser out (``loss = elimination``): calls below ``CAREFUL_CALL_BELOW``
  only, spot on from ``CAREFUL_SPOT_ON_FROM``, no bluffs.
- Out of turn (``challenge = anyone``): calls only a bid less likely than ``OUT_OF_TURN_CALL_BELOW``
  (half that where a lost round puts the loser out), spot on from ``OUT_OF_TURN_SPOT_ON_FROM``.

>>> view = {"seat": 1, "dice": [3, 3, 1, 5, 6], "dice_counts": {"0": 5, "1": 5}, "total_dice": 10, "turn": 1,
...         "seats_in_game": [0, 1], "bids": [{"seat": 0, "quantity": 7, "face": 2}], "palifico": False,
...         "callers": [1], "can_call": True, "can_spot_on": False, "rules": {"wild_ones": True}}
>>> MediumBot(seed=0).policy(view)
[({'type': 'liar'}, 1.0)]
"""
from __future__ import annotations

from referee.games.liars_dice.bots.base import LIAR, SPOT_ON, WAIT, Move, PolicyBot, Situation, own_count
from referee.games.liars_dice.bots.odds import at_least, bid_odds, exact_odds, face_chance

CALL_BELOW = 0.35
CAREFUL_CALL_BELOW = 0.25
OUT_OF_TURN_CALL_BELOW = 0.1
SPOT_ON_FROM = 0.4
CAREFUL_SPOT_ON_FROM = 0.5
OUT_OF_TURN_SPOT_ON_FROM = 0.6
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

    def moves(self, seen: Situation) -> list[tuple[Move, float]]:
        dice, unseen, wild, standing = list(seen.dice), seen.unseen, seen.wild, seen.standing
        true = credited_odds(standing, dice, unseen, wild) if standing else 1.0
        exact = exact_odds(standing, dice, unseen, wild, credit=1) if standing else 0.0
        if not seen.to_act:
            call_below = OUT_OF_TURN_CALL_BELOW / (2 if seen.eliminating else 1)
            if seen.can_spot_on and seen.spot_on_gains and exact >= OUT_OF_TURN_SPOT_ON_FROM:
                return [(SPOT_ON, 1.0)]
            return [(LIAR if seen.can_call and true < call_below else WAIT, 1.0)]
        spot_on_from = CAREFUL_SPOT_ON_FROM if seen.eliminating else SPOT_ON_FROM
        if seen.can_spot_on and seen.spot_on_gains and exact >= spot_on_from and exact >= 1 - true:
            return [(SPOT_ON, 1.0)]
        odds = {m: bid_odds(m, dice, unseen, wild) for m in seen.raises()}
        if not odds or (seen.can_call and true < (CAREFUL_CALL_BELOW if seen.eliminating else CALL_BELOW)):
            return [(LIAR, 1.0)]
        safest = max(odds.values())
        bold: Move = max((m for m, p in odds.items() if p >= safest), key=seen.rules.rank)
        weakest = min(own_count(dice, f, wild) for _, f in odds)
        bluffs = [m for m, p in odds.items() if own_count(dice, m[1], wild) == weakest and p >= BLUFF_FLOOR
                  and m != bold and not any(b[1] == m[1] and b[0] < m[0] for b in odds)]
        if not bluffs or seen.eliminating:
            return [(bold, 1.0)]
        bluffed: list[tuple[Move, float]] = [(m, BLUFF_RATE / len(bluffs)) for m in bluffs]
        return [(bold, 1 - BLUFF_RATE)] + bluffed
