"""Two-step lookahead heads-up: my raise, the opponent's answer, and my best reply to it.

Heads-up, the count of a face is my own count plus the opponent's, so given the opponent's
hand every outcome is known. The strong bot holds a posterior over the opponent's hands
(``beliefs.model_posterior``, under the bidding model and call rule it learnt for them). For
a raise ``b`` it walks every hand ``h``:

- if the opponent's call rule calls ``b`` holding ``h``, the round ends: won when ``b`` is true;
- otherwise the opponent (a "surest" bidder: its bidding model predicts one raise per hand)
  raises to ``r(h)``. The hands that raise to the same ``r`` are exactly what I would know
  after seeing ``r``; against them I take the better of calling ``r`` (won when ``r`` is
  false) and my best next raise, valued one step ahead (the opponent calls it or, passed on,
  it is worth ``later``). A share ``NOISE`` of the opponent's raises is off-model and is worth
  ``later``.

So a raise that leaves the opponent no safe answer (their raise would be one I can call with
confidence) is worth more than one they can answer comfortably, which the one-step value
(every raise passed on is worth the same ``later``) cannot see.

Nothing assumes the `tavern` order: the raises, the opponent's predicted raise and the
replies come from the round's ``RoundRules``.

>>> weights = tuple(w for _, w in hands_of(1))                 # 1 v 1, no bids read yet
>>> values = two_step_values([(1, 6), (2, 6)], [6], 1, weights, TAVERN, 2, ("surest", 0.0), (0, 0.5), 0.8)
>>> round(values[(2, 6)], 4)                                   # "two sixes" holding a six: true 1/3 of the time
0.3333
>>> values[(1, 6)] > values[(2, 6)]
True
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee.games.liars_dice.bots.beliefs import NOISE, Model, counts_of, surest_bids
from referee.games.liars_dice.bots.odds import at_least, face_chance
from referee.games.liars_dice.bots.roundgame import hands_of
from referee.games.liars_dice.bots.situation import TAVERN, RoundRules, own_count  # noqa: F401 (TAVERN: the doctests)

REPLIES_ABOVE_MINIMUM = 1
"""My replies to the opponent's raise are the lowest raise on each face and up to this many dice above it."""

__all__ = ["two_step_values", "replies", "hands_of"]


def replies(standing: tuple[int, int], rules: RoundRules, total: int, extra: int = REPLIES_ABOVE_MINIMUM
            ) -> list[tuple[int, int]]:
    """The raises considered over ``standing``: per face, the lowest legal quantity and ``extra`` above it.

    >>> replies((2, 5), TAVERN, 4)
    [(3, 2), (4, 2), (3, 3), (4, 3), (3, 4), (4, 4), (3, 5), (4, 5), (2, 6), (3, 6)]
    """
    out = []
    for f in rules.faces:
        low = rules.lowest(standing, f, total)
        if low is not None:
            out += [(q, f) for q in range(low, min(total, low + extra) + 1)]
    return out


def two_step_values(candidates: Iterable[tuple[int, int]], my_dice: Sequence[int], their_dice: int,
                    weights: Sequence[float], rules: RoundRules, total: int, model: Model,
                    call_rule: tuple[int, float], later: float) -> dict[tuple[int, int], float]:
    """Per candidate raise: my chance of winning the round looking two steps ahead (module docstring).

    ``weights``: the posterior of the opponent's hands (``hands_of(their_dice)`` order);
    ``model``: their bidding model (a ``surest`` one: it predicts their raise);
    ``call_rule``: (dice they credit to the bidder, odds below which they call).
    """
    faces, wild = rules.faces, rules.wild
    counts = counts_of(their_dice, rules)
    credit, threshold = call_rule
    mine = total - their_dice                                 # the dice the opponent cannot see
    credit = min(credit, mine)
    own = [own_count(my_dice, f, wild) for f in faces]
    boldest = model[1] > 0.5
    live = [(w, row, i) for i, (w, row) in enumerate(zip(weights, counts)) if w > 0.0]
    calls_cache: dict[tuple[int, int], list[bool]] = {}

    def their_calls(bid: tuple[int, int]) -> list[bool]:
        """Per count of the bid's face in their hand: do they call it?"""
        found = calls_cache.get(bid)
        if found is None:
            q, f = bid
            p = face_chance(f, wild)
            found = [at_least(q - c - credit, mine - credit, p) < threshold for c in range(their_dice + 1)]
            calls_cache[bid] = found
        return found

    values = {}
    for bid in candidates:
        q, f = bid
        fi = faces.index(f)
        calls = their_calls(bid)
        predicted = surest_bids(their_dice, rules, bid, total, boldest)
        value = 0.0
        buckets: dict[tuple[int, int], list[tuple[float, tuple[int, ...]]]] = {}
        for w, row, i in live:
            c = row[fi]
            answer = predicted[i]
            if calls[c] or answer is None:
                value += w * (own[fi] + c >= q)
                continue
            value += w * NOISE * later
            buckets.setdefault(answer, []).append((w * (1 - NOISE), row))
        for answer, items in buckets.items():
            value += _reply_value(answer, items, own, rules, total, their_calls, later, their_dice + 1)
        values[bid] = value
    return values


def _reply_value(answer: tuple[int, int], items: list[tuple[float, tuple[int, ...]]], own: list[int],
                 rules: RoundRules, total: int, their_calls, later: float, size: int) -> float:
    """My best reply to their raise ``answer``, against the hands that raise so (weights not normalised)."""
    faces = rules.faces
    q, f = answer
    fi = faces.index(f)
    call = sum(w for w, row in items if own[fi] + row[fi] < q)
    marginals = [[0.0] * size for _ in faces]
    for w, row in items:
        for k, c in enumerate(row):
            marginals[k][c] += w
    best = call
    for bid in replies(answer, rules, total):
        q2, f2 = bid
        k = faces.index(f2)
        calls = their_calls(bid)
        value = 0.0
        for c, w in enumerate(marginals[k]):
            if w:
                value += w * ((own[k] + c >= q2) if calls[c] else later)
        if value > best:
            best = value
    return best
