"""The strong regular: Bayesian reading of the bids, mixed play, learning from reveals, solved endgames.

- Heads-up endgames covered by the CFR strategy file are played from the equilibrium.
- Otherwise every opponent's hand has a posterior given their bids this round
  (``beliefs``). Calling is worth the chance the standing bid is false; a raise is worth
  what it wins looking one player ahead (``raise_value``: will the next player call it,
  and is it true then?); heads-up against a "surest" bidder, the best raises are re-valued
  two steps ahead (``lookahead``: the opponent's call or predicted raise, and the bot's best
  reply to that raise). The bot mixes the actions whose values tie (softmax), so equal
  bids are played unpredictably.
- Each reveal shows what every opponent held at their decisions: the bot re-estimates how
  far each opponent's bids follow their dice (``beliefs.Honesty``) and when they call
  (``callers.CallHabits``); at game end it forgets the seats but keeps the table's pooled
  evidence, where a seat not read yet in the next game starts.

>>> view = {"seat": 1, "dice": [4, 4, 1, 2, 3], "dice_counts": {"0": 5, "1": 5}, "total_dice": 10,
...         "seats_in_game": [0, 1], "bids": [{"seat": 0, "quantity": 3, "face": 4}], "rules": {"wild_ones": True}}
>>> StrongBot(seed=1).policy(view)    # "three fours" is likely true; the bot mixes two raises that the opener may call
[({'type': 'bid', 'quantity': 3, 'face': 5}, 0.5), ({'type': 'bid', 'quantity': 3, 'face': 6}, 0.5)]
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .base import LIAR, Move, PolicyBot, legal_moves, normalise, standing_bid
from .beliefs import FaceBelief, Honesty, Model, model_posterior, table_beliefs
from .callers import PRIOR_THRESHOLD, CallHabits, decision_odds, plain_odds
from .odds import at_least, face_chance
from .endgame import endgame_moves
from .lookahead import two_step_values

PASSED_ON = 3
"""A raise the next player does not call is worth 1 − 1/(players + PASSED_ON): the round goes on and
someone else usually ends up losing it (tuned in the arena: 0.8 heads-up beat 0.5 by ~10 points)."""
SLACK = 0.0
"""Actions within this much of the best value are mixed; the rest are never played."""
TEMPERATURE = 0.02
CANDIDATES = 8
"""Heads-up against a "surest" bidder, this many of the best one-step raises (and the lowest raise on
each face) are re-valued two steps ahead."""
"""Softmax temperature over the mixed actions' values."""


