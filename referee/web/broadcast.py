"""After every change, each seat gets its own projection in its own room, spectators theirs."""
from __future__ import annotations

from typing import Any

from flask_socketio import SocketIO

from referee.table import Table
from referee.views import table_view

from .connections import Connections, seat_room, watch_room


class Broadcaster:
    """Sends ``state`` to every room of a table; the view is built per seat by ``referee.views``."""

    def __init__(self, socketio: SocketIO, conns: Connections, server_key: dict[str, str] | None) -> None:
        self._socketio = socketio
        self._conns = conns
        self._server_key = server_key

    def view_for(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The ``state`` payload for ``seat`` (None: a spectator)."""
        state = table.current
        fairness = state.fairness
        return table_view(state, version=table.version, seat=seat, connected=set(table.connected),
                          spectators=self._conns.spectators(table.id), now=table.now(),
                          deadline=table.turn_deadline(),
                          commitment=fairness.deal_public if fairness else None, server_key=self._server_key,
                          private=table.private_for(seat) if seat is not None else None)

    def table_changed(self, table: Table) -> None:
        """Send every viewer of ``table`` its new state (no view is built for a seat or for the
        spectators when nobody is connected there); a connection whose seat was freed (or taken
        by somebody else since) watches from now on and is sent a spectator's state."""
        self._release_freed_seats(table)
        for seat in list(table.current.seats):
            if self._conns.online(table.id, seat):
                self._socketio.emit("state", self.view_for(table, seat), to=seat_room(table.id, seat))
        if self._conns.spectators(table.id):
            self._socketio.emit("state", self.view_for(table, None), to=watch_room(table.id))

    def _release_freed_seats(self, table: Table) -> None:
        seats = table.current.seats
        for conn in self._conns.seated(table.id):
            info = seats.get(conn.seat) if conn.seat is not None else None
            if info is not None and info.token_digest is not None and info.token_digest == conn.token_digest:
                continue
            if conn.seat is not None:
                self._socketio.server.leave_room(conn.sid, seat_room(table.id, conn.seat), namespace="/")
            self._socketio.server.enter_room(conn.sid, watch_room(table.id), namespace="/")
            conn.stand()
