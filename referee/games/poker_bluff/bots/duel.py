"""The exact chance that one state policy beats another, in a round and in a game.

Two policies that read only the public state and their own cup (``best_response.StatePolicy``)
meet in a round that is a chain of public states (``equilibrium``'s docstring), so the chance
that each wins the round as its first holder is found from the top level down, like the best
response but with both sides fixed: ``hold[p][level][keep]`` is player ``p``'s chance of winning
the round when it holds that state (its declarations against the other's doubts; a belief hands
the other player the state it sets aside into).

A game is a walk of rounds: the loser of a round gives one token to the winner, the winner starts
the next round, and who has no tokens left loses (RULES.md B). ``game_chance`` turns the two
round chances into the first player's chance of winning a game, the first round's starter drawn
evenly (the arena alternates the button).

>>> round(game_chance(0.5, 0.5), 6), round(game_chance(0.6, 0.6), 4)  # even; a 60 % round edge
(0.5, 0.7714)
>>> from referee.games.poker_bluff.bots.equilibrium import solve
>>> from referee.games.poker_bluff.bots.best_response import SolvedPolicy
>>> small = SolvedPolicy(solve(levels=range(180, 192)))
>>> rounds = duel(small, small, levels=range(180, 192))
>>> abs(rounds.hold[0][180][(5, 5, 5, 5)] - small.solution.value[180][(5, 5, 5, 5)]) < 1e-9
True
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from referee.games.poker_bluff.bots.best_response import StatePolicy
from referee.games.poker_bluff.bots.dice import CUPS, outcomes
from referee.games.poker_bluff.bots.equilibrium import TOP, holds_matrix, reachable_keeps

Values = dict[int, dict[tuple[int, ...], float]]


@dataclass
class Duel:
    """``hold[p][level][keep]``: player ``p``'s chance of winning the round holding that state."""

    hold: tuple[Values, Values] = field(default_factory=lambda: ({}, {}))

    def round_chances(self) -> tuple[float, float]:
        """Player 0's chance of winning a round it starts, and a round player 1 starts."""
        return self.hold[0][-1][()], 1.0 - self.hold[1][-1][()]

    def game_chance(self, tokens: int = 3) -> float:
        """Player 0's chance of winning a game of ``tokens`` each, the first starter drawn evenly."""
        return game_chance(*self.round_chances(), tokens=tokens)


def duel(first: StatePolicy, second: StatePolicy, levels: Iterable[int] | None = None) -> Duel:
    """Both players' round chances from every state of ``levels`` (every level by default), top down."""
    players, held, report = (first, second), holds_matrix(), Duel()
    after: tuple[dict[int, np.ndarray], dict[int, np.ndarray]] = ({}, {})  # p -> level -> [cup]: p's chance, believing
    for level in sorted(range(-1, TOP) if levels is None else levels, reverse=True):
        if level == TOP:
            continue
        for p in (0, 1):
            report.hold[p][level] = {}
        for keep in reachable_keeps(level):
            cups = np.array([cup for cup, _ in outcomes(keep)])
            chances = np.array([chance for _, chance in outcomes(keep)])
            signals = np.arange(level + 1, TOP + 1)
            doubted = held[np.ix_(cups, signals)].astype(float)
            for p in (0, 1):
                holder, other = players[p], players[1 - p]
                doubt = np.where(signals == TOP, 1.0, other.doubt(level, keep))
                handed = np.stack([1.0 - after[1 - p][int(a)][cups] if a < TOP else np.zeros(len(cups))
                                   for a in signals], axis=1)
                payoff = doubt * doubted + (1 - doubt) * handed
                report.hold[p][level][keep] = float((chances[:, None] * holder.declare(level, keep) * payoff).sum())
        if level >= 0:
            for p in (0, 1):
                values = report.hold[p][level]
                after[p][level] = np.array([values[players[p].keep(level, cup)] for cup in CUPS])
    return report


def game_chance(starting: float, answering: float, tokens: int = 3) -> float:
    """The chance of winning a game of ``tokens`` each for a player who wins a round it starts with
    chance ``starting`` and one the other starts with chance ``answering``, the first starter drawn evenly."""
    # unknowns: win[k][s] for k tokens of 2*tokens (1..2*tokens-1), s = 1 when the player starts
    size = 2 * tokens - 1
    matrix, rhs = np.eye(2 * size), np.zeros(2 * size)

    def index(k: int, starts: int) -> int:
        return 2 * (k - 1) + starts

    for k in range(1, 2 * tokens):
        for starts, chance in ((1, starting), (0, answering)):
            row = index(k, starts)
            if k + 1 == 2 * tokens:
                rhs[row] += chance
            else:
                matrix[row, index(k + 1, 1)] -= chance
            if k - 1 > 0:
                matrix[row, index(k - 1, 0)] -= 1 - chance
    win = np.linalg.solve(matrix, rhs)
    return float((win[index(tokens, 1)] + win[index(tokens, 0)]) / 2)
