"""What the strong bot believes about the other cups: a Bayesian posterior over each opponent's hand.

Model: a player bids face ``f`` with probability proportional to ``exp(beta · c_f)`` among the
faces it may name at that point, where ``c_f`` is how many of its dice count for ``f`` this
round. ``beta`` (the player's "honesty") is learnt per opponent from the reveals
(``honesty.Honesty``). The posterior over an opponent's hand is the prior over all hands times
the likelihood of every bid they made this round; from it come, per face, the distribution of
the total count at the table.

Nothing here assumes the `tavern` rules: every function takes the round's ``RoundRules`` (how
dice count, which faces may be bid, the order of bids). A bid whose face was forced (the
palifico face lock) says nothing about the hand: its face had one legal choice.

>>> marginal = face_marginals(2, TAVERN, 1.0, ())[0]      # no bids yet: plain binomial on twos
>>> [round(p, 4) for p in marginal]
[0.4444, 0.4444, 0.1111]
>>> every = TAVERN.faces
>>> [round(p, 4) for p in face_marginals(2, TAVERN, 1.0, ((2, every), (2, every)))[0]]  # two bids on twos
[0.0999, 0.505, 0.3951]
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from referee.games.liars_dice.bots.odds import at_least, face_chance
from referee.games.liars_dice.bots.roundgame import hands_of
from referee.games.liars_dice.bots.situation import TAVERN, Pair, RoundRules, Situation, own_count

BETAS = (0.0, 0.5, 1.0, 1.5, 2.5, 4.0, 8.0)
"""The honesty values the softmax models use."""
PRIOR_BETA = 1.0
Context = tuple[Pair | None, Pair, int]
"""One bid in its context: (the bid it raised or None, the bid, dice in play)."""
Model = tuple[str, float]
"""How an opponent picks its bids: ``("softmax", beta)`` or ``("surest", 0)`` / ``("surest", 1)``
(the raise most likely true from its own dice, lowest / boldest on ties: the binomial yardstick
and the medium regular bid so)."""
SUREST = (("surest", 0.0), ("surest", 1.0))
MODELS: tuple[Model, ...] = tuple(("softmax", b) for b in BETAS) + SUREST
NOISE = 0.1
"""A ``surest`` player is taken to make its predicted raise with chance 1 − NOISE, else any legal raise."""

__all__ = ["TAVERN", "beliefs_by_count", "face_marginals", "model_posterior", "table_beliefs", "surest_bids", "counts_of"]


@lru_cache(maxsize=256)
def counts_of(dice: int, rules: RoundRules) -> tuple[tuple[int, ...], ...]:
    """Per hand of ``dice`` dice (``hands_of`` order): how many of its dice count for each face of ``rules.faces``."""
    return tuple(tuple(own_count(hand, f, rules.wild) for f in rules.faces) for hand, _ in hands_of(dice))


@lru_cache(maxsize=1024)
def _softmax(dice: int, rules: RoundRules, beta: float, legal: tuple[int, ...]) -> tuple[tuple[float, ...], ...]:
    """Per hand: the chance of bidding each face of ``legal`` (softmax over those faces only)."""
    rows = []
    for hand, _ in hands_of(dice):
        weights = [math.exp(beta * own_count(hand, f, rules.wild)) for f in legal]
        total = sum(weights)
        rows.append(tuple(w / total for w in weights))
    return tuple(rows)


def bid_likelihood(hand: Sequence[int], face: int, rules: RoundRules, beta: float,
                   legal: Sequence[int] | None = None) -> float:
    """Chance that a player holding ``hand`` bids ``face`` under the model, among ``legal`` faces (default: all).

    >>> round(bid_likelihood([5, 5], 5, TAVERN, 1.0), 4), bid_likelihood([5, 5], 3, TAVERN, 1.0, legal=[3])
    (0.6488, 1.0)
    """
    faces = tuple(legal) if legal is not None else rules.faces
    weights = [math.exp(beta * own_count(hand, f, rules.wild)) for f in faces]
    return weights[faces.index(face)] / sum(weights) if face in faces else 1.0


def _informative(bids: Sequence[tuple[int, tuple[int, ...]]]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The (face, legal faces) of the bids whose face was a choice, sorted (their order does not matter)."""
    return tuple(sorted((face, legal) for face, legal in bids if len(legal) > 1 and face in legal))


