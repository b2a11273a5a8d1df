"""Who reads: per opponent, whether its bids and calls follow from its own hand and the public odds alone.

A reveal shows what an opponent held at every decision of the round. A *plain* player (the
binomial yardstick) is a fixed function of that hand and the public odds: it raises its surest
bid (``beliefs.surest_bids``, lowest or boldest on ties) and calls a bid whose odds from its own
dice (one die credited to the bidder, or none) are below a threshold of its own. A player who
reads the bidder (the exploiter of ``bench/exploiter.py``, a human) departs from that function
whenever what it reads says otherwise. ``Readers`` counts, per seat, the decisions seen at
reveals and the fewest of them that no such function explains (a *miss*):

- bids: the misses of the better of the two surest rules;
- calls: the fewest decisions misclassified by one threshold, for the better of the two credits
  (an exact minimum over every threshold, not a grid).

A seat is plain when it has been revealed this game with no miss, the table's pool (every seat of
the games before, kept when a game ends: seats may change hands, a table's players seldom do) has
at most ``POOL_TOLERANCE`` misses per decision, and the seat and the pool together have shown at
least ``EVIDENCE`` decisions. So one departure from plain play seen at a reveal ends the
exploitation for the rest of the game, and a table where departures are common is never
exploited: a reader who plays plainly to be exploited pays for each round it then reads with
misses that soon close the table to it. Everything is a deterministic function of the public events.

>>> from referee.games.liars_dice.bots.situation import TAVERN
>>> readers = Readers()
>>> for _ in range(4):     # it bids its surest raise, and calls "three fives" on plain odds 0.26
...     readers.learn(1, [2, 2, 3, 4, 6], TAVERN, [(None, (1, 2), 10)], [(0.45, 0.26, True), (0.9, 0.8, False)])
>>> readers.plain(1), readers.plain(2)
(True, False)
>>> readers.learn(1, [2, 2, 3, 4, 6], TAVERN, [(None, (1, 5), 10)], [])   # not its surest opening
>>> readers.misses(1), readers.plain(1)
(1, False)
>>> readers.forget()                                     # game over: 13 decisions, 1 miss go to the pool
>>> readers.learn(1, [2, 2, 3, 4, 6], TAVERN, [(None, (1, 2), 10)], [])
>>> readers.plain(1)                                     # one miss in 14 decisions: more than the pool allows
False
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.games.liars_dice.bots.beliefs import Context, surest_bids
from referee.games.liars_dice.bots.roundgame import hands_of
from referee.games.liars_dice.bots.situation import RoundRules

POOL_TOLERANCE = 0.05
"""A table is exploited only while its pool's misses are at most this share of its decisions."""
EVIDENCE = 8
"""A seat is judged plain only after this many decisions (its own this game and the plain pool's)."""
Decision = tuple[float, float, bool]
"""One decision facing a bid: its odds from the decider's dice (one die credited to the bidder, none), called."""


@dataclass
class Evidence:
    """One seat's decisions seen at reveals this game."""

    bids: int = 0
    bid_misses: list[int] = field(default_factory=lambda: [0, 0])
    """Per surest rule (lowest, boldest on ties): the bids it does not predict."""
    decisions: list[Decision] = field(default_factory=list)

    @property
    def count(self) -> int:
        return self.bids + len(self.decisions)

    def misses(self) -> int:
        """The fewest decisions that no plain rule explains (the best bid rule plus the best call rule)."""
        return min(self.bid_misses) + min(call_misses([(d[rule], d[2]) for d in self.decisions]) for rule in (0, 1))


def call_misses(decisions: Sequence[tuple[float, bool]]) -> int:
    """The fewest of ``decisions`` (odds, called) that one rule "call below a threshold" gets wrong.

    >>> call_misses([(0.2, True), (0.3, True), (0.6, False)]), call_misses([(0.2, False), (0.3, True), (0.6, False)])
    (0, 1)
    """
    ranked = sorted(decisions)
    wrong = sum(1 for _, called in ranked if called)       # threshold below every odds: nothing called
    best = wrong
    for k, (odds, called) in enumerate(ranked):
        wrong += -1 if called else 1                        # threshold just above this decision's odds
        if k + 1 == len(ranked) or ranked[k + 1][0] > odds:
            best = min(best, wrong)
    return best


class Readers:
    """Per opponent seat, how far its play is a plain function of its hand and the public odds."""

    def __init__(self) -> None:
        self.seats: dict[int, Evidence] = {}
        self.pool_count = 0
        self.pool_misses = 0

    def learn(self, seat: int, hand: Sequence[int], rules: RoundRules, contexts: Sequence[Context],
              decisions: Sequence[Decision]) -> None:
        """One reveal of ``seat``: the bids it made holding ``hand`` (in context) and its decisions facing bids."""
        evidence = self.seats.setdefault(seat, Evidence())
        index = [h for h, _ in hands_of(len(hand))].index(tuple(sorted(hand)))
        for standing, bid, total in contexts:
            evidence.bids += 1
            for k, boldest in enumerate((False, True)):
                evidence.bid_misses[k] += surest_bids(len(hand), rules, standing, total, boldest)[index] != bid
        evidence.decisions.extend(decisions)

    def misses(self, seat: int) -> int:
        """The fewest of ``seat``'s decisions this game that no plain rule explains."""
        found = self.seats.get(seat)
        return found.misses() if found else 0

    def plain(self, seat: int) -> bool:
        """``seat`` plays plainly (module docstring): it may be exploited; else it gets the balanced play."""
        found = self.seats.get(seat)
        if found is None or not found.count or found.misses() or self.pool_misses > POOL_TOLERANCE * self.pool_count:
            return False
        return found.count + self.pool_count >= EVIDENCE

    def forget(self) -> None:
        """Game end: every seat's evidence goes to the table's pool, and the seats are forgotten."""
        for evidence in self.seats.values():
            self.pool_count += evidence.count
            self.pool_misses += evidence.misses()
        self.seats.clear()
