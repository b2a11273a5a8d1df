"""The core of ``bench/ld_three_seats.py``: one 3-seat `tavern` round walked exactly against fresh strong bots.

Seat 0 opens, seats bid in the order 0, 1, 2, 0, …; only the player to act may call, and a call
ends the round: the caller loses a die if the bid is true, the bidder otherwise. A history is the
tuple of bid indices made so far (indices into ``ThreeSeatRound.bids``, every tavern bid lowest
rank first, so a raise is any higher index); the bidder of ``history[k]`` is seat ``k % 3``.

``walk(focal, best)`` returns, per hand of the ``focal`` seat, every seat's chance of losing the
round and the mass that the floor pruned. The two other seats (and the focal one unless ``best``)
play strong's ``policy`` for their hand (``strong_matrix``: the matrix of strong's policy over
every hand it may hold at one position, asked once per (seat, history) and cached);
a strong action below ``floor`` for a hand is dropped, unnormalised, and its probability counted
as pruned. The focal seat, when ``best``, takes per hand the action that minimises its own chance
of losing, knowing both strong policies (the posterior over their hands is their reach: prior ×
the probability of every action they took, per hand, independent of each other and of the focal
hand). The histories form a tree, so each (history, focal hand) is valued once.

>>> game = ThreeSeatRound((1, 1, 1))
>>> len(game.bids), game.bids[:3], game.bids[-1]
(15, [(1, 2), (1, 3), (1, 4)], (3, 6))
>>> lost, pruned = game.walk(focal=0, best=False)
>>> odds = lost.T @ game.prior(0)               # every seat's chance of losing the round, all strong
>>> round(float(odds.sum() + pruned @ game.prior(0)), 9)
1.0
"""
from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from bench._ld_reader import policy_matrix
from bench.exploitability import OutOfTime
from referee.games.liars_dice.bots.balance import balanced
from referee.games.liars_dice.bots.base import LIAR, Move, Situation
from referee.games.liars_dice.bots.roundgame import hands_of
from referee.games.liars_dice.bots.situation import TAVERN, own_count
from referee.games.liars_dice.bots.strong import StrongBot
from referee.games.liars_dice.rules import Settings

SEATS = 3
FLOOR = 1e-4
"""A strong action below this probability (for one hand) is pruned: the figures are exact up to the mass it carried."""

Values = tuple[np.ndarray, np.ndarray]
"""Per focal hand: every seat's chance of losing (hands × 3), and the pruned mass (hands), both
weighted by the reach of the two other seats."""


def strong_matrix(bot: StrongBot, seen: Situation) -> tuple[list[Move], np.ndarray]:
    """Strong's policy at ``seen`` for every hand of its dice count: ``_ld_reader.policy_matrix``, whose
    shortcut (the position's balanced play of every hand at once) holds at any dice count here: at
    3+ seats under ``challenge = next`` strong plays no solved endgame (heads-up only) and re-values
    no raise (``StrongBot._refined``: heads-up or ``challenge = anyone``), so ``moves`` is that play."""
    if len(seen.in_game) < 3 or seen.settings.challenge == "anyone":
        return policy_matrix(bot, seen)
    bot.settings, bot.seat = seen.settings, seen.seat
    mix = bot.mix_for(seen)
    public = bot._public(seen, mix)
    return list(public.tables.moves), balanced(public.rows, public.range_play, mix)


