"""Two yardsticks to measure the real bots against: a random legal bot and a plain binomial bot.

>>> view = {"seat": 0, "dice": [3, 3], "dice_counts": {"0": 2, "1": 2}, "total_dice": 4, "turn": 0,
...         "seats_in_game": [0, 1], "bids": [], "palifico": False, "callers": [], "can_call": False,
...         "can_spot_on": False, "rules": {"wild_ones": True}}
>>> BinomialBot(seed=0).act(view)
{'type': 'bid', 'quantity': 1, 'face': 3}
>>> len(RandomBot(seed=0).policy(view))
20
"""
from __future__ import annotations

from referee.games.liars_dice.bots.base import LIAR, WAIT, Move, PolicyBot, Situation
from referee.games.liars_dice.bots.odds import bid_odds

OUT_OF_TURN_CALL_BELOW = 0.25
"""The binomial yardstick calls out of turn (``challenge = anyone``) a bid less likely than this."""


class RandomBot(PolicyBot):
    """Every legal action with the same probability (out of turn, "no call" is one of them)."""

    name = "random"

    def moves(self, seen: Situation) -> list[tuple[Move, float]]:
        legal = seen.legal_moves() + ([] if seen.to_act else [WAIT])
        return [(move, 1 / len(legal)) for move in legal]


class BinomialBot(PolicyBot):
    """Calls when the standing bid is less likely than 1/2 (out of turn: 1/4), else bids the raise most
    likely true (lowest on ties). It never says spot on."""

    name = "binomial"

    def moves(self, seen: Situation) -> list[tuple[Move, float]]:
        standing = seen.standing
        odds = bid_odds(standing, seen.dice, seen.unseen, seen.wild) if standing else 1.0
        if not seen.to_act:
            return [(LIAR if seen.can_call and odds < OUT_OF_TURN_CALL_BELOW else WAIT, 1.0)]
        raises = seen.raises()
        if not raises or (seen.can_call and odds < 0.5):
            return [(LIAR, 1.0)]
        return [(max(raises, key=lambda m: bid_odds(m, seen.dice, seen.unseen, seen.wild)), 1.0)]
