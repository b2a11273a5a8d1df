"""What a bid or a call answers: the turn its sender saw, checked under the table's lock.

A turn is ``(game, round, bids)``: the game's number, the round's number and how many bids of
that round had been made. A client sends the turn it saw as ``against``; when the table has
moved on since (somebody raised, the round was revealed), the action is refused with
``action/stale`` and changes nothing. Without ``against`` there is no check.

>>> require_current((1, 2, 3), (1, 2, 3)); require_current((1, 2, 4), None)
>>> require_current((1, 2, 4), (1, 2, 3))
Traceback (most recent call last):
...
referee.table.errors.TableError: you answered game 1, round 2 after 3 bid(s); the table is at game 1, round 2 after 4 bid(s): look again
"""
from __future__ import annotations

from .errors import TableError

Turn = tuple[int, int, int]
"""(game, round, bids of this round)."""


def require_current(turn: Turn | None, against: Turn | None, moves: str = "bid(s)",
                    idle: str = "no round being bid") -> None:
    """Refuse (``action/stale``) an action whose ``against`` is not the table's ``turn`` (None: ``idle``,
    no round is played); ``moves`` names what the third number counts (a poker-dice round counts its moves).

    >>> require_current(None, (1, 1, 0), moves="move(s)", idle="no round being played")
    Traceback (most recent call last):
    ...
    referee.table.errors.TableError: you answered game 1, round 1 after 0 move(s); the table is at no round being played: look again
    """
    if against is None or against == turn:
        return
    now = idle if turn is None else f"game {turn[0]}, round {turn[1]} after {turn[2]} {moves}"
    raise TableError("action/stale", f"you answered game {against[0]}, round {against[1]} after {against[2]} {moves}; "
                                     f"the table is at {now}: look again")
