"""The socket events of a Liar's Dice table (docs/protocol.md): what each does to the table's game.

>>> sorted(EVENTS)
['bid', 'liar', 'seed', 'spot_on']
"""
from __future__ import annotations

from typing import Any

from referee.games.liars_dice.payloads import parse_against, parse_bid, parse_call, parse_seed


def _bid(table: Any, seat: int, data: Any) -> None:
    quantity, face = parse_bid(data)
    table.play.bid(seat, quantity, face, against=parse_against(data))


def _liar(table: Any, seat: int, data: Any) -> None:
    table.play.liar(seat, against=parse_call(data))


def _spot_on(table: Any, seat: int, data: Any) -> None:
    table.play.spot_on(seat, against=parse_call(data))


def _seed(table: Any, seat: int, data: Any) -> None:
    table.play.contribute_seed(seat, *parse_seed(data))


EVENTS = {"bid": _bid, "liar": _liar, "spot_on": _spot_on, "seed": _seed}
"""Each event's action on a table (``Family.events``): (table, seat, payload) -> None."""
