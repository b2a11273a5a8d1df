"""What every viewer sees of a Liar's Dice game's past: the finished rounds and the stand-in marks.

A table's round history (``referee.games.liars_dice.round_history``) holds public data only (bids, and
cups the calls revealed); this module still names each field it shows (a whitelist), so a field
added to the history later stays on the server until it is named here. Two keys of the game view
(docs/protocol.md):

- ``stand_ins``: one boolean per bid of ``bids``, true where a bot standing in for a person made it;
- ``history``: ``{rounds, earlier}``, the finished rounds of this game, oldest first (at most
  ``KEPT_ROUNDS``), and how many older rounds were dropped.

>>> from referee.games.liars_dice.rules import Bid, RoundResult
>>> from referee.games.liars_dice.round_history import FinishedRound, PlayedBid, RoundHistory
>>> result = RoundResult(bidder=0, caller=1, bid=Bid(2, 3), hands=((0, (3,)), (1, (5,))), count=1, loser=0, dice_lost=1)
>>> done = FinishedRound(1, (PlayedBid(0, Bid(2, 3), stand_in=True),), result, stand_in=False)
>>> view = history_view(RoundHistory(game=1, stand_ins=(False,), rounds=(done,)), bids=1)
>>> view["stand_ins"], view["history"]["rounds"][0]["bids"], view["history"]["rounds"][0]["cups"]
([False], [{'seat': 0, 'quantity': 2, 'face': 3, 'stand_in': True}], {'0': [3], '1': [5]})
"""
from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Protocol

from referee.games.liars_dice.rules import Bid, RoundResult


class PlayedBidLike(Protocol):
    """A bid of a round's history (``referee.games.liars_dice.round_history.PlayedBid``)."""

    @property
    def seat(self) -> int: ...
    @property
    def bid(self) -> Bid: ...
    @property
    def stand_in(self) -> bool: ...


class FinishedRoundLike(Protocol):
    """A finished round (``referee.games.liars_dice.round_history.FinishedRound``)."""

    @property
    def round_no(self) -> int: ...
    @property
    def bids(self) -> Sequence[PlayedBidLike]: ...
    @property
    def result(self) -> RoundResult: ...
    @property
    def palifico(self) -> bool: ...
    @property
    def stand_in(self) -> bool: ...


class RoundHistoryLike(Protocol):
    """A game's round history (``referee.games.liars_dice.round_history.RoundHistory``)."""

    @property
    def stand_ins(self) -> Sequence[bool]: ...
    @property
    def rounds(self) -> Sequence[FinishedRoundLike]: ...
    @property
    def earlier(self) -> int: ...


def history_view(history: RoundHistoryLike, *, bids: int) -> dict[str, Any]:
    """The ``stand_ins`` (one per bid of the ``bids`` standing this round) and ``history`` keys of a game view.

    >>> from referee.games.liars_dice.round_history import RoundHistory
    >>> history_view(RoundHistory(), bids=2)
    {'stand_ins': [False, False], 'history': {'rounds': [], 'earlier': 0}}
    """
    marks = list(history.stand_ins[:bids])
    return {
        "stand_ins": marks + [False] * (bids - len(marks)),
        "history": {"rounds": _ROUNDS.views(history.rounds), "earlier": history.earlier},
    }


class RoundsMemo:
    """The view of each finished round, built once per round (a table keeps each ``FinishedRound``
    from the call that ended it until its game ends) and returned again, the same dict, while
    that round is shown: every change between two calls shows the same history, so only the
    newest round's view is ever built. The last ``size`` rounds built are kept (each held, so
    its id names no other object meanwhile); treat the dicts as read-only.

    >>> from referee.games.liars_dice.rules import Bid, RoundResult
    >>> from referee.games.liars_dice.round_history import FinishedRound
    >>> done = FinishedRound(1, (), RoundResult(bidder=0, caller=1, bid=Bid(1, 2), hands=(), count=0, loser=0, dice_lost=1))
    >>> memo = RoundsMemo(size=1)
    >>> first = memo.views((done,))
    >>> memo.views((done,))[0] is first[0], first[0]["loser"]
    (True, 0)
    """

    def __init__(self, size: int = 8192) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._kept: dict[int, tuple[FinishedRoundLike, dict[str, Any]]] = {}

    def views(self, rounds: Sequence[FinishedRoundLike]) -> list[dict[str, Any]]:
        """The view of each of ``rounds``, in their order."""
        with self._lock:
            return [self._view(done) for done in rounds]

    def _view(self, done: FinishedRoundLike) -> dict[str, Any]:
        kept = self._kept.get(id(done))
        if kept is None:
            if len(self._kept) >= self._size:  # the oldest round first: its game is the likeliest to be over
                del self._kept[next(iter(self._kept))]
            kept = self._kept[id(done)] = (done, _round(done))
        return kept[1]


_ROUNDS = RoundsMemo()


def _round(done: FinishedRoundLike) -> dict[str, Any]:
    result = done.result
    return {
        "round": done.round_no,
        "palifico": done.palifico,
        "bids": [{"seat": b.seat, "quantity": b.bid.quantity, "face": b.bid.face, "stand_in": b.stand_in}
                 for b in done.bids],
        "call": result.call,
        "caller": result.caller,
        "stand_in": done.stand_in,
        "bidder": result.bidder,
        "quantity": result.bid.quantity,
        "face": result.bid.face,
        "cups": {str(seat): list(hand) for seat, hand in result.hands},
        "count": result.count,
        "loser": result.loser,
        "dice_lost": result.dice_lost,
        "dice_gained": result.dice_gained,
    }
