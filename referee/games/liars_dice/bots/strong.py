"""The strong regular: equilibrium play heads-up, Bayesian reading of the bids at 3+ seats, learning from reveals.

- Heads-up endgames covered by the CFR strategy file are played from the equilibrium (only
  under the order of bids and the calls it was solved for: ``endgame.solved_rules``).
- Other heads-up rounds up to 5 v 5 dice under those rules are played from the solved standing-bid
  abstraction (``recall``: an approximate equilibrium by construction, measured by a best response
  in ``bench/ld_reader.py``), unless the bot exploits plain opponents (below) or its bank funds its
  posterior play (``bank``: safe exploitation, only with what it has won above the equilibrium).
- Otherwise (3+ seats, other rules, more dice) every opponent's hand has a posterior given their bids this round
  (``beliefs``, under the round's rules). Calling is worth the chance the standing bid is
  false, spot on the chance it is exact (a little more when it wins a die back); a raise is
  worth what it wins looking one step ahead (``raise_values``: will the next player, or under
  ``challenge = anyone`` any other player, call it, and is it true then?); heads-up against a
  "surest" bidder, the best raises could be re-valued two steps ahead (``lookahead``; off in the
  balanced bot, ``balance.Mix.lookahead``).
- Its play is hand-balanced (``balance``): near-best actions are mixed (a quantal response), and a
  share of its play is what its *range* would play, the hands it could hold given its earlier bids
  this round, so the same bid comes from strong and weak hands alike (value bids and bluffs).
- Asked out of turn (``challenge = anyone``) it weighs calling (or spot on) against waiting,
  which is worth what a raise passed on is worth: the round goes on without it at risk.
- Each reveal shows what every opponent held at their decisions: the bot re-estimates how
  far each opponent's bids follow their dice (``honesty.Honesty``) and when they call
  (``callers.CallHabits``); at game end it forgets the seats but keeps the table's pooled
  evidence, where a seat not read yet in the next game starts.
- Against opponents who do not read it (``readers.Readers``: every decision of theirs seen this
  game follows from their own hand and the public odds), it plays ``exploit`` instead of the
  balanced mix or the equilibrium: its best action per hand (``balance.UNBALANCED``, two steps ahead
  heads-up), which a reader would see through but a plain player cannot. One opponent who departs
  from plain play at a reveal, or one not revealed yet this game, brings the balanced play back.

>>> view = {"seat": 1, "dice": [4, 4, 1, 2, 3], "dice_counts": {"0": 5, "1": 5, "2": 5}, "total_dice": 15,
...         "turn": 1, "seats_in_game": [0, 1, 2], "bids": [{"seat": 0, "quantity": 4, "face": 4}],
...         "palifico": False, "callers": [1], "can_call": True, "can_spot_on": False, "rules": {"wild_ones": True}}
>>> policy = StrongBot(seed=1).policy(view)    # three seats, "four fours" is likely true: it raises
>>> all(a["type"] == "bid" for a, p in policy if p > 0.04)
True
>>> heads_up = {**view, "dice_counts": {"0": 5, "1": 5}, "total_dice": 10, "seats_in_game": [0, 1]}
>>> StrongBot(seed=1).moves(Situation.from_view(heads_up)) == recall_moves(Situation.from_view(heads_up))
True
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from referee.games.liars_dice.rules import Settings

from referee.games.liars_dice.bots.balance import BALANCED, UNBALANCED, Mix, Tables, balanced, hand_counts, hand_index, range_play, read_counts
from referee.games.liars_dice.bots.bank import Bank
from referee.games.liars_dice.bots.base import LIAR, SPOT_ON, WAIT, Move, PolicyBot, Situation, normalise
from referee.games.liars_dice.bots.beliefs import Model, beliefs_by_count, model_posterior, table_beliefs
from referee.games.liars_dice.bots.callers import PRIOR_THRESHOLD, CallHabits, decision_odds, plain_odds
from referee.games.liars_dice.bots.endgame import endgame_moves
from referee.games.liars_dice.bots.honesty import Honesty
from referee.games.liars_dice.bots.lookahead import two_step_values
from referee.games.liars_dice.bots.raise_values import anyone_value, raise_values_by_count, read_raise_values
from referee.games.liars_dice.bots.readers import Readers
from referee.games.liars_dice.bots.recall import recall_moves
from referee.games.liars_dice.bots.roundgame import hands_of
from referee.games.liars_dice.bots.situation import RoundRules

PASSED_ON = 3
"""A raise the next player does not call is worth 1 − 1/(players + PASSED_ON): the round goes on and
someone else usually ends up losing it (tuned in the arena: 0.8 heads-up beat 0.5 by ~10 points)."""
CANDIDATES = 8
"""This many of the best one-step raises (and the lowest raise on each face) are re-valued: two steps
ahead heads-up against a "surest" bidder, with every opponent as a caller under ``challenge = anyone``."""
REGAIN = 0.25
"""What a die won back by a right spot on adds to its value (a round not lost is worth 1)."""


@dataclass(frozen=True)
class Public:
    """What one public position gives every hand the bot might hold (``StrongBot._public``)."""

    tables: Tables
    rows: np.ndarray
    """Per hand (``hands_of`` order), every action's one-step value."""
    range_play: np.ndarray
    """The range's play (``balance.range_play``): its hands weighted by the posterior given its earlier bids."""


