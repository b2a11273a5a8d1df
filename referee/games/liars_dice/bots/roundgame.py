"""One heads-up round as a game tree: the public bid history, each player's possible hands, the payoffs.

Player 0 opens. A history is the tuple of bid indices made so far (each higher than the last);
the player to act is ``len(history) % 2``; a call ends the round. ``loser_value[p]`` is what
player 0 gets when player ``p`` loses the round (±1 when the round decides the game).
``best_response`` is exact: it walks every history the other player's strategy can reach, and asks
that strategy only about the hands that can be held there (a hand its own play has left is never asked).

>>> game = RoundGame((1, 1), wild=True)
>>> len(game.bids), game.bids[0], game.hands[0][:2]
(10, (1, 2), [((1,), 0.16666666666666666), ((2,), 0.16666666666666666)])
>>> always_call = lambda player, hand, history: {LIAR: 1.0} if history else {0: 1.0}
>>> round(best_response(game, always_call, responder=1), 4)  # answer "one two" with a true bid, and win it
0.7778
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from referee.games.liars_dice.bots.base import LIAR, own_count

History = tuple[int, ...]
Strategy = Callable[[int, int, History], dict]
"""``(player, hand index, history) -> {bid index or LIAR: probability}``."""


@lru_cache(maxsize=None)
def hands_of(dice: int) -> list[tuple[tuple[int, ...], float]]:
    """Every hand of ``dice`` dice (sorted) with its chance.

    >>> len(hands_of(2)), round(sum(w for _, w in hands_of(3)), 10)
    (21, 1.0)
    """
    result = []
    for hand in combinations_with_replacement(range(1, 7), dice):
        ways = factorial(dice)
        for face in set(hand):
            ways //= factorial(hand.count(face))
        result.append((hand, ways / 6**dice))
    return result


class RoundGame:
    """The bidding tree of one round with ``dice[0]`` dice for the opener and ``dice[1]`` for the other."""

    def __init__(self, dice: tuple[int, int], wild: bool, loser_value: tuple[float, float] = (-1.0, 1.0)) -> None:
        self.dice, self.wild, self.loser_value = dice, wild, loser_value
        faces = (2, 3, 4, 5, 6) if wild else (1, 2, 3, 4, 5, 6)
        self.total = sum(dice)
        self.bids = [(q, f) for q in range(1, self.total + 1) for f in faces]
        self.hands = [hands_of(d) for d in dice]
        self.counts = [[[own_count(h, f, wild) for _, f in self.bids] for h, _ in hands] for hands in self.hands]

    def actions(self, history: History) -> list:
        """Bid indices above the last bid, then ``LIAR`` once a bid stands."""
        start = history[-1] + 1 if history else 0
        return list(range(start, len(self.bids))) + ([LIAR] if history else [])

    def call_values(self, history: History, other_reach: list[float], player: int) -> list[float]:
        """What each hand of ``player`` gets (its own sign) when the player to act calls after ``history``.

        ``other_reach[i]`` is the chance-weighted probability that the other player holds hand ``i``
        here. The other's reach is summed by how many of the bid's face it holds, from the top
        down, so each of ``player``'s hands reads its chance of a true bid in one look-up.

        >>> game = RoundGame((1, 1), wild=True)
        >>> values = game.call_values((game.bids.index((2, 6)),), [w for _, w in game.hands[0]], 1)
        >>> round(values[5], 4)     # a six calls "two sixes": true 1 time in 3 (the opener's one or six)
        0.3333
        """
        bid = history[-1]
        quantity = self.bids[bid][0]
        caller = len(history) % 2
        sign = 1.0 if player == 0 else -1.0
        true_value, false_value = sign * self.loser_value[caller], sign * self.loser_value[1 - caller]
        other = 1 - player
        top = self.dice[other] + 1
        at_least = [0.0] * (top + 1)           # at_least[k]: the other's reach with k or more of the face
        for i, r in enumerate(other_reach):
            at_least[self.counts[other][i][bid]] += r
        for k in range(top - 1, -1, -1):
            at_least[k] += at_least[k + 1]
        total = at_least[0]
        values = []
        for mine in self.counts[player]:
            true = at_least[min(top, max(0, quantity - mine[bid]))]
            values.append(true * true_value + (total - true) * false_value)
        return values


def best_response(game: RoundGame, strategy: Strategy, responder: int) -> float:
    """The value ``responder`` gets by best-responding to ``strategy`` played by the other player (exact)."""
    fixed = 1 - responder

    def walk(history: History, reach: list[float]) -> list[float]:
        player = len(history) % 2
        children = []
        if player == fixed:
            plays = [strategy(fixed, i, history) if r else {} for i, r in enumerate(reach)]
        for action in game.actions(history):
            if player == fixed:
                weights = [play.get(action, 0.0) * r for play, r in zip(plays, reach)]
                if not any(weights):
                    continue
            else:
                weights = reach
            if action == LIAR:
                children.append(game.call_values(history, weights, responder))
            else:
                children.append(walk(history + (action,), weights))
        size = len(game.hands[responder])
        if player == responder:
            return [max(child[i] for child in children) for i in range(size)]
        return [sum(child[i] for child in children) for i in range(size)]

    prior = [w for _, w in game.hands[fixed]]
    values = walk((), prior)
    return sum(w * v for (_, w), v in zip(game.hands[responder], values))