@lru_cache(maxsize=8192)
def face_marginals(dice: int, rules: RoundRules, beta: float,
                   bids: tuple[tuple[int, tuple[int, ...]], ...]) -> tuple[tuple[float, ...], ...]:
    """Per face of ``rules.faces``: the posterior distribution of the opponent's count under the softmax
    model, given the bids it made this round as (face bid, faces it could have bid)."""
    counts = counts_of(dice, rules)
    weights = [w for _, w in hands_of(dice)]
    for face, legal in _informative(bids):
        likes = _softmax(dice, rules, beta, legal)
        weights = [w * like[legal.index(face)] for w, like in zip(weights, likes)]
    return _marginals(dice, rules, weights, counts)


def _marginals(dice: int, rules: RoundRules, weights: Sequence[float],
               counts: Sequence[Sequence[int]]) -> tuple[tuple[float, ...], ...]:
    total = sum(weights) or 1.0
    marginals = [[0.0] * (dice + 1) for _ in rules.faces]
    for weight, row in zip(weights, counts):
        for f, c in enumerate(row):
            marginals[f][c] += weight / total
    return tuple(tuple(m) for m in marginals)


def raise_count(rules: RoundRules, standing: Pair | None, total: int) -> int:
    """How many legal raises there are above ``standing``.

    >>> raise_count(TAVERN, None, 4), raise_count(TAVERN, (4, 5), 4)
    (20, 1)
    """
    lows = (rules.lowest(standing, f, total) for f in rules.faces)
    return sum(total - low + 1 for low in lows if low is not None)


@lru_cache(maxsize=16384)
def surest_bids(dice: int, rules: RoundRules, standing: Pair | None, total: int,
                boldest: bool) -> tuple[Pair | None, ...]:
    """Per hand of ``dice`` dice (``hands_of`` order): the raise a ``surest`` player makes over ``standing``:
    among the lowest legal bid on each face, the likeliest true from its own dice, the lowest in the
    order of bids on ties (with ``boldest``: as many dice as it holds when that is more, and the
    highest on ties).

    >>> hands = [h for h, _ in hands_of(1)]
    >>> dict(zip(hands, surest_bids(1, TAVERN, None, 2, False)))[(4,)], dict(zip(hands, surest_bids(1, TAVERN, None, 2, True)))[(1,)]
    ((1, 4), (1, 6))
    """
    unseen = total - dice
    firsts = [(low, f) for f in rules.faces if (low := rules.lowest(standing, f, total)) is not None]
    choices: list[Pair | None] = []
    for hand, _ in hands_of(dice):
        best: Pair | None = None
        best_p = -1.0
        for q, f in firsts:
            own = own_count(hand, f, rules.wild)
            bid = (min(max(q, own), total), f) if boldest and own >= q else (q, f)
            p = at_least(q - own, unseen, face_chance(f, rules.wild))
            tied = abs(p - best_p) <= 1e-12
            if best is None or p > best_p + 1e-12 or (tied and (rules.rank(bid) > rules.rank(best)) == boldest):
                best, best_p = bid, p
        choices.append(best)
    return tuple(choices)


@lru_cache(maxsize=8192)
def model_marginals(dice: int, rules: RoundRules, model: Model, contexts: tuple[Context, ...],
                    call_rule: tuple[int, float] | None = None) -> tuple[tuple[float, ...], ...]:
    """Per face: the posterior distribution of an opponent's count, given its bids (in context) under ``model``.

    With ``call_rule`` (credit, threshold: how it calls, ``callers.CallHabits``) a raise also says that
    the opponent did not find the bid it raised unlikely enough to call."""
    kind, param = model
    if kind == "softmax" and call_rule is None:
        return face_marginals(dice, rules, param, tuple((bid[1], rules.legal_faces(standing, total))
                                                        for standing, bid, total in contexts))
    return _marginals(dice, rules, model_posterior(dice, rules, model, contexts, call_rule), counts_of(dice, rules))


