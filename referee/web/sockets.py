"""Socket.IO handlers: parse, authorise, call the table, answer; no rules logic here.

Every handler answers ``{"ok": true, …}`` or ``{"ok": false, "code", "message"}`` and, on a
failure, also emits ``error`` to the sender only. State goes out through ``Broadcaster``.
Every event carries exactly one payload (``payload/malformed`` otherwise); an event nobody
handles is ``event/unknown``; a frame that is not an event is ``payload/malformed``
(``frames.py``). A refused connection carries ``{"code", "message"}`` as the client's
``err.data``.
"""
from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any

from flask import request
from flask_socketio import ConnectionRefusedError, SocketIO, emit

from referee.rules.errors import MalformedAction, RulesError
from referee.table.table import Table
from referee.table.errors import TableError
from referee.table.registry import Tables
from referee.table import desk

from .answer import Action, answer as answer_event
from .connections import Connection, Connections, seat_room, table_room, watch_room
from .events import SERVER_ERROR, Events
from .payloads import (one_payload, parse_auth, parse_draw_seed, parse_empty, parse_level, parse_name, parse_next_round,
                       parse_require_seeds, parse_seat, parse_set_rules, token_digest)
from .broadcast import Broadcaster
from .family_events import SeatAction, family_events
from .frames import MALFORMED_EVENT, guard_frames, reason_of
from .i18n import pick_language

log = logging.getLogger("referee.web")


def _start(table: Table, seat: int, data: Any) -> None:
    parse_empty(data)
    table.start(seat)


def _next_round(table: Table, seat: int, data: Any) -> None:
    table.next_round(seat, parse_next_round(data))


def _add_bot(table: Table, seat: int, data: Any) -> None:
    table.add_bot(seat, parse_level(data))


def _remove_bot(table: Table, seat: int, data: Any) -> None:
    table.remove_bot(seat, parse_seat(data))


def _draw_seed(table: Table, seat: int, data: Any) -> None:
    table.contribute_draw_seed(seat, *parse_draw_seed(data))


SEAT_EVENTS: dict[str, SeatAction] = {
    "start": _start, "new_game": _start, "next_round": _next_round, "add_bot": _add_bot, "remove_bot": _remove_bot,
    "draw_seed": _draw_seed,
    **family_events(),
}
"""Events that need a seat, each with what it does to the table (a family's own: ``family_events``; a
family registered later, from the server's config, adds its own when the handlers are attached)."""


def refused(error: RulesError) -> ConnectionRefusedError:
    """The refusal of a connection: the client's ``connect_error`` gets ``err.data = {code, message}``."""
    return ConnectionRefusedError(error.message, {"code": error.code, "message": error.message})


def _seat_handler(answer: Callable[..., dict[str, Any]], seat_of: Callable[[Connection], int],
                  act: SeatAction) -> Callable[..., dict[str, Any]]:
    def handler(sid: str, *args: Any) -> dict[str, Any]:
        return answer(sid, lambda conn, table: act(table, seat_of(conn), one_payload(args)))
    return handler


