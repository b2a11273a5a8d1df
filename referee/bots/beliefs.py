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
from .odds import at_least, face_chance
from .roundgame import hands_of

BETAS = (0.0, 0.5, 1.0, 1.5, 2.5, 4.0, 8.0)
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


Context = tuple[tuple[int, int] | None, tuple[int, int], int]
"""One bid in its context: (the bid it raised or None, the bid, dice in play)."""
Model = tuple[str, float]
"""How an opponent picks its bids: ``("softmax", beta)`` or ``("surest", 0)`` / ``("surest", 1)``
(the raise most likely true from its own dice, lowest / boldest on ties: the binomial yardstick
and the medium regular bid so)."""
SUREST = (("surest", 0.0), ("surest", 1.0))
MODELS: tuple[Model, ...] = tuple(("softmax", b) for b in BETAS) + SUREST
NOISE = 0.1
POOL_BIDS = 12
"""The table's pooled evidence (``Honesty.prior``) weighs at most as much as this many bids of one seat."""
"""A ``surest`` player is taken to make its predicted raise with chance 1 − NOISE, else any legal raise."""


def _raise_count(standing: tuple[int, int] | None, faces: Sequence[int], total: int) -> int:
    """How many legal raises there are above ``standing``."""
    if standing is None:
        return total * len(faces)
    quantity, face = standing
    return (total - quantity) * len(faces) + sum(1 for f in faces if f > face)


@lru_cache(maxsize=16384)
def surest_bids(dice: int, wild: bool, standing: tuple[int, int] | None, total: int,
                boldest: bool) -> tuple[tuple[int, int] | None, ...]:
    """Per hand of ``dice`` dice (``hands_of`` order): the raise a ``surest`` player makes over ``standing``.

    >>> hands = [h for h, _ in hands_of(1)]
    >>> dict(zip(hands, surest_bids(1, True, None, 2, False)))[(4,)], dict(zip(hands, surest_bids(1, True, None, 2, True)))[(1,)]
    ((1, 4), (1, 6))
    """
    faces = faces_for(wild)
    unseen = total - dice
    firsts = []
    for f in faces:
        q = 1 if standing is None else (standing[0] if f > standing[1] else standing[0] + 1)
        if q <= total:
            firsts.append((q, f))
    choices: list[tuple[int, int] | None] = []
    for hand, _ in hands_of(dice):
        best: tuple[int, int] | None = None
        best_p = -1.0
        for q, f in firsts:
            own = own_count(hand, f, wild)
            bid = (min(max(q, own), total), f) if boldest and own >= q else (q, f)
            p = at_least(q - own, unseen, face_chance(f, wild))
            if p > best_p + 1e-12 or (boldest and abs(p - best_p) <= 1e-12 and best is not None and bid > best):
                best, best_p = bid, p
        choices.append(best)
    return tuple(choices)


@lru_cache(maxsize=8192)
def model_marginals(dice: int, wild: bool, model: Model, contexts: tuple[Context, ...],
                    call_rule: tuple[int, float] | None = None) -> tuple[tuple[float, ...], ...]:
    """Per face: the posterior distribution of an opponent's count, given its bids (in context) under ``model``.

    With ``call_rule`` (credit, threshold: how it calls, ``callers.CallHabits``) a raise also says that
    the opponent did not find the bid it raised unlikely enough to call."""
    kind, param = model
    faces = faces_for(wild)
    if kind == "softmax" and call_rule is None:
        return face_marginals(dice, wild, param, tuple(sorted(faces.index(bid[1]) for _, bid, _ in contexts)))
    weights = model_posterior(dice, wild, model, contexts, call_rule)
    counts = _likelihoods(dice, wild, 0.0)[1]
    marginals = [[0.0] * (dice + 1) for _ in faces]
    for weight, row in zip(weights, counts):
        for f in range(len(faces)):
            marginals[f][row[f]] += weight
    return tuple(tuple(m) for m in marginals)


@lru_cache(maxsize=4096)
def model_posterior(dice: int, wild: bool, model: Model, contexts: tuple[Context, ...],
                    call_rule: tuple[int, float] | None = None) -> tuple[float, ...]:
    """The posterior chance of each hand of ``dice`` dice (``hands_of`` order), given its bids under
    ``model`` (and, with ``call_rule``, that it did not call the bids it raised); sums to 1.

    >>> weights = model_posterior(1, True, ("surest", 0.0), ((None, (1, 4), 2),))
    >>> round(sum(weights), 6), max(range(6), key=weights.__getitem__)    # "one four" opening: most likely a four
    (1.0, 3)
    """
    kind, param = model
    faces = faces_for(wild)
    likes, counts = _likelihoods(dice, wild, param if kind == "softmax" else 0.0)
    weights = [w for _, w in hands_of(dice)]
    for standing, bid, total in contexts:
        if call_rule is not None and standing is not None:
            credit, threshold = call_rule
            credit = min(credit, total - dice)
            chance = face_chance(standing[1], wild)
            weights = [w * ((1 - NOISE) * (at_least(standing[0] - row[faces.index(standing[1])] - credit,
                                                    total - dice - credit, chance) >= threshold) + NOISE)
                       for w, row in zip(weights, counts)]
        if kind == "softmax":
            weights = [w * like[faces.index(bid[1])] for w, like in zip(weights, likes)]
            continue
        spread = NOISE / max(1, _raise_count(standing, faces, total))
        predicted = surest_bids(dice, wild, standing, total, param > 0.5)
        weights = [w * ((1 - NOISE if guess == bid else 0.0) + spread) for w, guess in zip(weights, predicted)]
    total_weight = sum(weights)
    return tuple(w / total_weight for w in weights)


