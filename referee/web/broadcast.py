"""After every change, one ``public`` part goes to the table's room and a ``seat`` part to each seat
whose own part changed; a connection gets its whole ``state`` as it connects and after ``sync``.

The parts are ``referee.state_parts.split`` of every connected seat's view and the spectators'
(docs/protocol.md, "public and seat"). A seat part is sent before the public part of the same
version, so a connection (Socket.IO keeps one connection's packets in order) holds the seat
part a public part names (``seat_parts``) when it reads it; one that does not asks ``sync``.

Two guarantees:

* **Versions never go back on a connection.** A table tells its listeners after it released
  its lock, so two changes can be told at once, and parts built from the older state could
  be sent after the newer ones. So each table's views are built for one version (rebuilt when
  the table moved on meanwhile), and sent under a lock per broadcaster that remembers the newest
  version sent at the table: older parts are dropped, since newer ones already went to the
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

from referee.state_parts import PARTS, View, split
from referee.table.scheduler import Scheduler
from referee.table.table import Table
from referee.table.scheduler import Handle
from referee.views import table_views

from .connections import Connections, seat_room, table_room, watch_room
from .wire import encode

BUILD_TRIES = 5
"""How often a set of views is rebuilt when the table keeps changing while it is built."""


class Broadcaster:
    """Sends a table's parts to its rooms and ``state`` to a connection; the views are built by
    ``referee.views``, all of one version together, each part encoded once for all its receivers
    (``wire.encode``) and a seat part sent only when it differs from the one last sent."""

    def __init__(self, socketio: SocketIO, conns: Connections, server_key: dict[str, str] | None,
                 scheduler: Scheduler, spectator_update_s: float = 0.2) -> None:
        self._socketio = socketio
        self._conns = conns
        self._server_key = server_key
        self._scheduler = scheduler
        self._window = spectator_update_s
        self._sent: dict[str, int] = {}
        self._seat_parts: dict[str, dict[int, tuple[int, View]]] = {}
        self._pending: dict[str, Handle] = {}
        self._send_lock = threading.Lock()
        self._pending_lock = threading.Lock()

    def table_changed(self, table: Table) -> None:
        """Send every viewer of ``table`` its new parts (no view is built for a seat nobody holds,
        nothing is sent when nobody is connected); a connection whose seat was freed (or taken by
        somebody else since) watches from now on and is sent a spectator's ``state``."""
        with self._pending_lock:
            pending = self._pending.pop(table.id, None)
        if pending is not None:
            pending.cancel()
        for sid in self._release_freed_seats(table):
            self.send_to(sid, table, None)
        seats = self._online(table)
        if not seats and not self._conns.spectators(table.id):
            with self._send_lock:
                self._seat_parts.pop(table.id, None)
            return
        self._deliver(table, seats)

    def send_to(self, sid: str, table: Table, seat: int | None) -> None:
        """Send one connection its whole ``state`` now (after ``sync``, or as it connects); the
        seat's next parts carry its seat part again, which this connection then needs. A view
        older than parts already sent at the table is built again (this connection may not have
        heard those parts); after ``BUILD_TRIES`` it hears the next change and asks ``sync``."""
        for _ in range(BUILD_TRIES):
            view = self._views(table, [seat])[seat]
            with self._send_lock:
                if view["version"] >= self._sent.get(table.id, 0):
                    self._sent[table.id] = view["version"]
                    if seat is not None:
                        self._seat_parts.get(table.id, {}).pop(seat, None)
                    self._socketio.emit("state", encode(view), to=sid)
                    return

    def seat_entered(self, table: Table, seat: int) -> None:
        """A connection entered ``seat``'s room (and the table's): the next change carries the seat's
        part again, so the newcomer holds the part every later public part names."""
        with self._send_lock:
            self._seat_parts.get(table.id, {}).pop(seat, None)

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

    def _online(self, table: Table) -> list[int]:
        """The table's seats that have a connection now."""
        return [seat for seat in list(table.current.seats) if self._conns.online(table.id, seat)]

    def _deliver(self, table: Table, seats: list[int]) -> None:
        """Build the views of ``seats`` and the spectators for one version and send their parts,
        unless a newer state already went out at this table (then a newer build is tried, or
        nothing is sent). A build whose seats are not the ones online when it is sent (a spectator
        took a seat meanwhile: its connection sits before it enters the seat's room, under the send
        lock) is built again for them, so that no public part after a seat's first seat part leaves
        that seat out of ``seat_parts``."""
        flags = table.family.views.flags
        for _ in range(BUILD_TRIES):
            views = self._views(table, [*seats, None])
            version = views[None]["version"]
            with self._send_lock:
                online = self._online(table)
                if sorted(online) != sorted(seats):
                    seats = online
                    continue
                if version >= self._sent.get(table.id, 0):
                    self._sent[table.id] = version
                    self._send_parts(table.id, *split(views, flags))
                    return
            if table.version <= self._sent.get(table.id, 0):
                return

    def _send_parts(self, table: str, public: View, parts: dict[int, View]) -> None:
        """Each seat part that differs from the one last sent to its seat (under the send lock),
        then the public part naming each seat's newest."""
        kept = self._seat_parts.setdefault(table, {})
        for seat in [seat for seat in kept if seat not in parts]:
            del kept[seat]
        newest: dict[str, int] = {}
        for seat, part in parts.items():
            content = {key: value for key, value in part.items() if key != "version"}
            last = kept.get(seat)
            if last is None or last[1] != content:
                last = kept[seat] = (part["version"], content)
                self._socketio.emit("seat", encode(part), to=seat_room(table, seat))
            newest[str(seat)] = last[0]
        public[PARTS] = newest
        self._socketio.emit("public", encode(public), to=table_room(table))

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
                                private={seat: table.private_for(seat) for seat in seats if seat is not None},
                                draws=table.draw_parts())
            if table.version == version:
                break
        return views

    def _release_freed_seats(self, table: Table) -> list[str]:
        """Move each connection whose seat is no longer its own to the spectators; their ids."""
        released: list[str] = []
        seats = table.current.seats
        for conn in self._conns.seated(table.id):
            info = seats.get(conn.seat) if conn.seat is not None else None
            if info is not None and info.token_digest is not None and info.token_digest == conn.token_digest:
                continue
            if conn.seat is not None:
                self._socketio.server.leave_room(conn.sid, seat_room(table.id, conn.seat), namespace="/")
            self._socketio.server.enter_room(conn.sid, watch_room(table.id), namespace="/")
            conn.stand()
            released.append(conn.sid)
        return released