class StrongBot(PolicyBot):
    """The posterior-reading, adapting, equilibrium-endgame bot."""

    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.honesty = Honesty()
        self.habits = CallHabits()
        self.round_bids: list[tuple[int, int]] = []
        self.decisions: list[tuple[int, tuple[int, int], bool]] = []
        self.total = 0
        self.wild = True
        self.seat: int | None = None

    def observe(self, event: Mapping[str, Any]) -> None:
        """Learn from reveals; unknown or malformed events are ignored."""
        data = event.get("data", event)
        kind = event.get("kind")
        try:
            if kind == "round_started":
                self.round_bids, self.decisions, self.total = [], [], int(data["total_dice"])
            elif kind in ("bid", "liar"):
                seat, bid = int(data["seat"]), (int(data["quantity"]), int(data["face"]))
                if kind == "liar" or self.round_bids:
                    standing = bid if kind == "liar" else self.round_bids[-1][1]
                    self.decisions.append((seat, standing, kind == "liar"))
                if kind == "bid":
                    self.round_bids.append((seat, bid))
            elif kind == "revealed":
                self._learn({int(seat): [int(d) for d in hand] for seat, hand in data["hands"].items()})
            elif kind == "game_over":
                self.honesty.forget()
                self.habits.forget()
        except (KeyError, TypeError, ValueError, AttributeError):
            return

    def _learn(self, hands: dict[int, list[int]]) -> None:
        contexts: dict[int, list[tuple[tuple[int, int] | None, tuple[int, int], int]]] = {}
        standing: tuple[int, int] | None = None
        for seat, bid in self.round_bids:
            contexts.setdefault(seat, []).append((standing, bid, self.total))
            standing = bid
        for seat, hand in hands.items():
            if len(hand) <= 6 and seat != self.seat:
                self.honesty.learn(seat, hand, [], self.wild, contexts.get(seat, []))
        for seat, standing, called in self.decisions:
            if seat in hands and seat != self.seat:
                self.habits.learn(seat, decision_odds(standing, hands[seat], self.total, self.wild), called,
                                  plain_odds(standing, hands[seat], self.total, self.wild))

    def moves(self, view: Mapping[str, Any]) -> list[tuple[Move, float]]:
        self.wild = view["rules"].get("wild_ones", True)
        solved = endgame_moves(view)
        if solved:
            return solved
        self.seat = view["seat"]
        others = [s for s in view["seats_in_game"] if s != self.seat]
        models = {seat: self.honesty.default() for seat in others} | self.honesty.models()
        rules = self.habits.rules()
        if self.habits.pooled:          # a fresh bot reads no call rule into seats it has not seen call
            rules = {seat: self.habits.default() for seat in others} | rules
        beliefs = table_beliefs(view, models, rules)
        total = view["total_dice"]
        later = 1 - 1 / (len(view["seats_in_game"]) + PASSED_ON)
        credit, their_call = rules.get(_next_seat(view), (1, PRIOR_THRESHOLD))
        values = {m: raise_value(m, beliefs[m[1]], total, self.wild, later, their_call, credit)
                  for m in legal_moves(view) if m != LIAR}
        nxt = _next_seat(view)
        model = models.get(nxt)
        if len(view["seats_in_game"]) == 2 and model is not None and model[0] == "surest" and values:
            values = self._two_step(view, values, nxt, model, (credit, their_call), later)
        standing = standing_bid(view)
        if standing:
            values[LIAR] = 1 - beliefs[standing[1]].chance(standing[0])
        best = max(values.values())
        mixed = {m: math.exp((v - best) / TEMPERATURE) for m, v in values.items() if v >= best - SLACK}
        return normalise(mixed)


    def _two_step(self, view: Mapping[str, Any], values: dict, them: int, model: Model,
                  call_rule: tuple[int, float], later: float) -> dict:
        """Heads-up against a "surest" bidder: re-value the most promising raises two steps ahead (``lookahead``)."""
        total, wild = view["total_dice"], self.wild
        contexts: list = []
        standing = None
        for bid in view["bids"]:
            placed = (bid["quantity"], bid["face"])
            if bid["seat"] == them:
                contexts.append((standing, placed, total))
            standing = placed
        their_dice = view["dice_counts"][str(them)]
        if their_dice > 6:
            return values
        weights = model_posterior(their_dice, wild, model, tuple(contexts), call_rule)
        ranked = sorted(values, key=values.__getitem__, reverse=True)[:CANDIDATES]
        lowest = {}
        for q, f in values:
            if f not in lowest or q < lowest[f][0]:
                lowest[f] = (q, f)
        candidates = list(dict.fromkeys(ranked + list(lowest.values())))
        return two_step_values(candidates, view["dice"], their_dice, weights, wild, total, model, call_rule, later)


def raise_value(bid: tuple[int, int], belief: FaceBelief, total: int, wild: bool, later: float,
                their_call: float, credit: int = 1) -> float:
    """Chance of not losing the round after bidding ``bid``, looking one player ahead.

    The next player is modelled as calling when, from their own dice and the unseen ones
    (crediting the bidder with ``credit`` dice of the face), the bid is less likely than
    ``their_call`` (both learnt per opponent by ``callers.CallHabits``). A called bid wins when true; a bid passed on is worth ``later``.
    """
    quantity, face = bid
    value = 0.0
    for count, p in enumerate(belief.next_count):
        if p == 0.0:
            continue
        their_unseen = total - (len(belief.next_count) - 1)
        estimate = at_least(quantity - count - credit, their_unseen - credit, face_chance(face, wild))
        true = belief.rest_at_least[quantity - count] if 0 <= quantity - count < len(belief.rest_at_least) else \
            (1.0 if quantity - count < 0 else 0.0)
        value += p * (true if estimate < their_call else later)
    return value


def _next_seat(view: Mapping[str, Any]) -> int:
    in_game = view["seats_in_game"]
    return in_game[(in_game.index(view["seat"]) + 1) % len(in_game)]
