"""The socket events of a poker-dice table (docs/protocol.md): what each does to the table's game.

>>> sorted(EVENTS)
['believe', 'declare', 'doubt', 'keep']
"""
from __future__ import annotations

from typing import Any

from referee.games.poker_bluff.payloads import parse_declare, parse_keep, parse_move


def _declare(table: Any, seat: int, data: Any) -> None:
    declaration, against = parse_declare(data)
    table.play.declare(seat, declaration, against=against)


def _believe(table: Any, seat: int, data: Any) -> None:
    table.play.believe(seat, against=parse_move(data))


def _doubt(table: Any, seat: int, data: Any) -> None:
    table.play.doubt(seat, against=parse_move(data))


def _keep(table: Any, seat: int, data: Any) -> None:
    keep, against = parse_keep(data)
    table.play.keep(seat, keep, against=against)


EVENTS = {"declare": _declare, "believe": _believe, "doubt": _doubt, "keep": _keep}
"""Each event's action on a table (``Family.events``): (table, seat, payload) -> None."""
