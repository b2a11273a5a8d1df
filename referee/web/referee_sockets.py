"""Socket.IO handlers of game-master mode: the referee's connection and commands, the players'
table chat, private messages to the referee and cheat attempts (docs/protocol.md, "Game master").

Like every handler: parse, authorise, call ``referee.table.desk``, answer ``{"ok": true, …}`` or
``{"ok": false, "code", "message"}`` (and ``error`` to the sender only). Chat-like events
(chat, messages, attempts) also spend a per-connection chat budget.
"""
from __future__ import annotations

import hmac
import threading
from collections.abc import Callable
from typing import Any

from flask import request

from referee.fields import DIE_INDICES, FACES, fields_of, int_field
from referee.gm.attempts import parse_attempt_id, parse_consequence, parse_judgement, parse_request
from referee.gm.stakes import stake_text
from referee.rules.errors import RulesError
from referee.table.table import Table
from referee.table.errors import TableError
from referee.table.registry import Tables
from referee.table import desk

from .answer import Action, answer as answer_event
from .connections import Connection, Connections, RateBucket
from .events import Events
from .i18n import pick_language
from .payloads import one_payload, parse_empty, parse_level, parse_seat, token_digest
from .referee_broadcast import RefereeBroadcaster
from .sockets import refused

CHAT_BURST = 5
CHAT_PER_SECOND = 0.5
"""A connection may send 5 chat lines at once, then one every 2 seconds."""


class ChatBudget:
    """One token bucket per connection for chat lines, private messages and attempts.

    >>> budget = ChatBudget(Connections())
    >>> for _ in range(CHAT_BURST):
    ...     budget.spend("sid1")
    >>> budget.spend("sid1")
    Traceback (most recent call last):
    ...
    referee.table.errors.TableError: too many messages: wait a moment
    """

    def __init__(self, conns: Connections) -> None:
        self._conns = conns
        self._buckets: dict[str, RateBucket] = {}
        self._lock = threading.Lock()

    def spend(self, sid: str) -> None:
        """Raise ``rate/chat`` when the connection has written too much too fast."""
        with self._lock:
            if len(self._buckets) > 512:
                self._buckets = {s: b for s, b in self._buckets.items() if self._conns.get(s) is not None}
            bucket = self._buckets.setdefault(sid, RateBucket(capacity=CHAT_BURST, per_second=CHAT_PER_SECOND))
            if not bucket.take():
                raise TableError("rate/chat", "too many messages: wait a moment")


def _judge(table: Table, data: Any) -> dict[str, Any]:
    attempt, difficulty, modifier = parse_judgement(data)
    check = desk.judge(table, attempt, difficulty, modifier)
    return {"check": check.to_dict() if check is not None else None, "rolling": check is None}


def _failure(table: Table, data: Any) -> None:
    desk.settle_failure(table, *parse_consequence(data))


def _attempt_id(data: Any) -> int:
    return parse_attempt_id(fields_of(data, "attempt"))


def _change_die(table: Table, data: Any) -> None:
    data = fields_of(data, "seat", "die", "value", "attempt")
    seat = parse_seat({"seat": data.get("seat")})
    index = int_field(data, "die", *DIE_INDICES, code="die/none")
    value = int_field(data, "value", *FACES, code="die/value")
    attempt = parse_attempt_id(data) if "attempt" in data else None
    desk.change_die(table, seat, index, value, attempt)


def _seat_and(data: Any, key: str) -> tuple[int, Any]:
    data = fields_of(data, "seat", key)
    return parse_seat({"seat": data.get("seat")}), data.get(key)


def _stake(table: Table, data: Any) -> None:
    seat, text = _seat_and(data, "text")
    desk.set_stake(table, seat, stake_text(text))


RefereeAction = Callable[[Table, Any], dict[str, Any] | None]


def _without_payload(command: Callable[[Table], None]) -> RefereeAction:
    def act(table: Table, data: Any) -> None:
        parse_empty(data)
        command(table)
    return act


REFEREE_EVENTS: dict[str, RefereeAction] = {
    "referee_start": _without_payload(Table.start_game),
    "referee_next_round": _without_payload(Table.open_next_round),
    "referee_pause": _without_payload(desk.pause),
    "referee_resume": _without_payload(desk.resume),
    "referee_add_bot": lambda table, data: {"seat": table.seat_bot(parse_level(data))},
    "referee_remove_seat": lambda table, data: table.remove_seat(parse_seat(data)),
    "referee_stake": _stake,
    "referee_whisper_name": lambda table, data: desk.set_whisper_name(table, *_seat_and(data, "name")),
    "referee_judge": _judge,
    "referee_failure": _failure,
    "referee_dismiss": lambda table, data: desk.dismiss(table, _attempt_id(data)),
    "referee_apply": lambda table, data: desk.apply_attempt(table, _attempt_id(data)),
    "referee_change_die": _change_die,
}
"""The referee's commands that are not chat, each with what it does to the table."""

