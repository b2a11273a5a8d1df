"""The strong regular: Bayesian reading of the bids, mixed play, learning from reveals, solved endgames.

- Heads-up endgames covered by the CFR strategy file are played from the equilibrium (only
  under the order of bids and the calls it was solved for: ``endgame.solved_rules``).
- Otherwise every opponent's hand has a posterior given their bids this round
  (``beliefs``, under the round's rules). Calling is worth the chance the standing bid is
  false, spot on the chance it is exact (a little more when it wins a die back); a raise is
  worth what it wins looking one step ahead (``raise_values``: will the next player, or under
  ``challenge = anyone`` any other player, call it, and is it true then?); heads-up against a
  "surest" bidder, the best raises are re-valued two steps ahead (``lookahead``). The bot
  mixes the actions whose values tie (softmax), so equal bids are played unpredictably.
- Asked out of turn (``challenge = anyone``) it weighs calling (or spot on) against waiting,
  which is worth what a raise passed on is worth: the round goes on without it at risk.
- Each reveal shows what every opponent held at their decisions: the bot re-estimates how
  far each opponent's bids follow their dice (``honesty.Honesty``) and when they call
  (``callers.CallHabits``); at game end it forgets the seats but keeps the table's pooled
  evidence, where a seat not read yet in the next game starts.

>>> view = {"seat": 1, "dice": [4, 4, 1, 2, 3], "dice_counts": {"0": 5, "1": 5}, "total_dice": 10, "turn": 1,
...         "seats_in_game": [0, 1], "bids": [{"seat": 0, "quantity": 3, "face": 4}], "palifico": False,
...         "callers": [1], "can_call": True, "can_spot_on": False, "rules": {"wild_ones": True}}
>>> StrongBot(seed=1).policy(view)    # "three fours" is likely true; the bot mixes two raises that the opener may call
[({'type': 'bid', 'quantity': 3, 'face': 5}, 0.5), ({'type': 'bid', 'quantity': 3, 'face': 6}, 0.5)]
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from referee.rules import Settings

from .base import LIAR, SPOT_ON, WAIT, Move, PolicyBot, Situation, normalise
from .beliefs import FaceBelief, Model, model_posterior, table_beliefs
from .callers import PRIOR_THRESHOLD, CallHabits, decision_odds, plain_odds
from .endgame import endgame_moves
from .honesty import Honesty
from .lookahead import two_step_values
from .raise_values import anyone_value, raise_value
from .situation import RoundRules

PASSED_ON = 3
"""A raise the next player does not call is worth 1 − 1/(players + PASSED_ON): the round goes on and
someone else usually ends up losing it (tuned in the arena: 0.8 heads-up beat 0.5 by ~10 points)."""
SLACK = 0.0
"""Actions within this much of the best value are mixed; the rest are never played."""
TEMPERATURE = 0.02
"""Softmax temperature over the mixed actions' values."""
CANDIDATES = 8
"""This many of the best one-step raises (and the lowest raise on each face) are re-valued: two steps
ahead heads-up against a "surest" bidder, with every opponent as a caller under ``challenge = anyone``."""
REGAIN = 0.25
"""What a die won back by a right spot on adds to its value (a round not lost is worth 1)."""