def public_key(seen: Situation) -> tuple[Any, ...]:
    """Everything of a position the bot's values depend on but its own dice (and their number)."""
    return (seen.seat, len(seen.dice), seen.total, tuple(sorted(seen.counts.items())), seen.in_game, seen.bids,
            seen.settings, seen.palifico, seen.to_act, seen.can_call, seen.can_spot_on)


class StrongBot(PolicyBot):
    """The posterior-reading, adapting, equilibrium-endgame bot."""

    name = "strong"
    mix: Mix = BALANCED
    exploit: Mix | None = UNBALANCED
    """The play against a table of plain opponents (``readers``); None: always ``mix``."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.honesty = Honesty()
        self.habits = CallHabits()
        self.readers = Readers()
        self.bank = Bank()
        self.round_bids: list[tuple[int, tuple[int, int]]] = []
        self.decisions: list[tuple[int, tuple[int, int], bool]] = []
        self.total = 0
        self.settings = Settings()
        self.palifico = False
        self.seat: int | None = None
        self.epoch = 0
        """Counts the changes of what the bot has learnt (reveals, game ends): ``_public`` caches per epoch."""
        self._memory = 0
        self._cache: dict[tuple[Any, ...], Public] = {}

    def observe(self, event: Mapping[str, Any]) -> None:
        """Learn from reveals; unknown or malformed events are ignored."""
        data = event.get("data", event)
        kind = event.get("kind")
        try:
            if kind in ("round_started", "revealed"):
                rules = RoundRules.of(self.settings, self.palifico)
                solved = (self.settings.raise_rule == "quantity_or_face" and not self.settings.bids_on_ones
                          and not self.settings.spot_on and not self.palifico)
                self.bank.observe(kind, data, self.seat, rules.wild, solved)
            if kind == "round_started":
                self.round_bids, self.decisions, self.total = [], [], int(data["total_dice"])
                self.palifico = bool(data.get("palifico", False))
            elif kind in ("bid", "liar"):
                seat, bid = int(data["seat"]), (int(data["quantity"]), int(data["face"]))
                if kind == "liar" or self.round_bids:
                    standing = bid if kind == "liar" else self.round_bids[-1][1]
                    self.decisions.append((seat, standing, kind == "liar"))
                if kind == "bid":
                    self.round_bids.append((seat, bid))
            elif kind == "revealed":
                self.epoch += 1
                self._learn({int(seat): [int(d) for d in hand] for seat, hand in data["hands"].items()})
            elif kind == "game_over":
                self.epoch += 1
                self.honesty.forget()
                self.habits.forget()
                self.readers.forget()
        except (KeyError, TypeError, ValueError, AttributeError):
            return

    def _learn(self, hands: dict[int, list[int]]) -> None:
        contexts: dict[int, list[tuple[tuple[int, int] | None, tuple[int, int], int]]] = {}
        standing: tuple[int, int] | None = None
        for seat, bid in self.round_bids:
            contexts.setdefault(seat, []).append((standing, bid, self.total))
            standing = bid
        wild = RoundRules.of(self.settings, self.palifico).wild
        decisions: dict[int, list[tuple[float, float, bool]]] = {}
        for seat, standing, called in self.decisions:
            if seat in hands and seat != self.seat:
                odds = decision_odds(standing, hands[seat], self.total, wild)
                plain = plain_odds(standing, hands[seat], self.total, wild)
                self.habits.learn(seat, odds, called, plain)
                decisions.setdefault(seat, []).append((odds, plain, called))
        for seat, hand in hands.items():
            if len(hand) <= 6 and seat != self.seat:
                rules = RoundRules.of(self.settings, self.palifico, one_die=len(hand) == 1)
                self.honesty.learn(seat, hand, [], rules, contexts.get(seat, []))
                self.readers.learn(seat, hand, rules, contexts.get(seat, []), decisions.get(seat, []))

    def moves(self, seen: Situation) -> list[tuple[Move, float]]:
        self.settings, self.seat = seen.settings, seen.seat
        if not seen.to_act and not seen.can_call:
            return [(WAIT, 1.0)]
        solved = endgame_moves(seen)
        if solved:
            return solved
        if self.plays_equilibrium(seen):
            core = recall_moves(seen)
            if core:
                return core
        mix = self.mix_for(seen)
        public = self._public(seen, mix)
        hand = hand_index(len(seen.dice), seen.dice)
        values = dict(zip(public.tables.moves, public.rows[hand].tolist()))
        refined = self._refined(seen, values, mix)
        if refined is not None:
            values = {m: refined.get(m, -math.inf) if isinstance(m, tuple) else v for m, v in values.items()}
        row = np.array([values[m] for m in public.tables.moves])[None, :]
        return normalise(dict(zip(public.tables.moves, balanced(row, public.range_play, mix)[0].tolist())))

    def plays_equilibrium(self, seen: Situation) -> bool:
        """True unless the bot exploits plain opponents or its bank funds its posterior play (where an
        equilibrium file covers the round, ``recall_moves`` then gives the move)."""
        return self.mix_for(seen) is self.mix and not self.bank.funds()

    def mix_for(self, seen: Situation) -> Mix:
        """``exploit`` when every opponent in the game plays plainly (``readers.Readers.plain``), else ``mix``."""
        others = [s for s in seen.in_game if s != seen.seat]
        if self.exploit is not None and others and all(self.readers.plain(s) for s in others):
            return self.exploit
        return self.mix

    def _readings(self, seen: Situation) -> tuple[dict[int, Model], dict[int, tuple[int, float]]]:
        """Every opponent's bidding model and call rule, as the bot reads them now."""
        others = [s for s in seen.in_game if s != seen.seat]
        models = {seat: self.honesty.default() for seat in others} | self.honesty.models()
        rules = self.habits.rules()
        if self.habits.pooled:          # a fresh bot reads no call rule into seats it has not seen call
            rules = {seat: self.habits.default() for seat in others} | rules
        return models, rules

    def _public(self, seen: Situation, mix: Mix) -> Public:
        """What the position gives every hand the bot might hold (cached until its memory changes):
        the one-step value tables, every hand's values, and the range's play given its earlier bids."""
        key = (mix, *public_key(seen))
        if self._memory != self.epoch:
            self._cache.clear()
            self._memory = self.epoch
        found = self._cache.get(key)
        if found is None:
            counts = hand_counts(len(seen.dice), seen.rules)
            weights = self._range(seen, mix)
            tables = self._tables(seen, weights, counts, mix)
            rows = tables.matrix(counts)
            found = Public(tables, rows, range_play(weights, rows, mix))
            self._cache[key] = found
        return found

    def _range(self, seen: Situation, mix: Mix) -> np.ndarray:
        """The posterior over the bot's own hands (``hands_of`` order) given the bids it made earlier this
        round, under its own balanced one-step play: what an exact reader of its policy would hold."""
        weights = np.array([w for _, w in hands_of(len(seen.dice))])
        for k, (seat, bid) in enumerate(seen.bids):
            if seat != seen.seat:
                continue
            before = replace(seen, bids=seen.bids[:k], to_act=True, can_call=k > 0,
                             can_spot_on=k > 0 and seen.settings.spot_on)
            earlier = self._public(before, mix)
            if bid in earlier.tables.moves:
                column = earlier.tables.moves.index(bid)
                weights = weights * balanced(earlier.rows, earlier.range_play, mix)[:, column]
        total = weights.sum()
        return weights / total if total > 0 else np.array([w for _, w in hands_of(len(seen.dice))])

    def _tables(self, seen: Situation, weights: np.ndarray, counts: np.ndarray, mix: Mix) -> Tables:
        """Every action's one-step value per own count of its face (``balance.Tables``). With ``Mix.reads``
        a share of each raise's value is its value against a next player who reads the bot's range
        (``weights`` over its hands, ``counts`` their counts) under the play of the first values."""
        models, rules = self._readings(seen)
        standing = seen.standing
        by_count = beliefs_by_count(seen, models, rules, None if seen.to_act or standing is None else (standing[1],))
        later = 1 - 1 / (len(seen.in_game) + PASSED_ON)
        faces = seen.rules.faces
        credit, their_call = rules.get(seen.next_seat, (1, PRIOR_THRESHOLD))
        raises = seen.raises()
        rows: dict[Move, tuple[int, list[float]]] = {}
        for m in raises:
            rows[m] = (faces.index(m[1]), raise_values_by_count(m, by_count[m[1]][0], seen.total, seen.wild, later,
                                                                their_call, credit, len(seen.dice)))
        if not seen.to_act:
            rows[WAIT] = (0, [later] * (len(seen.dice) + 1))
        if standing and seen.can_call:
            rows[LIAR] = (faces.index(standing[1]), [1 - b.chance(standing[0]) for b in by_count[standing[1]]])
        if standing and seen.can_spot_on:
            regain = 1 + (REGAIN if len(seen.dice) < seen.settings.dice_per_player else 0.0)
            rows[SPOT_ON] = (faces.index(standing[1]), [b.exactly(standing[0]) * regain for b in by_count[standing[1]]])
        tables = Tables(tuple(rows), tuple(f for f, _ in rows.values()), np.array([v for _, v in rows.values()]))
        if not mix.reads or not raises:
            return tables
        values = tables.matrix(counts)          # value the raises again, as a reader of that play sees them
        read = read_counts(weights, balanced(values, range_play(weights, values, mix), mix), counts,
                           tables.faces, len(seen.dice))
        blended = tables.values.copy()
        for k, m in enumerate(raises):          # the raises come first in the tables, in this order
            seen_as = read_raise_values(m, by_count[m[1]][0], seen.total, seen.wild, later, their_call,
                                        read[k].tolist(), len(seen.dice))
            blended[k] = (1 - mix.reads) * blended[k] + mix.reads * np.array(seen_as)
        return replace(tables, values=blended)

    def _refined(self, seen: Situation, values: Mapping[Move, float], mix: Mix) -> dict[Move, float] | None:
        """The candidate raises re-valued with every opponent as a caller (``challenge = anyone``, 3+
        players) or two steps ahead (heads-up against a "surest" bidder); None where neither applies."""
        raises = {m: v for m, v in values.items() if isinstance(m, tuple)}
        if not raises:
            return None
        models, rules = self._readings(seen)
        nxt = seen.next_seat
        later = 1 - 1 / (len(seen.in_game) + PASSED_ON)
        candidates = _candidates(raises)
        if seen.settings.challenge == "anyone" and len(seen.in_game) > 2:
            beliefs = table_beliefs(seen, models, rules)
            opponents = seen.in_game[seen.in_game.index(nxt):] + seen.in_game[:seen.in_game.index(nxt)]
            callers = [rules.get(s, (1, PRIOR_THRESHOLD)) for s in opponents if s != seen.seat]
            return {m: anyone_value(m, beliefs[m[1]], seen.total, seen.wild, later, callers) for m in candidates}
        model = models.get(nxt)
        if mix.lookahead and len(seen.in_game) == 2 and model is not None and model[0] == "surest" \
                and seen.counts[nxt] <= 6:
            call_rule = rules.get(nxt, (1, PRIOR_THRESHOLD))
            return dict(self._two_step(seen, raises, candidates, nxt, model, call_rule, later))
        return None

    def _two_step(self, seen: Situation, values: Mapping[Move, float], candidates: list[tuple[int, int]], them: int,
                  model: Model, call_rule: tuple[int, float], later: float) -> dict[tuple[int, int], float]:
        """Heads-up against a "surest" bidder: re-value the most promising raises (``candidates``, chosen
        by their one-step ``values``) two steps ahead (``lookahead``)."""
        contexts: list[tuple[tuple[int, int] | None, tuple[int, int], int]] = []
        standing: tuple[int, int] | None = None
        for seat, placed in seen.bids:
            if seat == them:
                contexts.append((standing, placed, seen.total))
            standing = placed
        their_dice = seen.counts[them]
        weights = model_posterior(their_dice, seen.rules_of(them), model, tuple(contexts), call_rule)
        return two_step_values(candidates, seen.dice, their_dice, weights, seen.rules, seen.total, model, call_rule,
                               later)


def _candidates(values: Mapping[Move, float]) -> list[tuple[int, int]]:
    """The ``CANDIDATES`` best raises by value and the lowest raise on each face."""
    raises = [m for m in values if isinstance(m, tuple)]
    ranked = sorted(raises, key=values.__getitem__, reverse=True)[:CANDIDATES]
    lowest: dict[int, tuple[int, int]] = {}
    for q, f in raises:
        if f not in lowest or q < lowest[f][0]:
            lowest[f] = (q, f)
    return list(dict.fromkeys(ranked + list(lowest.values())))