REFEREE_CHAT_EVENTS: dict[str, RefereeAction] = {
    "referee_chat": lambda table, data: desk.post_chat(table, None, fields_of(data, "text").get("text")),
    "referee_message": lambda table, data: desk.send_message(table, *_seat_and(data, "text"), by_referee=True),
}

PlayerAction = Callable[[Table, int, Any], dict[str, Any] | None]

PLAYER_CHAT_EVENTS: dict[str, PlayerAction] = {
    "chat": lambda table, seat, data: desk.post_chat(table, seat, fields_of(data, "text").get("text")),
    "message": lambda table, seat, data: desk.send_message(table, seat, fields_of(data, "text").get("text"),
                                                          by_referee=False),
    "cheat": lambda table, seat, data: {"attempt": desk.submit_attempt(table, seat, parse_request(data))},
    "stake": lambda table, seat, data: desk.set_stake(table, seat, stake_text(fields_of(data, "text").get("text")),
                                                      by_player=True),
}
"""A player's events of game-master mode: all of them spend the chat budget."""


def _referee_only(conn: Connection) -> None:
    if not conn.referee:
        raise TableError("referee/only", "only the table's referee may do that")


def register_referee_handlers(events: Events, tables: Tables, conns: Connections,
                              broadcaster: RefereeBroadcaster) -> Callable[[Any], None]:
    """Attach the game-master events to ``events``; returns the ``connect`` step for a ``referee_token``."""
    budget = ChatBudget(conns)

    def answer(sid: str, action: Action, chat: bool) -> dict[str, Any]:
        return answer_event(conns, tables, events, sid, action,
                            before=(lambda conn: budget.spend(conn.sid)) if chat else None)

    def as_referee(act: RefereeAction, chat: bool) -> Callable[..., dict[str, Any]]:
        def handler(sid: str, *args: Any) -> dict[str, Any]:
            def run(conn: Connection, table: Table) -> dict[str, Any] | None:
                _referee_only(conn)
                return act(table, one_payload(args))
            return answer(sid, run, chat)
        return handler

    def as_player(act: PlayerAction) -> Callable[..., dict[str, Any]]:
        def handler(sid: str, *args: Any) -> dict[str, Any]:
            def run(conn: Connection, table: Table) -> dict[str, Any] | None:
                if conn.seat is None:
                    raise TableError("seat/none", "take a seat first: spectators cannot write")
                return act(table, conn.seat, one_payload(args))
            return answer(sid, run, chat=True)
        return handler

    for event, act in REFEREE_EVENTS.items():
        events.on(event, as_referee(act, chat=False))
    for event, act in REFEREE_CHAT_EVENTS.items():
        events.on(event, as_referee(act, chat=True))
    for event, player_act in PLAYER_CHAT_EVENTS.items():
        events.on(event, as_player(player_act))

    def on_sync(sid: str, *args: Any) -> dict[str, Any]:
        def sync(conn: Connection, table: Table) -> None:
            _referee_only(conn)
            parse_empty(one_payload(args))
            broadcaster.send_to(sid, table)
        return answer(sid, sync, chat=False)

    events.on("referee_sync", on_sync)

    def connect_referee(auth: Any) -> None:
        try:
            data = fields_of(auth, "table", "referee_token")
            table_id, token = data.get("table"), data.get("referee_token")
            if not isinstance(table_id, str) or not isinstance(token, str) or not 1 <= len(token) <= 128:
                raise TableError("payload/malformed", "auth needs a table id and a referee_token string")
            table = tables.find(table_id)
        except RulesError as error:
            raise refused(error) from None
        if table is None:
            raise refused(TableError("table/unknown", f"there is no table {table_id!r}"))
        referee = table.current.gm.referee
        if referee is None or not hmac.compare_digest(referee.token_digest, token_digest(token)):
            raise refused(TableError("auth/not_referee", "this is not the table's referee token"))
        conns.add(request.sid, table_id, None).referee = True
        broadcaster.langs = {sid: lang for sid, lang in broadcaster.langs.items() if conns.get(sid) is not None}
        lang = pick_language(request.headers.get("Accept-Language"), request.cookies.get("lang"))
        broadcaster.langs[request.sid] = lang
        broadcaster.send_to(request.sid, table)

    return connect_referee
