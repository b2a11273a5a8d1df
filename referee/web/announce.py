"""Announcements: public table events that everyone at the table hears as a Socket.IO event of their own.

The ``state`` after a change already shows what changed; an announcement says that it just
happened, for a page to tell its player (a banner, a sound). Today one kind is announced:
``rules_changed`` ``{"rules": settings.to_dict(), "by": seat | "referee"}``, sent to every
connection at the table (players, spectators, the referee) right after the ``state`` that
carries the new rules. An ``Announcer`` listens to one table and announces each public event
of ``ANNOUNCED`` once, in log order (``Table.recent``); events logged before it started
listening (a table loaded from its log) are not announced again.

>>> from referee.rules.event import Event
>>> fresh_announcements([(3, Event("bid", {})), (4, Event("rules_changed", {"by": 0}))], after=3)
[(4, 'rules_changed', {'by': 0})]
"""
from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from flask_socketio import SocketIO

from referee.rules.event import Event
from referee.table.table import Table

from .connections import Connections, seat_room, watch_room

ANNOUNCED = ("rules_changed",)
"""The public events announced to everyone at the table as a Socket.IO event of the same name."""


def fresh_announcements(recent: Sequence[tuple[int, Event]], after: int) -> list[tuple[int, str, dict[str, Any]]]:
    """``(seq, kind, data)`` of the announced public events logged after seq ``after``, in log order
    (``recent`` is in log order: it is read from its newest end back to ``after``)."""
    fresh = []
    for seq, event in reversed(recent):
        if seq <= after:
            break
        if event.audience is None and event.kind in ANNOUNCED:
            fresh.append((seq, event.kind, dict(event.data)))
    fresh.reverse()
    return fresh


class Announcer:
    """Announces one table's ``ANNOUNCED`` events to every room of the table (subscribe it after the broadcasters)."""

    def __init__(self, socketio: SocketIO, conns: Connections, table: Table) -> None:
        self._socketio = socketio
        self._conns = conns
        self._announced = table.version
        self._lock = threading.Lock()
        table.subscribe(self.table_changed)

    def table_changed(self, table: Table) -> None:
        """Emit each announcement logged since the last one, to the seats, the spectators and the referee."""
        with self._lock:
            recent = list(table.recent)
            if not recent or recent[-1][0] <= self._announced:
                return
            fresh = fresh_announcements(recent, self._announced)
            self._announced = recent[-1][0]  # read up to here: the next change reads only what is newer
            if not fresh:
                return
        rooms = [seat_room(table.id, seat) for seat in table.current.seats] + [watch_room(table.id)]
        rooms += [conn.sid for conn in self._conns.referees(table.id)]
        for _, kind, data in fresh:
            for room in rooms:
                self._socketio.emit(kind, data, to=room)
