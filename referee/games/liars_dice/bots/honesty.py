"""How each opponent bids, learnt from reveals: the bidding model (``beliefs.MODELS``) that best explains them.

A reveal shows what every opponent held at the bids they made this round. Each bid, in its
context (the bid it raised, the dice in play, the round's rules), scores every model by its
log-likelihood; the best-scoring model is the opponent's. The same evidence goes to a table
pool that outlives the game (seats may change hands between games, the table's habits do not).

>>> from referee.games.liars_dice.bots.beliefs import TAVERN
>>> honesty = Honesty()
>>> for _ in range(5):
...     honesty.learn(seat=1, hand=[3, 3, 3, 2, 6], faces=[3, 3], rules=TAVERN)
>>> honesty.betas()[1]
2.5
>>> for _ in range(4):
...     honesty.learn(seat=2, hand=[3, 6, 6, 4, 2], faces=[], rules=TAVERN, contexts=[(None, (1, 2), 10), ((2, 5), (2, 6), 10)])
>>> honesty.models()[2]
('surest', 0.0)
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from referee.games.liars_dice.bots.beliefs import MODELS, PRIOR_BETA, Context, Model, bid_likelihood, model_likelihood
from referee.games.liars_dice.bots.situation import RoundRules

POOL_BIDS = 12
"""The table's pooled evidence (``Honesty.prior``) weighs at most as much as this many bids of one seat."""


class Honesty:
    """Per opponent, the model (a softmax beta, or a "surest raise" player) that best explains its bids."""

    def __init__(self) -> None:
        self.scores: dict[int, list[float]] = {}
        self.pool = [0.0] * len(MODELS)
        self.pooled = 0

    def learn(self, seat: int, hand: Sequence[int], faces: Sequence[int], rules: RoundRules,
              contexts: Sequence[Context] = ()) -> None:
        """Add the bids ``seat`` made holding ``hand`` under ``rules`` to its evidence: ``contexts`` (each bid
        with the bid it raised and the dice in play) score every model; bare ``faces`` score the softmax ones.
        The same evidence goes to the table's pool (``prior``), which outlives the game."""
        scores = self.scores.setdefault(seat, self.prior())
        for face in faces:
            for i, model in enumerate(MODELS):
                if model[0] == "softmax":
                    gain = math.log(bid_likelihood(hand, face, rules, model[1]))
                    scores[i] += gain
                    self.pool[i] += gain
            self.pooled += 1
        for context in contexts:
            for i, model in enumerate(MODELS):
                gain = math.log(model_likelihood(hand, rules, model, context))
                scores[i] += gain
                self.pool[i] += gain
            self.pooled += 1

    def prior(self) -> list[float]:
        """The score every model starts from for a seat not read yet this game: the fixed prior plus the
        pooled evidence of every opponent read at this table so far, counted as at most ``POOL_BIDS`` bids
        (so a seat's own bids soon outweigh it if that player bids otherwise)."""
        scale = min(1.0, POOL_BIDS / self.pooled) if self.pooled else 0.0
        return [(-abs(m[1] - PRIOR_BETA) if m[0] == "softmax" else -2.0) + scale * p for m, p in zip(MODELS, self.pool)]

    def default(self) -> Model:
        """The model of a seat not read yet this game (``prior``): softmax β = 1 at a new table."""
        prior = self.prior()
        return MODELS[max(range(len(MODELS)), key=prior.__getitem__)]

    def models(self) -> dict[int, Model]:
        """The most likely model per opponent seen so far."""
        return {seat: MODELS[max(range(len(MODELS)), key=s.__getitem__)] for seat, s in self.scores.items()}

    def betas(self) -> dict[int, float]:
        """The most likely softmax ``beta`` per opponent seen so far."""
        return {seat: max((s[i], m[1]) for i, m in enumerate(MODELS) if m[0] == "softmax")[1]
                for seat, s in self.scores.items()}

    def forget(self) -> None:
        """Forget every seat (a new game may seat other players); the table's pool is kept."""
        self.scores.clear()
