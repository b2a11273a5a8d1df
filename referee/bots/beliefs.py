"""What the strong bot believes about the other cups: a Bayesian posterior over each opponent's hand.

Model: a player bids face ``f`` with probability proportional to ``exp(beta · c_f)``, where
``c_f`` is how many of their dice count for ``f``. ``beta`` (the player's "honesty") is learnt
per opponent from the reveals (``Honesty``). The posterior over an opponent's hand is the
prior over all hands times the likelihood of every bid they made this round; from it come,
per face, the distribution of the total count at the table.

>>> marginal = face_marginals(2, True, 1.0, ())[0]      # no bids yet: plain binomial on twos
>>> [round(p, 4) for p in marginal]
[0.4444, 0.4444, 0.1111]
>>> [round(p, 4) for p in face_marginals(2, True, 1.0, (0, 0))[0]]  # two bids on twos
[0.0999, 0.505, 0.3951]
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from .base import own_count
from .roundgame import hands_of

BETAS = (0.0, 0.5, 1.0, 1.5, 2.5)
"""The honesty values ``Honesty`` chooses among."""
PRIOR_BETA = 1.0


def faces_for(wild: bool) -> tuple[int, ...]:
    """Faces a bid may name."""
    return (2, 3, 4, 5, 6) if wild else (1, 2, 3, 4, 5, 6)


@lru_cache(maxsize=64)
def _likelihoods(dice: int, wild: bool, beta: float) -> tuple[tuple[tuple[float, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per hand: the chance of bidding each face, and how many dice count for each face."""
    faces = faces_for(wild)
    likes, counts = [], []
    for hand, _ in hands_of(dice):
        row = tuple(own_count(hand, f, wild) for f in faces)
        weights = [math.exp(beta * c) for c in row]
        total = sum(weights)
        likes.append(tuple(w / total for w in weights))
        counts.append(row)
    return tuple(likes), tuple(counts)


def bid_likelihood(hand: Sequence[int], face: int, wild: bool, beta: float) -> float:
    """Chance that a player holding ``hand`` bids ``face`` under the model.

    >>> round(bid_likelihood([5, 5], 5, True, 1.0), 4)
    0.6488
    """
    faces = faces_for(wild)
    weights = [math.exp(beta * own_count(hand, f, wild)) for f in faces]
    return weights[faces.index(face)] / sum(weights)


@lru_cache(maxsize=8192)
def face_marginals(dice: int, wild: bool, beta: float, bid_faces: tuple[int, ...]) -> tuple[tuple[float, ...], ...]:
    """Per face (index into the bid faces): the posterior distribution of the opponent's count.

    ``bid_faces`` are the face indices the opponent bid this round, sorted (order does not
    matter to the posterior).
    """
    likes, counts = _likelihoods(dice, wild, beta)
    prior = hands_of(dice)
    nfaces = len(faces_for(wild))
    marginals = [[0.0] * (dice + 1) for _ in range(nfaces)]
    total = 0.0
    for (_, weight), like, row in zip(prior, likes, counts):
        for f in bid_faces:
            weight *= like[f]
        total += weight
        for f in range(nfaces):
            marginals[f][row[f]] += weight
    return tuple(tuple(p / total for p in m) for m in marginals)


def count_at_least(own: int, opponents: Sequence[Sequence[float]]) -> list[float]:
    """``P(total ≥ q)`` for q = 0..own+Σd, the total being ``own`` plus independent opponent counts.

    >>> count_at_least(1, [[0.5, 0.5]])
    [1.0, 1.0, 0.5]
    """
    dist = [0.0] * own + [1.0]
    for marginal in opponents:
        nxt = [0.0] * (len(dist) + len(marginal) - 1)
        for i, a in enumerate(dist):
            if a:
                for j, b in enumerate(marginal):
                    nxt[i + j] += a * b
        dist = nxt
    tail, acc = [0.0] * len(dist), 0.0
    for q in range(len(dist) - 1, -1, -1):
        acc += dist[q]
        tail[q] = acc
    return [min(1.0, t) for t in tail]


@dataclass(frozen=True)
class FaceBelief:
    """For one face: ``P(total ≥ q)``, and the next player's count with the rest of the table apart."""

    at_least: list[float]
    next_count: tuple[float, ...]
    rest_at_least: list[float]

    def chance(self, quantity: int) -> float:
        """``P(total ≥ quantity)``."""
        return self.at_least[quantity] if quantity < len(self.at_least) else 0.0


def table_beliefs(view: Mapping[str, Any], honesty: Mapping[int, float]) -> dict[int, FaceBelief]:
    """Per face, what the seat believes about the count at the table, given every opponent's bids."""
    wild = view["rules"].get("wild_ones", True)
    faces = faces_for(wild)
    me = view["seat"]
    in_game = [s for s in view["seats_in_game"]]
    following = in_game[(in_game.index(me) + 1) % len(in_game)]
    bid_faces: dict[int, list[int]] = {}
    for bid in view["bids"]:
        bid_faces.setdefault(bid["seat"], []).append(faces.index(bid["face"]))
    marginals = {seat: face_marginals(view["dice_counts"][str(seat)], wild, honesty.get(seat, PRIOR_BETA),
                                      tuple(sorted(bid_faces.get(seat, ()))))
                 for seat in in_game if seat != me}
    beliefs = {}
    for f, face in enumerate(faces):
        own = own_count(view["dice"], face, wild)
        rest = [m[f] for seat, m in marginals.items() if seat != following]
        beliefs[face] = FaceBelief(count_at_least(own, rest + [marginals[following][f]]),
                                   marginals[following][f], count_at_least(own, rest))
    return beliefs


class Honesty:
    """Learns each opponent's ``beta`` from reveals: the grid value that best explains their bids so far.

    >>> honesty = Honesty()
    >>> for _ in range(5):
    ...     honesty.learn(seat=1, hand=[3, 3, 3, 2, 6], faces=[3, 3], wild=True)
    >>> honesty.betas()[1]
    2.5
    """

    def __init__(self) -> None:
        self.scores: dict[int, list[float]] = {}

    def learn(self, seat: int, hand: Sequence[int], faces: Sequence[int], wild: bool) -> None:
        """Add the bids ``seat`` made on ``faces`` while holding ``hand`` to its evidence."""
        scores = self.scores.setdefault(seat, [-abs(b - PRIOR_BETA) for b in BETAS])
        for face in faces:
            for i, beta in enumerate(BETAS):
                scores[i] += math.log(bid_likelihood(hand, face, wild, beta))

    def betas(self) -> dict[int, float]:
        """The most likely ``beta`` per opponent seen so far."""
        return {seat: BETAS[max(range(len(BETAS)), key=s.__getitem__)] for seat, s in self.scores.items()}

    def forget(self) -> None:
        """Start over (a new game may seat other players)."""
        self.scores.clear()
