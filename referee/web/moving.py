"""A table this process stops serving (lease lost, handed over, just created) and one still moving here.

``close_sockets`` aborts the Engine.IO sessions of a dropped table's connections: to the client
that is a dropped transport, as when a process dies, and every client (the page, python-socketio)
reconnects by itself, through nginx, to the process the table routes to. (A Socket.IO
``disconnect``, or an Engine.IO close packet, would tell the client not to come back.) ``table_moving`` answers
a request for a table another process still serves (it was asked to hand it over): 503 with
``Retry-After``, as JSON for the API, and as a page that reloads itself for a browser.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from flask import Response, jsonify, request
from flask_socketio import SocketIO

from referee.table.registry import TableMoving

from .connections import Connections
from .render import page

log = logging.getLogger("referee.web")
RETRY_S = 1
"""What ``Retry-After`` says, and how soon the waiting page reloads (seconds)."""


def close_sockets(socketio: SocketIO, conns: Connections) -> Callable[[str], None]:
    """What a dropped table does to its sockets here: close each one's Engine.IO session."""

    def close(table_id: str) -> None:
        server = socketio.server
        for conn in conns.at_table(table_id):
            eio_sid = server.manager.eio_sid_from_sid(conn.sid, "/")
            socket = server.eio.sockets.pop(eio_sid, None)
            if socket is not None:
                socket.close(wait=False, abort=True)  # no CLOSE packet: to the client, a dropped transport
        log.info("table sockets closed", extra={"table": table_id})
    return close


def table_moving(error: TableMoving) -> tuple[Response, int] | tuple[str, int, dict[str, str]]:
    """503 ``table/moving``: a page that reloads itself for a browser, JSON for anything else."""
    headers = {"Retry-After": str(RETRY_S)}
    if request.method == "GET" and request.accept_mimetypes.best_match(["application/json", "text/html"]) == "text/html":
        body, status = page("moving.html", 503, retry_s=RETRY_S)
        return body, status, headers
    reply = jsonify({"ok": False, "code": error.code, "message": error.message})
    reply.headers.update(headers)
    return reply, 503
