"""How each opponent calls: the odds (from their own dice) below which they call Liar, learnt from reveals.

A reveal shows what a player held at each of their decisions this round; from it and the
bid they faced we know their own-dice odds of that bid (crediting the bidder with one die,
as ``medium`` does) and whether they called. The threshold that misclassifies the fewest
of those decisions is their habit.

>>> habits = CallHabits()
>>> for odds, called in [(0.2, True), (0.3, True), (0.5, True), (0.55, True), (0.7, False), (0.75, False)]:
...     habits.learn(seat=2, odds=odds, called=called)
>>> habits.thresholds()[2]
0.6
"""
from __future__ import annotations

from collections.abc import Sequence

from referee.games.liars_dice.bots.medium import credited_odds

THRESHOLDS = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
PRIOR_THRESHOLD = 0.4
POOL_DECISIONS = 8
"""The table's pooled evidence (``CallHabits.prior``) weighs at most as much as this many decisions of one seat."""


def decision_odds(bid: tuple[int, int], hand: Sequence[int], total: int, wild: bool) -> float:
    """The odds of ``bid`` that a player holding ``hand`` saw when ``total`` dice were in play.

    >>> round(decision_odds((3, 5), [5, 2], total=5, wild=True), 4)
    0.5556
    """
    return credited_odds(bid, list(hand), total - len(hand), wild)


def plain_odds(bid: tuple[int, int], hand: Sequence[int], total: int, wild: bool) -> float:
    """The odds of ``bid`` from ``hand`` with nothing credited to the bidder (the binomial yardstick's view).

    >>> round(plain_odds((3, 5), [5, 2], total=5, wild=True), 4)
    0.2593
    """
    return credited_odds(bid, list(hand), total - len(hand), wild, credit=0)


RULES = tuple((credit, t) for credit in (1, 0) for t in THRESHOLDS)
"""The call rules an opponent is matched against: (dice credited to the bidder, odds threshold)."""


class CallHabits:
    """Per opponent: the call rule (credit, threshold) that best explains the calls and raises seen at reveals."""

    def __init__(self) -> None:
        self.errors: dict[int, list[float]] = {}
        self.pool = [0.0] * len(RULES)
        self.pooled = 0

    def learn(self, seat: int, odds: float, called: bool, plain: float | None = None) -> None:
        """One decision of ``seat``: facing a bid with these own-dice ``odds`` (one die credited to
        the bidder; ``plain``: none credited), it called or not. It also goes to the table's pool."""
        errors = self.errors.setdefault(seat, self.prior())
        for i, (credit, threshold) in enumerate(RULES):
            seen = odds if credit or plain is None else plain
            miss = (seen < threshold) != called
            errors[i] += miss
            self.pool[i] += miss
        self.pooled += 1

    def prior(self) -> list[float]:
        """Where a seat not read yet this game starts: the fixed prior plus the table's pooled errors,
        counted as at most ``POOL_DECISIONS`` decisions."""
        scale = min(1.0, POOL_DECISIONS / self.pooled) if self.pooled else 0.0
        return [0.5 * abs(t - PRIOR_THRESHOLD) + 0.25 * (1 - credit) + scale * e
                for (credit, t), e in zip(RULES, self.pool)]

    def default(self) -> tuple[int, float]:
        """The call rule of a seat not read yet this game: (1, ``PRIOR_THRESHOLD``) at a new table."""
        prior = self.prior()
        return RULES[min(range(len(RULES)), key=prior.__getitem__)]

    def rules(self) -> dict[int, tuple[int, float]]:
        """The best rule per opponent seen so far: (dice credited to the bidder, threshold)."""
        return {seat: RULES[min(range(len(RULES)), key=e.__getitem__)] for seat, e in self.errors.items()}

    def thresholds(self) -> dict[int, float]:
        """The best threshold per opponent seen so far."""
        return {seat: threshold for seat, (_, threshold) in self.rules().items()}

    def forget(self) -> None:
        """Forget every seat (a new game may seat other players); the table's pool is kept."""
        self.errors.clear()