def model_likelihood(hand: Sequence[int], wild: bool, model: Model, context: Context) -> float:
    """Chance that a player holding ``hand`` makes the bid of ``context`` under ``model`` (over full bids).

    >>> round(model_likelihood([4], True, ("surest", 0.0), (None, (1, 4), 2)), 4)
    0.91
    """
    standing, bid, total = context
    faces = faces_for(wild)
    kind, param = model
    if kind == "softmax":
        first = 1 if standing is None else (standing[0] if bid[1] > standing[1] else standing[0] + 1)
        return bid_likelihood(hand, bid[1], wild, param) / max(1, total - first + 1)
    hands = [h for h, _ in hands_of(len(hand))]
    guess = surest_bids(len(hand), wild, standing, total, param > 0.5)[hands.index(tuple(sorted(hand)))]
    return (1 - NOISE if guess == bid else 0.0) + NOISE / max(1, _raise_count(standing, faces, total))


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


def table_beliefs(view: Mapping[str, Any], honesty: Mapping[int, float | Model],
                  call_rules: Mapping[int, tuple[int, float]] | None = None) -> dict[int, FaceBelief]:
    """Per face, what the seat believes about the count at the table, given every opponent's bids.

    ``honesty`` gives each opponent's bidding model (a bare number is a softmax beta)."""
    wild = view["rules"].get("wild_ones", True)
    faces = faces_for(wild)
    me = view["seat"]
    in_game = [s for s in view["seats_in_game"]]
    following = in_game[(in_game.index(me) + 1) % len(in_game)]
    contexts: dict[int, list[Context]] = {}
    standing: tuple[int, int] | None = None
    for bid in view["bids"]:
        placed = (bid["quantity"], bid["face"])
        contexts.setdefault(bid["seat"], []).append((standing, placed, view["total_dice"]))
        standing = placed
    marginals = {seat: model_marginals(view["dice_counts"][str(seat)], wild, _model(honesty.get(seat, PRIOR_BETA)),
                                       tuple(contexts.get(seat, ())), (call_rules or {}).get(seat))
                 for seat in in_game if seat != me}
    beliefs = {}
    for f, face in enumerate(faces):
        own = own_count(view["dice"], face, wild)
        rest = [m[f] for seat, m in marginals.items() if seat != following]
        beliefs[face] = FaceBelief(count_at_least(own, rest + [marginals[following][f]]),
                                   marginals[following][f], count_at_least(own, rest))
    return beliefs


def _model(value: float | Model) -> Model:
    return ("softmax", float(value)) if isinstance(value, (int, float)) else value


class Honesty:
    """Learns how each opponent bids from reveals: the model (``MODELS``: a softmax beta, or a
    "surest raise" player) that best explains the bids they made holding the dice shown.

    >>> honesty = Honesty()
    >>> for _ in range(5):
    ...     honesty.learn(seat=1, hand=[3, 3, 3, 2, 6], faces=[3, 3], wild=True)
    >>> honesty.betas()[1]
    2.5
    >>> for _ in range(4):
    ...     honesty.learn(seat=2, hand=[3, 6, 6, 4, 2], faces=[], wild=True, contexts=[(None, (1, 2), 10), ((2, 5), (2, 6), 10)])
    >>> honesty.models()[2]
    ('surest', 0.0)
    """

    def __init__(self) -> None:
        self.scores: dict[int, list[float]] = {}
        self.pool = [0.0] * len(MODELS)
        self.pooled = 0

    def learn(self, seat: int, hand: Sequence[int], faces: Sequence[int], wild: bool,
              contexts: Sequence[Context] = ()) -> None:
        """Add the bids ``seat`` made holding ``hand`` to its evidence: ``contexts`` (each bid with the
        bid it raised and the dice in play) score every model; bare ``faces`` score the softmax ones.
        The same evidence goes to the table's pool (``prior``), which outlives the game."""
        scores = self.scores.setdefault(seat, self.prior())
        for face in faces:
            for i, model in enumerate(MODELS):
                if model[0] == "softmax":
                    gain = math.log(bid_likelihood(hand, face, wild, model[1]))
                    scores[i] += gain
                    self.pool[i] += gain
            self.pooled += 1
        for context in contexts:
            for i, model in enumerate(MODELS):
                gain = math.log(model_likelihood(hand, wild, model, context))
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
