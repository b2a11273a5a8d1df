"""The finished rounds of a Liar's Dice table's current game, and which moves a bot played for a person.

``advance`` is the table fold's hook (``referee.table.fold``): it reads each entry with the
game before and after it and keeps what the round-history view shows (``referee.games.liars_dice.round_views``):

- ``stand_ins``: for each bid of the round being played (and revealed, until the next round),
  whether a bot standing in for a person made it (the entry's ``by_bot`` on a person's seat; a
  bot's own seat is no stand-in);
- ``rounds``: every round of this game that ended with a call, newest last: its bids, its
  result (every cup, revealed by the call), whether it was palifico and whether the call was a
  stand-in's. Only the last ``KEPT_ROUNDS`` are kept (``earlier`` counts those dropped), so a
  long game's history stays bounded whatever its length (spot on can give dice back).

Everything kept here is public: the bids, and cups only once the call has revealed them.

>>> from referee.games.liars_dice.rules import Bid, CallLiar, MakeBid, Roll, Settings, apply, new_game
>>> game = apply(new_game(Settings(dice_per_player=1), (0, 1), 0), Roll(((3,), (5,)))).state
>>> history = advance(RoundHistory(), "game_started", {"game": 1}, person=True, before=None, after=game)
>>> bid = apply(game, MakeBid(0, Bid(1, 3))).state
>>> history = advance(history, "bid", {"seat": 0, "by_bot": True}, person=True, before=game, after=bid)
>>> history.stand_ins
(True,)
>>> called = apply(bid, CallLiar(1)).state
>>> history = advance(history, "liar", {"seat": 1}, person=True, before=bid, after=called)
>>> done = history.rounds[0]
>>> done.round_no, [(b.seat, b.bid.quantity, b.bid.face, b.stand_in) for b in done.bids], done.result.count, done.stand_in
(1, [(0, 1, 3, True)], 1, False)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from referee.games.liars_dice.rules import Bid, GameState, RoundResult

KEPT_ROUNDS = 12
"""Finished rounds of the current game kept for the view; older ones are only counted."""

CALLS = ("liar", "spot_on")
"""The entries that end a round with a reveal."""


@dataclass(frozen=True, slots=True)
class PlayedBid:
    """A bid as the round's history shows it: who, what, and whether a bot made it for a person."""

    seat: int
    bid: Bid
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class FinishedRound:
    """A round that a call ended: its bids, the reveal, and whether a bot made the call for a person."""

    round_no: int
    bids: tuple[PlayedBid, ...]
    result: RoundResult
    palifico: bool = False
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class RoundHistory:
    """The current game's finished rounds (newest last, at most ``KEPT_ROUNDS``; ``earlier`` were
    dropped) and the stand-in marks of the round being played, one per bid."""

    game: int = 0
    stand_ins: tuple[bool, ...] = ()
    rounds: tuple[FinishedRound, ...] = ()
    earlier: int = 0


def advance(history: RoundHistory, kind: str, public: dict[str, Any], *, person: bool,
            before: GameState | None, after: GameState | None) -> RoundHistory:
    """``history`` after the entry ``kind`` (``public`` its public part) turned the game ``before``
    into ``after``; ``person`` says the entry's seat is a person's. Entries that neither start a
    game, bid, call nor start a round leave it as it is.

    >>> advance(RoundHistory(game=2, stand_ins=(False,)), "seed_contributed", {}, person=True, before=None, after=None)
    RoundHistory(game=2, stand_ins=(False,), rounds=(), earlier=0)
    """
    stand_in = bool(public.get("by_bot")) and person
    if kind == "game_started":
        return RoundHistory(game=int(public["game"]))
    if kind == "bid":
        return replace(history, stand_ins=history.stand_ins + (stand_in,))
    if kind == "next_round":
        return replace(history, stand_ins=())
    if kind in CALLS and before is not None and after is not None and after.result is not None:
        return _finished(history, before, after.result, stand_in)
    return history


def _finished(history: RoundHistory, before: GameState, result: RoundResult, stand_in: bool) -> RoundHistory:
    marks = history.stand_ins + (False,) * (len(before.bids) - len(history.stand_ins))
    bids = tuple(PlayedBid(placed.seat, placed.bid, mark) for placed, mark in zip(before.bids, marks))
    rounds = history.rounds + (FinishedRound(before.round_no, bids, result, before.palifico, stand_in),)
    dropped = max(0, len(rounds) - KEPT_ROUNDS)
    return replace(history, rounds=rounds[dropped:], earlier=history.earlier + dropped)
