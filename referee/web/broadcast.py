"""After every change, each seat gets its own projection in its own room, spectators theirs.

Two guarantees:

* **Versions never go back on a connection.** A table tells its listeners after it released
  its lock, so two changes can be told at once, and a view built from the older state could
  be sent after the newer one. So each table's views are built for one version (rebuilt when
  the table moved on meanwhile), and sent under a lock per broadcaster that remembers the newest
  version sent at the table: an older view is dropped, since a newer one already went to the
  same rooms (a connection's own ``state``, after ``sync`` or connecting, follows the same rule).
* **Spectators coming and going are coalesced.** A newcomer gets its own state at once; the
  others hear about the new count once per ``spectator_update_s`` (a trailing update on the
  table's scheduler), however many came or went, unless a change told them first.

Every emit goes through the socket server, so with a message queue (``message_queue.py``) it
also reaches the members of those rooms that other processes hold. Who is connected is counted
in this process: a table's connections are all its owner's (other processes refuse them,
``table/moving``).
"""
from __future__ import annotations

import threading
from typing import Any

from flask_socketio import SocketIO

from referee.table import Scheduler, Table
from referee.table.scheduler import Handle
from referee.views import table_views

from .connections import Connections, seat_room, watch_room
from .wire import Parts

BUILD_TRIES = 5
"""How often a set of views is rebuilt when the table keeps changing while it is built."""


class Broadcaster:
    """Sends ``state`` to every room of a table; the views are built by ``referee.views``, all of
    one version together, and encoded by ``wire.Parts`` (each shared or unchanged part once)."""

    def __init__(self, socketio: SocketIO, conns: Connections, server_key: dict[str, str] | None,
                 scheduler: Scheduler, spectator_update_s: float = 0.2) -> None:
        self._socketio = socketio
        self._conns = conns
        self._server_key = server_key
        self._scheduler = scheduler
        self._window = spectator_update_s
        self._sent: dict[str, int] = {}
        self._parts = Parts()
        self._pending: dict[str, Handle] = {}
        self._send_lock = threading.Lock()
        self._pending_lock = threading.Lock()

    def table_changed(self, table: Table) -> None:
        """Send every viewer of ``table`` its new state (no view is built for a seat or for the
        spectators when nobody is connected there); a connection whose seat was freed (or taken
        by somebody else since) watches from now on and is sent a spectator's state."""
        with self._pending_lock:
            pending = self._pending.pop(table.id, None)
        if pending is not None:
            pending.cancel()
        self._release_freed_seats(table)
        targets: list[tuple[int | None, str]] = [(seat, seat_room(table.id, seat)) for seat in list(table.current.seats)
                                                 if self._conns.online(table.id, seat)]
        if self._conns.spectators(table.id):
            targets.append((None, watch_room(table.id)))
        if not targets:
            with self._send_lock:
                self._parts.forget(table.id)
            return
        self._deliver(table, targets)

    def send_to(self, sid: str, table: Table, seat: int | None) -> None:
        """Send one connection its own state now (after ``sync``, or as it connects)."""
        self._deliver(table, [(seat, sid)])

    def presence_changed(self, table: Table, newcomer: str | None = None) -> None:
        """A spectator came (``newcomer``: its session id; it gets its state at once) or a
        connection left: every viewer hears the new counts within ``spectator_update_s``."""
        if newcomer is not None:
            self.send_to(newcomer, table, None)
        if self._window <= 0:
            self.table_changed(table)
            return
        with self._pending_lock:
            if table.id not in self._pending:
                self._pending[table.id] = self._scheduler.call_later(self._window, lambda: self._trailing(table))

    def _trailing(self, table: Table) -> None:
        with self._pending_lock:
            if self._pending.pop(table.id, None) is None:
                return
        self.table_changed(table)

    def _deliver(self, table: Table, targets: list[tuple[int | None, str]]) -> None:
        """Build every target's view for one version and send them, unless a newer state
        already went out at this table (then a newer build is tried, or nothing is sent)."""
        for _ in range(BUILD_TRIES):
            views = self._views(table, [seat for seat, _ in targets])
            versions = [view["version"] for view in views.values()] or [table.version]
            with self._send_lock:
                if min(versions) >= self._sent.get(table.id, 0):
                    self._sent[table.id] = max(versions)
                    payloads = self._parts.encode_all(table.id, views)
                    for seat, to in targets:
                        self._socketio.emit("state", payloads[seat], to=to)
                    return
            if table.version <= self._sent.get(table.id, 0):
                return

    def _views(self, table: Table, seats: list[int | None]) -> dict[int | None, dict[str, Any]]:
        """Every seat's view of one version of ``table``, built together (``referee.views.table_views``)."""
        views: dict[int | None, dict[str, Any]] = {}
        for _ in range(BUILD_TRIES):
            version = table.version
            state = table.current
            fairness = state.fairness
            views = table_views(state, version=version, seats=seats, connected=set(table.connected),
                                spectators=self._conns.spectators(table.id), now=table.now(),
                                deadline=table.turn_deadline(),
                                commitment=fairness.deal_public if fairness else None, server_key=self._server_key,
                                private={seat: table.private_for(seat) for seat in seats if seat is not None})
            if table.version == version:
                break
        return views

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
