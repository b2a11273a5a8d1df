"""A reader of the strong Liar's Dice bot that values its own raises against strong's replies (issue 27).

Like ``bench/exploiter.py`` it sits heads-up against strong and keeps a *shadow* strong bot fed
the same public events, so the shadow's memory is strong's own; through a round it keeps the
exact posterior over strong's cup (prior × strong's probability of every bid it made, per hand).
Unlike the exploiter (one step greedy), it values every legal kind of action by the chance of
winning the round:

- Liar: the posterior chance that the standing bid is false; spot on (where the view allows it):
  the chance that it is exact;
- a raise ``r``: strong's whole reply distribution is read from its policy at the history
  ``bids + r`` for every hand it may hold, weighted by the posterior. Strong calls (won when ``r``
  is true), says spot on (won unless exact), or raises ``r'``: the hands that raise ``r'`` are the
  reader's posterior then, and the reader takes its best next step there, searched again to
  ``depth`` raises of its own; at the end of the search (``leaf``) it takes the better of calling
  ``r'`` and ``LEAF_RAISE`` × the chance its surest next raise is true.

Raises are pruned to ``width`` candidates per node (per face the lowest legal quantity and one more,
the ones most likely true kept); a reply of strong's carrying less than ``REPLY_FLOOR`` of the mass
is valued at the leaf. Strong's policy over all its hands at one position is one numpy matrix
(``policy_matrix``): its balanced play is ``balance.balanced(rows, range_play)`` of the position's
value tables, exactly what ``StrongBot.moves`` plays per hand; where that shortcut would not hold
(a solved endgame, the two-step lookahead of its exploiting play) it asks ``moves`` hand by hand.
Every matrix is cached for the round.

``ROUNDS`` counts, per (reader's dice, strong's dice, first round of the game or not), the rounds
the reader won and played in this process (``bench/ld_reader.py`` prints them).

>>> reader = Reader(seed=0)
>>> view = {"seat": 1, "dice": [2, 2, 3, 4, 5], "dice_counts": {"0": 5, "1": 5}, "total_dice": 10, "turn": 1,
...         "seats_in_game": [0, 1], "bids": [{"seat": 0, "quantity": 9, "face": 6}], "palifico": False,
...         "callers": [1], "can_call": True, "can_spot_on": False, "rules": {"wild_ones": True}}
>>> reader.act(view)            # nine sixes with no six or one in its own cup: strong almost never holds them
{'type': 'liar'}
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from referee.games.liars_dice.bots.balance import balanced, hand_counts
from referee.games.liars_dice.bots.base import LIAR, SPOT_ON, Move, to_action
from referee.games.liars_dice.bots.roundgame import hands_of
from referee.games.liars_dice.bots.situation import Pair, Situation, own_count
from referee.games.liars_dice.bots.recall import recall_policy
from referee.games.liars_dice.bots.strong import StrongBot

LEAF_RAISE = 0.75
"""At the end of the search, raising is worth this share of the chance the surest next raise is true."""
REPLY_FLOOR = 0.02
"""A reply of strong's carrying less than this share of the posterior mass is valued at the leaf."""
ROUNDS: dict[tuple[int, int, bool], list[int]] = {}
"""Per (reader's dice, strong's dice, first round of its game): [rounds won, rounds played] in this process."""
STATS = {"decisions": 0, "matrices": 0, "per_hand": 0}
"""Decisions taken, strong policy matrices computed, and of those the ones asked hand by hand."""

History = tuple[tuple[int, Pair], ...]