def register_handlers(socketio: SocketIO, events: Events, tables: Tables, conns: Connections,
                      broadcaster: Broadcaster, referee_connect: Callable[[Any], None] | None = None) -> None:
    """Attach every event handler of docs/protocol.md: ``connect`` and ``disconnect`` to
    ``socketio`` (they read Flask's request), the others to ``events`` (``web.events``: no
    request context per event); ``referee_connect`` takes the connections that carry a
    ``referee_token`` (docs/referee.md)."""

    def answer(sid: str, action: Action) -> dict[str, Any]:
        return answer_event(conns, tables, events, sid, action)

    def seat_of(conn: Connection) -> int:
        if conn.seat is None:
            raise TableError("seat/none", "take a seat first: spectators cannot play")
        return conn.seat

    @socketio.on("connect")
    def on_connect(auth: Any = None) -> None:
        conns.admit(request.sid, request.remote_addr, auth)
        if referee_connect is not None and isinstance(auth, dict) and "referee_token" in auth:
            referee_connect(auth)
            return
        try:
            table_id, token = parse_auth(auth)
            table = tables.find(table_id)
        except RulesError as error:
            raise refused(error) from None
        if table is None:
            raise refused(TableError("table/unknown", f"there is no table {table_id!r}"))
        digest = token_digest(token) if token else None
        seat = table.current.seat_of_token(digest) if digest else None
        conns.add(request.sid, table_id, seat, digest if seat is not None else None).lang = pick_language(
            request.headers.get("Accept-Language"), request.cookies.get("lang"))
        if token and seat is None:
            emit("error", {"code": "auth/unknown_token", "message": "this token holds no seat at this table"})
        _enter(request.sid, table, seat)

    def _enter(sid: str, table: Table, seat: int | None) -> None:
        """A spectator joins its room, gets its whole ``state``, then joins the table's room (every
        ``public`` part it hears is newer than that state). A seat joins its rooms and hears the
        change its coming makes (``set_connected``) as its seat part and the public part, as one state."""
        if seat is None:
            events.enter(sid, watch_room(table.id))
            broadcaster.presence_changed(table, sid)
            events.enter(sid, table_room(table.id))
        else:
            events.enter(sid, seat_room(table.id, seat))
            events.enter(sid, table_room(table.id))
            broadcaster.seat_entered(table, seat)
            table.set_connected(seat, True)

    @socketio.on("disconnect")
    def on_disconnect(*_reason: Any) -> None:
        conn = conns.remove(request.sid)
        if conn is None:
            return
        table = tables.loaded(conn.table)  # a table dropped here (moved away) is not loaded back
        if table is None:
            return
        if conn.seat is not None and conns.online(conn.table, conn.seat) == 0:
            table.set_connected(conn.seat, False)
        else:
            broadcaster.presence_changed(table)

    def on_sync(sid: str, *args: Any) -> dict[str, Any]:
        def sync(conn: Connection, table: Table) -> None:
            parse_empty(one_payload(args))
            broadcaster.send_to(sid, table, conn.seat)
        return answer(sid, sync)

    def on_join(sid: str, *args: Any) -> dict[str, Any]:
        def join(conn: Connection, table: Table) -> dict[str, Any]:
            name = parse_name(one_payload(args))
            if conn.seat is not None:
                raise TableError("seat/already_seated", f"this connection already holds seat {conn.seat}")
            if conn.referee:
                raise TableError("referee/no_seat", "the referee does not play at their table")
            token = secrets.token_urlsafe(32)
            digest = token_digest(token)
            seat = table.join(name, digest)
            events.leave(sid, watch_room(table.id))
            conn.sit(seat, digest)
            _enter(sid, table, seat)
            return {"seat": seat, "token": token}
        return answer(sid, join)

    def on_set_rules(sid: str, *args: Any) -> dict[str, Any]:
        def set_rules(conn: Connection, table: Table) -> None:
            seat = None if conn.referee else seat_of(conn)
            settings = parse_set_rules(one_payload(args), table.current.settings)
            if seat is None:
                desk.set_rules(table, settings)
            else:
                table.set_rules(seat, settings)
        return answer(sid, set_rules)

    def on_require_seeds(sid: str, *args: Any) -> dict[str, Any]:
        def require(conn: Connection, table: Table) -> None:
            on = parse_require_seeds(one_payload(args))
            table.set_require_seeds(on, by="referee" if conn.referee else seat_of(conn))
        return answer(sid, require)

    def on_malformed_frame(sid: str, *args: Any) -> dict[str, Any]:
        def refuse(_conn: Connection, _table: Table) -> None:
            raise MalformedAction("payload/malformed", reason_of(args))
        return answer(sid, refuse)

    def on_unknown_event(sid: str, event: Any, *_args: Any) -> dict[str, Any]:
        def refuse(_conn: Connection, _table: Table) -> None:
            raise MalformedAction("event/unknown", f"there is no event {str(event)[:40]!r}")
        return answer(sid, refuse)

    events.on("sync", on_sync)
    events.on("join", on_join)
    events.on("set_rules", on_set_rules)
    events.on("require_seeds", on_require_seeds)
    for event, act in {**family_events(), **SEAT_EVENTS}.items():
        events.on(event, _seat_handler(answer, seat_of, act))
    events.on(MALFORMED_EVENT, on_malformed_frame)
    events.on("*", on_unknown_event)
    guard_frames(socketio)

    @socketio.on_error_default
    def on_unexpected(error: Exception) -> dict[str, Any]:
        """``connect`` and ``disconnect`` (the other events: ``Events``)."""
        log.exception("handler failed", extra={"sid_known": conns.get(request.sid) is not None})
        emit("error", SERVER_ERROR)
        return {"ok": False, **SERVER_ERROR}
