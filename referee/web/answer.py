"""The one way a Socket.IO event is answered: ``{"ok": true, …}``, or the refusal, which is
also emitted as ``error`` to the sender only. Nothing changes on a refusal.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import request
from flask_socketio import emit

from referee.rules import RulesError
from referee.table import Table, TableError, Tables

from .connections import Connection, Connections

log = logging.getLogger("referee.web")

Action = Callable[[Connection, Table], dict[str, Any] | None]


def answer(conns: Connections, tables: Tables, action: Action,
           before: Callable[[Connection], None] | None = None) -> dict[str, Any]:
    """Run ``action`` for the sender's connection after its rate limit (and ``before``, e.g. a
    chat budget); answer with what it returns, or with the error it raised."""
    conn = conns.get(request.sid)
    try:
        if conn is None:
            raise TableError("auth/not_connected", "this connection has not joined a table")
        if not conn.bucket.take():
            raise TableError("rate/limited", "too many events: slow down")
        if before is not None:
            before(conn)
        return {"ok": True, **(action(conn, tables.get(conn.table)) or {})}
    except RulesError as error:
        log.info("refused", extra={"table": conn.table if conn else None, "code": error.code})
        emit("error", {"code": error.code, "message": error.message})
        return {"ok": False, "code": error.code, "message": error.message}
