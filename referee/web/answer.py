"""The one way a Socket.IO event is answered: ``{"ok": true, …}``, or the refusal, which is
also emitted as ``error`` to the sender only. Nothing changes on a refusal.

Every event first spends the sender's event budget (``Connections.spend``); past it the event
is refused ``rate/limited``, and a connection that keeps sending past it is cut off: it gets
``rate/cut_off`` and is disconnected, with one log line naming its table, seat and address,
and cannot connect again for ``limits.cut_off_s`` (``Connections.penalize``).
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from referee.rules.errors import RulesError
from referee.table.table import Table
from referee.table.errors import TableError
from referee.table.registry import Tables

from .connections import Connection, Connections
from .events import Events

log = logging.getLogger("referee.web")

Action = Callable[[Connection, Table], dict[str, Any] | None]

UNLOGGED = ("rate/limited", "auth/not_connected")
"""Refusals a flood repeats event after event (also the events a cut-off socket had already
sent): logged once, by the cut-off, not once per event."""

CUT_OFF = {"code": "rate/cut_off", "message": "this connection kept sending past its budget and is closed"}


def answer(conns: Connections, tables: Tables, events: Events, sid: str, action: Action,
           before: Callable[[Connection], None] | None = None) -> dict[str, Any]:
    """Run ``action`` for the connection ``sid`` (the sender) after its event budget (and
    ``before``, e.g. a chat budget); answer with what it returns, or with the error it raised."""
    conn = conns.get(sid)
    try:
        if conn is None:
            raise TableError("auth/not_connected", "this connection has not joined a table")
        if not conns.spend(conn):
            if conns.is_flooding(conn):
                return cut_off(conns, events, conn)
            raise TableError("rate/limited", "too many events: slow down")
        if before is not None:
            before(conn)
        return {"ok": True, **(action(conn, tables.get(conn.table)) or {})}
    except RulesError as error:
        if error.code not in UNLOGGED:
            log.info("refused", extra={"table": conn.table if conn else None, "code": error.code})
        events.emit(sid, "error", {"code": error.code, "message": error.message})
        return {"ok": False, "code": error.code, "message": error.message}


def cut_off(conns: Connections, events: Events, conn: Connection) -> dict[str, Any]:
    """Tell the flooding sender why, and disconnect it (its handlers then forget it); its seat
    token, referee, or its address's spectators at its table cannot connect for a while."""
    log.warning("connection cut off", extra={"table": conn.table, "seat": conn.seat, "address": conn.address,
                                             "refused": len(conn.strikes)})
    conns.penalize(conn)
    events.emit(conn.sid, "error", CUT_OFF)
    events.disconnect(conn.sid)
    return {"ok": False, **CUT_OFF}