class ThreeSeatRound:
    """One tavern round at seats 0, 1, 2 holding ``dice[s]`` dice, seat 0 opening, against fresh strong bots."""

    def __init__(self, dice: tuple[int, int, int], floor: float = FLOOR, deadline: float = math.inf,
                 bot: StrongBot | None = None) -> None:
        self.dice, self.floor, self.deadline = dice, floor, deadline
        self.total = sum(dice)
        self.settings = Settings(dice_per_player=max(dice))
        self.bids = TAVERN.raises(None, self.total)
        self.index = {bid: i for i, bid in enumerate(self.bids)}
        self.hands = [hands_of(d) for d in dice]
        self.counts = [np.array([[own_count(hand, f, True) for _, f in self.bids] for hand, _ in hands])
                       for hands in self.hands]
        self.bot = bot if bot is not None else StrongBot(seed=0)
        self._plays: dict[tuple[int, tuple[int, ...]], tuple[list[Any], np.ndarray]] = {}
        self.stats = {"positions": 0, "calls": 0}
        """Positions walked and calls valued (over every walk of this round)."""

    def prior(self, seat: int) -> np.ndarray:
        """The chance of every hand of ``seat`` (``hands_of`` order)."""
        return np.array([w for _, w in self.hands[seat]])

    def view(self, seat: int, dice: tuple[int, ...], history: tuple[int, ...]) -> dict[str, Any]:
        """``seat``'s view to act after ``history`` holding ``dice``: the keys of ``views.game_view``."""
        return {
            "game": 1, "phase": "bidding", "round": 1, "seat": seat, "dice": list(dice),
            "dice_counts": {str(s): self.dice[s] for s in range(SEATS)}, "total_dice": self.total,
            "seats_in_game": list(range(SEATS)), "seat_order": list(range(SEATS)), "opener": 0, "turn": seat,
            "bids": [{"seat": k % SEATS, "quantity": self.bids[b][0], "face": self.bids[b][1]}
                     for k, b in enumerate(history)],
            "palifico": False, "callers": [seat] if history else [], "can_call": bool(history),
            "can_spot_on": False, "result": None, "winner": None, "rules": self.settings.to_dict(), "roll_off": None,
        }

    def plays(self, seat: int, history: tuple[int, ...]) -> tuple[list[Any], np.ndarray]:
        """Strong's policy for ``seat`` after ``history``: its actions (bid index or ``LIAR``) and, per
        hand of that seat, a row of their probabilities (cached per position)."""
        key = (seat, history)
        found = self._plays.get(key)
        if found is None:
            if time.time() > self.deadline:
                raise OutOfTime
            seen = Situation.from_view(self.view(seat, self.hands[seat][0][0], history))
            moves, matrix = strong_matrix(self.bot, seen)
            found = ([self._key(m) for m in moves], np.asarray(matrix, dtype=float))
            self._plays[key] = found
        return found

    def _key(self, move: Move) -> Any:
        return LIAR if move == LIAR else self.index[move]

    def walk(self, focal: int, best: bool) -> Values:
        """Every seat's chance of losing and the pruned mass, per hand of ``focal`` (module docstring)."""
        reach = [self.prior(s) for s in range(SEATS)]
        reach[focal] = np.ones(len(self.hands[focal]))
        return self._walk((), reach, focal, best)

    def _walk(self, history: tuple[int, ...], reach: list[np.ndarray], focal: int, best: bool) -> Values:
        self.stats["positions"] += 1
        actor = len(history) % SEATS
        actions = list(range(history[-1] + 1 if history else 0, len(self.bids))) + ([LIAR] if history else [])
        size = len(self.hands[focal])
        if actor == focal and best:
            children = [self._child(history, a, reach, focal, best) for a in actions]
            lost = np.array([c[0] for c in children])          # actions × hands × seats
            chosen = np.argmin(lost[:, :, focal], axis=0)
            rows = np.arange(size)
            return lost[chosen, rows], np.array([c[1] for c in children])[chosen, rows]
        others = [s for s in range(SEATS) if s not in (actor, focal)]
        elsewhere = math.prod(float(reach[s].sum()) for s in others)
        keys, matrix = self.plays(actor, history)
        alive = reach[actor] > 0
        kept = np.where(matrix >= self.floor, matrix, 0.0) * alive[:, None]
        dropped = (matrix - kept) * alive[:, None]
        lost, pruned = np.zeros((size, SEATS)), np.zeros(size)
        if actor == focal:                   # per focal hand: its own probabilities weigh the children
            pruned += dropped.sum(axis=1) * elsewhere
        else:
            pruned += float(reach[actor] @ dropped.sum(axis=1)) * elsewhere
        column = {key: j for j, key in enumerate(keys)}
        for action in actions:
            j = column.get(action)
            if j is None or not kept[:, j].any():
                continue
            child_reach = list(reach)
            child_reach[actor] = reach[actor] * kept[:, j]
            if not child_reach[actor].any():
                continue
            child_lost, child_pruned = self._child(history, action, child_reach, focal, best)
            if actor == focal:
                lost += child_lost * kept[:, j, None]
                pruned += child_pruned * kept[:, j]
            else:
                lost += child_lost
                pruned += child_pruned
        return lost, pruned

    def _child(self, history: tuple[int, ...], action: Any, reach: list[np.ndarray], focal: int, best: bool) -> Values:
        if action == LIAR:
            return self.call(history, reach, focal)
        return self._walk(history + (action,), reach, focal, best)

    def call(self, history: tuple[int, ...], reach: list[np.ndarray], focal: int) -> Values:
        """The player to act calls the standing bid: per focal hand, the caller loses the mass where the
        bid is true, the bidder the rest (weighted by the two other seats' reach).

        >>> game = ThreeSeatRound((1, 1, 1))
        >>> lost, _ = game.call((game.index[(2, 6)],), [game.prior(s) for s in range(3)], 0)
        >>> [round(float(x), 4) for x in lost[5]]   # the bidder holds a six: two sixes true 5 times in 9
        [0.4444, 0.5556, 0.0]
        """
        self.stats["calls"] += 1
        caller = len(history) % SEATS
        bidder = (caller - 1) % SEATS
        bid = history[-1]
        quantity = self.bids[bid][0]
        others = [s for s in range(SEATS) if s != focal]
        counts = np.ones(1)
        for s in others:                     # the others' reach by how many of the bid's face they hold together
            counts = np.convolve(counts, np.bincount(self.counts[s][:, bid], weights=reach[s],
                                                     minlength=self.dice[s] + 1))
        at_least = np.concatenate([np.cumsum(counts[::-1])[::-1], [0.0]])
        need = np.clip(quantity - self.counts[focal][:, bid], 0, len(counts))
        true = at_least[need]
        lost = np.zeros((len(self.hands[focal]), SEATS))
        lost[:, caller] += true
        lost[:, bidder] += at_least[0] - true
        return lost, np.zeros(len(self.hands[focal]))
