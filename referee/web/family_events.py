"""The socket events of each rules family (docs/protocol.md): what each does to a table.

A family lists its own action events with their parsers; the shared events (``start``,
``next_round``, bots, rules) are ``sockets.SEAT_EVENTS``'. An event of another family than the
table's is refused ``game/wrong_family`` and changes nothing.

>>> sorted(FAMILY_EVENTS["poker_bluff"])
['believe', 'declare', 'doubt', 'keep']
>>> family_event("bid").__doc__
'The ``bid`` event, played only at a table whose family has it.'
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.rules.families import LIARS_DICE, POKER_BLUFF
from referee.table.table import Table
from referee.table.errors import TableError

from .payloads import parse_against, parse_bid, parse_call, parse_seed
from referee.games.poker_bluff.payloads import parse_declare, parse_keep, parse_move

SeatAction = Callable[[Table, int, Any], None]
"""What an event from ``seat`` with its payload does to a table."""


def _bid(table: Table, seat: int, data: Any) -> None:
    quantity, face = parse_bid(data)
    table.bid(seat, quantity, face, against=parse_against(data))


def _liar(table: Table, seat: int, data: Any) -> None:
    table.liar(seat, against=parse_call(data))


def _spot_on(table: Table, seat: int, data: Any) -> None:
    table.spot_on(seat, against=parse_call(data))


def _seed(table: Table, seat: int, data: Any) -> None:
    table.contribute_seed(seat, *parse_seed(data))


def _declare(table: Table, seat: int, data: Any) -> None:
    declaration, against = parse_declare(data)
    table.declare(seat, declaration, against=against)


def _believe(table: Table, seat: int, data: Any) -> None:
    table.believe(seat, against=parse_move(data))


def _doubt(table: Table, seat: int, data: Any) -> None:
    table.doubt(seat, against=parse_move(data))


def _keep(table: Table, seat: int, data: Any) -> None:
    keep, against = parse_keep(data)
    table.keep(seat, keep, against=against)


FAMILY_EVENTS: dict[str, dict[str, SeatAction]] = {
    LIARS_DICE: {"bid": _bid, "liar": _liar, "spot_on": _spot_on, "seed": _seed},
    POKER_BLUFF: {"declare": _declare, "believe": _believe, "doubt": _doubt, "keep": _keep},
}
"""Each family's own action events, by the family's name."""


def family_event(event: str) -> SeatAction:
    """The action of ``event`` at a table of any family: its family's, or ``game/wrong_family``."""

    def act(table: Table, seat: int, data: Any) -> None:
        family = table.current.family
        action = FAMILY_EVENTS[family].get(event)
        if action is None:
            raise TableError("game/wrong_family", f"{event} is not an event of a {family} table")
        action(table, seat, data)

    act.__doc__ = f"The ``{event}`` event, played only at a table whose family has it."
    return act


def family_events() -> dict[str, SeatAction]:
    """Every family's action event, each refused at a table of another family."""
    return {event: family_event(event) for events in FAMILY_EVENTS.values() for event in events}