@lru_cache(maxsize=4096)
def model_posterior(dice: int, rules: RoundRules, model: Model, contexts: tuple[Context, ...],
                    call_rule: tuple[int, float] | None = None) -> tuple[float, ...]:
    """The posterior chance of each hand of ``dice`` dice (``hands_of`` order), given its bids under
    ``model`` (and, with ``call_rule``, that it did not call the bids it raised); sums to 1.

    >>> weights = model_posterior(1, TAVERN, ("surest", 0.0), ((None, (1, 4), 2),))
    >>> round(sum(weights), 6), max(range(6), key=weights.__getitem__)    # "one four" opening: most likely a four
    (1.0, 3)
    """
    kind, param = model
    counts = counts_of(dice, rules)
    prior = [w for _, w in hands_of(dice)]
    weights = list(prior)
    for standing, bid, total in contexts:
        if call_rule is not None and standing is not None and standing[1] in rules.faces:
            credit, threshold = call_rule
            credit = min(credit, total - dice)
            chance = face_chance(standing[1], rules.wild)
            index = rules.faces.index(standing[1])
            weights = [w * ((1 - NOISE) * (at_least(standing[0] - row[index] - credit, total - dice - credit,
                                                    chance) >= threshold) + NOISE)
                       for w, row in zip(weights, counts)]
        if kind == "softmax":
            legal = rules.legal_faces(standing, total)
            if len(legal) > 1 and bid[1] in legal:
                weights = [w * like[legal.index(bid[1])] for w, like in zip(weights, _softmax(dice, rules, param, legal))]
            continue
        spread = NOISE / max(1, raise_count(rules, standing, total))
        predicted = surest_bids(dice, rules, standing, total, param > 0.5)
        weights = [w * ((1 - NOISE if guess == bid else 0.0) + spread) for w, guess in zip(weights, predicted)]
    total_weight = sum(weights)
    if total_weight <= 0.0:
        return tuple(prior)
    return tuple(w / total_weight for w in weights)


def model_likelihood(hand: Sequence[int], rules: RoundRules, model: Model, context: Context) -> float:
    """Chance that a player holding ``hand`` makes the bid of ``context`` under ``model`` (over full bids).

    >>> round(model_likelihood([4], TAVERN, ("surest", 0.0), (None, (1, 4), 2)), 4)
    0.91
    """
    standing, bid, total = context
    kind, param = model
    if kind == "softmax":
        low = rules.lowest(standing, bid[1], total) or bid[0]
        legal = rules.legal_faces(standing, total)
        return bid_likelihood(hand, bid[1], rules, param, legal) / max(1, total - low + 1)
    hands = [h for h, _ in hands_of(len(hand))]
    guess = surest_bids(len(hand), rules, standing, total, param > 0.5)[hands.index(tuple(sorted(hand)))]
    return (1 - NOISE if guess == bid else 0.0) + NOISE / max(1, raise_count(rules, standing, total))


def count_at_least(own: int, opponents: Sequence[Sequence[float]]) -> list[float]:
    """``P(total ≥ q)`` for q = 0..own+Σd, the total being ``own`` plus independent opponent counts.

    >>> count_at_least(1, [[0.5, 0.5]])
    [1.0, 1.0, 0.5]
    """
    dist = [0.0] * own + [1.0]
    for marginal in opponents:
        dist = convolve(dist, marginal)
    tail, acc = [0.0] * len(dist), 0.0
    for q in range(len(dist) - 1, -1, -1):
        acc += dist[q]
        tail[q] = acc
    return [min(1.0, t) for t in tail]


