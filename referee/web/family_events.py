"""The socket events of the rules families (docs/protocol.md): what each does to a table.

A family lists its own action events with their parsers (``Family.events``); the shared events
(``start``, ``next_round``, bots, rules) are ``sockets.SEAT_EVENTS``'. An event of another family
than the table's is refused ``game/wrong_family`` and changes nothing.

>>> sorted(family_events())[:4]
['believe', 'bid', 'declare', 'doubt']
>>> family_event("bid").__doc__
'The ``bid`` event, played only at a table whose family has it.'
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.registry import FAMILIES, family_of
from referee.table.errors import TableError
from referee.table.table import Table

SeatAction = Callable[[Table, int, Any], None]
"""What an event from ``seat`` with its payload does to a table."""


def family_event(event: str) -> SeatAction:
    """The action of ``event`` at a table of any family: its family's, or ``game/wrong_family``."""

    def act(table: Table, seat: int, data: Any) -> None:
        family = family_of(table.current)
        action = family.events.get(event)
        if action is None:
            raise TableError("game/wrong_family", f"{event} is not an event of a {family.name} table")
        action(table, seat, data)

    act.__doc__ = f"The ``{event}`` event, played only at a table whose family has it."
    return act


def family_events() -> dict[str, SeatAction]:
    """Every family's action event, each refused at a table of another family."""
    return {event: family_event(event) for family in FAMILIES.values() for event in family.events}