class StrongBot(PolicyBot):
    """The posterior-reading, adapting, equilibrium-endgame bot."""

    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.honesty = Honesty()
        self.habits = CallHabits()
        self.round_bids: list[tuple[int, tuple[int, int]]] = []
        self.decisions: list[tuple[int, tuple[int, int], bool]] = []
        self.total = 0
        self.settings = Settings()
        self.palifico = False
        self.seat: int | None = None

    def observe(self, event: Mapping[str, Any]) -> None:
        """Learn from reveals; unknown or malformed events are ignored."""
        data = event.get("data", event)
        kind = event.get("kind")
        try:
            if kind == "round_started":
                self.round_bids, self.decisions, self.total = [], [], int(data["total_dice"])
                self.palifico = bool(data.get("palifico", False))
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
        wild = RoundRules.of(self.settings, self.palifico).wild
        for seat, hand in hands.items():
            if len(hand) <= 6 and seat != self.seat:
                rules = RoundRules.of(self.settings, self.palifico, one_die=len(hand) == 1)
                self.honesty.learn(seat, hand, [], rules, contexts.get(seat, []))
        for seat, standing, called in self.decisions:
            if seat in hands and seat != self.seat:
                self.habits.learn(seat, decision_odds(standing, hands[seat], self.total, wild), called,
                                  plain_odds(standing, hands[seat], self.total, wild))

    def moves(self, seen: Situation) -> list[tuple[Move, float]]:
        self.settings = seen.settings
        if not seen.to_act and not seen.can_call:
            return [(WAIT, 1.0)]
        solved = endgame_moves(seen)
        if solved:
            return solved
        self.seat = seen.seat
        others = [s for s in seen.in_game if s != seen.seat]
        models = {seat: self.honesty.default() for seat in others} | self.honesty.models()
        rules = self.habits.rules()
        if self.habits.pooled:          # a fresh bot reads no call rule into seats it has not seen call
            rules = {seat: self.habits.default() for seat in others} | rules
        standing = seen.standing
        beliefs = table_beliefs(seen, models, rules, None if seen.to_act or standing is None else (standing[1],))
        later = 1 - 1 / (len(seen.in_game) + PASSED_ON)
        values = self._raise_values(seen, beliefs, models, rules, later) if seen.to_act else {WAIT: later}
        if standing and seen.can_call:
            values[LIAR] = 1 - beliefs[standing[1]].chance(standing[0])
        if standing and seen.can_spot_on:
            regain = REGAIN if len(seen.dice) < seen.settings.dice_per_player else 0.0
            values[SPOT_ON] = beliefs[standing[1]].exactly(standing[0]) * (1 + regain)
        best = max(values.values())
        mixed = {m: math.exp((v - best) / TEMPERATURE) for m, v in values.items() if v >= best - SLACK}
        return normalise(mixed)

    def _raise_values(self, seen: Situation, beliefs: dict[int, FaceBelief], models: dict[int, Model],
                      rules: dict[int, tuple[int, float]], later: float) -> dict[Move, float]:
        """Every raise's value one step ahead; or only the candidates', re-valued with every opponent as a
        caller (``challenge = anyone``, 3+ players) or two steps ahead (heads-up against a "surest" bidder)."""
        nxt = seen.next_seat
        credit, their_call = rules.get(nxt, (1, PRIOR_THRESHOLD))
        values: dict[Move, float] = {m: raise_value(m, beliefs[m[1]], seen.total, seen.wild, later, their_call, credit)
                                     for m in seen.raises()}
        if not values:
            return values
        candidates = _candidates(values)
        if seen.settings.challenge == "anyone" and len(seen.in_game) > 2:
            opponents = seen.in_game[seen.in_game.index(nxt):] + seen.in_game[:seen.in_game.index(nxt)]
            callers = [rules.get(s, (1, PRIOR_THRESHOLD)) for s in opponents if s != seen.seat]
            return {m: anyone_value(m, beliefs[m[1]], seen.total, seen.wild, later, callers) for m in candidates}
        model = models.get(nxt)
        if len(seen.in_game) == 2 and model is not None and model[0] == "surest" and seen.counts[nxt] <= 6:
            return {m: v for m, v in self._two_step(seen, values, candidates, nxt, model, (credit, their_call),
                                                    later).items()}
        return values

    def _two_step(self, seen: Situation, values: Mapping[Move, float], candidates: list[tuple[int, int]], them: int,
                  model: Model, call_rule: tuple[int, float], later: float) -> dict[tuple[int, int], float]:
        """Heads-up against a "surest" bidder: re-value the most promising raises (``candidates``, chosen
        by their one-step ``values``) two steps ahead (``lookahead``)."""
        contexts: list[tuple[tuple[int, int] | None, tuple[int, int], int]] = []
        standing: tuple[int, int] | None = None
        for seat, placed in seen.bids:
            if seat == them:
                contexts.append((standing, placed, seen.total))
            standing = placed
        their_dice = seen.counts[them]
        weights = model_posterior(their_dice, seen.rules_of(them), model, tuple(contexts), call_rule)
        return two_step_values(candidates, seen.dice, their_dice, weights, seen.rules, seen.total, model, call_rule,
                               later)


def _candidates(values: Mapping[Move, float]) -> list[tuple[int, int]]:
    """The ``CANDIDATES`` best raises by value and the lowest raise on each face."""
    raises = [m for m in values if isinstance(m, tuple)]
    ranked = sorted(raises, key=values.__getitem__, reverse=True)[:CANDIDATES]
    lowest: dict[int, tuple[int, int]] = {}
    for q, f in raises:
        if f not in lowest or q < lowest[f][0]:
            lowest[f] = (q, f)
    return list(dict.fromkeys(ranked + list(lowest.values())))