def convolve(a: Sequence[float], b: Sequence[float]) -> list[float]:
    """The distribution of the sum of two independent counts (sub-distributions allowed).

    >>> convolve([0.5, 0.5], [0.0, 1.0])
    [0.0, 0.5, 0.5]
    """
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@dataclass(frozen=True)
class FaceBelief:
    """For one face: ``P(total ≥ q)``; the next player's count and the rest of the table apart; every
    opponent's count, clockwise from the next player (``opponents``), and the bot's own count."""

    at_least: list[float]
    next_count: tuple[float, ...]
    rest_at_least: list[float]
    opponents: tuple[tuple[float, ...], ...] = ()
    own: int = 0

    def chance(self, quantity: int) -> float:
        """``P(total ≥ quantity)``."""
        if quantity <= 0:
            return 1.0
        return self.at_least[quantity] if quantity < len(self.at_least) else 0.0

    def exactly(self, quantity: int) -> float:
        """``P(total = quantity)``."""
        return max(0.0, self.chance(quantity) - self.chance(quantity + 1))


def table_beliefs(seen: Situation, honesty: Mapping[int, float | Model],
                  call_rules: Mapping[int, tuple[int, float]] | None = None,
                  only: Sequence[int] | None = None) -> dict[int, FaceBelief]:
    """Per face (of ``only``, default every face of the round), what the seat believes about the count
    at the table, given every opponent's bids.

    ``honesty`` gives each opponent's bidding model (a bare number is a softmax beta)."""
    by_count = beliefs_by_count(seen, honesty, call_rules, only)
    return {face: rows[own_count(seen.dice, face, seen.wild)] for face, rows in by_count.items()}


def beliefs_by_count(seen: Situation, honesty: Mapping[int, float | Model],
                     call_rules: Mapping[int, tuple[int, float]] | None = None,
                     only: Sequence[int] | None = None) -> dict[int, tuple[FaceBelief, ...]]:
    """Per face, ``table_beliefs`` for every count of it the seat's own dice might show (0 … its dice):
    what the opponents' bids say does not depend on the seat's hand, only the own count is added.

    >>> view = {"seat": 0, "dice": [2], "dice_counts": {"0": 1, "1": 1}, "total_dice": 2, "turn": 0,
    ...         "seats_in_game": [0, 1], "bids": [], "palifico": False, "callers": [], "can_call": False,
    ...         "can_spot_on": False, "rules": {}}
    >>> [round(b.chance(2), 4) for b in beliefs_by_count(Situation.from_view(view), {})[5]]  # "two fives" holding 0 / 1
    [0.0, 0.3333]
    """
    faces = seen.rules.faces
    following = seen.next_seat
    clockwise = seen.in_game[seen.in_game.index(following):] + seen.in_game[:seen.in_game.index(following)]
    contexts: dict[int, list[Context]] = {}
    standing: Pair | None = None
    for seat, placed in seen.bids:
        contexts.setdefault(seat, []).append((standing, placed, seen.total))
        standing = placed
    marginals = {seat: model_marginals(seen.counts[seat], seen.rules_of(seat), _model(honesty.get(seat, PRIOR_BETA)),
                                       tuple(contexts.get(seat, ())), (call_rules or {}).get(seat))
                 for seat in clockwise if seat != seen.seat}
    beliefs = {}
    for f, face in enumerate(faces):
        if only is not None and face not in only:
            continue
        rest = [m[f] for seat, m in marginals.items() if seat != following]
        every, rest_only = count_at_least(0, rest + [marginals[following][f]]), count_at_least(0, rest)
        opponents = tuple(m[f] for m in marginals.values())
        beliefs[face] = tuple(FaceBelief([1.0] * own + every, marginals[following][f], [1.0] * own + rest_only,
                                         opponents, own) for own in range(len(seen.dice) + 1))
    return beliefs


def _model(value: float | Model) -> Model:
    return ("softmax", float(value)) if isinstance(value, (int, float)) else value