def policy_matrix(shadow: StrongBot, seen: Situation) -> tuple[list[Move], np.ndarray]:
    """Strong's policy at ``seen`` (its own seat to act; its dice ignored) for every hand of its dice
    count (``hands_of`` order): the moves, and per hand a row of their probabilities."""
    STATS["matrices"] += 1
    hands = [hand for hand, _ in hands_of(len(seen.dice))]
    shadow.settings, shadow.seat = seen.settings, seen.seat
    mix = shadow.mix_for(seen)
    core = recall_policy(seen) if shadow.plays_equilibrium(seen) and seen.total > 4 else None
    if core is not None:                          # the equilibrium file, every hand's row at once
        return core[0], core[1]
    if seen.total > 4 and not mix.lookahead:      # no solved endgame and no per-hand re-valuing
        public = shadow._public(seen, mix)
        return list(public.tables.moves), balanced(public.rows, public.range_play, mix)
    STATS["per_hand"] += 1
    rows = [dict(shadow.moves(replace(seen, dice=hand))) for hand in hands]
    moves = list(dict.fromkeys(m for row in rows for m in row))
    return moves, np.array([[row.get(m, 0.0) for m in moves] for row in rows])


class Reader:
    """Reads strong's policy for every hand it might hold and searches its own raises (module docstring)."""

    name = "ld-reader"
    depth = 0
    """Raises of its own searched below each root raise before the leaf (0: the root raise only)."""
    width = 6
    """Candidate raises valued per node."""

    def __init__(self, seed: int = 0) -> None:
        self.shadow = StrongBot(seed=seed)
        self.seat: int | None = None
        self.counts: dict[int, int] = {}
        self.first = False
        self.weights: np.ndarray | None = None
        self.read = 0
        self._matrices: dict[History, tuple[list[Move], np.ndarray]] = {}

    def observe(self, event: dict[str, Any]) -> None:
        """Every public event goes to the shadow; a round's start resets the posterior, its reveal is tallied."""
        self.shadow.observe(event)
        kind, data = event.get("kind"), event.get("data", event)
        if kind == "round_started":
            self.weights, self.read = None, 0
            self.counts = {int(s): int(n) for s, n in data["dice_counts"].items()}
            self.first = int(data.get("round", 0)) == 1
            self._matrices.clear()
        elif kind == "revealed" and self.seat in self.counts and len(self.counts) == 2:
            other = next(s for s in self.counts if s != self.seat)
            tally = ROUNDS.setdefault((self.counts[self.seat], self.counts[other], self.first), [0, 0])
            tally[0] += data.get("loser") != self.seat
            tally[1] += 1
        if kind == "revealed":
            self._matrices.clear()             # strong learns from the reveal: its policy changes

    def act(self, view: dict[str, Any]) -> dict[str, Any] | None:
        seen = Situation.from_view(view)
        if not seen.to_act:
            return None
        STATS["decisions"] += 1
        self.seat = self._me = seen.seat
        them = next(s for s in seen.in_game if s != seen.seat)
        self._view = view
        self._them = them
        self._mine = seen.dice
        self._counts = hand_counts(seen.counts[them], seen.rules_of(them))
        self._faces = seen.rules_of(them).faces
        self._spot = bool(seen.settings.spot_on)
        self._wild, self._round, self._total = seen.wild, seen.rules, seen.total
        weights = self._posterior(them)
        legal = set(seen.legal_moves())
        return to_action(self._node(seen.bids, weights, self.depth, legal)[1])

    # strong's side ---------------------------------------------------------------------------------
    def _strong_seen(self, bids: History) -> Situation:
        """Strong's situation, to act after ``bids`` (its dice a placeholder of the right count)."""
        view, them = self._view, self._them
        n = int(view["dice_counts"][str(them)])
        return Situation.from_view({
            **view, "seat": them, "turn": them, "dice": [1] * n,
            "bids": [{"seat": s, "quantity": q, "face": f} for s, (q, f) in bids],
            "can_call": bool(bids), "callers": [them] if bids else [],
            "can_spot_on": bool(bids) and self._spot})

    def _matrix(self, bids: History) -> tuple[list[Move], np.ndarray]:
        found = self._matrices.get(bids)
        if found is None:
            found = policy_matrix(self.shadow, self._strong_seen(bids))
            self._matrices[bids] = found
        return found

    def _posterior(self, them: int) -> np.ndarray:
        """Prior × strong's probability of every bid it made this round, per hand (not normalised)."""
        dice = int(self._view["dice_counts"][str(them)])
        if self.weights is None or len(self.weights) != len(hands_of(dice)):
            self.weights, self.read = np.array([w for _, w in hands_of(dice)]), 0
        bids: History = tuple((b["seat"], (b["quantity"], b["face"])) for b in self._view["bids"])
        for k in range(self.read, len(bids)):
            if bids[k][0] != them:
                continue
            moves, matrix = self._matrix(bids[:k])
            if bids[k][1] in moves:
                updated = self.weights * matrix[:, moves.index(bids[k][1])]
                if updated.sum() > 0:
                    self.weights = updated
        self.read = len(bids)
        return self.weights / self.weights.sum()

    # the reader's side -----------------------------------------------------------------------------
    def _truth(self, bid: Pair) -> np.ndarray:
        """Per strong hand: 1 where ``bid`` is true with the reader's own dice, else 0."""
        need = bid[0] - own_count(self._mine, bid[1], self._wild)
        return (self._counts[:, self._faces.index(bid[1])] >= need).astype(float)

    def _exact(self, bid: Pair) -> np.ndarray:
        need = bid[0] - own_count(self._mine, bid[1], self._wild)
        return (self._counts[:, self._faces.index(bid[1])] == need).astype(float)

    def _candidates(self, standing: Pair | None, weights: np.ndarray) -> list[Pair]:
        """The ``width`` raises most likely true among, per face, the lowest legal quantity and one more."""
        rules, total = self._round, self._total
        pool = []
        for face in rules.faces:
            low = rules.lowest(standing, face, total)
            if low is not None:
                pool += [(q, face) for q in (low, low + 1) if q <= total]
        ranked = sorted(pool, key=lambda bid: -float(weights @ self._truth(bid)))
        return ranked[:self.width]

    def _node(self, bids: History, weights: np.ndarray, depth: int,
              legal: set[Move] | None = None) -> tuple[float, Move]:
        """The reader to act after ``bids``: its best value (mass-weighted chance of winning) and move."""
        standing = bids[-1][1] if bids else None
        options: dict[Move, float] = {}
        if standing is not None:
            options[LIAR] = float(weights @ (1.0 - self._truth(standing)))
            if self._spot and (legal is None or SPOT_ON in legal):
                options[SPOT_ON] = float(weights @ self._exact(standing))
        for bid in self._candidates(standing, weights):
            if legal is not None and bid not in legal:
                continue
            options[bid] = self._raise(bids + ((self._me, bid),), weights, depth)
        if not options:
            return 0.0, LIAR
        move = max(options, key=options.__getitem__)
        return options[move], move

    def _leaf(self, standing: Pair, weights: np.ndarray) -> float:
        """The reader facing ``standing`` at the end of the search: call it, or raise at a discount."""
        call = float(weights @ (1.0 - self._truth(standing)))
        raises = [float(weights @ self._truth(bid)) for bid in self._candidates(standing, weights)[:1]]
        return max([call, LEAF_RAISE * max(raises, default=0.0)])

    def _raise(self, bids: History, weights: np.ndarray, depth: int) -> float:
        """The reader's raise ``bids[-1]`` against strong's reply distribution (module docstring)."""
        moves, matrix = self._matrix(bids)
        bid = bids[-1][1]
        mass = weights[:, None] * matrix
        floor = REPLY_FLOOR * float(weights.sum())
        value = 0.0
        for j, move in enumerate(moves):
            column = mass[:, j]
            share = float(column.sum())
            if share <= 0.0:
                continue
            if move == LIAR:
                value += float(column @ self._truth(bid))
            elif move == SPOT_ON:
                value += share - float(column @ self._exact(bid))
            elif isinstance(move, tuple):
                after = bids + ((self._them, move),)
                if depth > 0 and share >= floor:
                    value += self._node(after, column, depth - 1)[0]
                else:
                    value += self._leaf(move, column)
        return value
